//! Long lists drawn in windows: the first rows of a list, a line with "Show more" and
//! "Show all" for the rest, and the rows the player adds meanwhile, at the list's end
//! after that line. So a character with 500 items opens Gear & XP, and takes an edit,
//! about as quickly as one with 50, and the page is not 600 rows of forms. "Print
//! character" draws every row.

use super::print_all::PrintAll;
use leptos::prelude::*;
use std::ops::Range;

/// A row's key in a keyed list: its id, and which row of that id it is (ids are
/// unique in the app; a list made in memory, or an old document, may repeat one).
pub type RowKey = (u32, usize);

/// A keyed list's rows: each row's key in list order, and where each key is, as memos
/// every row of the list shares. A row finds its element through `at`, so an edit of
/// the list costs each row a lookup, not a pass over the list.
#[derive(Clone, Copy)]
pub struct Keyed {
    pub keys: Memo<Vec<RowKey>>,
    pub at: Memo<rustc_hash::FxHashMap<RowKey, usize>>,
}

impl Keyed {
    /// The keys of the rows `ids` gives, in order (tracked as `ids` is).
    pub fn new(ids: impl Fn() -> Vec<u32> + Send + Sync + 'static) -> Keyed {
        // The ids alone first: `ids` reads a part of the character that changes with
        // any of its rows (or with another list in the same part), and most edits
        // change no row's id. Comparing a few hundred numbers then spares working out
        // the keys and their index again, and comparing those (a 500-item inventory's
        // index is 500 lookups to compare).
        let ids = Memo::new(move |_| ids());
        // New ids are new keys and a new index: not compared.
        let keys = Memo::new_with_compare(
            move |_| ids.with(|ids| crate::model::ids::nth_keys(ids.iter().copied())),
            |_, _| true,
        );
        let at = Memo::new_with_compare(
            move |_| keys.with(|ks| ks.iter().enumerate().map(|(i, k)| (*k, i)).collect()),
            |_, _| true,
        );
        Keyed { keys, at }
    }

    /// The keys of the rows in `range` (tracked).
    pub fn slice(&self, range: Range<usize>) -> Vec<RowKey> {
        self.keys
            .with(|ks| ks[range.start.min(ks.len())..range.end.min(ks.len())].to_vec())
    }

    /// Where the row `key` is now (untracked: for what a tap does). Ask before editing
    /// the character, never inside the edit: the index is a memo over the character,
    /// which the edit holds (Leptos then reports the character as disposed).
    pub fn index(&self, key: RowKey) -> Option<usize> {
        self.at.with_untracked(|ix| ix.get(&key).copied())
    }
}

/// The rows of a keyed list: one row per key in `keys`, drawn by `row` when its key
/// first appears, kept (open editors, typed text, focus) while the key stays, and
/// moved with it. Every list keyed by [`RowKey`] draws through this one component,
/// so the build holds one copy of Leptos's keyed-list code rather than one per list
/// (about 3 KB each).
#[component]
pub fn KeyedRows(
    #[prop(into)] keys: Signal<Vec<RowKey>>,
    row: Callback<RowKey, AnyView>,
) -> impl IntoView {
    view! { <For each=move || keys.get() key=|k| *k children=move |k| row.run(k)/> }
}

/// The rows drawn at first, and the rows each "Show more" adds.
pub const STEP: usize = 50;
/// A list this long or shorter is drawn whole: a line that hides a handful of rows
/// is not worth a tap.
pub const WHOLE: usize = 60;

/// Which rows of one list are drawn.
#[derive(Clone, Copy)]
pub struct Window {
    /// Rows drawn from the top.
    shown: RwSignal<usize>,
    /// Rows drawn at the end: the ones added since the list was drawn.
    tail: RwSignal<usize>,
    print: Option<PrintAll>,
}

/// The rows of a list of some length that are drawn: `head`, then `hidden` rows not
/// drawn, then `tail`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub head: Range<usize>,
    pub hidden: usize,
    pub tail: Range<usize>,
}

impl Default for Window {
    fn default() -> Self {
        Self::new()
    }
}

impl Window {
    pub fn new() -> Self {
        Window {
            shown: RwSignal::new(STEP),
            tail: RwSignal::new(0),
            print: use_context::<PrintAll>(),
        }
    }

    /// Which of `len` rows are drawn (tracking the window, and printing).
    pub fn drawn(&self, len: usize) -> Drawn {
        let (shown, tail) = (self.shown.get(), self.tail.get());
        let printing = self.print.is_some_and(|p| p.on());
        if printing || len <= WHOLE || shown.saturating_add(tail) >= len {
            return Drawn {
                head: 0..len,
                hidden: 0,
                tail: len..len,
            };
        }
        Drawn {
            head: 0..shown,
            hidden: len - shown - tail,
            tail: len - tail..len,
        }
    }

    /// The player added a row at the end of a list of `before` rows: it is drawn,
    /// wherever the window is.
    pub fn added(&self, before: usize) {
        if before + 1 > WHOLE && before >= self.shown.get_untracked() {
            self.tail.update(|t| *t += 1);
        }
    }

    /// Row `at` of a list of `before` rows was removed.
    pub fn removed(&self, at: usize, before: usize) {
        let tail = self.tail.get_untracked();
        if tail > 0 && at >= before.saturating_sub(tail) {
            self.tail.set(tail - 1);
        }
    }

    fn more(&self) {
        self.shown.update(|s| *s = s.saturating_add(STEP));
    }

    fn all(&self) {
        self.shown.set(usize::MAX);
    }
}

/// The line for the rows a window leaves out ("450 more items", Show 50 more, Show
/// all), as a row of the list; nothing when every row is drawn.
#[component]
pub fn MoreRows(
    window: Window,
    #[prop(into)] hidden: Signal<usize>,
    /// What the rows are, plural: "items".
    what: &'static str,
) -> impl IntoView {
    // Drawn again only when the count changes, not on every change of the window.
    let hidden = Memo::new(move |_| hidden.get());
    move || {
        let n = hidden.get();
        (n > 0).then(|| {
            view! {
                <li class="more-rows">
                    <span class="more-rows-count">{format!("{n} more {what}")}</span>
                    <button type="button" on:click=move |_| window.more()>{format!("Show {}", n.min(STEP))}</button>
                    <button type="button" on:click=move |_| window.all()>"Show all"</button>
                </li>
            }
        })
    }
}
