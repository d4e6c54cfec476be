//! Parts of the saved document that only some pages read.
//!
//! Each page is its own wasm bundle (see `ui::pages`), and the code that reads, checks
//! and writes a part of the document ships with every page that links it. A part that
//! a page does not show (the Heimr sheet on a Symbaroum page, the Symbaroum family's
//! gear on a Heimr page) is therefore kept there as the saved text, untouched, and
//! written back byte for byte. A page that shows a part registers that part's
//! [`Codec`] at start-up (`model::advance::enable`, `model::heimr::enable`); only then
//! is the part read (and checked), and only then can it be changed.

use serde::de::DeserializeOwned;
use serde::de::Error as _;
use serde::ser::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use std::sync::Arc;

/// How a page reads (and checks) and writes one kind of part.
pub struct Codec<T> {
    pub read: fn(&str) -> Result<T, String>,
    pub write: fn(&T) -> Result<String, String>,
}

impl<T> Clone for Codec<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Codec<T> {}

/// A part whose saved form is its own serde shape, checked after reading.
pub trait Checked: Serialize + DeserializeOwned {
    fn check(&self) -> Result<(), String>;
}

/// The codec of a [`Checked`] part: JSON read, then checked; JSON written.
pub fn json_codec<T: Checked>() -> Codec<T> {
    Codec {
        read: |text| {
            let v: T = serde_json::from_str(text).map_err(|e| e.to_string())?;
            v.check()?;
            Ok(v)
        },
        write: |v| serde_json::to_string(v).map_err(|e| e.to_string()),
    }
}

/// A kind of part: where its page's codec is registered.
pub trait Stored: Clone + Sized + 'static {
    /// The codec this page (this thread, in tests) registered, if any.
    fn codec() -> Option<Codec<Self>>;
    /// Nothing worth saving (left out of the document).
    fn is_empty(&self) -> bool;
}

/// A part, read or kept as its saved text.
#[derive(Clone, Debug)]
pub enum Part<T> {
    Read(Arc<T>),
    Unread(Box<RawValue>),
}

impl<T: Stored> Part<T> {
    pub fn new(value: T) -> Self {
        Part::Read(Arc::new(value))
    }

    /// The part, if this page read it.
    pub fn get(&self) -> Option<&T> {
        match self {
            Part::Read(v) => Some(v),
            Part::Unread(_) => None,
        }
    }

    /// The part to change; None on a page without its codec (it could not save the
    /// change, and changing an unread part would lose what was saved).
    pub fn get_mut(&mut self) -> Option<&mut T> {
        match self {
            Part::Read(v) if T::codec().is_some() => Some(Arc::make_mut(v)),
            _ => None,
        }
    }

    pub fn is_empty(&self) -> bool {
        match self {
            Part::Read(v) => v.is_empty(),
            Part::Unread(_) => false,
        }
    }
}

impl<T: Stored> PartialEq for Part<T> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Part::Read(a), Part::Read(b)) => {
                Arc::ptr_eq(a, b)
                    || match T::codec() {
                        // Compared as written: no comparison code of its own to ship.
                        Some(c) => (c.write)(a).ok() == (c.write)(b).ok(),
                        // Without the codec nothing can change a read part.
                        None => a.is_empty() && b.is_empty(),
                    }
            }
            (Part::Unread(a), Part::Unread(b)) => a.get() == b.get(),
            _ => false,
        }
    }
}

/// Writes a read part with this page's codec (`what` names it when there is none).
pub fn write_read<T, S: Serializer>(
    codec: Option<Codec<T>>,
    v: &T,
    what: &str,
    s: S,
) -> Result<S::Ok, S::Error> {
    let c = codec.ok_or_else(|| S::Error::custom(format!("this page cannot save {what}")))?;
    let text = (c.write)(v).map_err(S::Error::custom)?;
    RawValue::from_string(text)
        .map_err(S::Error::custom)?
        .serialize(s)
}

impl<T: Stored> Serialize for Part<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Part::Unread(raw) => raw.serialize(s),
            Part::Read(v) => write_read(T::codec(), &**v, "it", s),
        }
    }
}

impl<'de, T: Stored> Deserialize<'de> for Part<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(d)?;
        match T::codec() {
            Some(c) => (c.read)(raw.get()).map(Part::new).map_err(D::Error::custom),
            None => Ok(Part::Unread(raw)),
        }
    }
}
