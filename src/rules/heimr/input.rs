//! Reading what a player typed into a numeric box on the Heimr sheet: whole numbers
//! within a range, with a message naming the box when the text is refused.

/// Parses a whole number from `min` to `max` for the box called `what`. Accepts an
/// optional `+`, an ASCII `-` or a typographic `−`, and surrounding spaces.
pub fn parse_whole(what: &str, text: &str, min: i64, max: i64) -> Result<i64, String> {
    let t = text.trim().replace('\u{2212}', "-");
    if t.is_empty() {
        return Err(format!("Enter a number for {what}."));
    }
    let t = t.strip_prefix('+').unwrap_or(&t);
    let value: i64 = t.parse().map_err(|_| {
        format!(
            "{what} must be a whole number, like 2 or −1 (got \"{}\").",
            text.trim()
        )
    })?;
    if value < min || value > max {
        return Err(format!(
            "{what} must be between {} and {} (got {}).",
            fmt(min),
            fmt(max),
            fmt(value)
        ));
    }
    Ok(value)
}

/// A number with the minus sign (U+2212) for negatives.
fn fmt(n: i64) -> String {
    if n < 0 {
        format!("\u{2212}{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_signs_and_spaces() {
        assert_eq!(parse_whole("HP", " 7 ", 0, 10), Ok(7));
        assert_eq!(parse_whole("HP", "+3", -5, 10), Ok(3));
        assert_eq!(parse_whole("HP", "\u{2212}2", -5, 10), Ok(-2));
        assert_eq!(parse_whole("HP", "-5", -5, 10), Ok(-5));
    }

    #[test]
    fn refuses_with_a_message_naming_the_box() {
        let e = parse_whole("Current HP", "abc", 0, 10).unwrap_err();
        assert!(e.contains("Current HP") && e.contains("abc"), "{e}");
        let e = parse_whole("Current HP", "", 0, 10).unwrap_err();
        assert_eq!(e, "Enter a number for Current HP.");
        let e = parse_whole("Fatigue", "21", 1, 20).unwrap_err();
        assert_eq!(e, "Fatigue must be between 1 and 20 (got 21).");
        let e = parse_whole("Base consistency", "9", -2, 3).unwrap_err();
        assert_eq!(e, "Base consistency must be between −2 and 3 (got 9).");
        assert!(parse_whole("x", "2.5", 0, 10).is_err());
        assert!(parse_whole("x", "1e1", 0, 100).is_err());
        assert!(parse_whole("x", "99999999999999999999999", 0, 10).is_err());
    }
}
