//! A list row that opens into its editor: the row's one line of what matters in play
//! is a button (`aria-expanded`), and a tap opens the editor under it.
//!
//! The editor is built the first time the player opens the row, and kept after (with
//! anything typed in it) while the row lasts. A closed row is then its one line: a
//! 500-item inventory costs each change the few reactive parts of 50 summaries, not the
//! forty-odd fields, selects and options of 50 editors, all of which the change would
//! otherwise have to check.
//!
//! Not a `<details>`, as the Combat tab's short lists are: each `<details>` brings a
//! shadow tree of the browser's own, which a phone styles and lays out when the row is
//! added, about 2.5 ms of an added item's frame (4× CPU, 500 items).

use leptos::prelude::*;

/// The row's box (`.row-editor`): `summary` in its button, then `editor()` under it
/// once opened (`style/combat-equipment.css` hides it while the button says closed).
pub fn row_editor<S, E, V>(summary: S, editor: E) -> impl IntoView
where
    S: IntoView + 'static,
    E: Fn() -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    // Drawn on the first opening, then kept.
    let opened = RwSignal::new(false);
    view! {
        <div class="row-editor">
            {row_line(summary.into_any(), opened)}
            {move || opened.get().then(&editor)}
        </div>
    }
}

/// The row's one line, a button that opens and closes the editor: one copy of its
/// code for every kind of row.
fn row_line(summary: AnyView, opened: RwSignal<bool>) -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <button type="button" class="item-head row-line" aria-expanded=move || open.get().to_string() on:click=move |_| {
            open.set(!open.get_untracked());
            if !opened.get_untracked() {
                opened.set(true);
            }
        }>{summary}</button>
    }
}
