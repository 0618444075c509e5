/work/main/target-old/wasm32-unknown-unknown/wasm/deps/cfg_if-bc24c8b4511e79ed.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg-if-1.0.5/src/lib.rs

/work/main/target-old/wasm32-unknown-unknown/wasm/deps/libcfg_if-bc24c8b4511e79ed.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg-if-1.0.5/src/lib.rs

/work/main/target-old/wasm32-unknown-unknown/wasm/deps/libcfg_if-bc24c8b4511e79ed.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg-if-1.0.5/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cfg-if-1.0.5/src/lib.rs:
