//! "New pack": a name and the family it is for; the new pack opens in its editor.

use super::shelf::Shelf;
use crate::model::ids::new_id;
use crate::model::pack::{Family, Pack};
use crate::rules::input::name_problem;
use crate::ui::clock::now;
use crate::ui::routing::{go, PacksAt, Route};
use leptos::prelude::*;

#[component]
pub fn NewPack() -> impl IntoView {
    let shelf = expect_context::<Shelf>();
    let name = RwSignal::new(String::new());
    let heimr = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = name.get_untracked();
        if let Some(why) = name_problem(&text, true) {
            return error.set(Some(why));
        }
        let family = if heimr.get_untracked() {
            Family::Heimr
        } else {
            Family::Symbaroum
        };
        let pack = Pack::new(new_id(), text.trim(), family, now().round());
        match shelf.save(&pack) {
            Ok(()) => go(&Route::Packs(PacksAt::Edit(pack.id)).href()),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <details class="adder card">
            <summary>"New pack…"</summary>
            <form class="pack-add" on:submit=create>
                <div class="field">
                    <label for="new-pack-name">"Name"</label>
                    <input id="new-pack-name" type="text" aria-describedby="new-pack-error"
                        prop:value=name on:input=move |ev| name.set(event_target_value(&ev))/>
                </div>
                <div class="field">
                    <label for="new-pack-family">"For"</label>
                    <select id="new-pack-family" on:change=move |ev| heimr.set(event_target_value(&ev) == "heimr")>
                        <option value="symbaroum">"Homebrew, its draft and Symbaroum"</option>
                        <option value="heimr">"Heimr"</option>
                    </select>
                </div>
                <button type="submit" class="primary">"Create pack"</button>
            </form>
            <p class="field-error" id="new-pack-error" aria-live="polite">{move || error.get()}</p>
        </details>
    }
}
