//! `wasm-bindgen`, under a name that does not trip rustc's version check.
fn main() -> anyhow::Result<()> {
    wasm_bindgen_cli::wasm_bindgen::run_cli_with_args(std::env::args_os())
}
