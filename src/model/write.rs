//! Writes a document's typed parts as JSON text, exactly as `serde_json::to_string`
//! writes them (the same keys in the same order, the same escapes, the same numbers),
//! with less code for every type of the document: a field's name is written by one
//! function every field calls, and an error is a flag, not serde_json's boxed error
//! moved through every value's `Result`. The characters' writer is, with their
//! reader (`model::tree`), most of the documents' chunk.
//!
//! Bytes are written as serde_json writes them, a list of numbers; a map's keys must
//! be text (or a number or a character, written as text), as in serde_json.

use serde::ser::{self, Serialize};
use std::fmt;

/// What [`json`] writes a value as, or why it could not: a map with a key that is not
/// text, or a part's own refusal (as serde_json would refuse it).
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<String, Unwritable> {
    let mut out = String::with_capacity(256);
    value.serialize(Writer(&mut out))?;
    Ok(out)
}

/// A value [`json`] could not write.
#[derive(Debug)]
pub struct Unwritable;

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the value cannot be written as JSON")
    }
}

impl std::error::Error for Unwritable {}

impl ser::Error for Unwritable {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unwritable
    }
}

type Done = Result<(), Unwritable>;

/// Writes one value at the end of its text.
struct Writer<'a>(&'a mut String);

impl Writer<'_> {
    fn number(self, n: impl itoa::Integer) -> Done {
        integer(self.0, n);
        Ok(())
    }
}

/// serde's method for each kind of integer, in a `Serializer` with a `number` method:
/// each widened to the 64- or 128-bit kind of its sign (fewer copies of the writer).
macro_rules! integers {
    () => {
        integers! {
            serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64) => i64;
            serialize_i128(i128) => i128;
            serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64) => u64;
            serialize_u128(u128) => u128
        }
    };
    ($($($method:ident($kind:ty)),+ => $wide:ty);+) => {
        $($(
            fn $method(self, v: $kind) -> Done {
                self.number(<$wide>::from(v))
            }
        )+)+
    };
}

/// Text with JSON's escapes, in quotes: `"`, `\` and the control characters, as
/// serde_json escapes them; everything else as it is.
fn quoted(out: &mut String, s: &str) {
    out.push('"');
    let mut rest = s;
    while let Some(at) = rest.find(|c: char| c < ' ' || c == '"' || c == '\\') {
        out.push_str(&rest[..at]);
        let byte = rest.as_bytes()[at];
        let short = match byte {
            b'"' => '"',
            b'\\' => '\\',
            0x08 => 'b',
            0x0c => 'f',
            b'\n' => 'n',
            b'\r' => 'r',
            b'\t' => 't',
            _ => 'u',
        };
        out.push('\\');
        out.push(short);
        if short == 'u' {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("00");
            out.push(HEX[usize::from(byte >> 4)] as char);
            out.push(HEX[usize::from(byte & 0xf)] as char);
        }
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
    out.push('"');
}

fn integer(out: &mut String, n: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// A float as serde_json writes it (`finite`: whether it is one, which zmij's trait
/// cannot say); `None` for NaN and the infinities, which JSON has no number for.
fn float<F: zmij::Float>(buffer: &mut zmij::Buffer, n: F, finite: bool) -> Option<&str> {
    finite.then(|| buffer.format_finite(n))
}

/// A list's or an object's entries, between its brackets.
struct Entries<'a> {
    out: &'a mut String,
    first: bool,
    /// What closes it: `]` or `}`, and a second `}` for a choice written as
    /// `{"name":…}`.
    close: &'static str,
}

impl<'a> Entries<'a> {
    fn open(out: &'a mut String, open: &str, close: &'static str) -> Self {
        out.push_str(open);
        Entries {
            out,
            first: true,
            close,
        }
    }

    /// A choice's content goes in an object under its name: `{"name":` opens it.
    fn named(out: &'a mut String, name: &str, open: &str, close: &'static str) -> Self {
        out.push('{');
        quoted(out, name);
        out.push(':');
        Entries::open(out, open, close)
    }

    /// The comma before every entry but the first.
    fn next(&mut self) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
    }

    /// A field's name and its colon: one function for every field of every type.
    fn key(&mut self, key: &str) {
        self.next();
        quoted(self.out, key);
        self.out.push(':');
    }

    fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(Writer(self.out))
    }

    fn entry<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        self.next();
        self.value(value)
    }

    fn close(self) -> Done {
        self.out.push_str(self.close);
        Ok(())
    }
}

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Unwritable;
    type SerializeSeq = Entries<'a>;
    type SerializeTuple = Entries<'a>;
    type SerializeTupleStruct = Entries<'a>;
    type SerializeTupleVariant = Entries<'a>;
    type SerializeMap = Entries<'a>;
    type SerializeStruct = Entries<'a>;
    type SerializeStructVariant = Entries<'a>;

    fn serialize_bool(self, v: bool) -> Done {
        self.0.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    integers!();
    fn serialize_f32(self, v: f32) -> Done {
        let mut buffer = zmij::Buffer::new();
        self.0
            .push_str(float(&mut buffer, v, v.is_finite()).unwrap_or("null"));
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Done {
        let mut buffer = zmij::Buffer::new();
        self.0
            .push_str(float(&mut buffer, v, v.is_finite()).unwrap_or("null"));
        Ok(())
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Done {
        quoted(self.0, v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        let mut list = Entries::open(self.0, "[", "]");
        for b in v {
            list.entry(b)?;
        }
        list.close()
    }
    fn serialize_none(self) -> Done {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        self.0.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Done {
        let mut choice = Entries::named(self.0, variant, "", "}");
        choice.value(value)?;
        choice.close()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Entries<'a>, Unwritable> {
        Ok(Entries::open(self.0, "[", "]"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Entries<'a>, Unwritable> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Entries<'a>, Unwritable> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Entries<'a>, Unwritable> {
        Ok(Entries::named(self.0, variant, "[", "]}"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Entries<'a>, Unwritable> {
        Ok(Entries::open(self.0, "{", "}"))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Entries<'a>, Unwritable> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Entries<'a>, Unwritable> {
        Ok(Entries::named(self.0, variant, "{", "}}"))
    }
}

/// serde's traits for a list's entries (a list, a tuple, a choice's tuple), each a value.
macro_rules! entries {
    ($($kind:ident::$method:ident),+) => {$(
        impl ser::$kind for Entries<'_> {
            type Ok = ();
            type Error = Unwritable;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
                self.entry(value)
            }
            fn end(self) -> Done {
                self.close()
            }
        }
    )+};
}

entries!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Entries<'_> {
    type Ok = ();
    type Error = Unwritable;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Done {
        self.next();
        key.serialize(Key(self.out))?;
        self.out.push(':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        self.value(value)
    }
    fn end(self) -> Done {
        self.close()
    }
}

/// serde's traits for an object's fields (a struct's, a choice's struct), each named.
macro_rules! fields {
    ($($kind:ident),+) => {$(
        impl ser::$kind for Entries<'_> {
            type Ok = ();
            type Error = Unwritable;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Done {
                self.key(key);
                self.value(value)
            }
            fn end(self) -> Done {
                self.close()
            }
        }
    )+};
}

fields!(SerializeStruct, SerializeStructVariant);

/// Writes a map's key: text as it is; a number, a character or a choice's name as
/// text; anything else refused, as serde_json refuses it.
struct Key<'a>(&'a mut String);

impl Key<'_> {
    fn text(self, s: &str) -> Done {
        quoted(self.0, s);
        Ok(())
    }
    fn number(self, n: impl itoa::Integer) -> Done {
        self.0.push('"');
        integer(self.0, n);
        self.0.push('"');
        Ok(())
    }
}

impl ser::Serializer for Key<'_> {
    type Ok = ();
    type Error = Unwritable;
    type SerializeSeq = ser::Impossible<(), Unwritable>;
    type SerializeTuple = ser::Impossible<(), Unwritable>;
    type SerializeTupleStruct = ser::Impossible<(), Unwritable>;
    type SerializeTupleVariant = ser::Impossible<(), Unwritable>;
    type SerializeMap = ser::Impossible<(), Unwritable>;
    type SerializeStruct = ser::Impossible<(), Unwritable>;
    type SerializeStructVariant = ser::Impossible<(), Unwritable>;

    fn serialize_str(self, v: &str) -> Done {
        self.text(v)
    }
    fn serialize_char(self, v: char) -> Done {
        self.text(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        self.text(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_bool(self, v: bool) -> Done {
        self.text(if v { "true" } else { "false" })
    }
    integers!();
    fn serialize_f32(self, v: f32) -> Done {
        let mut buffer = zmij::Buffer::new();
        float(&mut buffer, v, v.is_finite()).map_or(Err(Unwritable), |t| self.text(t))
    }
    fn serialize_f64(self, v: f64) -> Done {
        let mut buffer = zmij::Buffer::new();
        float(&mut buffer, v, v.is_finite()).map_or(Err(Unwritable), |t| self.text(t))
    }
    fn serialize_bytes(self, _: &[u8]) -> Done {
        Err(Unwritable)
    }
    fn serialize_none(self) -> Done {
        Err(Unwritable)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Done {
        Err(Unwritable)
    }
    fn serialize_unit(self) -> Done {
        Err(Unwritable)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        Err(Unwritable)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Done {
        Err(Unwritable)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unwritable> {
        Err(Unwritable)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Unwritable> {
        Err(Unwritable)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Unwritable> {
        Err(Unwritable)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unwritable> {
        Err(Unwritable)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Unwritable> {
        Err(Unwritable)
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, Unwritable> {
        Err(Unwritable)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unwritable> {
        Err(Unwritable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    /// Written as serde_json writes it.
    fn same<T: Serialize + ?Sized>(value: &T) {
        let ours = json(value).expect("it writes");
        let theirs = serde_json::to_string(value).unwrap();
        assert_eq!(ours, theirs);
    }

    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Choice {
        Plain,
        Wrapped(i32),
        Pair(u8, String),
        Fields { a: bool, b: Option<f64> },
    }

    #[derive(Serialize)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    enum Tagged {
        Modifier { amount: i32 },
        Nothing,
    }

    #[derive(Serialize)]
    struct Inner {
        money: u32,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        rows: Vec<u8>,
    }

    #[derive(Serialize)]
    struct Outer {
        name: String,
        #[serde(flatten)]
        inner: Inner,
        #[serde(flatten)]
        kind: Tagged,
        tuple: (i8, char, ()),
        #[serde(with = "serde_bytes_as_list")]
        bytes: Vec<u8>,
        unit: Unit,
        newtype: Newtype,
        choices: Vec<Choice>,
        keys: BTreeMap<i64, bool>,
        chars: BTreeMap<char, Tagged>,
    }

    #[derive(Serialize)]
    struct Unit;

    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    struct Newtype(u128);

    /// A map as a list of pairs (floats have no order for a `BTreeMap`).
    struct Pairs<K, V>(Vec<(K, V)>);

    impl<K: Serialize, V: Serialize> Serialize for Pairs<K, V> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
        }
    }

    mod serde_bytes_as_list {
        pub fn serialize<S: serde::Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(b)
        }
    }

    #[test]
    fn text_is_escaped_as_serde_json_escapes_it() {
        let every_control: String = (0u8..0x20).map(char::from).collect();
        for s in [
            "",
            "Grumpa the Ogre",
            "quote \" and backslash \\ and slash /",
            &every_control,
            "\u{7f} é ∆ 😀 \u{2028}",
            "ends with a newline\n",
        ] {
            same(s);
        }
    }

    #[test]
    fn numbers_are_written_as_serde_json_writes_them() {
        for f in [
            0.0,
            -0.0,
            1.0,
            0.1,
            1e-5,
            1e-7,
            123456.789,
            1e15,
            1e16,
            1e21,
            1.7976931348623157e308,
            1_732_840_000_000.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            same(&f);
            same(&(f as f32));
        }
        same(&[i64::MIN, -1, 0, 1, i64::MAX]);
        same(&[u64::MAX]);
        same(&[i128::MIN]);
        same(&(i8::MIN, i16::MIN, i32::MIN, u8::MAX, u16::MAX, u32::MAX));
    }

    #[test]
    fn every_shape_is_written_as_serde_json_writes_it() {
        let outer = Outer {
            name: "Ro\"na".into(),
            inner: Inner {
                money: 12,
                rows: vec![],
            },
            kind: Tagged::Modifier { amount: -2 },
            tuple: (-3, 'x', ()),
            bytes: vec![0, 255],
            unit: Unit,
            newtype: Newtype(u128::MAX),
            choices: vec![
                Choice::Plain,
                Choice::Wrapped(7),
                Choice::Pair(1, "two".into()),
                Choice::Fields { a: true, b: None },
                Choice::Fields {
                    a: false,
                    b: Some(0.5),
                },
            ],
            keys: BTreeMap::from([(-1, true), (2, false)]),
            chars: BTreeMap::from([('a', Tagged::Nothing)]),
        };
        same(&outer);
        same(&Vec::<Outer>::new());
        same(&Some(Unit));
        same(&None::<Unit>);
        same(&json!({"a": [1, 2.5, null, {"b": "c"}], "": {}, "d": []}));
    }

    #[test]
    fn a_key_that_is_not_text_or_a_number_is_refused_as_serde_json_refuses_it() {
        let bad = BTreeMap::from([(vec![1], 2)]);
        assert!(json(&bad).is_err());
        assert!(serde_json::to_string(&bad).is_err());
        same(&BTreeMap::from([(Newtype(3), 1.5f32)]));
        same(&Pairs(vec![(0.1, 'a'), (-1e21, 'b')]));
        same(&Pairs(vec![(0.1f32, true)]));
        same(&Pairs(vec![(true, ()), (false, ())]));
        for refused in [f64::NAN, f64::INFINITY] {
            assert!(json(&Pairs(vec![(refused, 1)])).is_err());
            assert!(serde_json::to_string(&Pairs(vec![(refused, 1)])).is_err());
        }
    }
}
