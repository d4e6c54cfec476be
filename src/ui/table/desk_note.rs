//! The table page's note: the last action's outcome, and the Undo of a deletion.

use super::desk::Desk;
use leptos::prelude::*;

/// The last action's outcome, and the Undo of a deletion.
#[component]
pub(super) fn DeskNote() -> impl IntoView {
    let desk = expect_context::<Desk>();
    move || {
        let undo = desk
            .deleted
            .get()
            .map(|(_, name)| (true, format!("Deleted “{name}”.")));
        undo.or(desk.note.get()).map(|(done, text)| {
            let deleted = desk.deleted.with(Option::is_some);
            view! {
                <div class="notice" class:bad=!done role=if done { "status" } else { "alert" }>
                    <span>{text}</span>
                    <button type="button" hidden=!deleted on:click=move |_| desk.undo_delete()>"Undo"</button>
                    <button type="button" class="close" aria-label="Dismiss" on:click=move |_| {
                        desk.note.set(None);
                        desk.end_undo();
                    }>"×"</button>
                </div>
            }
        })
    }
}
