//! Documents kept one per key beside the characters (campaign packs, game masters'
//! tables): `<prefix><id>` holds the version this browser has. Written against
//! [`Backend`] like the character store, so its logic is tested natively.
//!
//! - A document that cannot be read is set aside under `<quarantine prefix><id>` with
//!   its text kept byte for byte, never deleted.
//! - A deleted one waits under `<trash prefix><id>` while its Undo is offered.
//! - The crash-safe copy (`storage::mirror`'s records) is compared at start-up
//!   ([`reconcile`]).
//! - Two tabs editing one document: each write names the version it was written over,
//!   so a write that crossed this tab's own is merged field by field and row by row
//!   ([`DocTab::heard`]).

use super::mirror::Record;
use super::{Backend, StoreError};

/// A document kept by [`DocStore`].
pub trait Document: Clone + PartialEq + Sized {
    /// `sheetwright.pack.`, `sheetwright.table.` …
    const PREFIX: &'static str;
    const QUARANTINE_PREFIX: &'static str;
    const TRASH_PREFIX: &'static str;
    type Refusal: std::fmt::Display;

    fn id(&self) -> &str;
    fn name(&self) -> &str;
    /// When this browser last wrote it (ms since 1970).
    fn updated(&self) -> f64;
    fn set_updated(&mut self, now: f64);
    /// A stored text: the document, and the version it was written over.
    fn read_stored(text: &str) -> Result<(Self, Option<f64>), Self::Refusal>;
    /// Its text, naming the version it is written over.
    fn text_over(&self, over: Option<f64>) -> String;
    /// Two tabs' versions of it merged against the last both saw: the document and the
    /// fields both changed; `None` when the merge would not read as one.
    fn merge(base: &Self, ours: &Self, theirs: &Self) -> Option<(Self, Vec<String>)>;
}

/// Whether two versions hold the same, whenever each was written.
pub fn same<D: Document>(a: &D, b: &D) -> bool {
    let mut b = b.clone();
    b.set_updated(a.updated());
    *a == b
}

/// What a start-up read found.
#[derive(Debug)]
pub struct LoadedDocs<D> {
    /// By name, then id.
    pub docs: Vec<D>,
    /// Every document set aside, as (its quarantine key, its text, why).
    pub quarantined: Vec<(String, String, String)>,
    /// Documents that could not be read and not be set aside either (the store is
    /// full): left in place, untouched.
    pub stuck: Vec<String>,
}

impl<D> Default for LoadedDocs<D> {
    fn default() -> Self {
        LoadedDocs {
            docs: Vec::new(),
            quarantined: Vec::new(),
            stuck: Vec::new(),
        }
    }
}

/// The store of one kind of document.
pub struct DocStore<D, B: Backend> {
    pub backend: B,
    kind: std::marker::PhantomData<D>,
}

impl<D: Document, B: Backend> DocStore<D, B> {
    pub fn new(backend: B) -> Self {
        DocStore {
            backend,
            kind: std::marker::PhantomData,
        }
    }

    pub fn key(id: &str) -> String {
        format!("{}{id}", D::PREFIX)
    }

    /// Reads every stored document. One that cannot be read (or names another id than
    /// its key's) is copied aside, and only then removed.
    pub fn load_all(&mut self) -> LoadedDocs<D> {
        let mut out = LoadedDocs::default();
        let mut keys = self.backend.keys();
        crate::order::sort(&mut keys);
        for key in &keys {
            let Some(id) = key.strip_prefix(D::PREFIX) else {
                continue;
            };
            let Some(text) = self.backend.get(key) else {
                continue;
            };
            let why = if !self.backend.well_formed(key) {
                "its text holds characters that are not valid Unicode".to_string()
            } else {
                match D::read_stored(&text) {
                    Ok((d, _)) if d.id() == id => {
                        out.docs.push(d);
                        continue;
                    }
                    Ok((d, _)) => format!("it names id {} but is stored under another", d.id()),
                    Err(r) => r.to_string(),
                }
            };
            self.set_aside(key, id, &text, why, &mut out);
        }
        for key in self.backend.keys() {
            if key.starts_with(D::QUARANTINE_PREFIX) && !out.quarantined.iter().any(|q| q.0 == key)
            {
                if let Some(text) = self.backend.get(&key) {
                    let why = D::read_stored(&text)
                        .err()
                        .map(|r| r.to_string())
                        .unwrap_or_else(|| "set aside earlier".into());
                    out.quarantined.push((key, text, why));
                }
            }
        }
        crate::order::sort(&mut out.quarantined);
        crate::order::sort_by(&mut out.docs, |a, b| {
            a.name()
                .to_lowercase()
                .cmp(&b.name().to_lowercase())
                .then(a.id().cmp(b.id()))
        });
        out
    }

    fn set_aside(&mut self, key: &str, id: &str, text: &str, why: String, out: &mut LoadedDocs<D>) {
        let mut aside = format!("{}{id}", D::QUARANTINE_PREFIX);
        let mut n = 2;
        while self.backend.get(&aside).is_some_and(|old| old != text) {
            aside = format!("{}{id}.{n}", D::QUARANTINE_PREFIX);
            n += 1;
        }
        match self.backend.copy(key, &aside) {
            Ok(()) => {
                self.backend.remove(key);
                out.quarantined.push((aside, text.to_string(), why));
            }
            Err(_) => out.stuck.push(key.to_string()),
        }
    }

    /// Every stored document that reads, changing nothing.
    pub fn readable(&self) -> Vec<D> {
        let mut keys = self.backend.keys();
        crate::order::sort(&mut keys);
        keys.iter()
            .filter_map(|k| self.read(k.strip_prefix(D::PREFIX)?))
            .collect()
    }

    /// The stored version of a document.
    pub fn read(&self, id: &str) -> Option<D> {
        self.read_over(id).map(|r| r.0)
    }

    /// The stored version of a document, and the version it was written over.
    pub fn read_over(&self, id: &str) -> Option<(D, Option<f64>)> {
        let text = self.backend.get(&Self::key(id))?;
        D::read_stored(&text).ok().filter(|r| r.0.id() == id)
    }

    /// Writes a document, unless the store holds exactly this text already.
    pub fn save(&mut self, d: &D) -> Result<(), StoreError> {
        self.save_over(d, None)
    }

    /// [`DocStore::save`], naming the version it is written over (its `updated`).
    pub fn save_over(&mut self, d: &D, over: Option<f64>) -> Result<(), StoreError> {
        let text = d.text_over(over);
        let key = Self::key(d.id());
        if self.backend.get(&key).as_deref() == Some(text.as_str()) {
            return Ok(());
        }
        self.backend.set(&key, &text)
    }

    /// Deletes a document into the trash, from where [`DocStore::restore`] brings it
    /// back. An error means the trash copy could not be written; it is then kept.
    pub fn trash(&mut self, id: &str) -> Result<(), StoreError> {
        let key = Self::key(id);
        self.backend
            .copy(&key, &format!("{}{id}", D::TRASH_PREFIX))?;
        self.backend.remove(&key);
        Ok(())
    }

    /// Undoes [`DocStore::trash`]. The document comes back written `now`, later than
    /// its removal, so the crash-safe copy's comparison keeps it.
    pub fn restore(&mut self, id: &str, now: f64) -> Result<(), StoreError> {
        let trash = format!("{}{id}", D::TRASH_PREFIX);
        match self
            .backend
            .get(&trash)
            .and_then(|t| D::read_stored(&t).ok())
        {
            Some((mut d, _)) => {
                d.set_updated(now);
                self.save(&d)?;
            }
            None => self.backend.copy(&trash, &Self::key(id))?,
        }
        self.backend.remove(&trash);
        Ok(())
    }

    /// Empties the trash once no Undo is offered.
    pub fn purge_trash(&mut self) {
        for key in self.backend.keys() {
            if key.starts_with(D::TRASH_PREFIX) {
                self.backend.remove(&key);
            }
        }
    }
}

/// What the start-up comparison with the crash-safe copy changes (as
/// `mirror::reconcile` does for characters).
#[derive(Clone, Debug, PartialEq)]
pub enum Fix<D> {
    /// The copy holds a later version (or the only one): put it back.
    Restore(Box<D>),
    /// The document was removed after this version was written, and the removal did
    /// not reach the disk: remove it again.
    Remove(String),
    /// The copy lacks this document or holds an older version: copy it over.
    Copy {
        key: String,
        value: String,
        time: f64,
    },
}

/// What to take from the crash-safe copy (`records`: every record, the characters'
/// too), given the documents read from localStorage (`here`). A document's `updated`
/// is when this browser last wrote it. A copy that cannot be read, or that names
/// another id, is ignored: it never overwrites anything.
pub fn reconcile<D: Document>(here: &[D], records: &[Record]) -> Vec<Fix<D>> {
    let copies: Vec<(&str, Result<D, f64>)> = records
        .iter()
        .filter_map(|r| {
            let id = r.key.strip_prefix(D::PREFIX)?;
            let copy = match &r.value {
                Some(text) => Ok(D::read_stored(text)
                    .ok()
                    .map(|r| r.0)
                    .filter(|d| d.id() == id)?),
                None => Err(r.time),
            };
            Some((id, copy))
        })
        .collect();
    let mut fixes = Vec::new();
    for d in here {
        let covered = copies.iter().any(|(id, copy)| {
            *id == d.id()
                && match copy {
                    Ok(saved) => saved.updated() >= d.updated(),
                    Err(removed) => *removed > d.updated(),
                }
        });
        if !covered {
            fixes.push(Fix::Copy {
                key: format!("{}{}", D::PREFIX, d.id()),
                value: d.text_over(None),
                time: d.updated(),
            });
        }
    }
    for (id, copy) in copies {
        let mine = here.iter().find(|d| d.id() == id);
        match copy {
            Ok(saved) if mine.is_none_or(|m| saved.updated() > m.updated()) => {
                fixes.push(Fix::Restore(Box::new(saved)))
            }
            Err(removed) if mine.is_some_and(|m| m.updated() < removed) => {
                fixes.push(Fix::Remove(id.to_string()))
            }
            _ => {}
        }
    }
    fixes
}

/// What another tab's write of the document being edited here means.
#[derive(Clone, Debug, PartialEq)]
pub enum Remote<D> {
    /// Nothing this tab does not show already.
    Same,
    /// Written over the version this tab has: show it (it is that tab's edit).
    Take(D),
    /// The two tabs' writes crossed (each made over the version before the other's):
    /// both edits, merged field by field and row by row; to be shown and written back
    /// over the other's. `conflicts` are the fields both changed (the later edit kept).
    Merged { doc: D, conflicts: Vec<String> },
}

/// A tab's bookkeeping for the document it edits: the last versions known to be in
/// the store (read, written here, or announced by another tab), newest last.
#[derive(Clone, Debug)]
pub struct DocTab<D> {
    known: Vec<D>,
}

/// How many versions are remembered: crossing writes are milliseconds apart.
const KNOWN_MAX: usize = 8;

impl<D: Document> DocTab<D> {
    pub fn new(d: &D) -> DocTab<D> {
        DocTab {
            known: vec![d.clone()],
        }
    }

    /// What this tab's next write is written over (the newest version it knows).
    pub fn over(&self) -> Option<f64> {
        self.known.last().map(D::updated)
    }

    /// `d` is in the store now (written here or there).
    pub fn learn(&mut self, d: &D) {
        if self.known.len() == KNOWN_MAX {
            self.known.remove(0);
        }
        self.known.push(d.clone());
    }

    /// Another tab wrote `theirs` over the version `over`, while this tab shows
    /// `ours`.
    pub fn heard(&mut self, ours: &D, theirs: D, over: Option<f64>) -> Remote<D> {
        let crossed = over.filter(|o| Some(*o) != self.over());
        let base =
            crossed.and_then(|o| self.known.iter().rev().find(|d| d.updated() == o).cloned());
        self.learn(&theirs);
        if *ours == theirs {
            return Remote::Same;
        }
        match base.and_then(|b| D::merge(&b, ours, &theirs)) {
            Some((doc, conflicts)) if !same(&doc, &theirs) => Remote::Merged { doc, conflicts },
            _ => Remote::Take(theirs),
        }
    }
}
