#!/usr/bin/env bash
# npm run bench: every benchmark in turn; each ends with one JSON line of figures.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
for b in scripts/bench-*.ts; do
  echo "== $b"
  npx tsx "$b" "$@"
done
