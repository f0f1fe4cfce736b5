#!/bin/sh
# The tournaments behind meeple/server/bot_ratings.json (docs/server.md, Ratings), one queue per band.
# Resumable: run it again and each tournament goes on from its records in benchmarks/results/.
#   nohup nice -n 10 sh benchmarks/bot_ratings.sh 2p  > /tmp/bot-ratings-2p.log 2>&1 &
#   nohup nice -n 10 sh benchmarks/bot_ratings.sh 3p+ > /tmp/bot-ratings-3p.log 2>&1 &
# Sizes: 160 games at 2 players and 96 at 3 in the cheap games; Citadels and God's Playground, where a
# `hard` decision costs about 1.3 s, 80 and 48 (docs/server.md gives the measured times).
set -e
PY=${PYTHON:-python}
band=${1:-2p}
run() {  # game players games
    "$PY" -m meeple.cli ratings seed-bots --db "sqlite:///${TMPDIR:-/tmp}/meeple-bot-ratings-$1-$2p.db" \
        --game "$1" --players "$2" --levels random,easy,normal,hard --games "$3" --seed 0 \
        --records "benchmarks/results/bot-ratings-$1-$band.jsonl" --write-shipped meeple/server/bot_ratings.json
}
if [ "$band" = 2p ]; then
    run cube-europe 2 160; run versailles 2 160; run kingsburg 2 160; run citadels 2 80
else
    run cube-europe 3 96; run versailles 3 96; run kingsburg 3 96; run gods-playground 3 48; run citadels 3 48
fi
