/work/main/target-old/wasm32-unknown-unknown/wasm/deps/pin_project_lite-b40c58d99e787542.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/pin-project-lite-0.2.17/src/lib.rs

/work/main/target-old/wasm32-unknown-unknown/wasm/deps/libpin_project_lite-b40c58d99e787542.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/pin-project-lite-0.2.17/src/lib.rs

/work/main/target-old/wasm32-unknown-unknown/wasm/deps/libpin_project_lite-b40c58d99e787542.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/pin-project-lite-0.2.17/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/pin-project-lite-0.2.17/src/lib.rs:
