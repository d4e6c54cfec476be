//! The game master's tables in the page's context: read from the store when the page
//! opens (what cannot be read set aside, the crash-safe copy compared), changed only
//! through [`Desk::edit`], which writes at once and tells another tab which version
//! it wrote over; another tab's write is taken, or merged with this tab's.

use crate::model::ids::new_id;
use crate::model::table::{Family, Table};
use crate::model::Character;
use crate::storage::documents::{reconcile, Document};
use crate::storage::idb;
use crate::storage::local::LocalBackend;
use crate::storage::tables::{TableFix, TableRemote, TableStore, TableTab, TABLE_PREFIX};
use crate::storage::Backend;
use crate::ui::clock::now;
use leptos::prelude::*;
use std::collections::HashMap;

fn store() -> TableStore<LocalBackend> {
    TableStore::new(LocalBackend)
}

/// The page's state.
#[derive(Clone, Copy)]
pub struct Desk {
    /// By name.
    pub tables: RwSignal<Vec<Table>>,
    /// Tables set aside because they could not be read: (key, text, why).
    pub set_aside: RwSignal<Vec<(String, String, String)>>,
    /// The last action's outcome: (done, words).
    pub note: RwSignal<Option<(bool, String)>>,
    /// The table just deleted, while its Undo is offered: (id, name).
    pub deleted: RwSignal<Option<(String, String)>>,
    /// A character from a share link, waiting for the game master to pick its table.
    pub arriving: RwSignal<Option<Character>>,
    /// Each table's versions known to be in the store, for merging another tab's.
    tabs: StoredValue<HashMap<String, TableTab>>,
}

impl Desk {
    /// Reads the store (setting aside what cannot be read), then compares it with the
    /// crash-safe copy.
    pub fn open() -> Desk {
        let loaded = store().load_all();
        let desk = Desk {
            tabs: StoredValue::new(
                loaded
                    .docs
                    .iter()
                    .map(|t| (t.id.clone(), TableTab::new(t)))
                    .collect(),
            ),
            tables: RwSignal::new(loaded.docs),
            set_aside: RwSignal::new(loaded.quarantined),
            note: RwSignal::new(None),
            deleted: RwSignal::new(None),
            arriving: RwSignal::new(None),
        };
        leptos::task::spawn_local(async move {
            let records = idb::read_copy().await;
            if let Some(here) = desk.tables.try_get_untracked() {
                desk.recover(reconcile(&here, &records));
            }
        });
        desk
    }

    /// Takes back what localStorage lost from the crash-safe copy, and says so.
    fn recover(self, fixes: Vec<TableFix>) {
        let mut s = store();
        let mut back = Vec::new();
        for fix in fixes {
            match fix {
                TableFix::Restore(t) => {
                    if s.save(&t).is_ok() {
                        back.push(format!("“{}”", t.name));
                    }
                }
                TableFix::Remove(id) => s.backend.remove(&TableStore::<LocalBackend>::key(&id)),
                TableFix::Copy { key, value, time } => idb::put(&key, Some(&value), time),
            }
        }
        if !back.is_empty() {
            let _ = self.note.try_set(Some((
                true,
                format!(
                    "Recovered {} from the crash-safe copy: the browser had closed before saving it.",
                    back.join(", ")
                ),
            )));
        }
        self.reload();
    }

    /// Reads the store again.
    pub fn reload(self) {
        let _ = self.tables.try_set(store().load_all().docs);
    }

    pub fn table(self, id: &str) -> Option<Table> {
        self.read(id, |t| Some(t.clone()))
    }

    /// What `f` reads of table `id`, untracked and without copying the table; None
    /// when there is no such table.
    pub fn read<T>(self, id: &str, f: impl FnOnce(&Table) -> Option<T>) -> Option<T> {
        self.tables
            .with_untracked(|ts| f(ts.iter().find(|t| t.id == id)?))
    }

    /// A new table; its id.
    pub fn create(self, name: &str, family: Family) -> Result<String, String> {
        let t = Table::new(new_id(), name.trim(), family, now().round());
        self.write(&t)?;
        Ok(t.id)
    }

    /// A table from a file, taken in beside the others: one already here (the same id)
    /// is never overwritten, the file comes in as a copy, "Name (2)". Its name.
    pub fn import(self, mut t: Table) -> Result<String, String> {
        let here = self.tables.with_untracked(|ts| {
            ts.iter().any(|h| h.id == t.id).then(|| {
                crate::storage::listing::duplicate_name(&t.name, ts.iter().map(|h| h.name.as_str()))
            })
        });
        if let Some(name) = here {
            t.id = new_id();
            t.name = name;
        }
        self.write(&t)?;
        Ok(t.name)
    }

    /// Changes table `id` by `f` (refused in words: nothing changes) and writes it.
    pub fn edit(
        self,
        id: &str,
        f: impl FnOnce(&mut Table, f64) -> Result<(), String>,
    ) -> Result<(), String> {
        let Some(mut t) = self.table(id) else {
            return Err("That table is not in this browser any more.".into());
        };
        f(&mut t, now().round())?;
        self.write(&t)
    }

    /// Writes `t` over the version this tab knows, and shows it.
    fn write(self, t: &Table) -> Result<(), String> {
        let over = self
            .tabs
            .with_value(|tabs| tabs.get(&t.id).and_then(TableTab::over));
        let saved = store().save_over(t, over);
        self.tabs.update_value(|tabs| {
            tabs.entry(t.id.clone())
                .or_insert_with(|| TableTab::new(t))
                .learn(t)
        });
        self.show(t.clone());
        saved.map_err(|e| {
            format!("“{}” could not be saved: {e}. Your change is kept on this page; export the table to keep it.", t.name)
        })
    }

    fn show(self, t: Table) {
        let known = self
            .tables
            .try_update(|ts| match ts.iter_mut().find(|x| x.id == t.id) {
                Some(x) => {
                    *x = t;
                    true
                }
                None => false,
            });
        // A new table takes its place by name, as the store lists them.
        if known == Some(false) {
            self.reload();
        }
    }

    /// Another tab wrote `key` (a table's, or every key when `None`).
    pub fn heard(self, key: Option<String>, text: Option<String>) {
        let (Some(key), Some(text)) = (key, text) else {
            return self.reload();
        };
        let Some(id) = key.strip_prefix(TABLE_PREFIX) else {
            return;
        };
        let Ok((theirs, over)) = Table::read_stored(&text) else {
            return self.reload();
        };
        let Some(ours) = self.table(id) else {
            return self.reload();
        };
        let heard = self.tabs.try_update_value(|tabs| {
            tabs.entry(id.to_string())
                .or_insert_with(|| TableTab::new(&ours))
                .heard(&ours, theirs, over)
        });
        match heard {
            Some(TableRemote::Take(t)) => self.show(t),
            Some(TableRemote::Merged { doc, .. }) => {
                let _ = self.write(&doc);
            }
            _ => {}
        }
    }

    /// Deletes a table, offering Undo.
    pub fn delete(self, id: &str) {
        self.end_undo();
        let name = self.table(id).map(|t| t.name).unwrap_or_default();
        match store().trash(id) {
            Ok(()) => {
                self.deleted.set(Some((id.to_string(), name)));
                self.reload();
            }
            Err(e) => self.note.set(Some((
                false,
                format!("“{name}” could not be deleted: {e}. Nothing changed."),
            ))),
        }
    }

    /// Brings the table just deleted back.
    pub fn undo_delete(self) {
        let Some((id, name)) = self.deleted.get_untracked() else {
            return;
        };
        self.deleted.set(None);
        if let Err(e) = store().restore(&id, now().round()) {
            self.note.set(Some((
                false,
                format!("“{name}” could not be brought back: {e}."),
            )));
        }
        self.reload();
    }

    /// Makes a deletion final (the page is left, or another action comes).
    pub fn end_undo(self) {
        if self.deleted.try_update(Option::take).flatten().is_some() {
            store().purge_trash();
        }
    }
}
