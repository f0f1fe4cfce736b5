#!/bin/sh
# The tournaments behind meeple/server/bot_ratings.json (docs/server.md, Ratings), in three queues.
# Resumable: run it again and each tournament goes on from its records in benchmarks/results/; a larger
# --games extends a tournament (its first games stay the same), e.g. SCALE=2 doubles every size. Two
# queues never play one tournament twice (a lock beside its records: the second waits, then rates).
#   nohup nice -n 10 sh benchmarks/bot_ratings.sh 2p        > /tmp/bot-ratings-2p.log 2>&1 &
#   nohup nice -n 10 sh benchmarks/bot_ratings.sh 3p+       > /tmp/bot-ratings-3p.log 2>&1 &
#   nohup nice -n 10 sh benchmarks/bot_ratings.sh kingsburg > /tmp/bot-ratings-kb.log 2>&1 &
# Sizes (SCALE=1): 80 games at 2 players (8 per table: each seed in both seats) and 48 at 3 (8 seeds per
# table, in 3 rotations) in the cheap games; Citadels and God's Playground, where a `hard` decision costs
# about 1.3 s, half that (God's Playground's shipped tournament is 48 all the same: at 24 its `hard` had
# played 12 games and rated below `easy`).
set -e
export PYTHONHASHSEED=0  # the levels do not depend on it (tests/agents/test_hash_seed.py); one value all the same
PY=${PYTHON:-python}
band=${1:-2p}
scale=${SCALE:-1}
run() {  # game players games
    "$PY" -m meeple.cli ratings seed-bots --db "sqlite:///${TMPDIR:-/tmp}/meeple-bot-ratings-$1-$2p.db" \
        --game "$1" --players "$2" --levels random,easy,normal,hard --games "$(($3 * scale))" --seed 0 \
        --records "benchmarks/results/bot-ratings-$1-$band.jsonl" --write-shipped meeple/server/bot_ratings.json
}
if [ "$band" = kingsburg ]; then
    band=2p; run kingsburg 2 80; band=3p+; run kingsburg 3 48
elif [ "$band" = 2p ]; then
    run versailles 2 80; run cube-europe 2 80; run kingsburg 2 80; run citadels 2 40
else
    run versailles 3 48; run cube-europe 3 48; run kingsburg 3 48; run gods-playground 3 48; run citadels 3 24
fi
