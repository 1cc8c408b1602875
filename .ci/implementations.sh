#!/usr/bin/env bash
# The outside implementations (implementations/, docs/implementations.md):
# installs each library from its registry, runs `regelwerk conform` on it
# for every variant it plays (and a short `fuzz` for the fast ones), and
# prints the conformance matrix. Exits non-zero on a NEW difference (one
# that is neither a declared known difference nor a declared reading), on
# a declared difference that no longer fails, or on a run that gave no
# result. Called from .ci/run; runs on its own too (from the repository).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
began=$(date +%s.%N)
out=target/implementations
rm -rf "$out" && mkdir -p "$out"
bin=${REGELWERK:-target/release/regelwerk}
[ -x "$bin" ] || cargo build --release

echo "== implementations: installing from the registries (Debian, PyPI, npm, crates.io)"
# BEGIN apt_get (tests/harness/implementations.rs runs this function alone)
# apt-get, waiting for the dpkg/apt lock another apt-get or dpkg holds
# (APT_LOCK_WAIT seconds at most, default 300) instead of failing at once;
# any other failure is returned at once.
apt_get() {
    local deadline=$((SECONDS + ${APT_LOCK_WAIT:-300})) log
    log=$(mktemp)
    until DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=30 "$@" 2>"$log"; do
        if ! grep -qiE 'could not get lock|unable to acquire|lock-frontend|is another process using it' "$log"; then
            cat "$log" >&2; rm -f "$log"; return 1
        fi
        if [ "$SECONDS" -ge "$deadline" ]; then
            cat "$log" >&2; rm -f "$log"
            echo "apt-get $*: the dpkg/apt lock was still held after ${APT_LOCK_WAIT:-300} s" >&2
            return 1
        fi
        echo "apt-get $*: another process holds the dpkg/apt lock; waiting" >&2
        sleep "${APT_LOCK_POLL:-5}"
    done
    rm -f "$log"
}
# END apt_get
debian=()
command -v /usr/games/fairy-stockfish >/dev/null || debian+=(fairy-stockfish)
[ -f /usr/lib/python3/dist-packages/pychess/__init__.py ] || debian+=(pychess)
command -v npm >/dev/null || debian+=(nodejs npm)
python3 -c 'import venv, ensurepip' 2>/dev/null || debian+=(python3-venv)
if [ "${#debian[@]}" -gt 0 ]; then
    apt_get update && apt_get install -y "${debian[@]}"
fi
# python-chess and pyffish go into a virtual environment under target/
# (not the system Python), once: pip is asked only when an import or a
# version differs from the pin.
venv=target/python-venv
py=$venv/bin/python3
[ -x "$py" ] || python3 -m venv "$venv"
"$py" - <<'PY' 2>/dev/null || "$py" -m pip install --quiet --disable-pip-version-check chess==1.11.2 pyffish==0.0.90
import importlib.metadata as m
assert m.version("chess") == "1.11.2" and m.version("pyffish") == "0.0.90"
PY
for package in chessops ffish; do
    (
        cd "implementations/$package"
        lock=$(sha256sum package-lock.json | cut -d' ' -f1)
        if [ "$(cat node_modules/.regelwerk-lock 2>/dev/null)" != "$lock" ]; then
            npm ci --no-audit --no-fund --silent
            echo "$lock" > node_modules/.regelwerk-lock
        fi
    )
done
(cd implementations/shakmaty && cargo build --release --locked --quiet)
installed=$(date +%s.%N)

seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# run NAME VARIANT ROUTE COMMAND FUZZ_GAMES TIMEOUT
run() {
    local name=$1 variant=$2 route=$3 command=$4 games=$5 timeout=$6
    local folder="implementations/$name"
    local list known
    list=$(sed -n 's/^expected_failures: *//p' "$folder/implementation.yaml")
    known=$(sed -n 's/^known_differences: *//p' "$folder/implementation.yaml")
    echo "== $name on $variant (--$route)"
    local t0 t1 t2 fuzz_exit=0
    t0=$(date +%s.%N)
    "$bin" conform --variant "$variant" "--$route" "$command" --timeout "$timeout" \
        --expected-failures "$folder/$list" --strict \
        --format json --output "$out/$name-$variant.json" || echo "conform exit $? ($name, $variant)"
    t1=$(date +%s.%N)
    if [ "$games" -gt 0 ]; then
        "$bin" fuzz --variant "$variant" "--$route" "$command" --games "$games" --max-plies 80 \
            --timeout "$timeout" --known-differences "$folder/$known" --out "$out/fuzz-$name" \
            | tail -n 2 || fuzz_exit=$?
    fi
    t2=$(date +%s.%N)
    printf '{"conform_seconds": %s, "fuzz_games": %s, "fuzz_seconds": %s, "fuzz_exit": %s}\n' \
        "$(seconds "$t0" "$t1")" "$games" "$(seconds "$t1" "$t2")" "$fuzz_exit" \
        > "$out/$name-$variant.time.json"
}

# The runs, heaviest first; IMPLEMENTATIONS_JOBS of them at a time (default:
# the cores, at most 2: each run is one harness and one engine process, so
# two fill two cores). Each run's log is printed whole, in this order, when
# all are done: the same log as one run after the other.
jobs=${IMPLEMENTATIONS_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 2 ] && [ -z "${IMPLEMENTATIONS_JOBS:-}" ] && jobs=2
runs=(
    "pyffish|grand|engine|$py implementations/pyffish/adapter.py|0|120"
    "pyffish|racingkings|engine|$py implementations/pyffish/adapter.py|0|120"
    "ffish|grand|engine|node implementations/ffish/adapter.mjs|10|60"
    "python-chess|racingkings|engine|$py implementations/python-chess/adapter.py|20|120"
    "pychess|racingkings|engine|/usr/bin/python3 implementations/pychess/adapter.py|10|120"
    "ffish|racingkings|engine|node implementations/ffish/adapter.mjs|10|60"
    "chessops|racingkings|engine|node implementations/chessops/adapter.mjs|20|30"
    "shakmaty|racingkings|engine|implementations/shakmaty/target/release/regelwerk-impl-shakmaty|20|30"
    "fairy-stockfish|racingkings|uci|/usr/games/fairy-stockfish|20|30"
    "fairy-stockfish|grand|uci|/usr/games/fairy-stockfish|20|30"
)
# pyffish has no perft and answers slowly: no fuzz, a longer timeout; its
# perft cases above PYFFISH_PERFT_BUDGET inner nodes are answered `skipped`.
echo "== implementations: ${#runs[@]} runs, $jobs at a time"
for entry in "${runs[@]}"; do
    IFS='|' read -r name variant route command games timeout <<< "$entry"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    run "$name" "$variant" "$route" "$command" "$games" "$timeout" \
        > "$out/$name-$variant.log" 2>&1 &
done
wait
for entry in "${runs[@]}"; do
    IFS='|' read -r name variant _ <<< "$entry"
    cat "$out/$name-$variant.log"
done

echo "== the conformance matrix (docs/implementations.md); JSON: $out/matrix.json; pages: target/report/implementations*.html"
status=0
"$bin" matrix --results "$out" --json "$out/matrix.json" --html target/report || status=$?
ended=$(date +%s.%N)
echo "implementations: install $(seconds "$began" "$installed") s, runs $(seconds "$installed" "$ended") s, in all $(seconds "$began" "$ended") s"
if [ "$status" -ne 0 ]; then
    echo "the matrix shows a new difference, a stale declaration or a missing result (exit $status); see above" >&2
fi
exit "$status"
