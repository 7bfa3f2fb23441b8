#!/usr/bin/env bash
# `npm run test:faults`: the fault tests (test/faults/, docs/faults.md "Fault tests"). Builds the API (dist/, run as child
# processes that the tests kill), starts a fresh local cluster of three nodes (ports $FAULTS_ES_PORT, 9400, and
# up: never the shared node on 9200) with a 512 MB heap each, runs the scenarios in order, prints their figures,
# and stops the cluster whatever happens. Arguments go to mocha (e.g. --grep alias).
#   FAULTS_KEEP_DATA=true keeps the cluster's data and logs (.cache/es-cluster-<port>/) for reading afterwards.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ] || npm ci --no-audit --no-fund
started=$(date +%s)
npx tsc -p tsconfig.json
export ES_CLUSTER_PORT="${FAULTS_ES_PORT:-9400}"
export ES_HEAP="${ES_HEAP:-512m}"
# A fresh cluster each run: the concurrent-start scenario wants an empty one, and a killed node's leftovers
# from an earlier run must not count.
bash scripts/elasticsearch.sh cluster-clean
cleanup() {
  if [ "${FAULTS_KEEP_DATA:-false}" = true ]; then bash scripts/elasticsearch.sh cluster-stop; else bash scripts/elasticsearch.sh cluster-clean; fi
  echo "test:faults took $(( $(date +%s) - started )) s (build and cluster included)"
}
trap cleanup EXIT
bash scripts/elasticsearch.sh cluster-start 3
export FAULTS_ES_PORT="$ES_CLUSTER_PORT"
FAULTS_ES_URLS="$(bash scripts/elasticsearch.sh cluster-url)"
export FAULTS_ES_URLS
npx mocha --config test/faults/mocharc.json "$@"
