//! Numbers written as the page's JavaScript writes them (`String(x)`), so
//! that `replay --curves` gives the page's Curves (CSV) byte for byte.
//! Both sides print the shortest digits that read back to the same f64
//! (ryu here, ECMAScript's Number::toString there); only where the
//! exponent form starts, and how it is spelled, differ: JavaScript writes
//! 0.000001 and 1e-7, 1e+21 and 100000000000000000000.

/// `x` as JavaScript's `String(x)` spells it.
pub fn js_number(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x == 0.0 {
        return "0".into(); // -0 too
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if x < 0.0 {
        return format!("-{}", js_number(-x));
    }
    let (digits, n) = shortest(x);
    let k = digits.len() as i32;
    if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let sign = if e < 0 { '-' } else { '+' };
        let mantissa = if k == 1 {
            digits.clone()
        } else {
            format!("{}.{}", &digits[..1], &digits[1..])
        };
        format!("{mantissa}e{sign}{}", e.abs())
    }
}

/// The shortest round-trip digits of a positive finite `x` (no leading or
/// trailing zeros) and `n` with x = 0.digits × 10^n.
fn shortest(x: f64) -> (String, i32) {
    let mut buffer = ryu::Buffer::new();
    let text = buffer.format_finite(x);
    let (mantissa, exponent) = match text.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().expect("ryu writes a whole exponent")),
        None => (text, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut point = whole.len() as i32;
    let all = format!("{whole}{fraction}");
    let trimmed = all.trim_start_matches('0');
    point -= (all.len() - trimmed.len()) as i32;
    let digits = trimmed.trim_end_matches('0').to_string();
    (digits, point + exponent)
}

#[cfg(test)]
mod tests {
    use super::js_number;

    #[test]
    fn spells_numbers_as_javascript_does() {
        // Each pair checked against node's String(x).
        let cases = [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-3.0, "-3"),
            (0.1, "0.1"),
            (123.45, "123.45"),
            (1e-7, "1e-7"),
            (1.5e-7, "1.5e-7"),
            (0.000001, "0.000001"),
            (0.0000015, "0.0000015"),
            (5e-6, "0.000005"),
            (1e16, "10000000000000000"),
            (1e21, "1e+21"),
            (1.25e22, "1.25e+22"),
            (123456789012345680000.0, "123456789012345680000"),
            (0.30000000000000004, "0.30000000000000004"),
            (2.0 / 3.0, "0.6666666666666666"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
        ];
        for (x, js) in cases {
            assert_eq!(js_number(x), js, "{x:e}");
        }
    }
}
