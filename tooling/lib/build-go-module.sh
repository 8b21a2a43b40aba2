# Shared by tooling/opentofu/install and tooling/terraform/install; sourced, not run.
#
# build_go_module NAME BINARY MODULE VERSION PACKAGE LDFLAGS [PREPARE]
#   Prints the path of an executable built from MODULE@VERSION (./PACKAGE inside it),
#   cached under ${XDG_CACHE_HOME:-$HOME/.cache}/tsvider/NAME/VERSION/BINARY.
#   PREPARE, when given, names a shell function run inside the writable source copy before
#   the build (Terraform needs one; see tooling/terraform/install).
#
# Why not `go install MODULE/PACKAGE@VERSION`: both OpenTofu and Terraform carry `replace`
# directives in go.mod, which `go install pkg@version` refuses. So we download the module
# from the proxy, copy it somewhere writable, and build inside that copy, where go.mod
# (replace directives included) applies as the upstream release build would use it.
#
# Concurrency: each build happens in its own temporary directory beside the cache entry and
# is moved into place with one rename(2). A second concurrent build either wins the rename or
# finds the entry present and throws its own work away, so a reader never sees half a binary.

set -euo pipefail

tsvider_cache_root() {
  printf '%s\n' "${XDG_CACHE_HOME:-$HOME/.cache}/tsvider"
}

log() { printf '[tsvider tooling] %s\n' "$*" >&2; }

# normalize_release_version VERSION: prints vX.Y.Z for "X.Y.Z" or "vX.Y.Z" (a pre-release
# suffix such as -rc1 or -alpha20240807 is kept); anything else is refused with a reason.
normalize_release_version() {
  local v=${1#v}
  if [[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]]; then
    printf 'v%s\n' "$v"
  else
    log "'$1' is not a release version; give one such as 1.6.3 or v1.6.3"
    return 1
  fi
}

# drop_unknown_godebugs: run in a module's directory; deletes each go.mod `godebug` setting the
# machine's Go does not know. An older release may pin a setting that a later Go removed
# (Terraform 1.11.4 sets tlskyber=0, which Go 1.24 renamed tlsmlkem), and the go command then
# loads nothing ("unknown godebug"). Such a setting only kept an old default of the Go it was
# released with (here a TLS key exchange), which nothing a provider test depends on.
drop_unknown_godebugs() {
  local i out line
  for i in 1 2 3 4 5 6 7 8; do
    out=$(GOTOOLCHAIN=local GOFLAGS=-mod=mod go list -m 2>&1 >/dev/null) && return 0
    line=$(printf '%s\n' "$out" | sed -n 's/^go\.mod:\([0-9][0-9]*\): unknown godebug "\([^"]*\)".*/\1 \2/p' | head -n1)
    [ -n "$line" ] || return 0 # another problem: the build reports it
    log "go.mod: dropped godebug ${line#* } (unknown to $(go env GOVERSION); attempt $i)"
    sed -i "${line%% *}d" go.mod
  done
}

build_go_module() {
  local name=$1 binary=$2 module=$3 version=$4 package=$5 ldflags=$6 prepare=${7:-}
  local root entry bin
  root=$(tsvider_cache_root)/$name
  entry=$root/$version
  bin=$entry/$binary

  # TF_CLI_CONFIG_FILE=/dev/null: `version` needs no CLI config, and a missing one only warns.
  if [ -x "$bin" ] && TF_CLI_CONFIG_FILE=/dev/null "$bin" version >/dev/null 2>&1; then
    printf '%s\n' "$bin"
    return 0
  fi

  command -v go >/dev/null 2>&1 || {
    log "cannot build $name $version: no 'go' on PATH. Install Go (the version the release's go.mod names, or newer), or point the install script at an existing binary (see its header)."
    return 1
  }

  mkdir -p "$root"
  local work
  work=$(mktemp -d "$root/.build-$version-XXXXXX")
  # Leave nothing half-built behind when interrupted or failed.
  trap 'chmod -R u+w "'"$work"'" 2>/dev/null; rm -rf "'"$work"'"' EXIT

  log "building $name $version from the Go module proxy (first run only; cached in $entry)"
  local json dir err
  # GOFLAGS=-mod=mod: a -mod=vendor or readonly setting from the caller's environment would
  # stop `go mod download` outside a module. A failure is reported in the JSON's "Error".
  json=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$module@$version" 2>&1) || true
  dir=$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  if [ -z "$dir" ] || [ ! -d "$dir" ]; then
    err=$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Error": "\(.*\)",\{0,1\}$/\1/p' | head -n1 | sed 's/\\[nt]/ /g; s/[. ]*$//')
    log "cannot download $module@$version from the Go module proxy: ${err:-$(printf '%s' "$json" | tail -n1)}. Check the version exists (tooling/hosts/README.md says how) and that the proxy is reachable."
    return 1
  fi

  cp -R "$dir" "$work/src"
  chmod -R u+w "$work/src"
  if [ -n "$prepare" ]; then (cd "$work/src" && "$prepare") >&2; fi
  (cd "$work/src" && drop_unknown_godebugs) >&2
  mkdir -p "$work/out"
  # GOTOOLCHAIN=local: use the machine's Go rather than fetching the one go.mod names; CGO off
  # matches the upstream release builds and needs no C toolchain.
  (cd "$work/src" &&
    GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS=-mod=mod \
      go build -trimpath -ldflags "-s -w $ldflags" -o "$work/out/$binary" "./$package") >&2

  TF_CLI_CONFIG_FILE=/dev/null "$work/out/$binary" version >/dev/null
  printf '%s %s\n' "$module" "$version" >"$work/out/SOURCE"

  # The rename is the commit point. If another run got there first, keep theirs.
  if mv -T "$work/out" "$entry" 2>/dev/null; then
    log "built $bin"
  else
    log "another run finished $name $version first; using it"
  fi
  [ -x "$bin" ] || { log "no $name at $bin after the build"; return 1; }
  printf '%s\n' "$bin"
}
