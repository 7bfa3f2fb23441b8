#!/usr/bin/env bash
# Installs and runs a local single-node Elasticsearch for development and tests.
#   scripts/elasticsearch.sh install   fetch the distribution from Maven Central into .cache/ (mvn dependency:copy), and
#                                      build (scripts/analysis-plugin.sh) and install the analysis plugin elevate-analysis
#   scripts/elasticsearch.sh start     install, then start it in the background on 127.0.0.1:$ES_PORT, security off, and wait
#                                      until healthy; a node this script started that lacks the current plugin is restarted
#   scripts/elasticsearch.sh ensure    use $ELASTICSEARCH_URL if set, else a node already answering on $ES_PORT, else install + start
#   scripts/elasticsearch.sh stop      stop the node this script started
#   scripts/elasticsearch.sh status    print cluster health
# A local cluster of N nodes from the same distribution (fault tests, benchmarks), beside the single node:
#   scripts/elasticsearch.sh cluster-start [N]  start N nodes (default $ES_NODES, 3) on HTTP ports $ES_CLUSTER_PORT (9400)
#                                               and up, transport +100, one data and log folder each under
#                                               .cache/es-cluster-<port>/node-<k>/, one cluster name; wait until all joined
#   scripts/elasticsearch.sh cluster-stop       stop every node of that cluster (data kept; cluster-clean removes it)
#   scripts/elasticsearch.sh cluster-status     print the cluster's health and nodes
#   scripts/elasticsearch.sh cluster-url        print its node URLs, comma-separated (for ELASTICSEARCH_URL)
#   scripts/elasticsearch.sh kill-node K        SIGKILL node K (1..N): no shutdown, as a crash or a pulled cable
#   scripts/elasticsearch.sh start-node K       start node K again on its data folder and wait until it joined
#   scripts/elasticsearch.sh cluster-clean      stop the cluster and delete its data and logs
# The distribution is the minimal integ-test zip: server and x-pack core only (no analysis-common, no painless,
# no mapper-extras). See docs/operations.md "Elasticsearch". ES_ANALYSIS_PLUGIN=false leaves the plugin out (and removes it
# from the distribution), for a node with core analysis only.
set -euo pipefail

ES_VERSION="${ES_VERSION:-8.19.4}"
ES_PORT="${ES_PORT:-9200}"
# The single node's heap defaults to a quarter of the machine's memory, between 1 and 8 GB: the rest stays for
# the file-system cache Lucene reads through, the API and the browser tests (docs/operations.md "Heap").
default_heap() {
  local kib
  kib="$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null || true)"
  local gib=$(( ${kib:-0} / 1024 / 1024 / 4 ))
  (( gib < 1 )) && gib=1
  (( gib > 8 )) && gib=8
  echo "${gib}g"
}
# Cluster nodes default to a smaller heap than the single node: three of them share this machine.
ES_CLUSTER_HEAP="${ES_HEAP:-512m}"
ES_HEAP="${ES_HEAP:-$(default_heap)}"
ES_NODES="${ES_NODES:-3}"
ES_CLUSTER_PORT="${ES_CLUSTER_PORT:-9400}"
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

# Sets run (the command prefix that starts Elasticsearch) and shared. Elasticsearch refuses to run as root: as
# root it runs as an unprivileged user that owns its writable folders. When the checkout is not readable by that
# user (e.g. a clone under /root), home becomes a copy it can read (which gets the plugin with the copy, and
# updates of it) in shared, where the caller puts its writable folders too.
runner_setup() {
  run=()
  shared=""
  [ "$(id -u)" = "0" ] || return 0
  id elasticsearch >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin elasticsearch
  if ! runuser -u elasticsearch -- test -x "$home/bin/elasticsearch"; then
    shared="${ES_SHARED_DIR:-/var/tmp/open-elevate-es}"
    mkdir -p "$shared" && chmod 755 "$shared"
    [ -x "$shared/elasticsearch-$ES_VERSION/bin/elasticsearch" ] || cp -a "$home" "$shared/"
    home="$shared/elasticsearch-$ES_VERSION"
    install_plugin "$home"
    log "the checkout is not readable by user elasticsearch: running from $home"
  fi
  run=(runuser -u elasticsearch --)
}

start() {
  if healthy "$url" && ! started_here; then log "already running at $url (not started by this script)"; return 0; fi
  install
  runner_setup
  if [ -n "$shared" ]; then
    [ -n "${ES_DATA_DIR:-}" ] || data="$shared/es-data-$ES_PORT"
    logs="$shared/es-logs-$ES_PORT"
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


# ---- Local cluster --------------------------------------------------------------------------------------------
# Node k (1..N) listens on HTTP $ES_CLUSTER_PORT+k-1 and transport +100; every node is master-eligible and holds
# data, so a cluster of three keeps a quorum with one node down. Its folder holds data/, logs/ and two pid files:
# launcher.pid (the process this script started: runuser or the CLI launcher) and logs/es.pid (the server JVM,
# written by Elasticsearch itself through -p), which kill-node hits so nothing gets a chance to shut down cleanly.
cluster_dir="$cache/es-cluster-$ES_CLUSTER_PORT"

cluster_size() {
  [ -f "$cluster_dir/nodes" ] || { log "no cluster started on port $ES_CLUSTER_PORT (run cluster-start)"; exit 1; }
  cat "$cluster_dir/nodes"
}

node_http() { echo $((ES_CLUSTER_PORT + $1 - 1)); }
node_dir() { echo "$cluster_dir/node-$1"; }
node_url() { echo "http://127.0.0.1:$(node_http "$1")"; }

# The JVM of node $1 when it runs, from the pid file Elasticsearch wrote (removed by a clean shutdown only).
server_pid() {
  local file pid
  file="$(node_dir "$1")/logs/es.pid"
  [ -f "$file" ] || return 1
  pid="$(cat "$file")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

launcher_pid() {
  local file pid
  file="$(node_dir "$1")/launcher.pid"
  [ -f "$file" ] || return 1
  pid="$(cat "$file")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

node_running() { launcher_pid "$1" >/dev/null || server_pid "$1" >/dev/null; }

cluster_urls() {
  local n k urls=()
  n="$(cluster_size)"
  for k in $(seq 1 "$n"); do urls+=("$(node_url "$k")"); done
  (IFS=,; echo "${urls[*]}")
}

# Starts node $1 of a cluster of $2 nodes in the background (does not wait).
launch_node() {
  local k="$1" n="$2" dir http seeds=() masters=() i
  dir="$(node_dir "$k")"
  http="$(node_http "$k")"
  if node_running "$k"; then log "node $k already runs"; return 0; fi
  # Anything answering HTTP there (this distribution answers 405 to GET /) is someone else's.
  if curl -sS -m 2 -o /dev/null "http://127.0.0.1:$http/" 2>/dev/null; then
    log "port $http answers but node $k is not ours: choose another ES_CLUSTER_PORT"; exit 1
  fi
  for i in $(seq 1 "$n"); do
    seeds+=("127.0.0.1:$(( $(node_http "$i") + 100 ))")
    masters+=("node-$i")
  done
  mkdir -p "$dir/data" "$dir/logs"
  rm -f "$dir/logs/es.pid"
  [ "$(id -u)" = "0" ] && chown -R elasticsearch "$dir/data" "$dir/logs" "$home/config" "$home/logs" 2>/dev/null || true
  log "starting node $k of $n on 127.0.0.1:$http (transport $((http + 100)), heap $ES_CLUSTER_HEAP, data $dir/data)"
  "${run[@]}" env ES_JAVA_HOME="$(java_home)" ES_JAVA_OPTS="-Xms$ES_CLUSTER_HEAP -Xmx$ES_CLUSTER_HEAP" \
    "$home/bin/elasticsearch" -p "$dir/logs/es.pid" \
      -E cluster.name="open-elevate-$ES_CLUSTER_PORT" -E node.name="node-$k" \
      -E network.host=127.0.0.1 -E http.port="$http" -E transport.port=$((http + 100)) \
      -E discovery.seed_hosts="$(IFS=,; echo "${seeds[*]}")" \
      -E cluster.initial_master_nodes="$(IFS=,; echo "${masters[*]}")" \
      -E xpack.security.enabled=false -E xpack.ml.enabled=false \
      -E cluster.routing.allocation.disk.threshold_enabled=false \
      -E action.destructive_requires_name=false \
      -E indices.requests.cache.size="$ES_REQUEST_CACHE_SIZE" \
      -E path.data="$dir/data" -E path.logs="$dir/logs" \
      >"$dir/logs/console.out" 2>&1 &
  echo $! >"$dir/launcher.pid"
}

# Waits until node $1 answers and the cluster counts $2 nodes, yellow or better. Fails early when a node it
# waits for exited: node $1, and with $3 = all every node (a cluster-start launches them together).
wait_node() {
  local k="$1" n="$2" url i watch
  url="$(node_url "$k")"
  watch="$k"; [ "${3:-}" = all ] && watch="$(seq 1 "$n")"
  for _ in $(seq 1 180); do
    if curl -fsS -m 5 "$url/_cluster/health?wait_for_nodes=$n&wait_for_status=yellow&timeout=2s" >/dev/null 2>&1; then return 0; fi
    for i in $watch; do
      if ! node_running "$i"; then
        log "node $i exited while starting; last log lines:"; tail -20 "$(node_dir "$i")/logs/console.out" >&2; return 1
      fi
    done
    sleep 1
  done
  log "node $k did not join a cluster of $n nodes in 180 s"; return 1
}

cluster_start() {
  local n="${1:-$ES_NODES}" k
  [[ "$n" =~ ^[1-9][0-9]?$ ]] || { log "cluster-start takes a node count (1-99), got '$n'"; exit 2; }
  if [ -f "$cluster_dir/nodes" ] && [ "$(cat "$cluster_dir/nodes")" != "$n" ]; then
    for k in $(seq 1 "$(cat "$cluster_dir/nodes")"); do
      node_running "$k" && { log "a cluster of $(cat "$cluster_dir/nodes") nodes runs on port $ES_CLUSTER_PORT: cluster-stop it first"; exit 1; }
    done
    # Its data belongs to a cluster of another size, whose voting configuration names other nodes.
    log "removing the data of the previous $(cat "$cluster_dir/nodes")-node cluster in $cluster_dir"
    rm -rf "$cluster_dir"
  fi
  install
  runner_setup
  if [ -n "$shared" ]; then cluster_dir="$shared/es-cluster-$ES_CLUSTER_PORT"; fi
  mkdir -p "$cluster_dir"
  echo "$n" >"$cluster_dir/nodes"
  # Nodes started together would race to create the distribution's keystore (FileAlreadyExistsException).
  if [ ! -f "$home/config/elasticsearch.keystore" ]; then
    [ "$(id -u)" = "0" ] && chown -R elasticsearch "$home/config" 2>/dev/null || true
    "${run[@]}" env ES_JAVA_HOME="$(java_home)" "$home/bin/elasticsearch-keystore" create >&2
  fi
  # All at once: the first node cannot elect itself before a majority of the initial master nodes has joined.
  for k in $(seq 1 "$n"); do launch_node "$k" "$n"; done
  for k in $(seq 1 "$n"); do wait_node "$k" "$n" all || { cluster_stop; exit 1; }; done
  log "cluster of $n nodes ready at $(cluster_urls)"
}

start_node() {
  local k="$1" n
  n="$(cluster_size)"
  [[ "$k" =~ ^[0-9]+$ ]] && [ "$k" -ge 1 ] && [ "$k" -le "$n" ] || { log "node number must be 1..$n, got '$k'"; exit 2; }
  install_distribution
  runner_setup
  launch_node "$k" "$n"
  wait_node "$k" "$n"
  log "node $k is back"
}

kill_node() {
  local k="$1" pid launcher
  cluster_size >/dev/null
  pid="$(server_pid "$k")" || { log "node $k does not run"; exit 1; }
  launcher="$(launcher_pid "$k" || true)"
  kill -KILL "$pid"
  log "node $k killed (SIGKILL to pid $pid)"
  # The launcher (and runuser above it) exits when its server dies; give it a moment, then make sure.
  if [ -n "$launcher" ]; then
    for _ in $(seq 1 50); do kill -0 "$launcher" 2>/dev/null || break; sleep 0.1; done
    kill -TERM "$launcher" 2>/dev/null || true
  fi
  rm -f "$(node_dir "$k")/launcher.pid"
}

# Stops node $1 cleanly (SIGTERM to its JVM, then its launcher), waiting at most 60 s before SIGKILL.
stop_node() {
  local k="$1" pid launcher
  pid="$(server_pid "$k" || true)"
  launcher="$(launcher_pid "$k" || true)"
  [ -n "$pid$launcher" ] || return 0
  [ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do
    { [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; } && break
    sleep 1
  done
  [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null || { log "node $k ignored SIGTERM for 60 s: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; }
  if [ -n "$launcher" ]; then
    for _ in $(seq 1 50); do kill -0 "$launcher" 2>/dev/null || break; sleep 0.1; done
    kill -TERM "$launcher" 2>/dev/null || true
  fi
  rm -f "$(node_dir "$k")/launcher.pid"
  log "node $k stopped"
}

cluster_stop() {
  local n k
  [ -f "$cluster_dir/nodes" ] || { log "no cluster started on port $ES_CLUSTER_PORT"; return 0; }
  n="$(cat "$cluster_dir/nodes")"
  # In parallel: stopping them one by one makes the last ones wait for master elections each time.
  for k in $(seq 1 "$n"); do stop_node "$k" & done
  wait
}

cluster_locate() {
  # A cluster started as root from a shared copy keeps its folder there.
  if [ ! -f "$cluster_dir/nodes" ] && [ -f "${ES_SHARED_DIR:-/var/tmp/open-elevate-es}/es-cluster-$ES_CLUSTER_PORT/nodes" ]; then
    cluster_dir="${ES_SHARED_DIR:-/var/tmp/open-elevate-es}/es-cluster-$ES_CLUSTER_PORT"
  fi
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
  cluster-start) cluster_locate; cluster_start "${2:-$ES_NODES}" ;;
  cluster-stop) cluster_locate; cluster_stop ;;
  cluster-status) cluster_locate; url="$(node_url 1)"; cluster_size >/dev/null
    curl -fsS "$url/_cluster/health?pretty" && curl -fsS "$url/_cat/nodes?v&h=name,http_address,master,heap.percent,cpu" ;;
  cluster-url) cluster_locate; cluster_urls ;;
  kill-node) cluster_locate; kill_node "${2:?usage: $0 kill-node K}" ;;
  start-node) cluster_locate; start_node "${2:?usage: $0 start-node K}" ;;
  cluster-clean) cluster_locate; cluster_stop; rm -rf "$cluster_dir"; log "removed $cluster_dir" ;;
  *) echo "usage: $0 install|start|ensure|stop|status|cluster-start [N]|cluster-stop|cluster-status|cluster-url|kill-node K|start-node K|cluster-clean" >&2; exit 2 ;;
esac
