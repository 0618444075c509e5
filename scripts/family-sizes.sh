#!/bin/bash
# The page's wasm module built with the first module's features plus one
# family's (src/registry/families.rs), through the same bindgen and
# wasm-opt steps as `cargo xtask build`; prints each one's gzip -9 bytes.
# Run from the repository after `cargo xtask build` (which installs the
# bindgen CLI and wasm-opt):  bash scripts/family-sizes.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OPT="-Oz --converge --low-memory-unused --strip-debug --enable-simd --enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types"
OUT=$(mktemp -d)
for family in "" kernel libol relatives second-order theory timeline files "kernel,second-order,libol,relatives,theory,timeline,files"; do
  CARGO_TARGET_DIR=target/familysize cargo build --quiet --profile wasm --lib --target wasm32-unknown-unknown --no-default-features ${family:+--features $family}
  target/tools/bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-name m --out-dir "$OUT" target/familysize/wasm32-unknown-unknown/wasm/onlinelearn.wasm
  node node_modules/binaryen/bin/wasm-opt $OPT "$OUT/m_bg.wasm" -o "$OUT/o.wasm"
  echo "${family:-first module}: $(gzip -9c "$OUT/o.wasm" | wc -c) bytes gzip"
done
rm -r "$OUT"
