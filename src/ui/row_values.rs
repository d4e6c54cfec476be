//! Each drawn row's own value, told apart by key, so a change reaches only the rows it
//! changed. A list's rows each read their element out of one part of the character
//! (the gear): as a memo per row, every change of that part woke
//! every drawn row, and adding an item to a 500-item inventory cost 50 item rows and
//! 50 ability rows a read, a copy and a comparison, each with the reactive graph's
//! bookkeeping. Here one pass looks up every drawn row's element, compares it with
//! what the row shows, and wakes only the rows whose element changed: Leptos's
//! `Selector`, per key, with a value.

use super::long_list::RowKey;
use leptos::prelude::*;
use rustc_hash::FxHashMap as HashMap;

/// What a drawn row shows, and what wakes it.
struct Shown<V> {
    value: Option<V>,
    trigger: ArcTrigger,
    /// How many rows of this key are drawn: for a moment two may be, when a row moves
    /// from the list's end into its first rows ("Show all", printing) and the new one
    /// is drawn before the old one goes.
    drawn: usize,
}

type Rows<V> = StoredValue<HashMap<RowKey, Shown<V>>>;

/// The drawn rows of one list, each with the value it shows. `look_up` reads the
/// list (tracked) and hands each asked key's element, or `None` for a key no longer
/// in the list, to `found` with the key's place in the asked keys.
pub struct RowValues<V: Send + Sync + 'static> {
    rows: Rows<V>,
    /// Brings every drawn row up to date: worked out when the list changes (a watch
    /// keeps it so), and before a row reads, so a row drawn for an element just added
    /// never reads before the pass that would have told it.
    pass: Memo<()>,
    look_up: StoredValue<LookUp<V>>,
}

type LookUp<V> = Box<dyn Fn(&[RowKey], &mut dyn FnMut(usize, Option<&V>)) + Send + Sync>;

impl<V: Send + Sync + 'static> Clone for RowValues<V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V: Send + Sync + 'static> Copy for RowValues<V> {}

impl<V: Clone + PartialEq + Send + Sync + 'static> RowValues<V> {
    /// `look_up` must read what the list is made from even when asked for no key, so
    /// that a change of it is seen.
    pub fn new(
        look_up: impl Fn(&[RowKey], &mut dyn FnMut(usize, Option<&V>)) + Send + Sync + 'static,
    ) -> Self {
        let rows: Rows<V> = StoredValue::new(HashMap::default());
        let look_up = StoredValue::new(Box::new(look_up) as LookUp<V>);
        let pass = Memo::new(move |_| {
            let keys: Vec<RowKey> = rows.with_value(|r| r.keys().copied().collect());
            let mut woken = Vec::new();
            look_up.with_value(|f| {
                f(&keys, &mut |n, now| {
                    rows.update_value(|r| {
                        if let Some(row) = r.get_mut(&keys[n]) {
                            if row.value.as_ref() != now {
                                row.value = now.cloned();
                                woken.push(row.trigger.clone());
                            }
                        }
                    })
                })
            });
            // Outside the rows' lock: a woken row may read them at once.
            for t in woken {
                t.notify();
            }
        });
        Effect::new(move |_| pass.track());
        RowValues {
            rows,
            pass,
            look_up,
        }
    }

    /// The row `key`'s value, for a row drawn now: read with [`Row::with`], which
    /// runs again only when this row's element changes. The row is forgotten when
    /// the row's owner is cleaned up (and no other row of that key is drawn).
    pub fn row(&self, key: RowKey) -> Row<V> {
        let this = *self;
        // Up to date first, so that a row of this key already drawn shows the list as
        // it is now; a key not drawn yet is looked up.
        this.pass.with_untracked(|_| ());
        let drawn = this.rows.with_value(|r| r.contains_key(&key));
        let mut first = None;
        if !drawn {
            untrack(|| {
                this.look_up.with_value(|f| {
                    f(&[key], &mut |_, v| first = v.cloned());
                })
            });
        }
        this.rows.update_value(|r| {
            r.entry(key)
                .or_insert_with(|| Shown {
                    value: first,
                    trigger: ArcTrigger::new(),
                    drawn: 0,
                })
                .drawn += 1;
        });
        on_cleanup(move || {
            this.rows.try_update_value(|r| {
                if let Some(row) = r.get_mut(&key) {
                    row.drawn -= 1;
                    if row.drawn == 0 {
                        r.remove(&key);
                    }
                }
            });
        });
        Row { values: this, key }
    }
}

/// One drawn row's value (see [`RowValues::row`]).
pub struct Row<V: Send + Sync + 'static> {
    values: RowValues<V>,
    key: RowKey,
}

impl<V: Send + Sync + 'static> Clone for Row<V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V: Send + Sync + 'static> Copy for Row<V> {}

impl<V: Clone + PartialEq + Send + Sync + 'static> Row<V> {
    /// `f` of the row's element as the list has it now (`None` once it is gone),
    /// tracked: the reader runs again when this row's element changes, and only then.
    /// `f` must not read this list's rows.
    pub fn with<T>(&self, f: impl FnOnce(Option<&V>) -> T) -> T {
        let Row { values, key } = *self;
        values.pass.with_untracked(|_| ());
        let trigger = values
            .rows
            .with_value(|r| r.get(&key).map(|row| row.trigger.clone()));
        if let Some(t) = trigger {
            t.track();
        }
        values
            .rows
            .with_value(|r| f(r.get(&key).and_then(|row| row.value.as_ref())))
    }

    /// The row's element as the list has it now, without tracking.
    pub fn get_untracked(&self) -> Option<V> {
        untrack(|| self.with(|v| v.cloned()))
    }
}
