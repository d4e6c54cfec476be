//! Reads a document's typed parts from its JSON tree, answering each of serde's asks
//! one way only: a group of fields from an object (never from a list, as serde_json's
//! own reader of trees also allows), a choice's name from text (never from bytes or a
//! number). A way never taken is code never built, for every type of the document:
//! the characters' reader is most of the documents' chunk.
//!
//! A struct's fields are looked up by the names serde lists for it and handed over in
//! the struct's order, as its values in a list would be: serde's code for a list of
//! values is about half the size of its code for an object's keys in any order, which
//! then is never built. A field the object lacks reads as serde reads a missing key:
//! its default, `None` for an `Option` (even where the whole's `Default` has a value
//! for it: none does), else "missing field `name`". So every field has one name (a
//! second, `#[serde(alias)]`, would shift the list), and a choice kept as a tag beside
//! its content is read through a struct of its own (serde reads it as a list of two,
//! which a choice without content would be short of): a test below refuses either.
//! An error carries the path to where it is, for `model::explain`.

use serde::de::{self, DeserializeSeed, Deserializer, Unexpected, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;

/// Why a tree did not read: serde's own words ("invalid type: string \"two\",
/// expected i32", "missing field `id`"), and where in the tree. Boxed: every read
/// value's `Result` carries one, and a pointer moves for less than its parts.
#[derive(Debug)]
pub struct ReadError(Box<Failure>);

#[derive(Debug)]
struct Failure {
    said: String,
    why: Why,
    /// The steps from the failing value out to the top of the tree.
    at: Vec<Step>,
}

/// One step into a tree: a field (or a map's key, or a choice's name), or an entry of
/// a list.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Field(String),
    Index(usize),
}

/// What the reader itself needs to tell apart among the errors.
#[derive(Debug, PartialEq)]
enum Why {
    Said,
    /// A struct ran out of fields: one it cannot do without is missing.
    Short,
    /// Not an error to show: the field asked for is not in the object.
    Absent,
}

impl ReadError {
    fn new(said: String, why: Why) -> Self {
        ReadError(Box::new(Failure {
            said,
            why,
            at: Vec::new(),
        }))
    }

    fn said(said: String) -> Self {
        ReadError::new(said, Why::Said)
    }

    /// The error, found inside `step`.
    fn at(mut self, step: Step) -> Self {
        self.0.at.push(step);
        self
    }

    fn at_field(self, name: &str) -> Self {
        self.at(Step::Field(name.to_string()))
    }

    /// Where the error is, from the top of the tree.
    pub fn path(&self) -> impl Iterator<Item = &Step> {
        self.0.at.iter().rev()
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.said)
    }
}

impl std::error::Error for ReadError {}

impl de::Error for ReadError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        ReadError::said(msg.to_string())
    }

    fn invalid_type(unexp: Unexpected, exp: &dyn de::Expected) -> Self {
        ReadError::said(format!("invalid type: {}, expected {exp}", said(unexp)))
    }

    fn invalid_value(unexp: Unexpected, exp: &dyn de::Expected) -> Self {
        ReadError::said(format!("invalid value: {}, expected {exp}", said(unexp)))
    }

    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Self {
        ReadError::new(format!("invalid length {len}, expected {exp}"), Why::Short)
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
            Value::Array(a) => visitor.visit_seq(Rows::new(a)),
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
            Value::Array(a) => visitor.visit_seq(Rows::new(a)),
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
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Object(m) => {
                let mut named = Named {
                    object: m,
                    names: fields.iter(),
                    absent: None,
                };
                visitor.visit_seq(&mut named).map_err(|e| named.said(e))
            }
            _ => Err(self.wrong(&visitor)),
        }
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
struct Rows<'a>(std::iter::Enumerate<std::slice::Iter<'a, Value>>);

impl<'a> Rows<'a> {
    fn new(list: &'a [Value]) -> Self {
        Rows(list.iter().enumerate())
    }
}

impl<'de, 'a> de::SeqAccess<'de> for Rows<'a> {
    type Error = ReadError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, ReadError> {
        match self.0.next() {
            Some((i, v)) => seed
                .deserialize(Tree(v))
                .map(Some)
                .map_err(|e| e.at(Step::Index(i))),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// A struct's fields, by the names serde lists for it, in its order.
struct Named<'a> {
    object: &'a Map<String, Value>,
    names: std::slice::Iter<'static, &'static str>,
    /// The field just asked for, when the object lacks it.
    absent: Option<&'static str>,
}

impl<'a> Named<'a> {
    /// The next field's name and value (none when the object lacks it); none when the
    /// struct has no more fields.
    fn next_field(&mut self) -> Option<(&'static str, Option<&'a Value>)> {
        let name = *self.names.next()?;
        let value = self.object.get(name);
        self.absent = value.is_none().then_some(name);
        Some((name, value))
    }

    /// A struct's error in serde's words for a map: a struct that ran out of fields at
    /// one the object lacks says it is missing.
    fn said(&self, e: ReadError) -> ReadError {
        match self.absent {
            Some(name) if e.0.why == Why::Short => de::Error::missing_field(name),
            _ => e,
        }
    }
}

impl<'de, 'a> de::SeqAccess<'de> for Named<'a> {
    type Error = ReadError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, ReadError> {
        match self.next_field() {
            None => Ok(None),
            Some((name, Some(v))) => seed
                .deserialize(Tree(v))
                .map(Some)
                .map_err(|e| e.at_field(name)),
            Some((_, None)) => match seed.deserialize(Absent) {
                Ok(none) => Ok(Some(none)),
                Err(e) if e.0.why == Why::Absent => Ok(None),
                Err(e) => Err(e),
            },
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.names.len())
    }
}

/// A field the object lacks: `None` to an `Option`, and to anything else no value,
/// so that serde takes the field's default or says it is missing.
struct Absent;

impl<'de> Deserializer<'de> for Absent {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, ReadError> {
        Err(ReadError::new(String::new(), Why::Absent))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// The fields of an object.
struct Fields<'a> {
    entries: serde_json::map::Iter<'a>,
    value: Option<(&'a str, &'a Value)>,
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
                self.value = Some((key, value));
                seed.deserialize(Key(key))
                    .map(Some)
                    .map_err(|e| e.at_field(key))
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, ReadError> {
        match self.value.take() {
            Some((key, v)) => seed.deserialize(Tree(v)).map_err(|e| e.at_field(key)),
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
        let Variant(name, held) = self;
        Ok((seed.deserialize(Key(name))?, Holds { name, held }))
    }
}

/// What a choice holds: for a choice written as `{"name": value}`, its value, and an
/// error in it is found under the choice's name.
struct Holds<'a> {
    name: &'a str,
    held: Option<&'a Value>,
}

impl<'a> Holds<'a> {
    fn read<T>(&self, value: Result<T, ReadError>) -> Result<T, ReadError> {
        value.map_err(|e| e.at_field(self.name))
    }
}

impl<'de, 'a> de::VariantAccess<'de> for Holds<'a> {
    type Error = ReadError;

    fn unit_variant(self) -> Result<(), ReadError> {
        match self.held {
            None | Some(Value::Null) => Ok(()),
            Some(v) => self.read(Err(de::Error::invalid_type(
                unexpected(v),
                &"a choice with nothing in it",
            ))),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, ReadError> {
        match self.held {
            Some(v) => self.read(seed.deserialize(Tree(v))),
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
        match self.held {
            Some(v) => self.read(Tree(v).deserialize_seq(visitor)),
            None => Err(de::Error::invalid_type(Unexpected::UnitVariant, &visitor)),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.held {
            Some(v) => self.read(Tree(v).deserialize_struct("", fields, visitor)),
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

    /// Fields a newer or older version may leave out, each way serde fills one in.
    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(default)]
    struct Gear {
        name: String,
        count: u32,
        #[serde(default = "three")]
        slots: u32,
        note: Option<String>,
        #[serde(skip)]
        seen: bool,
        worn: Worn,
        stat: Stat,
    }

    impl Default for Gear {
        fn default() -> Self {
            Gear {
                name: "Rope".into(),
                count: 1,
                slots: 1,
                // An `Option` left out reads as `None` here, where serde_json would
                // take the whole's default (the reader cannot tell the two apart): no
                // document's `Default` gives an `Option` a value.
                note: None,
                seen: true,
                worn: Worn::Stowed,
                stat: Stat::Defense,
            }
        }
    }

    fn three() -> u32 {
        3
    }

    #[derive(Debug, Default, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Worn {
        #[default]
        Stowed,
        On {
            slot: String,
            #[serde(default)]
            hidden: bool,
        },
    }

    use crate::rules::symbaroum::success::Stat;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Bare {
        note: Option<String>,
        list: Vec<Gear>,
    }

    #[test]
    fn a_field_left_out_reads_as_its_default_as_serde_json_reads_it() {
        let gear = |v: serde_json::Value| Gear::deserialize(Tree(&v)).unwrap();
        let theirs = |v: serde_json::Value| serde_json::from_value::<Gear>(v).unwrap();
        for v in [
            json!({}),
            json!({"name": "Lamp", "count": 2, "seen": false}),
            json!({"worn": {"on": {"slot": "belt"}}, "stat": {"kind": "attr", "attr": "might"}}),
            json!({"note": null, "stat": {"kind": "defense"}, "slots": 5}),
        ] {
            assert_eq!(gear(v.clone()), theirs(v));
        }
        let g = gear(json!({"count": 4}));
        assert_eq!((g.name.as_str(), g.count, g.slots), ("Rope", 4, 3));
        assert!(g.seen, "a field never read takes the whole's default");
        assert_eq!(
            Bare::deserialize(Tree(&json!({"list": []}))).unwrap(),
            Bare {
                note: None,
                list: vec![]
            }
        );
        assert_eq!(
            Bare::deserialize(Tree(&json!({"note": "x"})))
                .unwrap_err()
                .to_string(),
            "missing field `list`"
        );
        assert_eq!(
            Worn::deserialize(Tree(&json!({"on": {"hidden": true}})))
                .unwrap_err()
                .to_string(),
            "missing field `slot`"
        );
    }

    fn path(e: &ReadError) -> Vec<Step> {
        e.path().cloned().collect()
    }

    #[test]
    fn an_error_carries_where_it_is() {
        let v = json!({"list": [{}, {"worn": {"on": {"slot": 3}}}]});
        let e = Bare::deserialize(Tree(&v)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid type: integer `3`, expected a string"
        );
        let f = |s: &str| Step::Field(s.into());
        assert_eq!(
            path(&e),
            [f("list"), Step::Index(1), f("worn"), f("on"), f("slot")]
        );
        let e = Row::deserialize(Tree(&json!({"id": 1, "kind": "plain", "counts": {"x": 1}})))
            .unwrap_err();
        assert_eq!(path(&e), [f("counts"), f("x")]);
        let e = Row::deserialize(Tree(&json!({"kind": "plain"}))).unwrap_err();
        assert_eq!(
            path(&e),
            [],
            "a missing field is said of the group it is missing from"
        );
    }

    /// Fields are read by their names in the order serde lists them; a second name for
    /// a field would shift that list, so no type of the documents may have one. A choice
    /// kept as a tag beside its content (`#[serde(tag, content)]`) is read as two
    /// fields, and one without content would read as missing it: such a choice is read
    /// through a struct of its own (`try_from`), as `Target` and `Stat` are.
    #[test]
    fn no_field_of_a_document_has_a_second_name_or_a_content_beside_its_tag() {
        fn look(dir: &std::path::Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    look(&path, found);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let attributes = text.split("#[serde(").skip(1);
                    let read_as_written = |a: &&str| {
                        let a = a.split(")]").next().unwrap_or("");
                        a.contains(concat!("alias", " ="))
                            || (a.contains(concat!("content", " =")) && !a.contains("from"))
                    };
                    if attributes.clone().any(|a| read_as_written(&a)) {
                        found.push(path.display().to_string());
                    }
                }
            }
        }
        let mut found = Vec::new();
        look(
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            &mut found,
        );
        assert_eq!(
            found,
            Vec::<String>::new(),
            "a field with a second name, or a choice with its content beside its tag"
        );
    }
}
