//! The browser binding, and the only code that knows about JavaScript.
//!
//! Two modules are built from it. The page's (default features) has one
//! opaque handle, [`page::Playground`], over a [`crate::playground::Page`].
//! The Web Worker's (`--features loader-module`) has [`worker::DataLoader`],
//! the CSV and LIBSVM readers, and nothing else: the page only downloads
//! the readers when a reader opens a file, which keeps its first load small.
//!
//! The boundary is thin: calls are batched (one `stream(n)` per frame, one
//! `grid(...)` for the whole shading); bulk data stays in wasm memory and JS
//! reads it through typed-array views at the pointers returned here;
//! settings, the catalogue, the last update and the model export cross as
//! named objects (serde-wasm-bindgen). Every error becomes a JS `Error` with
//! the core's message in English and as data (its code and arguments, see
//! [`js`]); a panic (there should be none) traps, and the page
//! shows it and rebuilds the handle (a debug build also logs its message).

use wasm_bindgen::prelude::*;

#[cfg(not(feature = "loader-module"))]
mod concept;
#[cfg(all(feature = "theory", not(feature = "loader-module")))]
mod exercise;
#[cfg(all(feature = "files", not(feature = "loader-module")))]
mod files;
#[cfg(all(feature = "kernel", not(feature = "loader-module")))]
mod frontier;
#[cfg(feature = "loader-module")]
mod gif_worker;
#[cfg(all(feature = "timeline", not(feature = "loader-module")))]
mod learned;
#[cfg(not(feature = "loader-module"))]
mod paced;
#[cfg(not(feature = "loader-module"))]
pub mod page;
#[cfg(all(feature = "theory", not(feature = "loader-module")))]
mod theory;
#[cfg(all(feature = "timeline", not(feature = "loader-module")))]
mod timeline;
#[cfg(not(feature = "loader-module"))]
mod views;
#[cfg(feature = "loader-module")]
pub mod worker;

/// Panics are bugs (the fuzz tests feed the handle hostile input, and none
/// panics); a debug build prints their message to the console. The page's
/// release build leaves the hook out: its message formatting is 1.4 KB
/// gzip of the module, and the page recovers from a trap either way.
#[cfg(debug_assertions)]
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// An error for the page: a JS `Error` whose message is the English, with
/// the message's `code`, `template` and `args` beside it (see
/// error/message.rs): the page's catalogues translate by the code and it
/// writes the numbers itself, never reading the English back.
fn js(error: crate::Error) -> JsValue {
    let message = error.message();
    let out = js_sys::Error::new(&message.to_string());
    let data =
        serde::Serialize::serialize(&message, &serde_wasm_bindgen::Serializer::json_compatible());
    if let Ok(data) = data {
        js_sys::Object::assign(&out, data.unchecked_ref());
    }
    out.into()
}

/// An error only a page misusing the module can cause, as [`js`] gives
/// every error: code `plain`, the sentence shown as written.
fn plain(text: &str) -> JsValue {
    js(crate::Error::Mismatch(text.into()))
}

/// The allocator of every wasm module: talc, not Rust's default dlmalloc.
/// Measured 2026-12-02 on the built modules: the page's first module 2.6 KB
/// gzip smaller (99.4 to 96.7; full 291.2 to 288.6, the worker's 75.3 to
/// 72.7), and as fast (`node benches/browser/two-builds.mjs`, both builds in
/// one process: after/before 0.99 to 1.03 over the first and full modules'
/// learners, within the runs' spread). `disable-realloc-in-place`
/// (Cargo.toml): 0.1 KB more off, as fast.
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
