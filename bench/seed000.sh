#!/usr/bin/env bash
# Builds the C++ DLX Sudoku solver of seed 000 (../shared/seeds/000_*.txt) as a benchmark peer:
#   bench/seed000.sh                 extract to target/peers/seed000.cpp, compile target/peers/seed000
#   bench/seed000.sh --verify FILE   also run it on FILE and check every output line is a valid
#                                    solution of the matching puzzle
# The program reads 81-char puzzle lines ('.' = blank) until EOF or "end" and prints one solution
# line per puzzle (the first solution its DLX finds). Rebuilds only when the extracted source changes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

shared="${SHARED_DIR:-$root/../shared}"
seed=( "$shared"/seeds/000_*.txt )
[[ -f "${seed[0]}" ]] || { echo "seed000: no $shared/seeds/000_*.txt" >&2; exit 1; }
command -v g++ >/dev/null || { echo "seed000: g++ not found (apt-get install g++)" >&2; exit 1; }

out=target/peers
mkdir -p "$out"
# The code starts at the line '#include <cstdio>' (right after 【AC 代码】) and runs to the end.
sed -n '/^#include <cstdio>/,$p' "${seed[0]}" | tr -d '\r' > "$out/seed000.cpp.new"
[[ -s "$out/seed000.cpp.new" ]] || { echo "seed000: no '#include <cstdio>' line in ${seed[0]}" >&2; exit 1; }
if [[ -x "$out/seed000" ]] && cmp -s "$out/seed000.cpp.new" "$out/seed000.cpp"; then
    rm "$out/seed000.cpp.new"
    echo "seed000: $out/seed000 up to date"
else
    mv "$out/seed000.cpp.new" "$out/seed000.cpp"
    g++ -O2 -o "$out/seed000" "$out/seed000.cpp"
    echo "seed000: built $out/seed000 (g++ -O2)"
fi

if [[ "${1:-}" == "--verify" ]]; then
    file="${2:?usage: bench/seed000.sh --verify PUZZLE_FILE}"
    "$out/seed000" < "$file" > "$out/seed000.out"
    # Pair puzzle i with output line i; check givens kept, digits 1-9, rows/cols/boxes complete.
    paste -d' ' "$file" "$out/seed000.out" | awk -v file="$file" '
        { n++; p = $1; s = $2; ok = (length(s) == 81 && s ~ /^[1-9]+$/)
          for (i = 1; ok && i <= 81; i++) { c = substr(p, i, 1); if (c != "." && c != "0" && c != substr(s, i, 1)) ok = 0 }
          for (u = 0; ok && u < 27; u++) {
            delete seen
            for (k = 0; k < 9; k++) {
              if (u < 9)       idx = u * 9 + k
              else if (u < 18) idx = k * 9 + (u - 9)
              else { b = u - 18; idx = (int(b / 3) * 3 + int(k / 3)) * 9 + (b % 3) * 3 + k % 3 }
              d = substr(s, idx + 1, 1); if (d in seen) { ok = 0; break }; seen[d] = 1
            }
          }
          if (!ok) { bad++; if (bad <= 3) printf "seed000: line %d: bad solution %s\n", n, s > "/dev/stderr" } }
        END { printf "seed000: %s: %d puzzles, %d valid solutions, %d bad\n", file, n, n - bad, bad; exit bad > 0 }'
fi
