#!/usr/bin/env bash
# `npm start`: install dependencies if needed, start a local Elasticsearch unless ELASTICSEARCH_URL is set,
# build, and serve the API with the sample catalog loaded on an empty cluster.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Installs when nothing is installed or package-lock.json changed since the last install (a new dependency).
# onnxruntime-node's install step would fetch GPU libraries from outside the npm registry: the CPU ones it
# uses ship in its package, so that step is skipped.
export ONNXRUNTIME_NODE_INSTALL=skip
[ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ] || npm ci --no-audit --no-fund
if [ -z "${ELASTICSEARCH_URL:-}" ]; then
  bash scripts/elasticsearch.sh ensure
  export ELASTICSEARCH_URL="http://127.0.0.1:${ES_PORT:-9200}"
fi
# The general lexicon per language (docs/language.md "General lexicon"); without it compounds use the catalog's words.
bash scripts/lexicon.sh install >/dev/null || true
# The embedding model of semantic search (docs/embedding.md); without it semantic search is off.
bash scripts/model.sh install >/dev/null || true
npx tsc -p tsconfig.json
npx tsx scripts/build-web.ts
export LOAD_SAMPLE_DATA="${LOAD_SAMPLE_DATA:-true}"
# The development key, set here and only here: the service has no default key (docs/operations.md "Deploying safely").
export ADMIN_API_KEY="${ADMIN_API_KEY:-dev-admin-key}"
exec node dist/src/main.js
