//! "New turn": fatigue may rise again, the defences since the last turn reset, and
//! "This turn" starts anew (an upcoming action going on into it).

use super::state::edit;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn NewTurnButton(character: Live) -> impl IntoView {
    let done = RwSignal::new(false);
    view! {
        <div class="new-turn">
            <button
                type="button"
                class="primary"
                id="heimr-new-turn"
                on:click=move |_| {
                    edit(character, |h| h.new_turn());
                    done.set(true);
                }
            >
                "New turn"
            </button>
            <p class="hint" role="status">
                {move || done.get().then_some("New turn: defence counts reset; effects count down; fatigue can rise once again.")}
            </p>
        </div>
    }
}
