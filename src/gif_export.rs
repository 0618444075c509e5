//! Animated GIF export: the plane's frames (RGBA, as a canvas gives them)
//! encoded with the `gif` crate (image-rs). One palette serves the whole
//! animation, of 32 colours: NeuQuant (`color_quant`) learns it from the first frame and
//! from a swatch of the colours the page can draw (so points, rings and
//! mistakes that appear later still have their colour), and every frame's
//! pixels take their nearest colour in it. Against a palette
//! per frame (the gif crate's `from_rgba_speed`) this halves the file and
//! stops smooth shading from flickering between frames; measured with
//! benches/browser/gif-encoders.mjs, in the README. Runs in the page's Web
//! Worker (the worker's wasm module), so the page keeps drawing while it
//! encodes; compiled natively too, where its tests run.
//!
//! Frames that repeat the previous one exactly are merged into a longer
//! delay rather than stored twice (a paused stretch costs nothing).

use color_quant::NeuQuant;
use gif::{Encoder, Frame, Repeat};

use crate::error::{Error, Result};

/// Colours in the animation's palette. Measured on 20 frames of the
/// playground at 480 px (benches/browser/gif-encoders.mjs): 256 colours
/// 1,172 KB, mean error 0.68; 64 colours 758 KB, 0.91; 32 colours 498 KB,
/// 1.87, which is smaller and no worse than gifenc's palette per frame
/// (580 KB, 1.95): the plane's shading is two hues over white.
const PALETTE: usize = 32;

/// Largest side accepted, in pixels (the page offers up to 1,200).
pub const MAX_SIDE: u32 = 2048;

/// An animated GIF being written into memory.
pub struct GifWriter {
    /// Made with the first frame, once its palette is known.
    encoder: Option<Encoder<Vec<u8>>>,
    quantizer: Option<NeuQuant>,
    width: u16,
    height: u16,
    /// NeuQuant's sampling factor: 1 (best, slowest) to 30 (fastest).
    speed: i32,
    /// The last frame, held back until the next one says how long it stays.
    pending: Option<(Vec<u8>, u16)>,
    /// RGBA pixels of colours the palette must hold besides the first frame's.
    swatch: Vec<u8>,
    frames: usize,
}

impl GifWriter {
    /// A looping GIF of `width` x `height`; `speed` from 1 (best colours)
    /// to 30 (fastest); `swatch`: RGBA pixels of colours later frames may
    /// show that the first may not (repeat a colour to weigh it).
    pub fn new(width: u32, height: u32, speed: i32, swatch: &[u8]) -> Result<Self> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(Error::setting(
                "GIF size",
                "between 1 and 2048 pixels a side",
                width.max(height) as f64,
            ));
        }
        if !(1..=30).contains(&speed) {
            return Err(Error::setting(
                "GIF quantiser speed",
                "from 1 to 30",
                speed as f64,
            ));
        }
        let (w, h) = (width as u16, height as u16);
        Ok(Self {
            encoder: None,
            quantizer: None,
            width: w,
            height: h,
            speed,
            pending: None,
            swatch: swatch[..swatch.len() / 4 * 4].to_vec(),
            frames: 0,
        })
    }

    /// Adds a frame of RGBA pixels shown for `delay_cs` hundredths of a
    /// second (a repeat of the previous frame only lengthens it).
    pub fn add(&mut self, rgba: &[u8], delay_cs: u16) -> Result<()> {
        let expected = 4 * self.width as usize * self.height as usize;
        if rgba.len() != expected {
            return Err(Error::Mismatch(
                format!(
                    "a GIF frame of {}x{} needs {expected} RGBA bytes, got {}",
                    self.width,
                    self.height,
                    rgba.len()
                )
                .into(),
            ));
        }
        match &mut self.pending {
            Some((last, delay)) if last.as_slice() == rgba => {
                *delay = delay.saturating_add(delay_cs);
            }
            _ => {
                self.flush()?;
                self.pending = Some((rgba.to_vec(), delay_cs));
            }
        }
        Ok(())
    }

    /// Frames written or pending.
    pub fn frames(&self) -> usize {
        self.frames + usize::from(self.pending.is_some())
    }

    fn flush(&mut self) -> Result<()> {
        let Some((rgba, delay)) = self.pending.take() else {
            return Ok(());
        };
        if self.encoder.is_none() {
            let mut training = rgba.clone();
            training.extend_from_slice(&self.swatch);
            let quantizer = NeuQuant::new(self.speed, PALETTE, &training);
            let mut encoder = Encoder::new(
                Vec::new(),
                self.width,
                self.height,
                &quantizer.color_map_rgb(),
            )
            .map_err(gif_error)?;
            encoder.set_repeat(Repeat::Infinite).map_err(gif_error)?;
            self.encoder = Some(encoder);
            self.quantizer = Some(quantizer);
        }
        let quantizer = self.quantizer.as_ref().expect("made with the encoder");
        let indices: Vec<u8> = rgba
            .chunks_exact(4)
            .map(|p| quantizer.index_of(p) as u8)
            .collect();
        let mut frame = Frame::from_indexed_pixels(self.width, self.height, indices, None);
        frame.delay = delay.max(2);
        self.encoder
            .as_mut()
            .expect("made above")
            .write_frame(&frame)
            .map_err(gif_error)?;
        self.frames += 1;
        Ok(())
    }

    /// The finished file.
    pub fn finish(mut self) -> Result<Vec<u8>> {
        self.flush()?;
        match self.encoder {
            Some(encoder) => encoder.into_inner().map_err(gif_error),
            None => Err(Error::Mismatch("a GIF needs at least one frame".into())),
        }
    }
}

fn gif_error(e: impl std::fmt::Display) -> Error {
    Error::Mismatch(format!("GIF encoding failed: {e}").into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(w: usize, h: usize, shade: u8) -> Vec<u8> {
        (0..w * h)
            .flat_map(|i| [shade, (i % 251) as u8, 255 - shade, 255])
            .collect()
    }

    #[test]
    fn frames_round_trip_through_a_decoder_and_repeats_merge() {
        // The second frame's colours are not in the first: the swatch brings them.
        let swatch: Vec<u8> = frame(40, 30, 200).repeat(2);
        let mut writer = GifWriter::new(40, 30, 10, &swatch).unwrap();
        writer.add(&frame(40, 30, 10), 5).unwrap();
        writer.add(&frame(40, 30, 10), 5).unwrap();
        writer.add(&frame(40, 30, 200), 5).unwrap();
        assert_eq!(writer.frames(), 2);
        let bytes = writer.finish().unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes.as_slice()).unwrap();
        assert_eq!((decoder.width(), decoder.height()), (40, 30));
        let mut decoded = Vec::new();
        while let Some(f) = decoder.read_next_frame().unwrap() {
            decoded.push((f.delay, f.buffer.to_vec()));
        }
        assert_eq!(decoded.len(), 2);
        assert_eq!(decoded[0].0, 10, "the repeated frame became a longer delay");
        assert_ne!(decoded[0].1, decoded[1].1);
        // Quantised, but close to the original colours.
        let original = frame(40, 30, 200);
        let error: f64 = decoded[1]
            .1
            .iter()
            .zip(&original)
            .map(|(a, b)| (*a as f64 - *b as f64).abs())
            .sum::<f64>()
            / original.len() as f64;
        assert!(error < 8.0, "mean error {error}");
    }

    #[test]
    fn bad_sizes_and_frames_are_refused() {
        assert!(GifWriter::new(0, 10, 10, &[]).is_err());
        assert!(GifWriter::new(10, 10, 0, &[]).is_err());
        assert!(
            GifWriter::new(4, 4, 10, &[]).unwrap().finish().is_err(),
            "no frame, no GIF"
        );
        let mut writer = GifWriter::new(4, 4, 10, &[]).unwrap();
        assert!(writer
            .add(&[0; 10], 5)
            .unwrap_err()
            .to_string()
            .contains("needs 64 RGBA bytes"));
    }

    #[test]
    fn a_one_pixel_gif_without_a_swatch_encodes() {
        let mut writer = GifWriter::new(1, 1, 30, &[]).unwrap();
        writer.add(&[10, 20, 30, 255], 1).unwrap();
        writer.add(&[200, 20, 30, 0], 65535).unwrap();
        let bytes = writer.finish().unwrap();
        assert_eq!(&bytes[..6], b"GIF89a");
        // A swatch with a stray byte is cut to whole pixels.
        let mut odd = GifWriter::new(2, 1, 10, &[1, 2, 3, 4, 5]).unwrap();
        odd.add(&[0; 8], 3).unwrap();
        assert!(odd.finish().is_ok());
    }
}
