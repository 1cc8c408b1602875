#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from the repository's own
# files (scenarios, journals, PGN) and the start positions; the fuzzer
# grows them, `cargo fuzz cmin` keeps the minimal set committed under
# fuzz/corpus/ (docs/testing.md, "Fuzzing the parsers").
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${REGELWERK:-target/release/regelwerk}
seed() { mkdir -p "fuzz/corpus/$1"; printf '%b' "$3" > "fuzz/corpus/$1/seed-$2"; }
n=0
for variant in monarchie grand racingkings; do
    start=$("$bin" perft 0 --variant "$variant" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["position"])')
    byte=$(printf '\\x%02x' "$n")
    seed position "$variant" "$byte$start"
    seed serve_request "$variant" "{\"type\":\"start\",\"protocol\":\"2.0\"}\n{\"type\":\"moves\",\"seq\":1,\"variant\":\"$variant\",\"position\":\"$start\"}\n{\"type\":\"perft\",\"seq\":2,\"variant\":\"$variant\",\"position\":\"$start\",\"depth\":2}\n{\"type\":\"stop\"}\n"
    n=$((n + 1))
done
seed action monarchie '\x0016-28\n5x150\n200-230=Q\n16-28@12\ntimeout\n'
seed action grand '\x01e3e5\ne8e6\na9a10q\nclaim\n'
seed action racingkings '\x02h2h3\na2a3\n'
seed serve_request apply '{"type":"apply","seq":3,"variant":"monarchie","position":"x","rulings":["R-KING=twelve"],"actions":["16-28"]}\n'
seed client_reply ready '{"type":"ready","protocol":"2.0","name":"x","version":"1","language":"Rust","capabilities":["apply","moves","perft"],"variants":["monarchie"]}'
seed client_reply moves '{"type":"moves","seq":1,"moves":["16-28","e2e4"]}'
seed client_reply perft '{"type":"perft","seq":2,"nodes":421}'
seed client_reply errored '{"type":"errored","seq":3,"context":"x"}'
i=0
for file in $(ls scenarios/*/*/*.yaml | grep -v journal | awk 'NR % 12 == 1'); do
    mkdir -p fuzz/corpus/scenario_yaml
    cp "$file" "fuzz/corpus/scenario_yaml/seed-$i.yaml"
    i=$((i + 1))
done
mkdir -p fuzz/corpus/journal_yaml fuzz/corpus/pgn
cp scenarios/monarchie/journals/*.journal.yaml fuzz/corpus/journal_yaml/
cp tests/data/pgn/*.pgn fuzz/corpus/pgn/
mkdir -p fuzz/corpus/turn_record
for seed in 1 2 3; do
    "$bin" play --variant threekingdoms --seed "$seed" --max-plies $((seed * 12)) --quiet \
        --record "fuzz/corpus/turn_record/seed-$seed.turns" > /dev/null
done
