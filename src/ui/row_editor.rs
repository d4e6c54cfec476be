//! A list row that opens into its editor (`<details class="row-editor">`): the summary
//! is the row's one line of what matters in play, and a tap opens the editor under it.
//!
//! The editor is built the first time the player opens the row, and kept after (with
//! anything typed in it) while the row lasts. A closed row is then its one line: a
//! 500-item inventory costs each change the few reactive parts of 50 summaries, not the
//! forty-odd fields, selects and options of 50 editors, all of which the change would
//! otherwise have to check.

use leptos::prelude::*;

/// The row's `<details>`: `summary` inside its `<summary>`, then `editor()` once
/// opened.
pub fn row_editor<S, E, V>(summary: S, editor: E) -> impl IntoView
where
    S: IntoView + 'static,
    E: Fn() -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let opened = RwSignal::new(false);
    view! {
        <details class="row-editor" on:toggle=move |ev| {
            let open = event_target::<web_sys::Element>(&ev).has_attribute("open");
            if open && !opened.get_untracked() {
                opened.set(true);
            }
        }>
            <summary class="item-head">{summary}</summary>
            {move || opened.get().then(&editor)}
        </details>
    }
}
