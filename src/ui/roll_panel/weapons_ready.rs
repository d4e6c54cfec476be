//! An Attack with a Long melee weapon: the Free Attack of the first turn of melee,
//! offered (it ticks the panel's Free Attack, and the log names it); or why a shield
//! in use takes it away (`rules::symbaroum::combat::reach_taken_by`).

use super::form::Form;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::combat::reach_taken_by;
use leptos::prelude::*;

#[component]
pub(super) fn WeaponsReady() -> impl IntoView {
    let form = expect_context::<Form>();
    let (free, ready) = (form.free_attack, form.weapons_ready);
    let long = move || {
        form.weapon
            .with(|w| w.as_ref().is_some_and(|w| w.reaches()))
    };
    let taken_by = move || {
        form.character
            .combat()
            .with(|c| reach_taken_by(&c.shields).map(str::to_string))
    };
    let on = move || free.get() && ready.get();
    move || {
        long().then(|| match taken_by() {
            Some(shield) => view! {
                <p class="hint" id="roll-weapons-ready">
                    {format!("{shield} is in use: your Long weapon loses its reach, so no first-turn Free Attack.")}
                </p>
            }
            .into_any(),
            None => view! {
                <button type="button" id="roll-weapons-ready"
                    aria-pressed=move || on().to_string()
                    on:click=move |_| {
                        let take = !on();
                        ready.set(take);
                        free.set(take);
                    }>
                    "First turn of melee: a Free Attack with your Long weapon"
                    <small>" (against one enemy without a Long weapon)"</small>
                </button>
            }
            .into_any(),
        })
    }
}
