//! The `wasm-bindgen` CLI at the version Cargo.lock pins for the app. Named
//! `bindgen` because rustc refuses a binary called `wasm-bindgen` in a crate
//! that is not the real one.
fn main() {
    if let Err(error) = wasm_bindgen_cli::wasm_bindgen::run_cli_with_args(std::env::args_os()) {
        eprintln!("error: {error:?}");
        std::process::exit(1);
    }
}
