#!/bin/sh
# Issue 38's ladder at each game's largest player count (and God's Playground's only one, 3): each rung
# over the one below it, head to head, paired (every seed once per seat rotation: the upper level in one
# seat, the lower in all the others), 10 seeds a pair. Cheap pairs first; resumable (run it again and
# each record goes on where it stopped). Read the results with `python benchmarks/ladder.py RECORD…`.
#   nohup nice -n 15 sh benchmarks/ladder_largest.sh > /tmp/ladder-largest.log 2>&1 &
# RUNGS picks the pairs (default "easy,random normal,easy hard,normal"); SEEDS the seeds a pair (10).
# Each level plays at its budget for the table (bots.LEVEL_ITERATIONS_FROM_PLAYERS, docs/agents.md).
set -e
export PYTHONHASHSEED=0  # the levels do not depend on it (tests/agents/test_hash_seed.py); one value all the same
PY=${PYTHON:-python}
seeds=${SEEDS:-10}
rungs=${RUNGS:-"easy,random normal,easy hard,normal"}
for pair in $rungs; do
    for table in cube-europe:4 kingsburg:5 citadels:7 versailles:5 gods-playground:3; do
        game=${table%:*}
        players=${table#*:}
        name=$(echo "$pair" | sed 's/,/-vs-/')
        # a rung the game leaves out (meeple.agents.ladder: Cube Europe's and God's Playground's `hard`) is not played
        "$PY" -c 'import sys; from meeple.agents import ladder; sys.exit(sys.argv[1] not in ladder(sys.argv[2]))' \
            "${pair%%,*}" "$game" || continue
        "$PY" benchmarks/strength.py "$game" --players "$players" --agents "$pair" \
            --games "$((seeds * players))" --paired --seed 5000 --resume \
            --out "benchmarks/results/$game-${players}p-$name-paired.jsonl"
    done
done
