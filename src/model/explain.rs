//! Why a document could not be read, in the player's words: where in it (the part and
//! the field, as a path: "Combat › weapons › #2 › damage") and what was wrong ("a whole
//! number was expected, not the text “”"), instead of the parser's "invalid type:
//! string "", expected i32 at line 1 column 812".

use super::tree::{ReadError, Step};

/// Why a character's document did not read, said for a player: where (the path the
/// reader's error `e` carries) and what.
pub fn explain_read(e: &ReadError) -> String {
    let names: Vec<String> = e
        .path()
        .enumerate()
        .map(|(i, step)| match step {
            Step::Field(f) if i == 0 => part_name(f),
            Step::Field(f) => f.replace('_', " "),
            Step::Index(n) => format!("#{}", n + 1),
        })
        .collect();
    let what = phrase(&e.to_string());
    if names.is_empty() {
        what
    } else {
        format!("in {}: {what}", names.join(" › "))
    }
}

/// The parser's error `e` on `text`, said for a player, the path's first field named
/// by `first` (a character's parts by their names on screen, a pack's lists by theirs).
pub fn explain_named(text: &str, e: &serde_json::Error, first: fn(&str) -> String) -> String {
    let message = e.to_string();
    // serde_json ends its message with " at line L column C".
    let message = match message.rfind(" at line ") {
        Some(i) => &message[..i],
        None => &message,
    };
    let what = phrase(message);
    let path = path_at(text, offset(text, e.line(), e.column()), first);
    if path.is_empty() {
        what
    } else {
        format!("in {}: {what}", path.join(" › "))
    }
}

/// The byte offset of serde_json's one-based line and byte column.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column).min(text.len())
}

/// One step of a path: a field's name, or an entry of a list.
enum Frame {
    Object(Option<String>),
    List(usize),
}

/// The fields and list entries open at byte `end` of the JSON `text`, named for a
/// player: the document's parts by their names on screen, list entries counted from 1.
fn path_at(text: &str, end: usize, first: fn(&str) -> String) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut last: Option<String> = None;
    let mut i = 0;
    while i < end && i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                last = text.get(start..i.min(bytes.len())).map(str::to_string);
            }
            b':' => {
                if let Some(Frame::Object(key)) = stack.last_mut() {
                    *key = last.take();
                }
            }
            b',' => match stack.last_mut() {
                Some(Frame::List(n)) => *n += 1,
                Some(Frame::Object(key)) => *key = None,
                None => {}
            },
            b'{' => stack.push(Frame::Object(None)),
            b'[' => stack.push(Frame::List(0)),
            b'}' | b']' => {
                stack.pop();
            }
            _ => {}
        }
        i += 1;
    }
    let mut path = Vec::new();
    for frame in stack {
        match frame {
            Frame::Object(Some(key)) => path.push(if path.is_empty() {
                first(&key)
            } else {
                key.replace('_', " ")
            }),
            Frame::Object(None) => {}
            Frame::List(n) => path.push(format!("#{}", n + 1)),
        }
    }
    path
}

/// A part of the document by its name on screen.
fn part_name(key: &str) -> String {
    match key {
        "attributes" => "Attributes",
        "modifiers" => "Modifiers",
        "combat" => "Combat",
        "advance" => "Gear & XP",
        "heimr" => "the Heimr sheet",
        "about" => "Who they are",
        "roll_log" => "the roll log",
        other => return other.replace('_', " "),
    }
    .to_string()
}

/// serde's message ("invalid type: string \"\", expected i32") in plain words.
pub(crate) fn phrase(message: &str) -> String {
    let kind = |s: &str| -> String {
        let s = s.trim();
        if let Some(t) = s.strip_prefix("string ") {
            return format!("the text {}", quoted(t.trim_matches('"')));
        }
        for (prefix, what) in [
            ("integer ", "the number "),
            ("floating point ", "the number "),
        ] {
            if let Some(n) = s.strip_prefix(prefix) {
                return format!("{what}{}", n.trim_matches('`'));
            }
        }
        match s {
            "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" | "isize" => {
                "a whole number in range".into()
            }
            "f32" | "f64" => "a number".into(),
            "a string" | "string" => "text".into(),
            "a boolean" => "true or false".into(),
            "a sequence" | "sequence" => "a list".into(),
            "a map" | "map" => "a group of fields".into(),
            "null" | "unit value" => "nothing".into(),
            other if other.starts_with("boolean ") => {
                other["boolean ".len()..].trim_matches('`').into()
            }
            other if other.starts_with("struct ") => "a group of fields".into(),
            other => other.into(),
        }
    };
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some((found, expected)) = message
            .strip_prefix(prefix)
            .and_then(|r| r.split_once(", expected "))
        {
            return format!("{} was expected, not {}", kind(expected), kind(found));
        }
    }
    if let Some(field) = message.strip_prefix("missing field ") {
        return format!("the field {} is missing", quoted(field.trim_matches('`')));
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (value, choices) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let value = quoted(value.trim_matches('`'));
        return if choices.is_empty() {
            format!("{value} is not one of the choices")
        } else {
            format!(
                "{value} is not one of the choices ({})",
                choices.replace('`', "")
            )
        };
    }
    message.to_string()
}

/// In the app's quotation marks, cut at 40 characters as the other messages are.
fn quoted(s: &str) -> String {
    format!("“{}”", super::migrate::shorten(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Character;

    fn why(text: &str) -> String {
        match crate::model::load_document(text).unwrap_err() {
            crate::model::LoadError::WrongShape(why) => why,
            other => panic!("not a shape error: {other}"),
        }
    }

    /// A valid document with two modifiers, its text changed by `edit`.
    fn changed(edit: impl Fn(String) -> String) -> String {
        use crate::rules::symbaroum::{Attr, Modifier, Target};
        let mut c = Character::new("a1".into(), crate::rules::Ruleset::Symbaroum, 5.0);
        c.attributes.set(Attr::Might, 13);
        c.notes = r#"a [ { \" ] , : }"#.into();
        c.modifiers = vec![
            Modifier::new("Ring", Target::Defense, 1),
            Modifier::new("Robust", Target::Toughness, 2),
        ];
        let text = serde_json::to_string(&c).unwrap();
        let after = edit(text.clone());
        assert_ne!(after, text, "the edit changed nothing");
        after
    }

    #[test]
    fn a_wrong_type_in_a_list_names_the_part_the_entry_and_the_field() {
        let text = changed(|t| t.replace(r#""amount":2"#, r#""amount":"two""#));
        assert_eq!(
            why(&text),
            "in Modifiers › #2 › amount: a whole number in range was expected, not the text “two”"
        );
    }

    #[test]
    fn a_whole_number_given_as_text_says_so_past_a_string_full_of_brackets() {
        let text = changed(|t| t.replace(r#""might":13"#, r#""might":"""#));
        assert_eq!(
            why(&text),
            "in Attributes › might: a whole number in range was expected, not the text “”"
        );
    }

    #[test]
    fn a_missing_field_and_an_unknown_choice_are_named() {
        let text = changed(|t| t.replace(r#""id":"a1","#, ""));
        assert_eq!(why(&text), "the field “id” is missing");
        let text = changed(|t| t.replace(r#","amount":2"#, ""));
        assert_eq!(
            why(&text),
            "in Modifiers › #2: the field “amount” is missing"
        );
        let text = changed(|t| t.replacen(r#""active":true"#, r#""active":"yes""#, 1));
        assert_eq!(
            why(&text),
            "in Modifiers › #1 › active: true or false was expected, not the text “yes”"
        );
    }

    #[test]
    fn what_is_not_a_type_error_is_kept_as_the_parser_said_it() {
        assert_eq!(phrase("trailing characters"), "trailing characters");
        assert_eq!(
            phrase("unknown variant `thrown`, expected `held` or `sheathed`"),
            "“thrown” is not one of the choices (held or sheathed)"
        );
    }
}
