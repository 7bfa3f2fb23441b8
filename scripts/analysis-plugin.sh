#!/usr/bin/env bash
# Builds the Elasticsearch analysis plugin elevate-analysis (analysis-plugin/, a Maven project) and prints the
# path of its zip, for `bin/elasticsearch-plugin install file://<path>` on any cluster of the same version.
#   scripts/analysis-plugin.sh build   package it with Maven (runs its unit tests) and print the zip's path
#   scripts/analysis-plugin.sh zip     print the zip's path, building first only when it is missing or older than
#                                      its sources (what scripts/elasticsearch.sh uses)
#   scripts/analysis-plugin.sh path    print where the zip is or will be, without building
# ES_VERSION (8.19.4) becomes the descriptor's elasticsearch.version: Elasticsearch refuses a plugin built for
# another version. ES_LUCENE_VERSION overrides the Lucene version compiled against (9.12.2, that of 8.19.4).
# The zip is reproducible: the same sources and version give the same bytes.
set -euo pipefail

ES_VERSION="${ES_VERSION:-8.19.4}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$root/analysis-plugin"
zip="$dir/target/elevate-analysis-$ES_VERSION.zip"

log() { echo "[analysis-plugin] $*" >&2; }

stale() {
  [ ! -f "$zip" ] || [ -n "$(find "$dir/pom.xml" "$dir/src" -newer "$zip" -print -quit)" ]
}

build() {
  command -v mvn >/dev/null || { log "Maven (mvn) is needed to build the plugin"; exit 1; }
  log "building $zip with Maven"
  local args=(-q -B -Dstyle.color=never -Des.version="$ES_VERSION")
  [ -z "${ES_LUCENE_VERSION:-}" ] || args+=(-Dlucene.version="$ES_LUCENE_VERSION")
  # (Debian's Maven 3.8 prints bare colour resets even in batch mode: drop them.)
  (cd "$dir" && mvn "${args[@]}" package) 2>&1 | sed 's/\x1b\[0m//g' >&2
  [ -f "$zip" ] || { log "Maven finished but $zip is missing"; exit 1; }
  # Maven may leave an unchanged zip untouched; its time is what `zip` compares with the sources.
  touch "$zip"
}

case "${1:-build}" in
  build) build; echo "$zip" ;;
  zip) if stale; then build; fi; echo "$zip" ;;
  path) echo "$zip" ;;
  *) echo "usage: $0 build|zip|path" >&2; exit 2 ;;
esac
