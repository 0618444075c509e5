/work/main/target-old/wasm/deps/wasm_bindgen_macro-5e7ec34a2c733a98.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/wasm-bindgen-macro-0.2.130/src/lib.rs

/work/main/target-old/wasm/deps/libwasm_bindgen_macro-5e7ec34a2c733a98.so: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/wasm-bindgen-macro-0.2.130/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/wasm-bindgen-macro-0.2.130/src/lib.rs:
