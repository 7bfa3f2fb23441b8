#!/usr/bin/env bash
# `npm test`: install dependencies if needed, type-check, make sure one Elasticsearch node runs (reusing
# ELASTICSEARCH_URL or a node already on $ES_PORT, else starting one and stopping it afterwards), then run
# every test. Tests isolate themselves by index prefix, never by restarting Elasticsearch.
#
# The type check runs three times: the whole service, the folders with noUncheckedIndexedAccess
# (tsconfig.indexed.json) and the pages. Beside it, two checks of the code's shape run in parallel (caches
# under node_modules/.cache keep them near a second each on an unchanged tree): dependency-cruiser
# (.dependency-cruiser.cjs: no import cycle, layers point one way; .dependency-cruiser-web.cjs: the pages
# import only web/shared/ and src/contract/), eslint (eslint.config.mjs) and the formatter's check (biome.json:
# `npm run format` rewrites what it finds). A finding fails the run;
# SHAPE_CHECKS=report only prints it (for a work in progress).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Installs when nothing is installed or package-lock.json changed since the last install (a new dependency).
# onnxruntime-node's install step would fetch GPU libraries from outside the npm registry: the CPU ones it
# uses ship in its package, so that step is skipped.
export ONNXRUNTIME_NODE_INSTALL=skip
[ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ] || npm ci --no-audit --no-fund
shape_checks="${SHAPE_CHECKS:-fail}"
mkdir -p node_modules/.cache
npx depcruise src --cache node_modules/.cache/depcruise --output-type err > node_modules/.cache/depcruise.out 2>&1 \
  && npx depcruise web --config .dependency-cruiser-web.cjs --output-type err >> node_modules/.cache/depcruise.out 2>&1 & depcruise_pid=$!
npx eslint --cache --cache-location node_modules/.cache/eslint/ . > node_modules/.cache/eslint.out 2>&1 & eslint_pid=$!
npx biome format . > node_modules/.cache/format.out 2>&1 & format_pid=$!
npx tsc -p tsconfig.json --noEmit
npx tsc -p tsconfig.indexed.json
npx tsc -p web/tsconfig.json
shape_failed=""
for check in depcruise eslint format; do
  pid_var="${check}_pid"
  if ! wait "${!pid_var}"; then
    grep -v 'npm warn' "node_modules/.cache/$check.out" | grep . | tail -n "$([ "$shape_checks" = report ] && echo 1 || echo 40)"
    shape_failed="$shape_failed $check"
  fi
done
if [ -n "$shape_failed" ]; then
  if [ "$shape_checks" = report ]; then echo "shape checks report problems:$shape_failed (SHAPE_CHECKS=report: not failing)"; else echo "shape checks failed:$shape_failed"; exit 1; fi
fi
started=""
if [ -z "${ELASTICSEARCH_URL:-}" ]; then
  port="${ES_PORT:-9200}"
  if ! curl -fsS -m 3 "http://127.0.0.1:$port/_cluster/health" >/dev/null 2>&1; then
    bash scripts/elasticsearch.sh start
    started=yes
  fi
  export ELASTICSEARCH_URL="http://127.0.0.1:$port"
fi
# The browser tests (test/browser, part of every run unless a --config names another suite) drive Debian's
# Chromium: installed here when missing (as root), else the run stops saying what to install.
if [[ " $* " != *" --config "* || " $* " == *browser* ]]; then bash scripts/chromium.sh; fi
# The general lexicon (Debian word lists, docs/language.md "General lexicon"): installed when missing (as root).
bash scripts/lexicon.sh install >/dev/null
# The embedding model of semantic search (docs/embedding.md): its unit tests compare it with
# reference vectors, so a missing model fails the run here rather than skipping them.
bash scripts/model.sh install >/dev/null
# The development key for what reads the settings from the environment (the HTTP tests pass their own key).
export ADMIN_API_KEY="${ADMIN_API_KEY:-dev-admin-key}"
cleanup() { [ -n "$started" ] && bash scripts/elasticsearch.sh stop || true; }
trap cleanup EXIT
npx mocha "$@"
