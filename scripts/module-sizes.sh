#!/bin/bash
# The page's wasm modules as `cargo xtask build` leaves them in www/pkg:
# the first module, the full module's primary and each of its parts
# (xtask/split-wasm.mjs), with their gzip -9 bytes; and how many functions
# each part took (target/wasm-split.txt).
#   cargo xtask build && bash scripts/module-sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
for module in www/pkg/onlinelearn_bg.wasm www/pkg/onlinelearn_full_bg.wasm www/pkg/onlinelearn_full_[!b]*.wasm; do
  bytes=$(gzip -9c "$module" | wc -c)
  printf '%-40s %7d bytes gzip -9 (%5.1f KB)\n' "$(basename "$module")" "$bytes" "$(echo "$bytes / 1024" | bc -l)"
done
sed -n '1,/^$/p' target/wasm-split.txt
