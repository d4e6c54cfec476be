//! "New table": a name and the family it is for; the new table opens.

use super::desk::Desk;
use crate::model::table::Family;
use crate::rules::input::name_problem;
use crate::ui::routing::{go, Route, TableAt};
use leptos::prelude::*;

#[component]
pub fn NewTable() -> impl IntoView {
    let desk = expect_context::<Desk>();
    let name = RwSignal::new(String::new());
    let heimr = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = name.get_untracked();
        if let Some(why) = name_problem(&text, true) {
            return error.set(Some(why));
        }
        let family = match heimr.get_untracked() {
            true => Family::Heimr,
            false => Family::Symbaroum,
        };
        match desk.create(&text, family) {
            Ok(id) => go(&Route::Table(TableAt::Open(id)).href()),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <details class="adder card" open=move || desk.tables.with(Vec::is_empty)>
            <summary>"New table…"</summary>
            <form class="table-add" on:submit=create>
                <div class="field">
                    <label for="new-table-name">"Name"</label>
                    <input id="new-table-name" type="text" aria-describedby="new-table-error"
                        prop:value=name on:input=move |ev| name.set(event_target_value(&ev))/>
                </div>
                <div class="field">
                    <label for="new-table-family">"Plays"</label>
                    <select id="new-table-family" on:change=move |ev| heimr.set(event_target_value(&ev) == "heimr")>
                        <option value="symbaroum">"Homebrew, its draft and Symbaroum"</option>
                        <option value="heimr">"Heimr"</option>
                    </select>
                </div>
                <button type="submit" class="primary">"Create table"</button>
            </form>
            <p class="field-error" id="new-table-error" aria-live="polite">{move || error.get()}</p>
        </details>
    }
}
