//! Where campaign packs are kept (issue #32): one key per pack,
//! `sheetwright.pack.<id>`, holding the version this browser has, by the store of
//! documents kept beside the characters ([`super::documents`]): a pack that cannot be
//! read is set aside under `sheetwright.pack-quarantine.<id>` with its text kept byte
//! for byte, never deleted; a deleted pack waits in `sheetwright.pack-trash.<id>`
//! while its Undo is offered.
//!
//! Nothing from outside becomes a pack here without the player's say-so: an import
//! or a link is first read ([`crate::model::pack::read`]) and described
//! ([`PackStore::offer`]); only the player's answer calls [`PackStore::save`].

use super::documents::{same, DocStore, DocTab, Document, Fix, LoadedDocs, Remote};
use super::Backend;
use crate::model::pack::edit::merge_packs;
use crate::model::pack::read::{read_pack, Refusal};
use crate::model::pack::Pack;

pub use super::documents::reconcile;

/// The field a stored pack's text carries beside the pack: the `updated` of the
/// version it was written over, so another tab can tell a write that crossed its own
/// from one made after it. Reading takes it out of the pack.
const SAVED_OVER: &str = "saved_over";

pub use super::PACK_PREFIX;
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

/// The pack store.
pub type PackStore<B> = DocStore<Pack, B>;
/// A tab's bookkeeping for the pack it edits.
pub type PackTab = DocTab<Pack>;
/// What another tab's write of the pack being edited here means.
pub type PackRemote = Remote<Pack>;
/// What the packs page's start-up comparison with the crash-safe copy changes.
pub type PackFix = Fix<Pack>;
/// What a start-up read of the packs found.
pub type LoadedPacks = LoadedDocs<Pack>;

impl Document for Pack {
    const PREFIX: &'static str = PACK_PREFIX;
    const QUARANTINE_PREFIX: &'static str = PACK_QUARANTINE_PREFIX;
    const TRASH_PREFIX: &'static str = PACK_TRASH_PREFIX;
    type Refusal = Refusal;

    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn updated(&self) -> f64 {
        self.updated
    }

    fn set_updated(&mut self, now: f64) {
        self.updated = now;
    }

    fn read_stored(text: &str) -> Result<(Pack, Option<f64>), Refusal> {
        let mut p = read_pack(text)?;
        let over = p.unknown.remove(SAVED_OVER).and_then(|v| v.as_f64());
        Ok((p, over))
    }

    fn text_over(&self, over: Option<f64>) -> String {
        match over {
            Some(t) => {
                let mut p = self.clone();
                p.unknown.insert(SAVED_OVER.into(), t.into());
                p.to_text()
            }
            None => self.to_text(),
        }
    }

    fn merge(base: &Pack, ours: &Pack, theirs: &Pack) -> Option<(Pack, Vec<String>)> {
        merge_packs(base, ours, theirs)
    }
}

impl<B: Backend> DocStore<Pack, B> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pack::{AbilityEntry, Family};
    use crate::rules::symbaroum::experience::AbilityKind;
    use crate::storage::mirror::Record;
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
            let (theirs, over) = Pack::read_stored(text).unwrap();
            match self.tab.heard(&self.shown, theirs, over) {
                PackRemote::Same => None,
                PackRemote::Take(p) => {
                    self.shown = p;
                    None
                }
                PackRemote::Merged { doc: pack, .. } => {
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
        let names: Vec<&str> = loaded.docs.iter().map(|p| p.name.as_str()).collect();
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
        assert_eq!(loaded.docs.len(), 1);
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
        assert_eq!(again.docs.len(), 1);
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
        assert!(s.load_all().docs.is_empty());
        s.restore("a", 50.0).unwrap();
        let back = s.load_all().docs;
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
