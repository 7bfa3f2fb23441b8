#!/usr/bin/env bash
# Fetches the general lexicon of each compounding language the service knows beyond a catalog's own words
# (docs/language.md "General lexicon"): Debian's word lists, installed with apt-get as
# Elasticsearch is fetched from Maven Central, then written as one UTF-8 file per language,
# lower-case, one word a line, 3–12 letters (a longer head is itself a compound of a shorter one): $LEXICON_DIR/<language>.txt (default .cache/lexicon/).
#   scripts/lexicon.sh install   install the packages when a list is missing (as root), write the files that are
#                                missing or older than their list
#   scripts/lexicon.sh path      print the directory
# Sources (all GPL-2 or later, not committed: they are 1–13 MB each):
#   sv  wswedish   /usr/share/dict/swedish   (ISO-8859-1)
#   de  wngerman   /usr/share/dict/ngerman   (UTF-8; only capitalised words: German nouns)
#   nb  wnorwegian /usr/share/dict/bokmaal   (ISO-8859-1)
#   nn  wnorwegian /usr/share/dict/nynorsk   (ISO-8859-1)
#   da  wdanish    /usr/share/dict/danish    (UTF-8)
# Without a list (no root, no apt-get, no network) the language is skipped with one line saying so, and the
# service falls back to the catalog's vocabulary for it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${LEXICON_DIR:-$root/.cache/lexicon}"

log() { echo "[lexicon] $*" >&2; }

# language  package  list  encoding  filter (nouns: lines starting with a capital)
SOURCES=(
  "sv wswedish /usr/share/dict/swedish ISO-8859-1 all"
  "de wngerman /usr/share/dict/ngerman UTF-8 capitalised"
  "nb wnorwegian /usr/share/dict/bokmaal ISO-8859-1 all"
  "nn wnorwegian /usr/share/dict/nynorsk ISO-8859-1 all"
  "da wdanish /usr/share/dict/danish UTF-8 all"
)

install_packages() {
  local missing=()
  for s in "${SOURCES[@]}"; do
    read -r _ pkg list _ _ <<<"$s"
    [ -f "$list" ] || missing+=("$pkg")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    log "cannot install ${missing[*]} (needs root and apt-get): those languages use the catalog's vocabulary only"
    return 0
  fi
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null 2>&1; } \
    || log "apt-get could not install ${missing[*]}: those languages use the catalog's vocabulary only"
}

write_lists() {
  mkdir -p "$dir"
  for s in "${SOURCES[@]}"; do
    read -r lang _ list enc filter <<<"$s"
    local out="$dir/$lang.txt"
    if [ ! -f "$list" ]; then log "$lang: no $list, skipped"; continue; fi
    if [ -f "$out" ] && [ "$out" -nt "$list" ]; then continue; fi
    iconv -f "$enc" -t UTF-8 "$list" \
      | { if [ "$filter" = capitalised ]; then grep '^[[:upper:]]' || true; else cat; fi; } \
      | perl -CSD -ne 'chomp; my $w = lc; print "$w\n" if $w =~ /^\p{L}+$/ && length($w) >= 3 && length($w) <= 12' \
      | LC_ALL=C sort -u > "$out.tmp"
    mv "$out.tmp" "$out"
    log "$lang: $(wc -l < "$out") words from $list"
  done
}

case "${1:-install}" in
  install) install_packages; write_lists; echo "$dir" ;;
  path) echo "$dir" ;;
  *) echo "usage: $0 install|path" >&2; exit 2 ;;
esac
