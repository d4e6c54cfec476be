//! A character in a link: `…#/share/<data>`, where the data is the character's
//! document (without its roll log), gzip-compressed by the browser and written in
//! base64url. The fragment never reaches a server. This module has the parts that
//! need no browser: the text a link carries, the base64url code, and reading a link's
//! text back as a character, which is then offered like an imported file.

use super::transfer::parse_import;
use super::Character;

/// What a damaged link is told; nothing is imported from it.
pub const DAMAGED: &str = "This link is damaged or incomplete (perhaps cut off when it was copied or sent). Ask for the link again. Nothing was imported.";

/// The text a link carries for `c`: its document without the roll log, which is the
/// table's history rather than the character and would make the link long.
pub fn share_text(c: &Character) -> String {
    c.without_log().to_text()
}

/// Reads a link's (decompressed) text as one character, checked like a file import.
pub fn read_shared(bytes: &[u8]) -> Result<Character, String> {
    let mut list = parse_import(bytes)
        .map_err(|e| format!("The link holds no character Sheetwright can read: {e}"))?;
    match list.len() {
        1 => Ok(list.remove(0)),
        _ => Err(
            "A link holds one character, but this one holds several. Nothing was imported.".into(),
        ),
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in base64url without padding (RFC 4648 §5): safe in a URL fragment as is.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Reads base64url (padding and surrounding white space allowed); `None` for any
/// other character or a length no encoder makes.
pub fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let text = text.trim().trim_end_matches('=');
    let value = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|v| v as u32);
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for chunk in text.as_bytes().chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::LogEntry;
    use crate::rules::Ruleset;

    #[test]
    fn base64url_matches_the_rfc_vectors() {
        let cases = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, coded) in cases {
            assert_eq!(base64url(plain.as_bytes()), coded);
            assert_eq!(from_base64url(coded).unwrap(), plain.as_bytes());
        }
        // The URL-safe letters, and padding read too.
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
        assert_eq!(from_base64url("-_8=").unwrap(), [0xfb, 0xff]);
    }

    #[test]
    fn every_byte_round_trips() {
        let all: Vec<u8> = (0..=255).chain((0..=255).rev()).collect();
        for n in 0..all.len() {
            assert_eq!(from_base64url(&base64url(&all[..n])).unwrap(), &all[..n]);
        }
    }

    #[test]
    fn foreign_characters_and_impossible_lengths_are_refused() {
        assert_eq!(from_base64url("Zm9v+"), None);
        assert_eq!(from_base64url("Zm/v"), None);
        assert_eq!(from_base64url("Zm9vY"), None, "one letter over a group");
        assert_eq!(from_base64url("Zm 9v"), None);
    }

    #[test]
    fn a_shared_character_reads_back_without_its_log() {
        let mut c = Character::new("abc123".into(), Ruleset::Symbaroum, 7.0);
        c.name = "Ylva".into();
        c.notes = "Keeps a raven".into();
        c.roll_log.push(LogEntry {
            time: 1.0,
            what: "Might test".into(),
            dice: "d20: 7".into(),
            target: Some(12),
            passed: Some(true),
            outcome: "Pass".into(),
        });
        let text = share_text(&c);
        assert!(!text.contains("Might test"), "{text}");
        let back = read_shared(text.as_bytes()).unwrap();
        assert_eq!(back, c.without_log());
    }

    #[test]
    fn a_bad_text_names_the_problem() {
        let e = read_shared(b"{\"schema\":1,\"id\":\"x\"").unwrap_err();
        assert!(
            e.contains("no character") && e.contains("Nothing was imported"),
            "{e}"
        );
        let two = crate::model::transfer::export(
            &[
                Character::new("a".into(), Ruleset::Heimr, 0.0),
                Character::new("b".into(), Ruleset::Heimr, 0.0),
            ],
            0.0,
        );
        assert!(read_shared(two.as_bytes()).unwrap_err().contains("several"));
    }
}
