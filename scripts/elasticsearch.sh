#!/usr/bin/env bash
# Installs and runs a local single-node Elasticsearch for development and tests.
#   scripts/elasticsearch.sh install   fetch the distribution from Maven Central into .cache/ (mvn dependency:copy), and
#                                      build (scripts/analysis-plugin.sh) and install the analysis plugin elevate-analysis
#   scripts/elasticsearch.sh start     install, then start it in the background on 127.0.0.1:$ES_PORT, security off, and wait
#                                      until healthy; a node this script started that lacks the current plugin is restarted
#   scripts/elasticsearch.sh ensure    use $ELASTICSEARCH_URL if set, else a node already answering on $ES_PORT, else install + start
#   scripts/elasticsearch.sh stop      stop the node this script started
#   scripts/elasticsearch.sh status    print cluster health
# The distribution is the minimal integ-test zip: server and x-pack core only (no analysis-common, no painless,
# no mapper-extras). See README "Elasticsearch". ES_ANALYSIS_PLUGIN=false leaves the plugin out (and removes it
# from the distribution), for a node with core analysis only.
set -euo pipefail

ES_VERSION="${ES_VERSION:-8.19.4}"
ES_PORT="${ES_PORT:-9200}"
ES_HEAP="${ES_HEAP:-1g}"
# The shard request cache answers repeated storefront searches (see src/storefront/msearch.ts); the
# default 1% of the heap holds only a few hundred facet results.
ES_REQUEST_CACHE_SIZE="${ES_REQUEST_CACHE_SIZE:-5%}"
ES_ANALYSIS_PLUGIN="${ES_ANALYSIS_PLUGIN:-true}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${ES_CACHE_DIR:-$root/.cache}"
home="$cache/elasticsearch-$ES_VERSION"
data="${ES_DATA_DIR:-$cache/es-data-$ES_PORT}"
logs="$cache/es-logs-$ES_PORT"
pidfile="$cache/es-$ES_PORT.pid"
url="http://127.0.0.1:$ES_PORT"
plugin=elevate-analysis

log() { echo "[elasticsearch] $*" >&2; }

healthy() { # $1 = url
  curl -fsS -m 5 "$1/_cluster/health?wait_for_status=yellow&timeout=5s" >/dev/null 2>&1
}

install() {
  install_distribution
  install_plugin "$home"
}

install_distribution() {
  [ -x "$home/bin/elasticsearch" ] && return 0
  mkdir -p "$cache"
  local zip="$cache/elasticsearch-$ES_VERSION.zip"
  if [ ! -f "$zip" ]; then
    log "fetching org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip from Maven Central"
    mvn -q -B dependency:copy \
      -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip" \
      -DoutputDirectory="$cache" -Dmdep.overWriteIfNewer=true >&2
  fi
  log "unpacking $zip"
  (cd "$cache" && unzip -q -o "$zip")
}

# Installs the analysis plugin into the distribution at $1 (building it when its zip is missing or older than its
# sources), or removes it when ES_ANALYSIS_PLUGIN=false. The installed zip's checksum is kept in $1/$plugin.sha256:
# a changed zip is reinstalled, and a node started from $1 compares it with the one it started with.
install_plugin() {
  local dist="$1" stamp="$1/$plugin.sha256" zip sum
  if [ "$ES_ANALYSIS_PLUGIN" = "false" ]; then
    if [ -d "$dist/plugins/$plugin" ]; then
      log "removing $plugin from $dist (ES_ANALYSIS_PLUGIN=false)"
      ES_JAVA_HOME="$(java_home)" "$dist/bin/elasticsearch-plugin" remove "$plugin" >&2
    fi
    rm -f "$stamp"
    return 0
  fi
  zip="$(ES_VERSION="$ES_VERSION" bash "$root/scripts/analysis-plugin.sh" zip)"
  sum="$(sha256sum "$zip" | cut -d' ' -f1)"
  if [ -d "$dist/plugins/$plugin" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sum" ]; then return 0; fi
  if [ -d "$dist/plugins/$plugin" ]; then
    ES_JAVA_HOME="$(java_home)" "$dist/bin/elasticsearch-plugin" remove "$plugin" >&2
  fi
  log "installing $plugin into $dist"
  rm -f "$stamp"
  ES_JAVA_HOME="$(java_home)" "$dist/bin/elasticsearch-plugin" install --batch "file://$zip" >&2
  echo "$sum" >"$stamp"
}

# The plugin checksum a node should run with, "none" without the plugin.
plugin_stamp() { cat "$home/$plugin.sha256" 2>/dev/null || echo none; }

# True when the node on $url was started by this script (its recorded process is alive).
started_here() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

# True when the running node has the plugin it should have: the checksum it was started with equals the one now
# installed, and _cat/plugins lists the plugin exactly when it should.
plugin_current() {
  local expected listed=no
  expected="$(plugin_stamp)"
  [ "$(cat "$pidfile.plugin" 2>/dev/null)" = "$expected" ] || return 1
  curl -fsS -m 5 "$url/_cat/plugins?h=component" 2>/dev/null | grep -qx "$plugin" && listed=yes
  if [ "$expected" = none ]; then [ "$listed" = no ]; else [ "$listed" = yes ]; fi
}

java_home() {
  if [ -n "${ES_JAVA_HOME:-}" ]; then echo "$ES_JAVA_HOME"; return; fi
  if [ -n "${JAVA_HOME:-}" ]; then echo "$JAVA_HOME"; return; fi
  local java; java="$(readlink -f "$(command -v java)")"
  dirname "$(dirname "$java")"
}

start() {
  if healthy "$url" && ! started_here; then log "already running at $url (not started by this script)"; return 0; fi
  install
  local run=()
  # Elasticsearch refuses to run as root: run it as an unprivileged user that owns its writable folders.
  if [ "$(id -u)" = "0" ]; then
    id elasticsearch >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin elasticsearch
    if ! runuser -u elasticsearch -- test -x "$home/bin/elasticsearch"; then
      # The checkout is not readable by that user (e.g. a clone under /root): run from a copy it can read, which
      # gets the plugin with the copy, and updates of it below.
      local shared="${ES_SHARED_DIR:-/var/tmp/open-elevate-es}"
      mkdir -p "$shared" && chmod 755 "$shared"
      [ -x "$shared/elasticsearch-$ES_VERSION/bin/elasticsearch" ] || cp -a "$home" "$shared/"
      home="$shared/elasticsearch-$ES_VERSION"
      install_plugin "$home"
      [ -n "${ES_DATA_DIR:-}" ] || data="$shared/es-data-$ES_PORT"
      logs="$shared/es-logs-$ES_PORT"
      log "the checkout is not readable by user elasticsearch: running from $home"
    fi
    run=(runuser -u elasticsearch --)
  fi
  if healthy "$url"; then
    if plugin_current; then log "already running at $url"; return 0; fi
    log "the node at $url was started without the current $plugin plugin: restarting it"
    stop
  elif started_here; then
    # E.g. red because its indices use a plugin it lacks: a second node would fail on the data path's lock.
    log "the node this script started at $url is not healthy: restarting it"
    stop
  fi
  mkdir -p "$data" "$logs"
  if [ "$(id -u)" = "0" ]; then
    chown -R elasticsearch "$data" "$logs" "$home/config" "$home/logs" 2>/dev/null || true
  fi
  log "starting Elasticsearch $ES_VERSION on $url (heap $ES_HEAP, data $data)"
  "${run[@]}" env ES_JAVA_HOME="$(java_home)" ES_JAVA_OPTS="-Xms$ES_HEAP -Xmx$ES_HEAP" \
    "$home/bin/elasticsearch" \
      -E network.host=127.0.0.1 -E http.port="$ES_PORT" -E transport.port=$((ES_PORT + 100)) \
      -E discovery.type=single-node -E xpack.security.enabled=false \
      -E xpack.ml.enabled=false -E cluster.routing.allocation.disk.threshold_enabled=false \
      -E action.destructive_requires_name=false \
      -E indices.requests.cache.size="$ES_REQUEST_CACHE_SIZE" \
      -E path.data="$data" -E path.logs="$logs" \
      >"$logs/console.out" 2>&1 &
  echo $! >"$pidfile"
  echo "$data" >"$pidfile.data"
  plugin_stamp >"$pidfile.plugin"
  for _ in $(seq 1 120); do
    if healthy "$url"; then log "ready at $url"; return 0; fi
    if ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
      log "Elasticsearch exited while starting; last log lines:"; tail -20 "$logs/console.out" >&2; return 1
    fi
    sleep 1
  done
  log "Elasticsearch did not become healthy in 120 s"; return 1
}

stop() {
  [ -f "$pidfile" ] || { log "not started by this script"; return 0; }
  local pid; pid="$(cat "$pidfile")"
  [ -f "$pidfile.data" ] && data="$(cat "$pidfile.data")"
  # The pid is that of runuser/env; stop the Java process beneath it too.
  pkill -TERM -P "$pid" 2>/dev/null || true
  kill -TERM "$pid" 2>/dev/null || true
  pkill -TERM -f "path.data=$data" 2>/dev/null || true
  for _ in $(seq 1 30); do pgrep -f "path.data=$data" >/dev/null || break; sleep 1; done
  rm -f "$pidfile" "$pidfile.data" "$pidfile.plugin"
  log "stopped"
}

case "${1:-ensure}" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  status) curl -fsS "$url/_cluster/health?pretty" ;;
  ensure)
    if [ -n "${ELASTICSEARCH_URL:-}" ]; then
      for _ in $(seq 1 60); do healthy "$ELASTICSEARCH_URL" && exit 0; sleep 1; done
      log "ELASTICSEARCH_URL=$ELASTICSEARCH_URL does not answer"; exit 1
    fi
    start ;;
  *) echo "usage: $0 install|start|ensure|stop|status" >&2; exit 2 ;;
esac
