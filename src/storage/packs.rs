//! Where campaign packs are kept (issue #32): one key per pack,
//! `sheetwright.pack.<id>`, holding the version this browser has. Written against
//! [`Backend`] like the character store, so its logic is tested natively. A pack
//! that cannot be read is set aside under `sheetwright.pack-quarantine.<id>` with its
//! text kept byte for byte, never deleted; a deleted pack waits in
//! `sheetwright.pack-trash.<id>` while its Undo is offered.
//!
//! Nothing from outside becomes a pack here without the player's say-so: an import
//! or a link is first read ([`crate::model::pack::read`]) and described
//! ([`PackStore::offer`]); only the player's answer calls [`PackStore::save`].

use super::mirror::Record;
use super::{Backend, StoreError};
use crate::model::pack::edit::merge_packs;
use crate::model::pack::read::{read_pack, Refusal};
use crate::model::pack::Pack;

/// The field a stored pack's text carries beside the pack: the `updated` of the
/// version it was written over, so another tab can tell a write that crossed its own
/// from one made after it. Reading takes it out of the pack.
const SAVED_OVER: &str = "saved_over";

/// Reads a stored pack's text: the pack, and what it was written over.
fn read_stored(text: &str) -> Result<(Pack, Option<f64>), Refusal> {
    let mut p = read_pack(text)?;
    let over = p.unknown.remove(SAVED_OVER).and_then(|v| v.as_f64());
    Ok((p, over))
}

/// One key per pack: `sheetwright.pack.<id>`.
pub const PACK_PREFIX: &str = "sheetwright.pack.";
/// Packs that could not be read: `sheetwright.pack-quarantine.<id>` (numbered
/// `.2`, `.3` … when one is there already with other text).
pub const PACK_QUARANTINE_PREFIX: &str = "sheetwright.pack-quarantine.";
/// A deleted pack, while its Undo is offered: `sheetwright.pack-trash.<id>`.
pub const PACK_TRASH_PREFIX: &str = "sheetwright.pack-trash.";

/// What adding a pack that arrived (a file, a link) would do, for the question
/// before anything is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offer {
    /// This browser has no pack with its id.
    New,
    /// It has an older version of it: the new one replaces it.
    Newer { have: u32 },
    /// It has exactly this.
    Same,
    /// It has a newer version: the one that arrived is older.
    Older { have: u32 },
    /// It has this version number with other contents (edited on both sides).
    Differs,
}

/// Whether two packs hold the same, whenever each was written.
fn same(a: &Pack, b: &Pack) -> bool {
    let mut b = b.clone();
    b.updated = a.updated;
    *a == b
}

/// What a start-up read of the packs found.
#[derive(Debug, Default)]
pub struct LoadedPacks {
    /// By name, then id.
    pub packs: Vec<Pack>,
    /// Every pack set aside, as (its quarantine key, its text, why).
    pub quarantined: Vec<(String, String, String)>,
    /// Packs that could not be read and not be set aside either (the store is full):
    /// left in place, untouched.
    pub stuck: Vec<String>,
}

/// What the packs page's start-up comparison with the crash-safe copy changes (as
/// `mirror::reconcile` does for characters).
#[derive(Clone, Debug, PartialEq)]
pub enum PackFix {
    /// The copy holds a later version (or the only one): put it back.
    Restore(Box<Pack>),
    /// The pack was removed after this version was written, and the removal did not
    /// reach the disk: remove it again.
    Remove(String),
    /// The copy lacks this pack or holds an older version: copy it over.
    Copy {
        key: String,
        value: String,
        time: f64,
    },
}

/// What to take from the crash-safe copy (`records`: every record, the characters'
/// too), given the packs read from localStorage (`here`). A pack's `updated` is when
/// this browser last wrote it. A copy that cannot be read, or that names another id,
/// is ignored: it never overwrites anything.
pub fn reconcile(here: &[Pack], records: &[Record]) -> Vec<PackFix> {
    let copies: Vec<(&str, Result<Pack, f64>)> = records
        .iter()
        .filter_map(|r| {
            let id = r.key.strip_prefix(PACK_PREFIX)?;
            let copy = match &r.value {
                Some(text) => Ok(read_stored(text).ok().map(|r| r.0).filter(|p| p.id == id)?),
                None => Err(r.time),
            };
            Some((id, copy))
        })
        .collect();
    let mut fixes = Vec::new();
    for p in here {
        let covered = copies.iter().any(|(id, copy)| {
            *id == p.id
                && match copy {
                    Ok(saved) => saved.updated >= p.updated,
                    Err(removed) => *removed > p.updated,
                }
        });
        if !covered {
            fixes.push(PackFix::Copy {
                key: PackStore::<super::MemoryBackend>::key(&p.id),
                value: p.to_text(),
                time: p.updated,
            });
        }
    }
    for (id, copy) in copies {
        let mine = here.iter().find(|p| p.id == id);
        match copy {
            Ok(saved) if mine.is_none_or(|m| saved.updated > m.updated) => {
                fixes.push(PackFix::Restore(Box::new(saved)))
            }
            Err(removed) if mine.is_some_and(|m| m.updated < removed) => {
                fixes.push(PackFix::Remove(id.to_string()))
            }
            _ => {}
        }
    }
    fixes
}

/// What another tab's write of the pack being edited here means.
#[derive(Clone, Debug, PartialEq)]
pub enum PackRemote {
    /// Nothing this tab does not show already.
    Same,
    /// Written over the version this tab has: show it (it is that tab's edit).
    Take(Pack),
    /// The two tabs' writes crossed (each made over the version before the other's):
    /// both edits, merged field by field and entry by entry; to be shown and written
    /// back over the other's. `conflicts` are the fields both changed (the later edit
    /// kept).
    Merged { pack: Pack, conflicts: Vec<String> },
}

/// A tab's bookkeeping for the pack it edits: the last versions known to be in the
/// store (read, written here, or announced by another tab), newest last.
#[derive(Clone, Debug, Default)]
pub struct PackTab {
    known: Vec<Pack>,
}

/// How many versions are remembered: crossing writes are milliseconds apart.
const PACK_KNOWN_MAX: usize = 8;

impl PackTab {
    pub fn new(p: &Pack) -> PackTab {
        PackTab {
            known: vec![p.clone()],
        }
    }

    /// What this tab's next write is written over (the newest version it knows).
    pub fn over(&self) -> Option<f64> {
        self.known.last().map(|p| p.updated)
    }

    /// `p` is in the store now (written here or there).
    pub fn learn(&mut self, p: &Pack) {
        if self.known.len() == PACK_KNOWN_MAX {
            self.known.remove(0);
        }
        self.known.push(p.clone());
    }

    /// Another tab wrote `theirs` over the version `over`, while this tab shows
    /// `ours`.
    pub fn heard(&mut self, ours: &Pack, theirs: Pack, over: Option<f64>) -> PackRemote {
        let crossed = over.filter(|o| Some(*o) != self.over());
        let base = crossed.and_then(|o| self.known.iter().rev().find(|p| p.updated == o).cloned());
        self.learn(&theirs);
        if *ours == theirs {
            return PackRemote::Same;
        }
        match base.and_then(|b| merge_packs(&b, ours, &theirs)) {
            Some((pack, conflicts)) if !same(&pack, &theirs) => {
                PackRemote::Merged { pack, conflicts }
            }
            _ => PackRemote::Take(theirs),
        }
    }
}

/// The pack store.
pub struct PackStore<B: Backend> {
    pub backend: B,
}

impl<B: Backend> PackStore<B> {
    pub fn new(backend: B) -> Self {
        PackStore { backend }
    }

    pub fn key(id: &str) -> String {
        format!("{PACK_PREFIX}{id}")
    }

    /// Reads every stored pack. One that cannot be read (or names another id than
    /// its key's) is copied aside, and only then removed.
    pub fn load_all(&mut self) -> LoadedPacks {
        let mut out = LoadedPacks::default();
        let mut keys = self.backend.keys();
        keys.sort_unstable(); // unique keys: the same order, in less code
        for key in &keys {
            let Some(id) = key.strip_prefix(PACK_PREFIX) else {
                continue;
            };
            let Some(text) = self.backend.get(key) else {
                continue;
            };
            let why = if !self.backend.well_formed(key) {
                "its text holds characters that are not valid Unicode".to_string()
            } else {
                match read_stored(&text) {
                    Ok((p, _)) if p.id == id => {
                        out.packs.push(p);
                        continue;
                    }
                    Ok((p, _)) => format!("it names id {} but is stored under another", p.id),
                    Err(r) => r.to_string(),
                }
            };
            self.set_aside(key, id, &text, why, &mut out);
        }
        for key in self.backend.keys() {
            if key.starts_with(PACK_QUARANTINE_PREFIX)
                && !out.quarantined.iter().any(|q| q.0 == key)
            {
                if let Some(text) = self.backend.get(&key) {
                    let why = read_pack(&text)
                        .err()
                        .map(|r| r.to_string())
                        .unwrap_or_else(|| "set aside earlier".into());
                    out.quarantined.push((key, text, why));
                }
            }
        }
        out.quarantined.sort_unstable();
        out.packs.sort_by(|a, b| {
            a.name
                .to_lowercase()
                .cmp(&b.name.to_lowercase())
                .then(a.id.cmp(&b.id))
        });
        out
    }

    fn set_aside(&mut self, key: &str, id: &str, text: &str, why: String, out: &mut LoadedPacks) {
        let mut aside = format!("{PACK_QUARANTINE_PREFIX}{id}");
        let mut n = 2;
        while self.backend.get(&aside).is_some_and(|old| old != text) {
            aside = format!("{PACK_QUARANTINE_PREFIX}{id}.{n}");
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

    /// Every stored pack that reads, changing nothing (a sheet's add forms read them;
    /// the packs page sets aside what does not read).
    pub fn readable(&self) -> Vec<Pack> {
        let mut keys = self.backend.keys();
        keys.sort_unstable(); // unique keys: the same order, in less code
        keys.iter()
            .filter_map(|k| self.read(k.strip_prefix(PACK_PREFIX)?))
            .collect()
    }

    /// The stored version of a pack.
    pub fn read(&self, id: &str) -> Option<Pack> {
        self.read_over(id).map(|r| r.0)
    }

    /// The stored version of a pack, and the version it was written over.
    pub fn read_over(&self, id: &str) -> Option<(Pack, Option<f64>)> {
        let text = self.backend.get(&Self::key(id))?;
        read_stored(&text).ok().filter(|r| r.0.id == id)
    }

    /// What storing `incoming` would do.
    pub fn offer(&self, incoming: &Pack) -> Offer {
        let Some(have) = self.read(&incoming.id) else {
            return Offer::New;
        };
        match incoming.version.cmp(&have.version) {
            std::cmp::Ordering::Greater => Offer::Newer { have: have.version },
            std::cmp::Ordering::Less => Offer::Older { have: have.version },
            // When this browser wrote it is not part of what it holds.
            std::cmp::Ordering::Equal if same(&have, incoming) => Offer::Same,
            std::cmp::Ordering::Equal => Offer::Differs,
        }
    }

    /// Writes a pack (the player's answer, or the editor's change), unless the store
    /// holds exactly this text already.
    pub fn save(&mut self, p: &Pack) -> Result<(), StoreError> {
        self.save_over(p, None)
    }

    /// [`PackStore::save`], naming the version it is written over (its `updated`).
    pub fn save_over(&mut self, p: &Pack, over: Option<f64>) -> Result<(), StoreError> {
        let text = match over {
            Some(t) => {
                let mut p = p.clone();
                p.unknown.insert(SAVED_OVER.into(), t.into());
                p.to_text()
            }
            None => p.to_text(),
        };
        let key = Self::key(&p.id);
        if self.backend.get(&key).as_deref() == Some(text.as_str()) {
            return Ok(());
        }
        self.backend.set(&key, &text)
    }

    /// Deletes a pack into the trash, from where [`PackStore::restore`] brings it back.
    /// An error means the trash copy could not be written; the pack is then kept.
    pub fn trash(&mut self, id: &str) -> Result<(), StoreError> {
        let key = Self::key(id);
        self.backend
            .copy(&key, &format!("{PACK_TRASH_PREFIX}{id}"))?;
        self.backend.remove(&key);
        Ok(())
    }

    /// Undoes [`PackStore::trash`]. The pack comes back written `now`, later than its
    /// removal, so the crash-safe copy's comparison keeps it.
    pub fn restore(&mut self, id: &str, now: f64) -> Result<(), StoreError> {
        let trash = format!("{PACK_TRASH_PREFIX}{id}");
        match self.backend.get(&trash).and_then(|t| read_pack(&t).ok()) {
            Some(mut p) => {
                p.updated = now;
                self.save(&p)?;
            }
            None => self.backend.copy(&trash, &Self::key(id))?,
        }
        self.backend.remove(&trash);
        Ok(())
    }

    /// Empties the trash once no Undo is offered.
    pub fn purge_trash(&mut self) {
        for key in self.backend.keys() {
            if key.starts_with(PACK_TRASH_PREFIX) {
                self.backend.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pack::{AbilityEntry, Family};
    use crate::rules::symbaroum::experience::AbilityKind;
    use crate::storage::MemoryBackend;

    fn pack(id: &str, name: &str, version: u32) -> Pack {
        let mut p = Pack::new(id.into(), name, Family::Symbaroum, 1.0);
        p.version = version;
        p.abilities
            .push(AbilityEntry::new(1, "Iron Hide", AbilityKind::Trait));
        p
    }

    fn store() -> PackStore<MemoryBackend> {
        PackStore::new(MemoryBackend::default())
    }

    /// One tab editing the pack "p": what it shows, and its bookkeeping.
    struct Tab {
        shown: Pack,
        tab: PackTab,
    }

    impl Tab {
        fn open(s: &PackStore<MemoryBackend>) -> Tab {
            let shown = s.read("p").unwrap();
            Tab {
                tab: PackTab::new(&shown),
                shown,
            }
        }

        /// An edit, written at once as the editor writes it.
        fn edit(&mut self, s: &mut PackStore<MemoryBackend>, at: f64, change: impl Fn(&mut Pack)) {
            change(&mut self.shown);
            self.shown.updated = at;
            s.save_over(&self.shown, self.tab.over()).unwrap();
            self.tab.learn(&self.shown);
        }

        /// The other tab's write arrives (its text, as the storage event carries it).
        fn hear(
            &mut self,
            s: &mut PackStore<MemoryBackend>,
            text: &str,
            at: f64,
        ) -> Option<String> {
            let (theirs, over) = read_stored(text).unwrap();
            match self.tab.heard(&self.shown, theirs, over) {
                PackRemote::Same => None,
                PackRemote::Take(p) => {
                    self.shown = p;
                    None
                }
                PackRemote::Merged { pack, .. } => {
                    self.shown = pack;
                    self.shown.updated = at;
                    s.save_over(&self.shown, self.tab.over()).unwrap();
                    self.tab.learn(&self.shown);
                    s.backend.get(&PackStore::<MemoryBackend>::key("p"))
                }
            }
        }
    }

    #[test]
    fn two_tabs_writes_that_cross_keep_both_edits_and_a_later_one_is_taken_whole() {
        let mut s = store();
        s.save(&pack("p", "Marches", 1)).unwrap();
        let key = PackStore::<MemoryBackend>::key("p");
        let (mut a, mut b) = (Tab::open(&s), Tab::open(&s));
        // In the same moment: A the name, B the description, each over the version
        // both read.
        a.edit(&mut s, 10.0, |p| p.name = "The Border".into());
        let a1 = s.backend.get(&key).unwrap();
        b.edit(&mut s, 11.0, |p| p.about = "Smiths' wares".into());
        let b1 = s.backend.get(&key).unwrap();
        let both = |p: &Pack| p.name == "The Border" && p.about == "Smiths' wares";
        let from_a = a.hear(&mut s, &b1, 12.0).expect("A writes both edits back");
        assert!(both(&a.shown));
        let from_b = b.hear(&mut s, &a1, 13.0);
        assert!(both(&b.shown));
        // Each hears the other's merge: nothing more to write.
        if let Some(t) = &from_b {
            assert_eq!(a.hear(&mut s, t, 14.0), None);
        }
        assert_eq!(b.hear(&mut s, &from_a, 15.0), None);
        assert!(both(&a.shown) && both(&b.shown));
        assert!(both(&s.read("p").unwrap()), "the store has both edits");
        assert!(
            !s.read("p").unwrap().unknown.contains_key(SAVED_OVER),
            "reading takes the note out"
        );
        // B, having heard A, puts the name back: that is B's edit, and A takes it.
        b.edit(&mut s, 20.0, |p| p.name = "Marches".into());
        let b2 = s.backend.get(&key).unwrap();
        assert_eq!(a.hear(&mut s, &b2, 21.0), None);
        assert_eq!(a.shown.name, "Marches");
    }

    #[test]
    fn packs_are_saved_and_read_back_by_name() {
        let mut s = store();
        s.save(&pack("b", "marches", 1)).unwrap();
        s.save(&pack("a", "The North", 2)).unwrap();
        let loaded = s.load_all();
        let names: Vec<&str> = loaded.packs.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["marches", "The North"]);
        assert_eq!(s.read("a"), Some(pack("a", "The North", 2)));
        // Characters' keys are not packs.
        assert!(s.backend.keys().iter().all(|k| k.starts_with(PACK_PREFIX)));
    }

    #[test]
    fn an_arriving_pack_is_described_before_it_is_stored() {
        let mut s = store();
        let v2 = pack("a", "North", 2);
        assert_eq!(s.offer(&v2), Offer::New);
        assert!(s.backend.map.is_empty(), "nothing stored by asking");
        s.save(&v2).unwrap();
        assert_eq!(s.offer(&v2), Offer::Same);
        assert_eq!(s.offer(&pack("a", "North", 3)), Offer::Newer { have: 2 });
        assert_eq!(s.offer(&pack("a", "North", 1)), Offer::Older { have: 2 });
        assert_eq!(s.offer(&pack("a", "North, edited", 2)), Offer::Differs);
    }

    #[test]
    fn a_damaged_pack_is_set_aside_whole_and_never_deleted() {
        let mut s = store();
        s.save(&pack("good", "Good", 1)).unwrap();
        s.backend.map.insert(
            PackStore::<MemoryBackend>::key("bad"),
            "{\"format\":\"sheetwright-pack\",".into(),
        );
        s.backend.map.insert(
            PackStore::<MemoryBackend>::key("moved"),
            pack("other", "Moved", 1).to_text(),
        );
        let loaded = s.load_all();
        assert_eq!(loaded.packs.len(), 1);
        assert_eq!(loaded.quarantined.len(), 2);
        let bad = &loaded.quarantined[0];
        assert_eq!(bad.0, format!("{PACK_QUARANTINE_PREFIX}bad"));
        assert_eq!(bad.1, "{\"format\":\"sheetwright-pack\",");
        assert!(bad.2.contains("not valid JSON"), "{}", bad.2);
        assert!(
            loaded.quarantined[1].2.contains("names id other"),
            "{:?}",
            loaded.quarantined[1]
        );
        // Read again: the same two, still kept, nothing more lost.
        let again = s.load_all();
        assert_eq!(again.quarantined.len(), 2);
        assert_eq!(again.packs.len(), 1);
        // Another damaged text under the same id does not overwrite the first.
        s.backend
            .map
            .insert(PackStore::<MemoryBackend>::key("bad"), "[]".into());
        assert_eq!(s.load_all().quarantined.len(), 3);
    }

    #[test]
    fn a_full_store_leaves_a_damaged_pack_in_place() {
        let mut s = store();
        s.backend
            .map
            .insert(PackStore::<MemoryBackend>::key("bad"), "nope".into());
        s.backend.refuse_writes = true;
        let loaded = s.load_all();
        assert_eq!(loaded.stuck, [PackStore::<MemoryBackend>::key("bad")]);
        assert!(s
            .backend
            .map
            .contains_key(&PackStore::<MemoryBackend>::key("bad")));
    }

    #[test]
    fn the_crash_safe_copy_brings_back_what_localstorage_lost_and_never_more() {
        let key = |id: &str| PackStore::<MemoryBackend>::key(id);
        let at = |id: &str, updated: f64| {
            let mut p = pack(id, id, 1);
            p.updated = updated;
            p
        };
        let record = |p: &Pack| Record {
            key: key(&p.id),
            value: Some(p.to_text()),
            time: p.updated,
        };
        let tomb = |id: &str, time: f64| Record {
            key: key(id),
            value: None,
            time,
        };
        let (a1, a2) = (at("a", 10.0), at("a", 20.0));
        // An edit localStorage lost: the copy's later version comes back.
        assert_eq!(
            reconcile(std::slice::from_ref(&a1), &[record(&a2)]),
            [PackFix::Restore(Box::new(a2.clone()))]
        );
        // A pack only the copy holds (added, then killed): back.
        assert_eq!(
            reconcile(&[], &[record(&a1)]),
            [PackFix::Restore(Box::new(a1.clone()))]
        );
        // The same, or an older copy: nothing taken; an older one is copied over.
        assert_eq!(reconcile(std::slice::from_ref(&a2), &[record(&a2)]), []);
        let copied = reconcile(std::slice::from_ref(&a2), &[record(&a1)]);
        assert!(
            matches!(&copied[..], [PackFix::Copy { value, time, .. }] if *value == a2.to_text() && *time == 20.0)
        );
        // A removal that did not reach localStorage's disk is done again; an older one
        // is not.
        assert_eq!(
            reconcile(std::slice::from_ref(&a1), &[tomb("a", 15.0)]),
            [PackFix::Remove("a".into())]
        );
        assert!(matches!(
            &reconcile(std::slice::from_ref(&a2), &[tomb("a", 15.0)])[..],
            [PackFix::Copy { .. }]
        ));
        // Damaged, misfiled and other keys' records change nothing here.
        let damaged = Record {
            key: key("a"),
            value: Some("{".into()),
            time: 99.0,
        };
        let misfiled = Record {
            key: key("b"),
            value: Some(a2.to_text()),
            time: 99.0,
        };
        let character = Record {
            key: "sheetwright.character.a".into(),
            value: Some("{}".into()),
            time: 99.0,
        };
        let fixes = reconcile(std::slice::from_ref(&a2), &[damaged, misfiled, character]);
        assert!(matches!(&fixes[..], [PackFix::Copy { .. }]), "{fixes:?}");
    }

    #[test]
    fn when_a_pack_was_written_is_not_what_it_holds() {
        let mut s = store();
        let p = pack("a", "North", 2);
        s.save(&p).unwrap();
        let mut later = p.clone();
        later.updated = 99.0;
        assert_eq!(s.offer(&later), Offer::Same);
    }

    #[test]
    fn a_deleted_pack_comes_back_with_undo_until_the_trash_is_emptied() {
        let mut s = store();
        let p = pack("a", "North", 1);
        s.save(&p).unwrap();
        s.trash("a").unwrap();
        assert!(s.load_all().packs.is_empty());
        s.restore("a", 50.0).unwrap();
        let back = s.load_all().packs;
        assert_eq!(back[0].updated, 50.0, "written when it came back");
        assert_eq!(back[0].abilities, p.abilities);
        s.trash("a").unwrap();
        s.purge_trash();
        assert!(s.backend.map.is_empty());
        // A full store keeps the pack rather than lose it.
        s.save(&pack("b", "B", 1)).unwrap();
        s.backend.refuse_writes = true;
        assert!(s.trash("b").is_err());
        assert!(s.read("b").is_some());
    }
}
