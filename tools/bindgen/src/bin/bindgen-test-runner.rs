//! `wasm-bindgen-test-runner`, used by `cargo test --target wasm32-unknown-unknown`
//! (xtask points CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER at it).
fn main() {
    if let Err(error) =
        wasm_bindgen_cli::wasm_bindgen_test_runner::run_cli_with_args(std::env::args_os())
    {
        eprintln!("error: {error:?}");
        std::process::exit(1);
    }
}
