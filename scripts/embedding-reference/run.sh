#!/usr/bin/env bash
# Regenerates test/fixtures/embedding-reference.json from sentences.json with the Java reference (EmbeddingReference.java).
# Needs Java 17 and Maven (both on the project's machines); fetches langchain4j, DJL and ONNX Runtime from Maven Central.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"
mvn -q -B compile exec:java -Dexec.args="$here/sentences.json $root/test/fixtures/embedding-reference.json"
rm -rf "$here/target"
