//! The worker's GIF encoder (see `crate::gif_export`): frames in as RGBA
//! bytes, the finished file out, all in the Web Worker.

use wasm_bindgen::prelude::*;

use super::plain;

use super::js;
use crate::gif_export::GifWriter;

#[wasm_bindgen]
pub struct GifEncoder {
    writer: Option<GifWriter>,
}

#[wasm_bindgen]
impl GifEncoder {
    /// A looping GIF of `width` x `height`; `speed` 1 (best colours) to
    /// 30; `swatch`: RGBA pixels of the colours the page can draw.
    #[wasm_bindgen(constructor)]
    pub fn new(width: u32, height: u32, speed: i32, swatch: &[u8]) -> Result<GifEncoder, JsValue> {
        Ok(GifEncoder {
            writer: Some(GifWriter::new(width, height, speed, swatch).map_err(js)?),
        })
    }

    /// Adds a frame shown for `delay_cs` hundredths of a second.
    pub fn add(&mut self, rgba: &[u8], delay_cs: u16) -> Result<(), JsValue> {
        self.writer
            .as_mut()
            .ok_or_else(|| plain("the GIF is already finished"))?
            .add(rgba, delay_cs)
            .map_err(js)
    }

    /// The GIF file's bytes; the encoder is spent.
    pub fn finish(&mut self) -> Result<Vec<u8>, JsValue> {
        self.writer
            .take()
            .ok_or_else(|| plain("the GIF is already finished"))?
            .finish()
            .map_err(js)
    }
}
