//! The pack being edited: its current version, the versions Undo and Redo go back
//! and forth through, and the last save's trouble. Every accepted edit is written to
//! the store at once (a pack is small), so a browser killed right after an edit keeps
//! it.

use super::super::shelf::Shelf;
use crate::model::pack::edit::Entry;
use crate::model::pack::Pack;
use crate::storage::packs::{PackRemote, PackTab};
use crate::ui::clock::now;
use leptos::prelude::*;

/// How many edits Undo goes back: 200, fewer for a pack of thousands of entries, so
/// the versions kept hold at most about `UNDO_ENTRIES` entries (a 5,000-entry pack
/// goes back 20 edits, not 200 copies of itself in a phone's memory).
const UNDO_MAX: usize = 200;
const UNDO_ENTRIES: usize = 100_000;

/// How many versions of `pack` Undo keeps.
fn undo_max(pack: &Pack) -> usize {
    (UNDO_ENTRIES / pack.len().max(1)).clamp(10, UNDO_MAX)
}

#[derive(Clone, Copy)]
pub struct Editing {
    pub pack: RwSignal<Pack>,
    undo: StoredValue<Vec<Pack>>,
    redo: StoredValue<Vec<Pack>>,
    pub can_undo: RwSignal<bool>,
    pub can_redo: RwSignal<bool>,
    /// Why the last save failed, while it does.
    pub save_error: RwSignal<Option<String>>,
    /// What another tab's edit did here, while the pack on screen shows it.
    pub remote: RwSignal<Option<String>>,
    /// The versions of the pack known to be in the store, for another tab's edits.
    tab: StoredValue<PackTab>,
    shelf: Shelf,
}

impl Editing {
    /// The entry `id` of the list `list` picks, as the pack now has it (None once it
    /// is gone), for an entry's editor.
    pub fn entry<T: Entry + Clone + PartialEq + Send + Sync + 'static>(
        self,
        list: fn(&Pack) -> &Vec<T>,
        id: u32,
    ) -> Memo<Option<T>> {
        let pack = self.pack;
        Memo::new(move |_| pack.with(|p| list(p).iter().find(|e| e.id() == id).cloned()))
    }

    pub fn new(pack: Pack, shelf: Shelf) -> Editing {
        Editing {
            pack: RwSignal::new(pack.clone()),
            undo: StoredValue::new(Vec::new()),
            redo: StoredValue::new(Vec::new()),
            can_undo: RwSignal::new(false),
            can_redo: RwSignal::new(false),
            save_error: RwSignal::new(None),
            remote: RwSignal::new(None),
            tab: StoredValue::new(PackTab::new(&pack)),
            shelf,
        }
    }

    /// An edit's outcome (a model::pack::edit function's): kept and saved, or its
    /// refusal returned for the field that asked.
    pub fn apply(self, edited: Result<Pack, String>) -> Result<(), String> {
        let next = edited?;
        let before = self.pack.get_untracked();
        let max = undo_max(&next);
        self.undo.update_value(|u| {
            u.push(before);
            if u.len() > max {
                u.drain(..u.len() - max);
            }
        });
        self.redo.update_value(Vec::clear);
        self.show(next);
        Ok(())
    }

    /// Runs `edit` on the current pack, then [`Editing::apply`].
    pub fn edit(self, edit: impl FnOnce(&Pack) -> Result<Pack, String>) -> Result<(), String> {
        self.apply(self.pack.with_untracked(edit))
    }

    /// Another tab saved this pack, written over the version `over`: an edit made
    /// after this tab's is shown as it is (not written again); writes that crossed are
    /// merged field by field and entry by entry, shown and written back, so both tabs'
    /// edits are kept. Undo and Redo start anew: their versions lack the other tab's
    /// edit, which going back to one would drop.
    pub fn take_remote(self, theirs: Pack, over: Option<f64>) {
        let ours = self.pack.get_untracked();
        let heard = self
            .tab
            .try_update_value(|t| t.heard(&ours, theirs, over))
            .unwrap_or(PackRemote::Same);
        let said = match heard {
            PackRemote::Same => return,
            PackRemote::Take(p) => {
                self.pack.set(p);
                "This pack was changed in another tab: this is its version now.".to_string()
            }
            PackRemote::Merged {
                doc: pack,
                conflicts,
            } => {
                self.show(pack);
                if conflicts.is_empty() {
                    "This pack was changed in another tab too: both tabs' edits are kept.".into()
                } else {
                    "This pack was changed in another tab too: both tabs' edits are kept; where both changed the same thing, the later edit is.".into()
                }
            }
        };
        self.undo.update_value(Vec::clear);
        self.redo.update_value(Vec::clear);
        self.can_undo.set(false);
        self.can_redo.set(false);
        self.remote.set(Some(said));
    }

    pub fn undo(self) {
        if let Some(prev) = self.undo.try_update_value(Vec::pop).flatten() {
            self.redo
                .update_value(|r| r.push(self.pack.get_untracked()));
            self.show(prev);
        }
    }

    pub fn redo(self) {
        if let Some(next) = self.redo.try_update_value(Vec::pop).flatten() {
            self.undo
                .update_value(|u| u.push(self.pack.get_untracked()));
            self.show(next);
        }
    }

    /// Shows and saves `pack`, written now (an undone version too: the crash-safe
    /// copy's comparison goes by when a pack was written).
    fn show(self, mut pack: Pack) {
        self.remote.set(None);
        pack.updated = now().round();
        let over = self.tab.with_value(PackTab::over);
        self.save_error.set(self.shelf.save_over(&pack, over).err());
        self.tab.update_value(|t| t.learn(&pack));
        self.pack.set(pack);
        self.can_undo.set(self.undo.with_value(|u| !u.is_empty()));
        self.can_redo.set(self.redo.with_value(|r| !r.is_empty()));
    }
}
