//! One list of a pack's entries in its editor, as a game master who typed in a whole
//! catalogue needs it: each entry folded to its summary, its fields drawn when it is
//! first opened; a long list drawn in windows (`ui::long_list`: the first rows, "Show
//! more", and the entries added meanwhile) with a box that finds entries by name. So
//! a pack of thousands of entries opens, and takes an edit, about as quickly as one
//! of ten.

use crate::model::pack::edit::Entry;
use crate::model::pack::Pack;
use crate::ui::long_list::{MoreRows, Window, WHOLE};
use leptos::prelude::*;

/// What a list shows: which entries (its find box) and how many of them (its window).
#[derive(Clone, Copy)]
pub struct Shown {
    /// Each entry's id and name, in the pack's order.
    names: Memo<Vec<(u32, String)>>,
    find: RwSignal<String>,
    window: Window,
    /// The text the find box held, and the ids of the entries it leaves, in order.
    found: Memo<(String, Vec<u32>)>,
}

impl Shown {
    /// The entries of the list `list` picks of the pack (tracked as the pack is).
    pub fn new<T: Entry + Send + Sync + 'static>(
        pack: RwSignal<Pack>,
        list: fn(&Pack) -> &Vec<T>,
    ) -> Shown {
        let names = Memo::new(move |_: Option<&Vec<(u32, String)>>| {
            pack.with(|p| {
                list(p)
                    .iter()
                    .map(|e| (e.id(), e.name().to_string()))
                    .collect()
            })
        });
        let find = RwSignal::new(String::new());
        // An entry stays found while the box holds the same text, so one renamed
        // while found does not vanish from under the game master's fingers.
        let found = Memo::new(move |prev: Option<&(String, Vec<u32>)>| {
            let q = find.with(|q| q.trim().to_lowercase());
            let before: Option<rustc_hash::FxHashSet<u32>> = prev
                .filter(|(p, _)| *p == q)
                .map(|(_, ids)| ids.iter().copied().collect());
            let ids = names.with(|ns| {
                ns.iter()
                    .filter(|(id, n)| {
                        q.is_empty()
                            || n.to_lowercase().contains(&q)
                            || before.as_ref().is_some_and(|b| b.contains(id))
                    })
                    .map(|(id, _)| *id)
                    .collect()
            });
            (q, ids)
        });
        Shown {
            names,
            find,
            window: Window::new(),
            found,
        }
    }

    /// How many entries the find box leaves (tracked).
    fn count(self) -> usize {
        self.found.with(|(_, ids)| ids.len())
    }

    /// An add form's callback: `add` is tried, and the entry it adds is drawn at the
    /// list's end whatever the window and the find box showed.
    pub fn adding(
        self,
        add: impl Fn(String) -> Result<(), String> + Send + Sync + 'static,
    ) -> Callback<String, Result<(), String>> {
        Callback::new(move |name: String| {
            let before = self.names.with_untracked(Vec::len);
            add(name)?;
            self.find.set(String::new());
            self.window.added(before);
            Ok(())
        })
    }

    /// Entry `id` is about to be removed: the window's count of added entries follows.
    /// Asked before the edit (the lists are memos over the pack the edit holds).
    fn removing(self, id: u32) {
        self.found.with_untracked(|(_, f)| {
            if let Some(at) = f.iter().position(|x| *x == id) {
                self.window.removed(at, f.len());
            }
        });
    }
}

/// What a remove button calls before its edit, where a windowed list is around it.
#[derive(Clone, Copy)]
pub struct Removing(Shown);

impl Removing {
    pub fn run(self, id: u32) {
        self.0.removing(id);
    }
}

/// An entry folded to `summary`; `fields` drawn when it is first opened, and kept
/// (typed text, open effects) when it is folded again.
#[component]
fn EntryFold(id: u32, summary: fn(u32) -> AnyView, fields: fn(u32) -> AnyView) -> impl IntoView {
    let opened = RwSignal::new(false);
    view! {
        <li>
            // A fold starts closed, so its first toggle opens it.
            <details class="row-editor" on:toggle=move |_| opened.set(true)>
                <summary>{summary(id)}</summary>
                {move || opened.get().then(|| fields(id))}
            </details>
        </li>
    }
}

/// The entries of one list: the find box (for a list longer than a window), the
/// entries drawn, the line for the rest, and the entries added since.
#[component]
pub fn EntryList(
    shown: Shown,
    /// The entries, plural ("abilities"), for the find box and the line for the rest.
    what: &'static str,
    /// The box's id.
    id: &'static str,
    summary: fn(u32) -> AnyView,
    fields: fn(u32) -> AnyView,
) -> impl IntoView {
    provide_context(Removing(shown));
    let Shown {
        names,
        find,
        window,
        found,
    } = shown;
    let drawn = Memo::new(move |_| window.drawn(shown.count()));
    let ids = move |part: fn(&crate::ui::long_list::Drawn) -> std::ops::Range<usize>| {
        found.with(|(_, f)| {
            let r = drawn.with(part);
            f[r.start.min(f.len())..r.end.min(f.len())].to_vec()
        })
    };
    let long = Memo::new(move |_| names.with(Vec::len) > WHOLE);
    let status_id = format!("{id}-status");
    let status = move || {
        let q = find.with(|q| q.trim().to_string());
        (!q.is_empty()).then(|| match shown.count() {
            0 => format!("No name holds “{q}”."),
            n => format!("{n} of {} {what} hold “{q}”.", names.with(Vec::len)),
        })
    };
    let row = move |id: u32| view! { <EntryFold id summary fields/> };
    view! {
        <Show when=move || long.get() || find.with(|q| !q.is_empty())>
            <div class="field pack-find">
                <label for=id>{format!("Find {what} by name")}</label>
                <input id=id type="search" aria-describedby=status_id.clone()
                    prop:value=move || find.get() on:input=move |ev| find.set(event_target_value(&ev))/>
                <p class="hint" id=status_id.clone() role="status">{status}</p>
            </div>
        </Show>
        <ul class="pack-edit-list">
            <For each=move || ids(|d| d.head.clone()) key=|id| *id children=row/>
            <MoreRows window hidden=Signal::derive(move || drawn.with(|d| d.hidden)) what/>
            <For each=move || ids(|d| d.tail.clone()) key=|id| *id children=row/>
        </ul>
    }
}
