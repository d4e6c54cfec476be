//! Reading what a player typed: one reading of a whole number for the whole app (both
//! families' sheets, the roll panels, the lists), with the message naming the box when
//! the text is refused; and one check of a name.

/// The longest name the sheet keeps (longer input is refused at the field).
pub const NAME_MAX: usize = 80;

/// The app's one check of a name as typed (a character's, a row's: an item, a weapon,
/// an ability, a condition, a combatant …): what is wrong with it, if anything, as the
/// message at the field. A row needs a name (`required`); a character's may be empty
/// for a while.
pub fn name_problem(text: &str, required: bool) -> Option<String> {
    let n = text.trim().chars().count();
    if required && n == 0 {
        Some("Enter a name.".into())
    } else if text.chars().count() > NAME_MAX {
        Some(format!("Names are at most {NAME_MAX} characters."))
    } else {
        None
    }
}

/// The whole number in `text`, if it is one: digits with an optional `+`, an ASCII `-`
/// or a typographic `−` (U+2212) in front, and spaces around. No decimals, no
/// exponents, no digit groups; `None` beyond `i64`.
pub fn whole(text: &str) -> Option<i64> {
    let t = text.trim();
    let (negative, digits) = match t.strip_prefix('\u{2212}').or_else(|| t.strip_prefix('-')) {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // As a negative number first, so that the most negative i64 reads too.
    let n: i64 = format!("-{digits}").parse().ok()?;
    if negative {
        Some(n)
    } else {
        n.checked_neg()
    }
}

/// Parses a whole number from `min` to `max` for the box called `what`. Accepts an
/// optional `+`, an ASCII `-` or a typographic `−`, and surrounding spaces.
pub fn parse_whole(what: &str, text: &str, min: i64, max: i64) -> Result<i64, String> {
    if text.trim().is_empty() {
        return Err(format!("Enter a number for {what}."));
    }
    let value = whole(text).ok_or_else(|| {
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
    fn one_reading_of_a_whole_number() {
        for (text, want) in [
            ("7", Some(7)),
            (" +3 ", Some(3)),
            ("-2", Some(-2)),
            ("\u{2212}2", Some(-2)),
            ("0", Some(0)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("9223372036854775807", Some(i64::MAX)),
            ("9223372036854775808", None),
            ("", None),
            ("+", None),
            ("−", None),
            ("+-2", None),
            ("--2", None),
            ("2.5", None),
            ("1e3", None),
            ("1 000", None),
            ("٣", None),
            ("12a", None),
        ] {
            assert_eq!(whole(text), want, "{text:?}");
        }
    }

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
