//! The character store's logic for a running app, with time passed in: which edits
//! still have to be written and when (debounced), deletion with an Undo that expires,
//! and what a change written by another browser tab means here. The app's `Library`
//! (in `ui`) keeps the characters in a signal and calls these with the browser's
//! clock; the tests call them with a clock of their own.

use super::{character_id, version_tag, Backend, Store, DELETED_PREFIX, UNSAVED_PREFIX};
use crate::model::merge::{changed_fields, merge, Merged};
use crate::model::{load_document, load_saved, Character};
use rustc_hash::FxHashMap as HashMap;

/// How long edits wait before they are written, in milliseconds (a hidden or closed
/// page writes at once).
pub const SAVE_DELAY_MS: f64 = 400.0;
/// The longest an edit waits while typing goes on without a pause: a browser killed
/// in the middle of long notes loses at most this much.
pub const SAVE_MAX_WAIT_MS: f64 = 2_000.0;
/// How long a deletion can be undone, in milliseconds.
pub const UNDO_WINDOW_MS: f64 = 12_000.0;

/// A deleted character while its Undo is offered.
#[derive(Clone, Debug, PartialEq)]
pub struct Trashed {
    pub character: Character,
    /// When the Undo stops being offered.
    pub until: f64,
}

/// What a change from another tab means for this one.
#[derive(Clone, Debug, PartialEq)]
pub enum Remote {
    /// Nothing to do here.
    None,
    /// The other tab cleared the whole store: write everything back from memory.
    Cleared,
    /// This tab has unsaved edits of that character and no version both tabs saw to
    /// merge against: write ours now, so it is the later save.
    KeepOurs,
    /// Both tabs edited it: merged field by field; `conflicts` are the fields both
    /// changed (the later edit kept), and `ours_won` says whose that was.
    Merged { merged: Box<Merged>, ours_won: bool },
    /// The character was deleted there.
    Deleted(String),
    /// The character was changed or added there: show this version; `fields` are the
    /// fields that differ from what this tab showed.
    Changed {
        theirs: Box<Character>,
        fields: Vec<String>,
    },
}

/// The bookkeeping between the characters in memory and the store.
#[derive(Debug, Default)]
pub struct Session {
    pending: Vec<String>,
    due: Option<f64>,
    /// When the oldest edit not yet written was made.
    since: Option<f64>,
    trash: Option<Trashed>,
    /// Per character, the last versions known to be in the store (read, written, or
    /// announced by another tab), oldest first: what two tabs' edits are merged
    /// against. The newest is what this tab's next write is saved over; an older one
    /// is what another tab's write was made over when that tab had not yet seen the
    /// newer ones.
    known: HashMap<String, Vec<Known>>,
}

/// A version of a character known to be in the store, with its tag
/// ([`version_tag`]) once it has been needed.
#[derive(Debug)]
struct Known {
    character: Character,
    tag: Option<String>,
}

/// How many versions per character are remembered for merging: writes that cross
/// between tabs are a few hundred milliseconds apart, so a few suffice.
const KNOWN_MAX: usize = 8;

impl Session {
    /// A session for a freshly read store. Trash left by an earlier start is emptied:
    /// an Undo is never offered across a restart.
    pub fn start<B: Backend>(store: &mut Store<B>) -> Session {
        store.purge_trash(None);
        Session::default()
    }

    /// `characters` are what the store holds now (just read).
    pub fn remember(&mut self, characters: &[Character]) {
        for c in characters {
            self.learn(c.clone());
        }
    }

    /// `c` is now in the store.
    fn learn(&mut self, c: Character) {
        let versions = self.known.entry(c.id.clone()).or_default();
        if versions.last().is_some_and(|k| k.character == c) {
            return;
        }
        if versions.len() == KNOWN_MAX {
            versions.remove(0);
        }
        versions.push(Known {
            character: c,
            tag: None,
        });
    }

    /// The tag of the newest version of `id` known to be in the store.
    fn latest_tag(&mut self, id: &str) -> Option<String> {
        let known = self.known.get_mut(id)?.last_mut()?;
        if known.tag.is_none() {
            known.tag = version_tag(&known.character);
        }
        known.tag.clone()
    }

    /// A version of `id` known to be in the store, by its tag.
    fn find(&mut self, id: &str, tag: &str) -> Option<Character> {
        self.known.get_mut(id)?.iter_mut().rev().find_map(|k| {
            if k.tag.is_none() {
                k.tag = version_tag(&k.character);
            }
            (k.tag.as_deref() == Some(tag)).then(|| k.character.clone())
        })
    }

    /// The newest version of `id` known to be in the store.
    fn latest(&self, id: &str) -> Option<&Character> {
        self.known.get(id)?.last().map(|k| &k.character)
    }

    /// Edits that the store refused before a reload of this tab, kept in the tab's own
    /// storage (`tab`): they replace what the store has and are written when it
    /// takes them.
    pub fn recover<F: Backend>(&mut self, tab: &F, characters: &mut Vec<Character>, now: f64) {
        for key in tab.keys() {
            let Some(id) = key.strip_prefix(UNSAVED_PREFIX) else {
                continue;
            };
            let Some(c) = tab.get(&key).and_then(|t| load_document(&t).ok()) else {
                continue;
            };
            if c.id != id {
                continue;
            }
            match characters.iter_mut().find(|o| o.id == c.id) {
                Some(slot) => *slot = c,
                None => characters.insert(0, c),
            }
            self.touch(id, now);
            self.due = Some(now);
        }
    }

    /// `id` was edited at `now`: it is written [`SAVE_DELAY_MS`] after the last edit,
    /// and no later than [`SAVE_MAX_WAIT_MS`] after the first one not yet written.
    pub fn touch(&mut self, id: &str, now: f64) {
        if !self.pending.iter().any(|p| p == id) {
            self.pending.push(id.to_string());
        }
        let since = *self.since.get_or_insert(now);
        self.due = Some((now + SAVE_DELAY_MS).min(since + SAVE_MAX_WAIT_MS));
    }

    /// When the pending edits are due to be written, if any are waiting.
    pub fn due(&self) -> Option<f64> {
        self.due.filter(|_| !self.pending.is_empty())
    }

    pub fn is_pending(&self, id: &str) -> bool {
        self.pending.iter().any(|p| p == id)
    }

    /// Writes every pending edit whose character `get` finds in memory. What the store
    /// refuses stays pending and is kept in the tab's own storage (`tab`) so that a
    /// reload of this tab loses nothing; the error says why, and what was kept.
    pub fn flush<B: Backend, F: Backend>(
        &mut self,
        store: &mut Store<B>,
        tab: &mut F,
        get: &dyn Fn(&str) -> Option<Character>,
    ) -> Result<(), String> {
        self.due = None;
        self.since = None;
        let mut error = None;
        let mut failed = Vec::new();
        for id in std::mem::take(&mut self.pending) {
            let Some(mut c) = get(&id) else {
                continue;
            };
            let kept_key = format!("{UNSAVED_PREFIX}{id}");
            // In memory again (an import or Undo of a character this tab deleted): its
            // deletion no longer stands.
            tab.remove(&format!("{DELETED_PREFIX}{id}"));
            let over = self.latest_tag(&id);
            match store.save_over(&mut c, over) {
                Ok(()) => {
                    tab.remove(&kept_key);
                    self.learn(c);
                }
                Err(e) => {
                    let kept = tab.set(&kept_key, &c.to_text()).is_ok();
                    error = Some(if kept {
                        format!("{e}; this tab keeps the changes (a reload keeps them, closing the tab does not)")
                    } else {
                        format!("{e}; the changes are only in this page until it can save")
                    });
                    failed.push(id);
                }
            }
        }
        self.pending = failed;
        error.map_or(Ok(()), Err)
    }

    /// Writes every pending edit now, if any are waiting (a page hidden or closed,
    /// another tab's edits merged into this one's); None when nothing is waiting.
    pub fn flush_now<B: Backend, F: Backend>(
        &mut self,
        store: &mut Store<B>,
        tab: &mut F,
        get: &dyn Fn(&str) -> Option<Character>,
    ) -> Option<Result<(), String>> {
        self.due()?;
        Some(self.flush(store, tab, get))
    }

    /// Writes the pending edits if their time has come; None when it has not.
    pub fn flush_if_due<B: Backend, F: Backend>(
        &mut self,
        store: &mut Store<B>,
        tab: &mut F,
        get: &dyn Fn(&str) -> Option<Character>,
        now: f64,
    ) -> Option<Result<(), String>> {
        match self.due() {
            Some(due) if due <= now => Some(self.flush(store, tab, get)),
            _ => None,
        }
    }

    /// Deletes `c` into the store's trash, undoable until `now` + [`UNDO_WINDOW_MS`].
    /// An earlier deletion's Undo ends here (its deletion becomes final).
    pub fn delete<B: Backend, F: Backend>(
        &mut self,
        store: &mut Store<B>,
        tab: &mut F,
        c: &Character,
        now: f64,
    ) -> Result<(), String> {
        self.end_undo(store);
        self.pending.retain(|p| *p != c.id);
        tab.remove(&format!("{UNSAVED_PREFIX}{}", c.id));
        // The removal reaches the crash-safe copy a few milliseconds from now; a reload
        // before that must not bring the character back from the copy (`deleted_here`).
        // Whole milliseconds, read back as an integer: parsing a float here would
        // bring the float parser (about 20 KB) into the documents chunk.
        let when = (now.max(0.0) as u64).to_string();
        let _ = tab.set(&format!("{DELETED_PREFIX}{}", c.id), &when);
        self.trash = Some(Trashed {
            character: c.clone(),
            until: now + UNDO_WINDOW_MS,
        });
        store.trash(c).map_err(|e| e.to_string())
    }

    /// The deletion that can still be undone at `now`.
    pub fn undoable(&self, now: f64) -> Option<&Character> {
        self.trash
            .as_ref()
            .filter(|t| now <= t.until)
            .map(|t| &t.character)
    }

    /// Brings the deleted character back, if its Undo is still offered and no version
    /// of it has appeared since (another tab's newer edit is never overwritten).
    /// Returns the character to show again.
    pub fn undo_delete<B: Backend, F: Backend>(
        &mut self,
        store: &mut Store<B>,
        tab: &mut F,
        in_memory: &dyn Fn(&str) -> bool,
        now: f64,
    ) -> Result<Character, String> {
        let Some(c) = self.undoable(now).cloned() else {
            self.end_undo(store);
            return Err("The deletion can no longer be undone.".into());
        };
        self.trash = None;
        tab.remove(&format!("{DELETED_PREFIX}{}", c.id));
        if in_memory(&c.id) || store.read(&c.id).is_some() {
            store.purge_trash(Some(&c.id));
            return Err(format!(
                "“{}” was saved again in another tab; that version is kept.",
                c.display_name()
            ));
        }
        if let Err(e) = store.restore(&c) {
            // Kept in memory and written when the store takes it.
            self.touch(&c.id, now);
            self.due = Some(now);
            return Err(e.to_string());
        }
        Ok(c)
    }

    /// The characters this tab deleted (id, when) whose removal may not have reached
    /// the crash-safe copy yet: the start-up comparison keeps the copy's older version
    /// of them from coming back (`mirror::reconcile`).
    pub fn deleted_here<F: Backend>(tab: &F) -> Vec<(String, f64)> {
        tab.keys()
            .into_iter()
            .filter_map(|key| {
                let id = key.strip_prefix(DELETED_PREFIX)?.to_string();
                let when = tab.get(&key)?.parse::<u64>().ok()?;
                Some((id, when as f64))
            })
            .collect()
    }

    /// After the start-up comparison: the deletions read (`deleted`) are settled,
    /// except those whose removal had to be written to the copy again (`resent`),
    /// which stay marked until a later start finds the copy holds it.
    pub fn settle_deletions<F: Backend>(tab: &mut F, deleted: &[(String, f64)], resent: &[&str]) {
        for (id, _) in deleted {
            if !resent.contains(&id.as_str()) {
                tab.remove(&format!("{DELETED_PREFIX}{id}"));
            }
        }
    }

    /// The Undo is no longer offered: the deletion is final.
    pub fn end_undo<B: Backend>(&mut self, store: &mut Store<B>) {
        if let Some(t) = self.trash.take() {
            store.purge_trash(Some(&t.character.id));
        }
    }

    /// What another tab's write of `key` (None: the whole store was cleared) to
    /// `new_value` (None: removed), heard at `now`, means here, given the characters
    /// in memory (`get`). A merge of both tabs' edits is due to be written at once.
    pub fn remote(
        &mut self,
        key: Option<&str>,
        new_value: Option<&str>,
        get: &dyn Fn(&str) -> Option<Character>,
        now: f64,
    ) -> Remote {
        let Some(key) = key else {
            return Remote::Cleared;
        };
        let Some(id) = character_id(key) else {
            return Remote::None;
        };
        let ours = get(id);
        let (theirs, over) = match new_value {
            None => {
                if self.is_pending(id) {
                    // Deleted there while edited here: keep ours (written back).
                    return Remote::KeepOurs;
                }
                self.known.remove(id);
                return ours.map_or(Remote::None, |c| {
                    Remote::Deleted(c.display_name().to_string())
                });
            }
            Some(text) => match load_saved(text) {
                Ok((c, over)) if c.id == id => (c, over),
                _ => return Remote::None,
            },
        };
        // Written over an older version than the newest this tab knows in the store:
        // the other tab had not yet seen a write of this one (the writes crossed).
        // What that tab did not change is not its edit, so it is merged, not taken.
        let missed = match over {
            Some(tag) if Some(&tag) != self.latest_tag(id).as_ref() => self.find(id, &tag),
            _ => None,
        };
        let crossed = missed.is_some();
        let base = missed.or_else(|| self.latest(id).cloned());
        self.learn(theirs.clone());
        let pending = self.is_pending(id);
        match (ours, base) {
            (Some(ours), Some(base)) if pending || crossed => {
                let merged = merge(&base, &ours, &theirs);
                if !pending && merged.character == theirs {
                    return changed(Some(ours), theirs);
                }
                // Written back at once, so the store holds both tabs' edits and the
                // other tab gets this tab's edit again.
                self.touch(id, now);
                self.due = Some(now);
                Remote::Merged {
                    ours_won: ours.updated > theirs.updated,
                    merged: Box::new(merged),
                }
            }
            _ if pending => Remote::KeepOurs,
            (ours, _) => changed(ours, theirs),
        }
    }

    /// After [`Remote::Cleared`]: every character in memory is written back.
    pub fn rewrite_all(&mut self, ids: &[String], now: f64) {
        for id in ids {
            self.touch(id, now);
        }
        self.due = Some(now);
    }
}

/// Another tab's version to show here, unless it is what this tab shows already.
fn changed(ours: Option<Character>, theirs: Character) -> Remote {
    if ours.as_ref() == Some(&theirs) {
        return Remote::None;
    }
    Remote::Changed {
        fields: ours
            .map(|o| changed_fields(&o, &theirs))
            .unwrap_or_default(),
        theirs: Box::new(theirs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::Attr;
    use crate::rules::Ruleset;
    use crate::storage::MemoryBackend;

    fn store() -> Store<MemoryBackend> {
        Store::new(MemoryBackend::default())
    }

    /// Finds characters in `list`, as the app finds them in memory.
    fn in_list(list: &[Character]) -> impl Fn(&str) -> Option<Character> + '_ {
        move |id| list.iter().find(|c| c.id == id).cloned()
    }

    fn named(id: &str, name: &str) -> Character {
        let mut c = Character::new(id.into(), Ruleset::Homebrew, 1.0);
        c.name = name.into();
        c
    }

    #[test]
    fn edits_are_written_once_typing_pauses() {
        let mut s = store();
        let mut session = Session::start(&mut s);
        let mut ylva = named("a", "Ylva");
        session.touch("a", 0.0);
        assert_eq!(session.due(), Some(400.0));
        // Another keystroke 300 ms later moves the write on.
        ylva.name = "Ylva the Bold".into();
        session.touch("a", 300.0);
        assert_eq!(session.due(), Some(700.0));
        let list = [ylva.clone()];
        assert_eq!(
            session.flush_if_due(
                &mut s,
                &mut MemoryBackend::default(),
                &in_list(&list),
                500.0
            ),
            None
        );
        assert_eq!(s.read("a"), None, "nothing written while typing goes on");
        assert_eq!(
            session.flush_if_due(
                &mut s,
                &mut MemoryBackend::default(),
                &in_list(&list),
                700.0
            ),
            Some(Ok(()))
        );
        assert_eq!(s.read("a").unwrap().name, "Ylva the Bold");
        assert_eq!(session.due(), None, "nothing left to write");
    }

    #[test]
    fn typing_without_a_pause_is_still_written_every_two_seconds() {
        let mut s = store();
        let mut session = Session::start(&mut s);
        let mut notes = named("a", "Ylva");
        let mut tab = MemoryBackend::default();
        let (mut writes, mut oldest) = (0, None);
        // A keystroke every 150 ms for six seconds.
        for step in 0..40 {
            let now = step as f64 * 150.0;
            notes.notes.push('x');
            session.touch("a", now);
            let oldest_edit: f64 = *oldest.get_or_insert(now);
            let list = [notes.clone()];
            let get = in_list(&list);
            if let Some(r) = session.flush_if_due(&mut s, &mut tab, &get, now) {
                r.unwrap();
                writes += 1;
                assert_eq!(s.read("a").unwrap().notes, notes.notes, "written as it is");
                // Due times are checked at each keystroke, so a write may come one late.
                assert!(
                    now - oldest_edit <= SAVE_MAX_WAIT_MS + 150.0,
                    "an edit of {oldest_edit} ms waited until {now} ms"
                );
                oldest = None;
            }
        }
        assert!(writes >= 2, "written while typing goes on ({writes} times)");
    }

    #[test]
    fn a_refused_write_stays_pending_and_says_why() {
        let mut s = store();
        let mut session = Session::start(&mut s);
        let list = [named("a", "Ylva")];
        s.backend.refuse_writes = true;
        session.touch("a", 0.0);
        let e = session
            .flush(&mut s, &mut MemoryBackend::default(), &in_list(&list))
            .unwrap_err();
        assert!(e.contains("refused"), "{e}");
        assert!(session.is_pending("a"));
        s.backend.refuse_writes = false;
        assert_eq!(
            session.flush(&mut s, &mut MemoryBackend::default(), &in_list(&list)),
            Ok(())
        );
        assert!(!session.is_pending("a"));
        assert_eq!(s.read("a").unwrap().name, "Ylva");
    }

    #[test]
    fn a_deletion_can_be_undone_within_the_window_only() {
        let mut s = store();
        let mut session = Session::start(&mut s);
        let mut tab = MemoryBackend::default();
        let c = named("a", "Ylva");
        s.save(&c).unwrap();
        session.delete(&mut s, &mut tab, &c, 1_000.0).unwrap();
        assert_eq!(s.read("a"), None, "gone from the store");
        assert_eq!(
            Session::deleted_here(&tab),
            vec![("a".to_string(), 1_000.0)],
            "the tab remembers the deletion until the copy has it"
        );
        assert_eq!(session.undoable(5_000.0), Some(&c));
        assert_eq!(
            session.undo_delete(&mut s, &mut tab, &|_| false, 5_000.0),
            Ok(c.clone())
        );
        assert_eq!(s.read("a"), Some(c.clone()), "back in the store");
        assert_eq!(Session::deleted_here(&tab), vec![], "and no longer deleted");
        // Too late: refused, and the trash is emptied.
        session.delete(&mut s, &mut tab, &c, 20_000.0).unwrap();
        assert_eq!(session.undoable(32_001.0), None);
        assert!(session
            .undo_delete(&mut s, &mut tab, &|_| false, 32_001.0)
            .is_err());
        assert_eq!(s.read("a"), None);
        assert!(s.backend.keys().iter().all(|k| !k.contains("trash")));
    }

    #[test]
    fn a_deletion_stays_marked_only_while_its_removal_is_resent() {
        let mut s = store();
        let mut session = Session::start(&mut s);
        let mut tab = MemoryBackend::default();
        for (id, when) in [("a", 1_000.0), ("b", 2_000.0)] {
            let c = named(id, "Ylva");
            s.save(&c).unwrap();
            session.delete(&mut s, &mut tab, &c, when).unwrap();
        }
        let mut deleted = Session::deleted_here(&tab);
        deleted.sort_by(|x, y| x.0.cmp(&y.0));
        assert_eq!(
            deleted,
            vec![("a".to_string(), 1_000.0), ("b".to_string(), 2_000.0)]
        );
        // A deletion made after the markers were read is not settled with them.
        let c = named("c", "Later");
        s.save(&c).unwrap();
        session.delete(&mut s, &mut tab, &c, 3_000.0).unwrap();
        Session::settle_deletions(&mut tab, &deleted, &["b"]);
        let mut left = Session::deleted_here(&tab);
        left.sort_by(|x, y| x.0.cmp(&y.0));
        assert_eq!(
            left,
            vec![("b".to_string(), 2_000.0), ("c".to_string(), 3_000.0)]
        );
        // "b" imported again: saved, so no longer deleted.
        let b = named("b", "Back");
        session.touch("b", 4_000.0);
        let get = |id: &str| (id == "b").then(|| b.clone());
        session.flush(&mut s, &mut tab, &get).unwrap();
        assert_eq!(
            Session::deleted_here(&tab),
            vec![("c".to_string(), 3_000.0)]
        );
    }

    #[test]
    fn undoing_a_delete_never_overwrites_a_newer_version() {
        let mut s = store();
        let mut session = Session::start(&mut s);
        let mut tab = MemoryBackend::default();
        let old = named("a", "Ylva");
        s.save(&old).unwrap();
        session.delete(&mut s, &mut tab, &old, 0.0).unwrap();
        // Another tab saves the character again meanwhile.
        let newer = named("a", "Ylva, edited elsewhere");
        s.save(&newer).unwrap();
        let e = session
            .undo_delete(&mut s, &mut tab, &|_| false, 1_000.0)
            .unwrap_err();
        assert!(e.contains("another tab"), "{e}");
        assert_eq!(s.read("a"), Some(newer));
    }

    #[test]
    fn another_tabs_changes_are_read_unless_ours_are_unsaved() {
        let mut s = store();
        let mut session = Session::start(&mut s);
        let here = [named("a", "Ylva")];
        session.remember(&here);
        let key = Store::<MemoryBackend>::key("a");
        let theirs = named("a", "Ylva (their edit)");
        let text = serde_json::to_string(&theirs).unwrap();
        assert_eq!(
            session.remote(Some(&key), Some(&text), &in_list(&here), 0.0),
            Remote::Changed {
                theirs: Box::new(theirs),
                fields: vec!["name".into()],
            }
        );
        assert_eq!(
            session.remote(Some(&key), None, &in_list(&here), 0.0),
            Remote::Deleted("Ylva".into())
        );
        assert_eq!(
            session.remote(Some(&key), Some("{broken"), &in_list(&here), 0.0),
            Remote::None
        );
        assert_eq!(
            session.remote(
                Some("sheetwright.theme"),
                Some("dark"),
                &in_list(&here),
                0.0
            ),
            Remote::None
        );
        assert_eq!(
            session.remote(None, None, &in_list(&here), 0.0),
            Remote::Cleared
        );
        // Edited here too (unsaved): merged against the version both saw.
        session.touch("a", 0.0);
        let mut ours = here[0].clone();
        ours.notes = "Ours".into();
        let ours_list = [ours];
        let mut theirs2 = here[0].clone();
        theirs2.name = "Ylva (their edit)".into();
        theirs2.updated = 5.0;
        session.remember(&here);
        let text2 = serde_json::to_string(&theirs2).unwrap();
        match session.remote(Some(&key), Some(&text2), &in_list(&ours_list), 0.0) {
            Remote::Merged { merged, ours_won } => {
                assert!(!ours_won);
                assert!(merged.conflicts.is_empty());
                assert_eq!(merged.character.name, "Ylva (their edit)");
                assert_eq!(merged.character.notes, "Ours");
            }
            other => panic!("expected a merge, got {other:?}"),
        }
        // After a clear, everything in memory goes back to the store at once.
        session
            .flush(&mut s, &mut MemoryBackend::default(), &in_list(&here))
            .unwrap();
        s.backend.map.clear();
        session.rewrite_all(&["a".to_string()], 50.0);
        assert_eq!(
            session.flush_if_due(&mut s, &mut MemoryBackend::default(), &in_list(&here), 50.0),
            Some(Ok(()))
        );
        assert_eq!(s.read("a"), Some(here[0].clone()));
    }

    /// One browser tab in the tests: its session and what it has in memory.
    struct Tab {
        session: Session,
        shown: Character,
    }

    impl Tab {
        fn open(s: &mut Store<MemoryBackend>) -> Tab {
            let mut session = Session::start(s);
            let loaded = s.load_all().characters;
            session.remember(&loaded);
            Tab {
                session,
                shown: loaded[0].clone(),
            }
        }

        /// An edit, written at once; returns the text written (what the other tab's
        /// `storage` event carries).
        fn edit(
            &mut self,
            s: &mut Store<MemoryBackend>,
            at: f64,
            change: impl Fn(&mut Character),
        ) -> String {
            change(&mut self.shown);
            self.shown.updated = at;
            self.session.touch("a", at);
            self.write(s)
        }

        /// Writes what is pending, as the app does when a merge is shown or the page is
        /// hidden (`flush_now`).
        fn write(&mut self, s: &mut Store<MemoryBackend>) -> String {
            let list = [self.shown.clone()];
            self.session
                .flush_now(s, &mut MemoryBackend::default(), &in_list(&list))
                .transpose()
                .unwrap();
            s.backend.get(&Store::<MemoryBackend>::key("a")).unwrap()
        }

        /// The other tab's write arrives; a merge is shown and written back at once,
        /// as the app does. Returns what was written back, if anything.
        fn hear(&mut self, s: &mut Store<MemoryBackend>, text: &str) -> Option<String> {
            let key = Store::<MemoryBackend>::key("a");
            let list = [self.shown.clone()];
            let heard = self
                .session
                .remote(Some(&key), Some(text), &in_list(&list), 30.0);
            match heard {
                Remote::Changed { theirs, .. } => {
                    self.shown = *theirs;
                    None
                }
                Remote::Merged { merged, .. } => {
                    self.shown = merged.character;
                    Some(self.write(s))
                }
                Remote::None => None,
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    #[test]
    fn writes_that_cross_between_tabs_keep_both_edits() {
        let mut s = store();
        s.save(&named("a", "Ylva")).unwrap();
        let mut a = Tab::open(&mut s);
        let mut b = Tab::open(&mut s);
        // A writes its notes; B, before hearing of it, writes Might over the version
        // both read: B's text carries A's field as it was, which B never edited.
        let a1 = a.edit(&mut s, 10.0, |c| c.notes = "A's notes".into());
        let b1 = b.edit(&mut s, 20.0, |c| c.attributes.set(Attr::Might, 13));
        let both = |c: &Character| c.notes == "A's notes" && c.attributes.get(Attr::Might) == 13;
        // A hears B's write: it keeps its own notes, takes B's Might, and writes the
        // two back.
        let from_a = a.hear(&mut s, &b1).expect("A writes the merge back");
        assert!(both(&a.shown), "tab A keeps its notes: {:?}", a.shown.notes);
        // B hears A's first write late: it keeps its Might and takes A's notes.
        let from_b = b.hear(&mut s, &a1);
        assert!(both(&b.shown), "tab B has both edits");
        // Each hears the other's merge: nothing more to write, nothing lost.
        if let Some(text) = &from_b {
            assert_eq!(a.hear(&mut s, text), None, "A is done");
        }
        assert_eq!(b.hear(&mut s, &from_a), None, "B is done");
        assert!(both(&a.shown) && both(&b.shown));
        assert!(both(&s.read("a").unwrap()), "the store has both edits");
    }

    #[test]
    fn a_write_over_the_newest_version_is_taken_whole() {
        let mut s = store();
        s.save(&named("a", "Ylva")).unwrap();
        let mut a = Tab::open(&mut s);
        let mut b = Tab::open(&mut s);
        let a1 = a.edit(&mut s, 10.0, |c| c.notes = "A's notes".into());
        assert_eq!(b.hear(&mut s, &a1), None);
        // B, having heard A, changes A's field back: that is B's edit, and A takes it.
        let b1 = b.edit(&mut s, 20.0, |c| c.notes.clear());
        assert!(
            b1.contains("saved_over"),
            "the write names the version it replaced"
        );
        assert_eq!(a.hear(&mut s, &b1), None, "nothing to write back");
        assert_eq!(a.shown.notes, "", "A shows B's edit");
        assert_eq!(s.read("a").unwrap().notes, "");
        assert_eq!(
            s.read("a").unwrap().saved_over,
            None,
            "the note is not part of the character read"
        );
    }

    #[test]
    fn start_empties_the_trash_of_an_earlier_run() {
        let mut s = store();
        let c = named("a", "Ylva");
        s.trash(&c).unwrap();
        let session = Session::start(&mut s);
        assert_eq!(session.undoable(0.0), None);
        assert!(s.backend.keys().is_empty());
    }

    #[test]
    fn refused_edits_wait_in_the_tab_and_come_back_after_a_reload() {
        let mut s = store();
        let mut tab = MemoryBackend::default();
        let mut session = Session::start(&mut s);
        let old = named("a", "Ylva");
        s.save(&old).unwrap();
        // The store refuses; the edit waits in the tab.
        s.backend.refuse_writes = true;
        let edited = [named("a", "Ylva, unsaved")];
        session.touch("a", 0.0);
        let e = session
            .flush(&mut s, &mut tab, &in_list(&edited))
            .unwrap_err();
        assert!(e.contains("this tab keeps the changes"), "{e}");
        // A reload: the store still has the old version, the tab the edit.
        let mut again = Session::start(&mut s);
        let mut loaded = s.load_all().characters;
        assert_eq!(loaded[0].name, "Ylva");
        again.recover(&tab, &mut loaded, 10.0);
        assert_eq!(loaded[0].name, "Ylva, unsaved", "the reload shows the edit");
        assert!(again.is_pending("a"), "and keeps trying to save it");
        // Once the store takes it, the tab's copy goes.
        s.backend.refuse_writes = false;
        assert_eq!(again.flush(&mut s, &mut tab, &in_list(&loaded)), Ok(()));
        assert_eq!(s.read("a").unwrap().name, "Ylva, unsaved");
        assert!(tab.keys().is_empty());
    }

    #[test]
    fn a_delete_while_the_store_refuses_still_deletes() {
        let mut s = store();
        let mut tab = MemoryBackend::default();
        let mut session = Session::start(&mut s);
        let c = named("a", "Ylva");
        s.save(&c).unwrap();
        s.backend.refuse_writes = true;
        assert!(session.delete(&mut s, &mut tab, &c, 0.0).is_err());
        assert_eq!(s.read("a"), None, "gone after a reload too");
        assert_eq!(
            session.undoable(1.0),
            Some(&c),
            "Undo still offered, from memory"
        );
    }
}
