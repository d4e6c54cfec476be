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
                <CombatButton rolls kind=RollKind::Attack name="Attack"
                    formula=Signal::derive(move || (l().attr(Attr::Exactitude), l().defense))/>
                <CombatButton rolls kind=RollKind::Defense name="Defense"
                    formula=Signal::derive(move || (l().defense, l().attr(Attr::Exactitude)))/>
            </div>
        </section>
    }
}

/// One tap to a test against an opponent: "[Exactitude←Defense]".
#[component]
fn CombatButton(
    rolls: Rolls,
    kind: RollKind,
    name: &'static str,
    /// (the tested value, the opposing value), in the ruleset's words.
    formula: Signal<(&'static str, &'static str)>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            id=kind.opener_id()
            class="combat-button"
            aria-haspopup="dialog"
            on:click=move |_| rolls.open(kind)
        >
            <span class="combat-name">{name}</span>
            <span class="combat-formula">
                {move || format!("[{}←", formula.get().0)}<wbr/>{move || format!("{}]", formula.get().1)}
            </span>
        </button>
    }
}
