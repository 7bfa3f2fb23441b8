#!/usr/bin/env bash
# `npm test`: install dependencies if needed, type-check, make sure one Elasticsearch node runs (reusing
# ELASTICSEARCH_URL or a node already on $ES_PORT, else starting one and stopping it afterwards), then run
# every test. Tests isolate themselves by index prefix, never by restarting Elasticsearch.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -d node_modules/@elastic/elasticsearch ] || npm ci --no-audit --no-fund
npx tsc -p tsconfig.json --noEmit
started=""
if [ -z "${ELASTICSEARCH_URL:-}" ]; then
  port="${ES_PORT:-9200}"
  if ! curl -fsS -m 3 "http://127.0.0.1:$port/_cluster/health" >/dev/null 2>&1; then
    bash scripts/elasticsearch.sh start
    started=yes
  fi
  export ELASTICSEARCH_URL="http://127.0.0.1:$port"
fi
cleanup() { [ -n "$started" ] && bash scripts/elasticsearch.sh stop || true; }
trap cleanup EXIT
npx mocha "$@"
