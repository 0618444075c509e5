//! The session's event log: everything that changed the model or the
//! points since the session began, compact enough for a URL. Replaying it from the same starting
//! settings gives the same model to the bit (the learners are deterministic,
//! and clicked points are snapped to a 1e-3 grid when clicked, so the log
//! holds them exactly).
//!
//! Binary form: one tag byte per event, then its fields as LEB128 varints
//! (zig-zag for signed values) or 8 little-endian bytes for an f64; the
//! whole log goes into the URL as base64url without padding.

use super::base64url::{base64url_decode, base64url_encode};
use crate::error::{Code, Error, Message, Result};
use crate::registry::Algorithm;
use crate::settings::Key;

/// Coordinates are stored in units of 1e-3.
pub const QUANTUM: f64 = 1e-3;

/// Snaps a coordinate to the log's grid.
pub fn quantize(v: f64) -> f64 {
    (v / QUANTUM).round() * QUANTUM
}

/// A coordinate in the log's units (the grid's step counted).
pub fn units(v: f64) -> i64 {
    (v / QUANTUM).round() as i64
}

/// Refuses logs that would take too long to replay.
pub const MAX_EVENTS: usize = 100_000;
pub const MAX_REPLAYED_SAMPLES: u64 = 10_000_000;

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// `n` samples from the stream.
    Stream(u64),
    /// A clicked point: coordinates in units of [`QUANTUM`]; `label` is +1
    /// or -1, or 3 to 6 with more classes (classification), or 0
    /// (regression: the second coordinate is y).
    Point {
        x: i64,
        y: i64,
        label: i8,
    },
    /// The shown point at this index was erased.
    Erase(u64),
    /// `n` steps of cycling over the shown points (epochs mode).
    Epochs(u64),
    /// A setting changed mid-stream, as the settings table's code and value.
    Set(Key, f64),
    Algorithm(Algorithm),
    /// The learner started afresh on the same data: the model, the curves
    /// and the counts are forgotten, the points and the stream's place
    /// kept, and the next steps learn the points shown again, in the
    /// order they were added, before the stream or file goes on.
    Reset,
    /// A Reset as the page recorded it before the points were learned
    /// again (tag 13): the learner afresh, its next samples the stream's.
    /// Kept so that links made then replay as their authors saw them; the
    /// page no longer makes it.
    LegacyReset,
    /// The teacher's hand moved the preset's line (a boundary's angle and
    /// offset, or a regression line's slope and intercept), in units of
    /// [`QUANTUM`].
    Concept {
        a: i64,
        b: i64,
    },
    /// The teacher's hand moved class `class`'s cluster centre (0-based),
    /// in units of [`QUANTUM`].
    Centre {
        class: u8,
        x: i64,
        y: i64,
    },
}

impl Event {
    /// The samples this event learns.
    pub fn samples(&self) -> u64 {
        match self {
            Event::Stream(n) | Event::Epochs(n) => *n,
            Event::Point { .. } => 1,
            _ => 0,
        }
    }

    /// A stream or epochs step of `n` samples instead (other events as
    /// they are).
    pub fn with_samples(&self, n: u64) -> Event {
        match self {
            Event::Stream(_) => Event::Stream(n),
            Event::Epochs(_) => Event::Epochs(n),
            other => other.clone(),
        }
    }
}

/// Events in order, with consecutive stream and epoch steps merged.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventLog {
    events: Vec<Event>,
}

impl EventLog {
    pub fn push(&mut self, event: Event) {
        match (self.events.last_mut(), &event) {
            (Some(Event::Stream(n)), Event::Stream(m)) => *n += m,
            (Some(Event::Epochs(n)), Event::Epochs(m)) => *n += m,
            _ => self.events.push(event),
        }
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The samples the log's events learn (a point is one; a setting,
    /// an erasure, a switch or a reset none): the timeline's length.
    pub fn samples(&self) -> u64 {
        self.events.iter().map(Event::samples).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    pub fn clear(&mut self) {
        self.events.clear();
    }

    /// The log as URL-safe text.
    pub fn encode(&self) -> String {
        let mut bytes = Vec::new();
        for event in &self.events {
            match *event {
                Event::Stream(n) => {
                    bytes.push(1);
                    put_varint(&mut bytes, n);
                }
                Event::Point { x, y, label } => {
                    bytes.push(match label {
                        1 => 2,
                        -1 => 3,
                        0 => 4,
                        // Classes 3 to 6 (tags 9 to 12, after the others).
                        k => 6 + k as u8,
                    });
                    put_varint(&mut bytes, zigzag(x));
                    put_varint(&mut bytes, zigzag(y));
                }
                Event::Erase(i) => {
                    bytes.push(5);
                    put_varint(&mut bytes, i);
                }
                Event::Epochs(n) => {
                    bytes.push(6);
                    put_varint(&mut bytes, n);
                }
                Event::Set(key, value) => {
                    bytes.push(7);
                    bytes.push(key.spec().code);
                    bytes.extend_from_slice(&value.to_le_bytes());
                }
                Event::Algorithm(a) => {
                    bytes.push(8);
                    bytes.push(Algorithm::ALL.iter().position(|&b| b == a).unwrap() as u8);
                }
                // After the class points' tags 9 to 12.
                Event::LegacyReset => bytes.push(13),
                Event::Concept { a, b } => {
                    bytes.push(14);
                    put_varint(&mut bytes, zigzag(a));
                    put_varint(&mut bytes, zigzag(b));
                }
                Event::Centre { class, x, y } => {
                    bytes.push(15);
                    bytes.push(class);
                    put_varint(&mut bytes, zigzag(x));
                    put_varint(&mut bytes, zigzag(y));
                }
                Event::Reset => bytes.push(16),
            }
        }
        base64url_encode(&bytes)
    }

    /// Parses a log, refusing anything malformed or too long to replay.
    pub fn decode(text: &str) -> Result<Self> {
        let bytes = base64url_decode(text)?;
        let mut reader = Reader {
            bytes: &bytes,
            at: 0,
        };
        let mut log = EventLog::default();
        let mut samples = 0u64;
        while !reader.done() {
            if log.events.len() >= MAX_EVENTS {
                return Err(bad(format!("more than {MAX_EVENTS} events")));
            }
            let event = match reader.byte()? {
                1 => Event::Stream(reader.varint()?),
                tag @ (2..=4 | 9..=12) => Event::Point {
                    x: unzigzag(reader.varint()?),
                    y: unzigzag(reader.varint()?),
                    label: match tag {
                        2..=4 => [1, -1, 0][(tag - 2) as usize],
                        k => k as i8 - 6,
                    },
                },
                5 => Event::Erase(reader.varint()?),
                6 => Event::Epochs(reader.varint()?),
                7 => {
                    let key =
                        Key::from_code(reader.byte()?).ok_or_else(|| bad("unknown setting"))?;
                    Event::Set(key, f64::from_le_bytes(reader.take::<8>()?))
                }
                8 => Event::Algorithm(
                    *Algorithm::ALL
                        .get(reader.byte()? as usize)
                        .ok_or_else(|| bad("unknown algorithm"))?,
                ),
                13 => Event::LegacyReset,
                16 => Event::Reset,
                14 => Event::Concept {
                    a: unzigzag(reader.varint()?),
                    b: unzigzag(reader.varint()?),
                },
                15 => Event::Centre {
                    class: reader.byte()?,
                    x: unzigzag(reader.varint()?),
                    y: unzigzag(reader.varint()?),
                },
                tag => return Err(bad(format!("unknown event tag {tag}"))),
            };
            samples = samples.saturating_add(match event {
                Event::Stream(n) | Event::Epochs(n) => n,
                _ => 1,
            });
            if samples > MAX_REPLAYED_SAMPLES {
                return Err(bad(format!(
                    "more than {MAX_REPLAYED_SAMPLES} samples to replay"
                )));
            }
            log.events.push(event);
        }
        Ok(log)
    }
}

/// A log refused: why, within "shared state: …".
fn bad(why: impl Into<Message>) -> Error {
    Error::BadLink(crate::msg!(Code::SharedState, why = why.into()))
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    fn byte(&mut self) -> Result<u8> {
        let b = *self
            .bytes
            .get(self.at)
            .ok_or_else(|| bad("the log is cut short"))?;
        self.at += 1;
        Ok(b)
    }

    fn take<const N: usize>(&mut self) -> Result<[u8; N]> {
        let slice = self
            .bytes
            .get(self.at..self.at + N)
            .ok_or_else(|| bad("the log is cut short"))?;
        self.at += N;
        Ok(slice.try_into().expect("length checked"))
    }

    fn varint(&mut self) -> Result<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            value |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(bad("a number in the log is too long"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_round_trips() {
        let mut log = EventLog::default();
        for event in [
            Event::Stream(250),
            Event::Point {
                x: -1499,
                y: 732,
                label: 1,
            },
            Event::Point {
                x: 0,
                y: -1,
                label: -1,
            },
            Event::Point {
                x: 12,
                y: -900,
                label: 0,
            },
            Event::Erase(3),
            Event::Epochs(100),
            Event::Set(Key::C, 0.125),
            Event::Set(Key::Noise, 0.3),
            Event::Set(Key::Nu, 0.5),
            Event::Algorithm(Algorithm::Pocket),
            Event::Algorithm(Algorithm::AldProjection),
            Event::Reset,
            Event::Concept { a: -3142, b: 250 },
            Event::Centre {
                class: 3,
                x: -1500,
                y: 1,
            },
            Event::Stream(1),
        ] {
            log.push(event);
        }
        let text = log.encode();
        assert!(text
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        assert_eq!(EventLog::decode(&text).unwrap(), log);
    }

    #[test]
    fn consecutive_steps_merge() {
        let mut log = EventLog::default();
        log.push(Event::Stream(10));
        log.push(Event::Stream(5));
        log.push(Event::Epochs(1));
        log.push(Event::Epochs(1));
        assert_eq!(log.events(), &[Event::Stream(15), Event::Epochs(2)]);
    }

    #[test]
    fn hostile_logs_are_refused_not_panicked_on() {
        for text in ["!", "AQ", "Bw", "CP8", "_____w", "AYCAgICAgICAgIAB", "Bwc"] {
            assert!(EventLog::decode(text).is_err(), "{text}");
        }
        let mut huge = EventLog::default();
        huge.push(Event::Stream(MAX_REPLAYED_SAMPLES + 1));
        assert!(EventLog::decode(&huge.encode()).is_err());
    }
}
