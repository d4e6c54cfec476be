//! The packs this browser keeps, in the page's context: read from the store when
//! the page opens, changed only through the player's answers (add, update, replace,
//! delete with Undo). What arrives from a file or a link waits here, unstored, for
//! the question's answer.

use crate::model::pack::changes::changes;
use crate::model::pack::read::{parse_pack, Refusal};
use crate::model::pack::Pack;
use crate::rules::symbaroum::labels;
use crate::storage::idb;
use crate::storage::local::LocalBackend;
use crate::storage::packs::{reconcile, Offer, PackFix, PackStore};
use crate::storage::Backend;
use leptos::prelude::*;

/// What the page says after an action: done, or why not (with each problem).
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    Done(String),
    Failed(String),
    Refused(Refusal),
}

/// A pack that arrived from a file or a link, what adding it would do, and what it
/// would change of the version this browser has (one line each).
#[derive(Clone, Debug, PartialEq)]
pub struct Arrived {
    pub pack: Pack,
    pub offer: Offer,
    pub changes: Vec<String>,
}

/// The page's state.
#[derive(Clone, Copy)]
pub struct Shelf {
    pub packs: RwSignal<Vec<Pack>>,
    /// Packs set aside because they could not be read: (key, text, why).
    pub set_aside: RwSignal<Vec<(String, String, String)>>,
    pub note: RwSignal<Option<Note>>,
    pub arrived: RwSignal<Option<Arrived>>,
    /// The pack just deleted, while its Undo is offered: (id, name).
    pub deleted: RwSignal<Option<(String, String)>>,
}

fn store() -> PackStore<LocalBackend> {
    PackStore::new(LocalBackend)
}

impl Shelf {
    /// Reads the store (setting aside what cannot be read), then compares it with
    /// the crash-safe copy.
    pub fn open() -> Shelf {
        let loaded = store().load_all();
        let shelf = Shelf {
            packs: RwSignal::new(loaded.docs),
            set_aside: RwSignal::new(loaded.quarantined),
            note: RwSignal::new(None),
            arrived: RwSignal::new(None),
            deleted: RwSignal::new(None),
        };
        leptos::task::spawn_local(async move {
            let records = idb::read_copy().await;
            // The player may have left the page meanwhile.
            if let Some(here) = shelf.packs.try_get_untracked() {
                shelf.recover(reconcile(&here, &records));
            }
        });
        shelf
    }

    /// Takes back what localStorage lost from the crash-safe copy, and says so.
    fn recover(self, fixes: Vec<PackFix>) {
        let mut s = store();
        let mut back = Vec::new();
        for fix in fixes {
            match fix {
                PackFix::Restore(p) => {
                    if s.save(&p).is_ok() {
                        back.push(p.name.clone());
                    }
                }
                PackFix::Remove(id) => s.backend.remove(&PackStore::<LocalBackend>::key(&id)),
                PackFix::Copy { key, value, time } => idb::put(&key, Some(&value), time),
            }
        }
        if !back.is_empty() {
            let names = back
                .iter()
                .map(|n| format!("“{n}”"))
                .collect::<Vec<_>>()
                .join(", ");
            let _ = self.note.try_set(Some(Note::Done(format!(
                "Recovered {names} from the crash-safe copy: the browser had closed before saving it."
            ))));
        }
        let _ = self.packs.try_set(s.load_all().docs);
    }

    /// Reads the store again (another tab changed it, or this page did).
    pub fn reload(self) {
        self.packs.set(store().load_all().docs);
    }

    /// A file's or a link's bytes: read, checked, and offered (nothing is stored).
    pub fn arrive(self, bytes: &[u8]) {
        self.end_undo();
        match parse_pack(bytes) {
            Ok(pack) => {
                let offer = store().offer(&pack);
                if offer == Offer::Same {
                    self.arrived.set(None);
                    self.note.set(Some(Note::Done(format!(
                        "You have “{}” version {} already. Nothing changed.",
                        pack.name, pack.version
                    ))));
                    return;
                }
                let ruleset = super::words::words(pack.family);
                let changes = store()
                    .read(&pack.id)
                    .map(|have| changes(&have, &pack, labels(ruleset)))
                    .unwrap_or_default();
                self.note.set(None);
                self.arrived.set(Some(Arrived {
                    pack,
                    offer,
                    changes,
                }));
            }
            Err(r) => {
                self.arrived.set(None);
                self.note.set(Some(Note::Refused(r)));
            }
        }
    }

    /// The player's answer: store the pack that arrived (yes) or leave it (no).
    pub fn answer(self, yes: bool) {
        let Some(Arrived { pack, offer, .. }) = self.arrived.get_untracked() else {
            return;
        };
        self.arrived.set(None);
        if !yes {
            let kept = match offer {
                Offer::New => format!("“{}” was not added.", pack.name),
                Offer::Newer { .. } => format!("“{}” was not updated.", pack.name),
                _ => format!("You kept your “{}”.", pack.name),
            };
            self.note.set(Some(Note::Done(kept)));
            return;
        }
        // When this browser wrote it (the crash-safe copy's comparison goes by it).
        let mut pack = pack;
        pack.updated = crate::ui::clock::now().round();
        let done = match offer {
            Offer::New => format!("“{}” added.", pack.name),
            Offer::Newer { have } => format!(
                "“{}” updated from version {have} to {}.",
                pack.name, pack.version
            ),
            _ => format!("“{}” replaced with the one you opened.", pack.name),
        };
        self.note.set(Some(match store().save(&pack) {
            Ok(()) => Note::Done(done),
            Err(e) => Note::Failed(format!(
                "“{}” could not be saved: {e}. Nothing changed.",
                pack.name
            )),
        }));
        self.reload();
    }

    /// Writes a pack the editor changed (or a new one) and shows it in the list.
    pub fn save(self, pack: &Pack) -> Result<(), String> {
        self.save_over(pack, None)
    }

    /// [`Shelf::save`], naming the version it is written over (another tab tells a
    /// write that crossed its own by it).
    pub fn save_over(self, pack: &Pack, over: Option<f64>) -> Result<(), String> {
        store()
            .save_over(pack, over)
            .map_err(|e| format!("“{}” could not be saved: {e}. Your change is kept on this page; export the pack to keep it.", pack.name))?;
        self.packs
            .update(|ps| match ps.iter_mut().find(|p| p.id == pack.id) {
                Some(p) => *p = pack.clone(),
                None => ps.push(pack.clone()),
            });
        Ok(())
    }

    /// Deletes a stored pack, offering Undo.
    pub fn delete(self, id: &str, name: String) {
        self.end_undo();
        match store().trash(id) {
            Ok(()) => {
                self.deleted.set(Some((id.to_string(), name)));
                self.note.set(None);
            }
            Err(e) => self.note.set(Some(Note::Failed(format!(
                "“{name}” could not be deleted: {e}."
            )))),
        }
        self.reload();
    }

    /// Brings the deleted pack back.
    pub fn undo(self) {
        let Some((id, name)) = self.deleted.get_untracked() else {
            return;
        };
        self.deleted.set(None);
        self.note.set(Some(
            match store().restore(&id, crate::ui::clock::now().round()) {
                Ok(()) => Note::Done(format!("“{name}” is back.")),
                Err(e) => Note::Failed(format!("“{name}” could not be brought back: {e}.")),
            },
        ));
        self.reload();
    }

    /// Makes the last deletion final (another action, or leaving the page).
    pub fn end_undo(self) {
        if self.deleted.get_untracked().is_some() {
            self.deleted.set(None);
            store().purge_trash();
        }
    }

    /// Removes a pack that was set aside (after the player saved its text).
    pub fn discard_set_aside(self, key: &str) {
        LocalBackend.remove(key);
        self.set_aside.update(|s| s.retain(|q| q.0 != key));
    }
}
