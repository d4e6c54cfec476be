//! One-tap combat tests: Attack `[Exactitude←Defense]` and Defense
//! `[Defense←Exactitude]`, each asking only for the opponent's value.

use super::roll_panel::{RollKind, Rolls};
use crate::model::Character;
use crate::rules::symbaroum::{labels, Attr};
use leptos::prelude::*;

#[component]
pub fn CombatRolls(character: RwSignal<Character>, rolls: Rolls) -> impl IntoView {
    let l = move || labels(character.with(|c| c.ruleset));
    view! {
        <section class="card combat-rolls" aria-labelledby="combat-heading">
            <h2 id="combat-heading">"Combat"</h2>
            <div class="combat-buttons">
                <button
                    type="button"
                    id=RollKind::Attack.opener_id()
                    class="combat-button"
                    aria-haspopup="dialog"
                    on:click=move |_| rolls.open(RollKind::Attack)
                >
                    <span class="combat-name">"Attack"</span>
                    <span class="combat-formula">
                        {move || format!("[{}←", l().attr(Attr::Exactitude))}<wbr/>{move || format!("{}]", l().defense)}
                    </span>
                </button>
                <button
                    type="button"
                    id=RollKind::Defense.opener_id()
                    class="combat-button"
                    aria-haspopup="dialog"
                    on:click=move |_| rolls.open(RollKind::Defense)
                >
                    <span class="combat-name">"Defense"</span>
                    <span class="combat-formula">
                        {move || format!("[{}←", l().defense)}<wbr/>{move || format!("{}]", l().attr(Attr::Exactitude))}
                    </span>
                </button>
            </div>
        </section>
    }
}
