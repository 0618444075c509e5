#!/bin/bash
# The page's wasm modules as `cargo xtask build` leaves them in www/pkg
# (the first module, the full module, the file reader's), each one file,
# with their gzip -9 bytes (docs/build.md).
#   cargo xtask build && bash scripts/module-sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
for module in www/pkg/onlinelearn_bg.wasm www/pkg/onlinelearn_full_bg.wasm www/pkg/loader_bg.wasm; do
  bytes=$(gzip -9c "$module" | wc -c)
  printf '%-40s %7d bytes gzip -9 (%5.1f KB)\n' "$(basename "$module")" "$bytes" "$(echo "$bytes / 1024" | bc -l)"
done
