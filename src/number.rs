//! Numbers as text and back, for links, settings and messages.
//!
//! Two hand-written pieces, each for the page's download size (measured
//! with `twiggy` on the page's module, gzip -9):
//! - [`text`] writes with `ryu` (as serde_json does) rather than `f64`'s
//!   `Display`: core's float formatting (Grisu and Dragon4) is 9 KB gzip.
//! - [`parse`] reads a decimal with the browser's own `parseFloat` on wasm
//!   rather than `str::parse::<f64>`, whose Eisel-Lemire tables (651
//!   128-bit powers of five) and slow path are 14 KB gzip. Both
//!   round correctly (ECMAScript requires it), so the page and the command
//!   line read every text to the same f64; the syntax is checked here
//!   first, because `parseFloat` would also take "1.5abc" and "Infinity".

/// `v` as the shortest text that reads back to the same f64 ("0.1",
/// "1e-7", "-3", "NaN"), without a trailing ".0" on whole numbers.
pub fn text(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf" } else { "-inf" }.into();
    }
    let mut buffer = ryu::Buffer::new();
    let text = buffer.format_finite(v);
    text.strip_suffix(".0").unwrap_or(text).to_string()
}

/// The f64 a decimal text names, as `str::parse::<f64>` reads it: an
/// optional sign, digits with an optional point, an optional exponent, or
/// inf, infinity, nan in any case. `None` for anything else.
pub fn parse(text: &str) -> Option<f64> {
    // strip_prefix, not &text[1..]: a slice by index brings core's slicing
    // panic and its escaping of a char (1.0 KB gzip of the first module).
    let (negative, body) = match text.strip_prefix('-') {
        Some(body) => (true, body),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let special = match body.to_ascii_lowercase().as_str() {
        "inf" | "infinity" => Some(f64::INFINITY),
        "nan" => Some(f64::NAN),
        _ => None,
    };
    if let Some(v) = special {
        return Some(if negative { -v } else { v });
    }
    if !is_decimal(body) {
        return None;
    }
    read_decimal(text)
}

/// digits [. digits] or . digits, then an optional e[sign]digits.
fn is_decimal(body: &str) -> bool {
    let bytes = body.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let whole = digits(0);
    let mut at = whole;
    let mut fraction = 0;
    if bytes.get(at) == Some(&b'.') {
        fraction = digits(at + 1);
        at += 1 + fraction;
    }
    if whole + fraction == 0 {
        return false;
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(bytes.get(at), Some(b'+' | b'-')) {
            at += 1;
        }
        let exponent = digits(at);
        if exponent == 0 {
            return false;
        }
        at += exponent;
    }
    at == bytes.len()
}

#[cfg(target_arch = "wasm32")]
fn read_decimal(text: &str) -> Option<f64> {
    Some(js_sys::parse_float(text))
}

#[cfg(not(target_arch = "wasm32"))]
fn read_decimal(text: &str) -> Option<f64> {
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_reads_naturally() {
        for v in [0.1, -1.0, 2.0, 1e-7, 1e21, 123.456, f64::MIN_POSITIVE, 0.0] {
            assert_eq!(text(v).parse::<f64>().unwrap(), v, "{v}");
        }
        assert_eq!(text(-1.0), "-1");
        assert_eq!(text(0.25), "0.25");
        assert_eq!(text(f64::NAN), "NaN");
        assert_eq!(text(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn parse_takes_what_rust_takes_and_refuses_the_rest() {
        for good in [
            "0",
            "-1",
            "+2.5",
            "1.",
            ".5",
            "1e5",
            "1E-7",
            "2.5e+3",
            "007",
            "inf",
            "-Infinity",
            "NaN",
            "1e400",
            "4.9e-324",
        ] {
            let ours = parse(good).unwrap_or_else(|| panic!("{good} refused"));
            let rust: f64 = good.parse().unwrap();
            assert!(ours == rust || (ours.is_nan() && rust.is_nan()), "{good}");
        }
        for bad in [
            "", "-", ".", "e5", "1e", "1e+", "0x10", "1.2.3", " 1", "1 ", "abc", "1_000", "--1",
        ] {
            assert_eq!(parse(bad), None, "{bad:?} taken");
            assert!(bad.parse::<f64>().is_err(), "{bad:?} is taken by Rust");
        }
    }
}
