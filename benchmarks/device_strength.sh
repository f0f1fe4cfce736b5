#!/bin/sh
# Issue 38's long strength runs on a lent device machine (16 cores, at most 10 minutes a command): one
# prepared command, each run resumable, all in parallel for DEADLINE seconds of wall time (finished games
# kept, the ones under way dropped); the records, with the new games appended, land in $OUT.
#
#   device run, from the repository root, timeout_s 600:   sh benchmarks/device_strength.sh
#   then here:   cp <files_at>/*.jsonl benchmarks/results/   and   python benchmarks/pilot_report.py RECORD
#
# The machine needs Python >= 3.11 and numpy only (the levels are budgeted in iterations, so a game there
# is the same game as here, only faster). DEADLINE (default 480) leaves the command time to copy back.
set -eu
DEADLINE="${DEADLINE:-480}"
OUT="${OUT:-/tmp/device-strength}"
PYTHON="${PYTHON:-python3}"
mkdir -p "$OUT"
export PYTHONPATH="$PWD" PYTHONHASHSEED=0 PYTHONUNBUFFERED=1 OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
RESULTS="${RESULTS:-benchmarks/results}"  # (another folder to try the script without touching the records)
KB_MODEL=benchmarks/models/kingsburg-2p-lead-8000h-400s-meeple-train.npz

# run JOBS RECORD GAME ARGS…: one paired, resumable run in the background, its log beside its record
run() {
    jobs="$1"; record="$2"; shift 2
    "$PYTHON" benchmarks/strength.py "$@" --paired --resume --jobs "$jobs" --deadline "$DEADLINE" \
        --out "$RESULTS/$record" >"$OUT/${record%.jsonl}.log" 2>&1 &
}

# the learned evaluator at the top level against today's hard (issue 38 item 2: >= 60% of 200 paired games)
run 10 kingsburg-2p-hard-model-meeple-train-depth4-vs-hard-paired.jsonl \
    kingsburg --players 2 --agents "hard:leaf=model:depth=4:model=$KB_MODEL,hard" --games 200 --seed 7000
# the ladder's last open 2-player rung, Versailles' hard over normal (item 1; about 9 minutes a game on the
# 2-core machine; Citadels 2p's rung was settled there at 100 games, God's Playground's merged at 120)
run 6 versailles-2p-hard-vs-normal-paired.jsonl \
    versailles --players 2 --agents hard,normal --games 40 --seed 5000
wait

for record in kingsburg-2p-hard-model-meeple-train-depth4-vs-hard-paired.jsonl versailles-2p-hard-vs-normal-paired.jsonl; do
    [ -f "$RESULTS/$record" ] && cp "$RESULTS/$record" "$OUT/"
    [ -f "$RESULTS/$record" ] && "$PYTHON" benchmarks/pilot_report.py "$RESULTS/$record" || true
done
