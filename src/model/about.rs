//! Who the character is: the background fields the games ask for and a portrait,
//! kept with the character as `about`. The Symbaroum family shows race (kin),
//! occupation, shadow, personal goal and appearance; Heimr shows background and
//! appearance. Every field is kept whichever the ruleset, so switching loses nothing.

use super::advance::TEXT_MAX;
use super::share::from_base64url;
use serde::{Deserialize, Serialize};

/// The longest portrait kept, in characters of its data URL (about 150 KB of image).
/// The sheet stores at most 256 × 256 px, which comes to a tenth of this.
pub const PORTRAIT_MAX: usize = 200_000;

/// The longest side of a stored portrait, in pixels (the browser shrinks to it).
pub const PORTRAIT_SIDE: u32 = 256;

/// Saved with the character as `about`; empty fields are left out of the document.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(reactive_stores::Store))]
#[serde(default)]
pub struct About {
    /// Race, or kin.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub kin: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub occupation: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub shadow: String,
    /// The personal goal.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub goal: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub appearance: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub background: String,
    /// A `data:image/jpeg;base64,…` URL (PNG and WebP too), checked by
    /// [`check_portrait`]; empty for none.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub portrait: String,
}

impl About {
    pub fn is_empty(&self) -> bool {
        *self == About::default()
    }

    pub fn check(&self) -> Result<(), String> {
        let texts = [
            ("race", &self.kin),
            ("occupation", &self.occupation),
            ("shadow", &self.shadow),
            ("personal goal", &self.goal),
            ("appearance", &self.appearance),
            ("background", &self.background),
        ];
        for (what, text) in texts {
            if text.chars().count() > TEXT_MAX {
                return Err(format!("the {what} is over {TEXT_MAX} characters"));
            }
        }
        if !self.portrait.is_empty() {
            check_portrait(&self.portrait)?;
        }
        Ok(())
    }
}

/// The image kinds a portrait may be, with the bytes each file starts with (WebP's
/// "RIFF" is followed by a size, then "WEBP").
const KINDS: [(&str, &[u8]); 3] = [
    ("jpeg", b"\xff\xd8\xff"),
    ("png", b"\x89PNG\r\n\x1a\n"),
    ("webp", b"RIFF"),
];

/// Checks that `url` is a portrait the sheet would store: a base64 data URL of a
/// JPEG, PNG or WebP image whose first bytes are that kind's, at most
/// [`PORTRAIT_MAX`] characters. Anything else (a web address, SVG, which can carry
/// scripts, or text dressed as an image) is refused, with the reason as the other
/// checks give it ("the portrait is …").
pub fn check_portrait(url: &str) -> Result<(), String> {
    if url.len() > PORTRAIT_MAX {
        return Err(format!("the portrait is over {} KB", PORTRAIT_MAX / 1000));
    }
    let bad = || "the portrait is not a JPEG, PNG or WebP image".to_string();
    let rest = url.strip_prefix("data:image/").ok_or_else(bad)?;
    let (kind, body) = rest.split_once(";base64,").ok_or_else(bad)?;
    let magic = KINDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, m)| *m)
        .ok_or_else(bad)?;
    let base64 = |c: u8| c.is_ascii_alphanumeric() || c == b'+' || c == b'/';
    let data = body.trim_end_matches('=');
    if !body.len().is_multiple_of(4) || body.len() - data.len() > 2 || !data.bytes().all(base64) {
        return Err(bad());
    }
    // The first twelve bytes, read with the URL-safe decoder ('+' and '/' are its
    // '-' and '_').
    let head: String = data
        .chars()
        .take(16)
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect();
    let head = from_base64url(&head).unwrap_or_default();
    let webp_ok = kind != "webp" || head.get(8..12) == Some(b"WEBP");
    if head.starts_with(magic) && webp_ok {
        Ok(())
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::share::base64url;
    use crate::model::{load_document, Character};
    use crate::rules::Ruleset;

    /// A data URL of `kind` holding `bytes` (standard base64, with padding).
    fn data_url(kind: &str, bytes: &[u8]) -> String {
        let mut b = base64url(bytes).replace('-', "+").replace('_', "/");
        while !b.len().is_multiple_of(4) {
            b.push('=');
        }
        format!("data:image/{kind};base64,{b}")
    }

    const JPEG: &[u8] = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00";
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR";

    #[test]
    fn the_images_the_sheet_makes_are_accepted() {
        assert_eq!(check_portrait(&data_url("jpeg", JPEG)), Ok(()));
        assert_eq!(check_portrait(&data_url("png", PNG)), Ok(()));
        assert_eq!(
            check_portrait(&data_url("webp", b"RIFF\x10\0\0\0WEBPVP8 ")),
            Ok(())
        );
        // Bytes that need '+' and '/' in standard base64.
        let jpeg = [JPEG, &[0xfb, 0xff, 0xfe]].concat();
        assert!(data_url("jpeg", &jpeg).contains(['+', '/']));
        assert_eq!(check_portrait(&data_url("jpeg", &jpeg)), Ok(()));
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        let not = "the portrait is not a JPEG, PNG or WebP image";
        for url in [
            "https://example.com/me.jpg".to_string(),
            "javascript:alert(1)".into(),
            data_url("svg+xml", b"<svg onload=alert(1)>"),
            data_url("png", b"just some text here"),
            data_url("png", JPEG),
            data_url("webp", b"RIFF\x10\0\0\0AVI LIST"),
            "data:image/png,%89PNG".into(),
            "data:image/png;base64,iVBORw0KGgo\"><script>".into(),
            "data:image/png;base64,iVBORw0KGgo".into(),
            "data:image/png;base64,".into(),
        ] {
            assert_eq!(check_portrait(&url), Err(not.into()), "{url}");
        }
        let huge = data_url("jpeg", &[JPEG, &vec![0u8; PORTRAIT_MAX]].concat());
        assert_eq!(
            check_portrait(&huge).unwrap_err(),
            "the portrait is over 200 KB"
        );
    }

    #[test]
    fn an_old_document_loads_unchanged_and_empty_fields_are_not_written() {
        let old = include_str!("../../tests/fixtures/v1.json");
        let c = load_document(old).unwrap();
        assert!(c.about.is_empty());
        let text = serde_json::to_string(&c).unwrap();
        assert!(!text.contains("\"about\""), "{text}");
        let mut c = Character::new("a".into(), Ruleset::Heimr, 1.0);
        c.about.background = "Raised by the ferryman".into();
        let text = serde_json::to_string(&c).unwrap();
        assert!(
            text.contains("\"about\":{\"background\":\"Raised by the ferryman\"}"),
            "{text}"
        );
    }

    #[test]
    fn every_field_round_trips_and_unknown_ones_are_kept() {
        let mut c = Character::new("a".into(), Ruleset::Symbaroum, 1.0);
        c.about = About {
            kin: "Ogre".into(),
            occupation: "Actor".into(),
            shadow: "Moss green".into(),
            goal: "See Karvosti".into(),
            appearance: "Big".into(),
            background: "The White Dove".into(),
            portrait: data_url("jpeg", JPEG),
        };
        let mut v = serde_json::to_value(&c).unwrap();
        v["about"]["eyes"] = "grey".into();
        let back = load_document(&v.to_string()).unwrap();
        assert_eq!(back.about.kin, "Ogre");
        assert_eq!(back.about.portrait, c.about.portrait);
        let again: serde_json::Value = serde_json::from_str(&back.to_text()).unwrap();
        assert_eq!(
            again["about"]["eyes"], "grey",
            "a newer version's field is kept"
        );
        assert_eq!(again["about"], v["about"]);
    }

    #[test]
    fn loading_checks_the_fields() {
        let mut c = Character::new("a".into(), Ruleset::Homebrew, 1.0);
        c.about.portrait = "https://example.com/me.jpg".into();
        let e = load_document(&serde_json::to_string(&c).unwrap()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the portrait is not a JPEG, PNG or WebP image"
        );
        c.name = "Ylva".into();
        let file = crate::model::transfer::export(std::slice::from_ref(&c), 0.0);
        assert_eq!(
            crate::model::transfer::parse_import(file.as_bytes()).unwrap_err(),
            "The character (“Ylva”): the portrait is not a JPEG, PNG or WebP image. Nothing was imported."
        );
        c.about.portrait.clear();
        c.about.goal = "x".repeat(TEXT_MAX + 1);
        let e = load_document(&serde_json::to_string(&c).unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "the personal goal is over 2000 characters");
    }
}
