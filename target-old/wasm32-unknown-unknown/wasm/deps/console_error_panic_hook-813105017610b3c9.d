/work/main/target-old/wasm32-unknown-unknown/wasm/deps/console_error_panic_hook-813105017610b3c9.d: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/console_error_panic_hook-0.1.7/src/lib.rs

/work/main/target-old/wasm32-unknown-unknown/wasm/deps/libconsole_error_panic_hook-813105017610b3c9.rlib: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/console_error_panic_hook-0.1.7/src/lib.rs

/work/main/target-old/wasm32-unknown-unknown/wasm/deps/libconsole_error_panic_hook-813105017610b3c9.rmeta: /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/console_error_panic_hook-0.1.7/src/lib.rs

/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/console_error_panic_hook-0.1.7/src/lib.rs:
