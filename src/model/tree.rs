//! Reads a document's typed parts from its JSON tree, answering each of serde's asks
//! one way only: a group of fields from an object (never from a list, as serde_json's
//! own reader of trees also allows), a field's name from text (never from bytes or a
//! number). A way never taken is code never built, for every type of the document:
//! the characters' reader is most of the documents' chunk.

use serde::de::{self, DeserializeSeed, Deserializer, Unexpected, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;

/// Why a tree did not read: serde's own words ("invalid type: string \"two\",
/// expected i32", "missing field `id`").
#[derive(Debug)]
pub struct ReadError(String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

impl de::Error for ReadError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        ReadError(msg.to_string())
    }

    fn invalid_type(unexp: Unexpected, exp: &dyn de::Expected) -> Self {
        ReadError(format!("invalid type: {}, expected {exp}", said(unexp)))
    }

    fn invalid_value(unexp: Unexpected, exp: &dyn de::Expected) -> Self {
        ReadError(format!("invalid value: {}, expected {exp}", said(unexp)))
    }
}

/// What was found, in serde's words; a number with a fraction written as JSON writes it
/// (the machine's own float formatting would be linked into the start path).
fn said(u: Unexpected) -> String {
    match u {
        Unexpected::Float(f) => match Number::from_f64(f) {
            Some(n) => format!("floating point `{n}`"),
            None => "floating point".into(),
        },
        Unexpected::Bool(b) => format!("boolean `{b}`"),
        Unexpected::Unsigned(n) => format!("integer `{n}`"),
        Unexpected::Signed(n) => format!("integer `{n}`"),
        Unexpected::Char(c) => format!("character `{c}`"),
        Unexpected::Str(s) => format!("string {s:?}"),
        Unexpected::Unit => "null".into(),
        Unexpected::Seq => "sequence".into(),
        Unexpected::Map => "map".into(),
        Unexpected::Other(s) => s.into(),
        _ => "a value of another kind".into(),
    }
}

/// A value of the tree, to be read as a `T: Deserialize`.
pub struct Tree<'a>(pub &'a Value);

fn unexpected(v: &Value) -> Unexpected<'_> {
    match v {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (_, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

impl<'a> Tree<'a> {
    fn wrong<'de, V: Visitor<'de>>(&self, visitor: &V) -> ReadError {
        de::Error::invalid_type(unexpected(self.0), visitor)
    }

    fn number<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Number(n) => visit_number(n, visitor),
            _ => Err(self.wrong(&visitor)),
        }
    }
}

fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, ReadError> {
    match (n.as_u64(), n.as_i64()) {
        (Some(u), _) => visitor.visit_u64(u),
        (_, Some(i)) => visitor.visit_i64(i),
        _ => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
    }
}

macro_rules! numbers {
    ($($name:ident)*) => {$(
        fn $name<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
            self.number(visitor)
        }
    )*};
}

impl<'de, 'a> Deserializer<'de> for Tree<'a> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_str(s),
            Value::Array(a) => visitor.visit_seq(Rows(a.iter())),
            Value::Object(m) => visitor.visit_map(Fields::new(m)),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Bool(b) => visitor.visit_bool(*b),
            _ => Err(self.wrong(&visitor)),
        }
    }

    numbers!(deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_f32 deserialize_f64);

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::String(s) => visitor.visit_str(s),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        Err(self.wrong(&visitor))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        Err(self.wrong(&visitor))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Array(a) => visitor.visit_seq(Rows(a.iter())),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Object(m) => visitor.visit_map(Fields::new(m)),
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::String(s) => visitor.visit_enum(Variant(s, None)),
            Value::Object(m) if m.len() == 1 => {
                let (name, value) = m.iter().next().expect("one entry");
                visitor.visit_enum(Variant(name, Some(value)))
            }
            _ => Err(self.wrong(&visitor)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_unit()
    }
}

/// The entries of a list.
struct Rows<'a>(std::slice::Iter<'a, Value>);

impl<'de, 'a> de::SeqAccess<'de> for Rows<'a> {
    type Error = ReadError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, ReadError> {
        self.0.next().map(|v| seed.deserialize(Tree(v))).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// The fields of an object.
struct Fields<'a> {
    entries: serde_json::map::Iter<'a>,
    value: Option<&'a Value>,
}

impl<'a> Fields<'a> {
    fn new(m: &'a Map<String, Value>) -> Self {
        Fields {
            entries: m.iter(),
            value: None,
        }
    }
}

impl<'de, 'a> de::MapAccess<'de> for Fields<'a> {
    type Error = ReadError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, ReadError> {
        match self.entries.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(Key(key)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, ReadError> {
        match self.value.take() {
            Some(v) => seed.deserialize(Tree(v)),
            None => Err(de::Error::custom("a value was read before its name")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An object's key: a field's name, or a map's key (text, a number or a choice written
/// as text).
struct Key<'a>(&'a str);

macro_rules! parsed_keys {
    ($($name:ident)*) => {$(
        fn $name<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
            match (self.0.parse::<u64>(), self.0.parse::<i64>()) {
                (Ok(u), _) => visitor.visit_u64(u),
                (_, Ok(i)) => visitor.visit_i64(i),
                _ => visitor.visit_str(self.0),
            }
        }
    )*};
}

impl<'de, 'a> Deserializer<'de> for Key<'a> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_str(self.0)
    }

    parsed_keys!(deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        visitor.visit_enum(Variant(self.0, None))
    }

    serde::forward_to_deserialize_any! {
        bool f32 f64 char str string bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

/// A choice: its name, and what it holds (none for a choice written as its name).
struct Variant<'a>(&'a str, Option<&'a Value>);

impl<'de, 'a> de::EnumAccess<'de> for Variant<'a> {
    type Error = ReadError;
    type Variant = Holds<'a>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Holds<'a>), ReadError> {
        Ok((seed.deserialize(Key(self.0))?, Holds(self.1)))
    }
}

/// What a choice holds.
struct Holds<'a>(Option<&'a Value>);

impl<'de, 'a> de::VariantAccess<'de> for Holds<'a> {
    type Error = ReadError;

    fn unit_variant(self) -> Result<(), ReadError> {
        match self.0 {
            None | Some(Value::Null) => Ok(()),
            Some(v) => Err(de::Error::invalid_type(
                unexpected(v),
                &"a choice with nothing in it",
            )),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, ReadError> {
        match self.0 {
            Some(v) => seed.deserialize(Tree(v)),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"a choice holding a value",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.0 {
            Some(v) => Tree(v).deserialize_seq(visitor),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &visitor)),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.0 {
            Some(v) => Tree(v).deserialize_map(visitor),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &visitor)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Row {
        id: u32,
        #[serde(default)]
        name: Option<String>,
        kind: Kind,
        #[serde(default)]
        counts: BTreeMap<u32, i32>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Plain,
        Held(u8),
    }

    fn read(v: serde_json::Value) -> Result<Row, String> {
        Row::deserialize(Tree(&v)).map_err(|e| e.to_string())
    }

    #[test]
    fn a_tree_reads_as_serde_json_s_own_reader_does() {
        let v = json!({"id": 3, "kind": {"held": 2}, "counts": {"7": -1}, "newer": [1]});
        assert_eq!(
            read(v.clone()),
            Ok(Row {
                id: 3,
                name: None,
                kind: Kind::Held(2),
                counts: BTreeMap::from([(7, -1)]),
            })
        );
        let theirs: Row = serde_json::from_value(v).unwrap();
        assert_eq!(
            read(json!({"id": 3, "kind": {"held": 2}, "counts": {"7": -1}})),
            Ok(theirs)
        );
        assert_eq!(
            read(json!({"id": 1, "kind": "plain", "name": null}))
                .unwrap()
                .kind,
            Kind::Plain
        );
    }

    #[test]
    fn what_does_not_fit_is_said_in_serde_s_words() {
        assert_eq!(
            read(json!({"id": "two", "kind": "plain"})),
            Err("invalid type: string \"two\", expected u32".into())
        );
        assert_eq!(
            read(json!({"id": 1.5, "kind": "plain"})),
            Err("invalid type: floating point `1.5`, expected u32".into())
        );
        assert_eq!(
            read(json!({"kind": "plain"})),
            Err("missing field `id`".into())
        );
        assert!(read(json!({"id": 1, "kind": "thrown"}))
            .unwrap_err()
            .starts_with("unknown variant `thrown`"));
        // A group of fields is read from an object only, never from a list.
        assert_eq!(
            read(json!([1, "plain"])),
            Err("invalid type: sequence, expected struct Row".into())
        );
    }
}
