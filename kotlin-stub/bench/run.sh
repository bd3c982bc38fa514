#!/bin/sh
# Builds kotlin-stub (optimised, as `swift build -c release` would) with the SharedFlow benchmark and
# runs it. Arguments go to the benchmark: [replay extra policy emits N...], e.g.
#   kotlin-stub/bench/run.sh 0 0 rendezvous 100 500 1000 2000 4000 10000
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${TMPDIR:-/tmp}/kotlin-stub-shared-flow-bench
cc=${CC:-clang}
$cc -std=c11 -O2 -D_GNU_SOURCE -I "$here/../../CInterop/include" -I "$here/../include" -I "$here/../src" \
  "$here"/../src/*.c "$here/shared_flow_bench.c" -lpthread -o "$out"
exec "$out" "$@"
