//! Dying and death: the death test each turn while dying (steps "n of 3"), first aid
//! that stabilises, and for the dead a clear banner and a successor.

use super::parts::log;
use crate::model::{Character, NAME_MAX};
use crate::rules::symbaroum::combat::HealingSource;
use crate::rules::symbaroum::dying::{stabilise, DeathResult, LifeState, DEATH_STEPS};
use crate::rules::symbaroum::labels;
use crate::ui::library_state::Library;
use crate::ui::pages::sheet_href;
use crate::ui::random::{now, CryptoRng};
use crate::ui::sheet::derived_of;
use leptos::prelude::*;

#[component]
pub fn DyingPanel(character: RwSignal<Character>) -> impl IntoView {
    let life = move || character.with(|c| c.combat.life);
    let message = RwSignal::new(String::new());

    let death_test = move |_| {
        character.update(|c| match c.combat.life.death_test(&mut CryptoRng) {
            Ok(t) => {
                let msg = t.message(labels(c.ruleset));
                if let DeathResult::WakesUp { toughness } = t.result {
                    let max = derived_of(c).toughness.value;
                    c.combat.damage = (max - toughness).max(0);
                }
                c.combat.life = t.state;
                let mut dice = format!("d20: {}", t.roll);
                if let Some(d) = t.d4 {
                    dice += &format!("; d4: {d}");
                }
                log(c, "Death test".into(), dice, msg.clone());
                c.updated = now();
                message.set(msg);
            }
            Err(msg) => message.set(msg),
        });
    };

    // First aid that ends dying without healing (the heal buttons stabilise and heal).
    let stabilise_now = move |_| {
        character.update(|c| {
            let max = derived_of(c).toughness.value;
            let cur = c.combat.current_toughness(max);
            let by = HealingSource::Other { amount: 0 };
            match stabilise(&mut CryptoRng, c.combat.life, cur, max, by) {
                Ok(aid) => {
                    c.combat.life = aid.state;
                    c.combat.damage = (max - aid.toughness).max(0);
                    c.updated = now();
                    message.set("Stabilised: no longer dying, death steps reset.".into());
                }
                Err(msg) => message.set(msg),
            }
        });
    };

    // Experience does not exist in the app yet: when it does, the successor starts with
    // all the Experience the dead character earned (RULES.md) and it is copied here.
    let create_successor = move |_| {
        let lib = expect_context::<Library>();
        let (ruleset, name) =
            character.with_untracked(|c| (c.ruleset, c.display_name().to_owned()));
        let id = lib.create(ruleset);
        if let Some(mut new_char) = lib.get(&id) {
            new_char.name = format!("Successor of {name}")
                .chars()
                .take(NAME_MAX)
                .collect();
            lib.upsert(new_char.clone());
            lib.flush();
            let _ = window().location().assign(&sheet_href(&new_char));
        }
    };

    let steps = move || match life() {
        LifeState::Dying { steps } => steps,
        _ => 0,
    };

    view! {
        <Show when=move || life().is_dying()>
            <section class="card dying-panel" id="dying-panel" aria-labelledby="dying-heading">
                <h2 id="dying-heading">"Dying"</h2>
                <p>"At 0: roll a death test each turn. 1 wakes, 20 kills, the third 11–19 kills."</p>
                <p id="death-steps" class="death-steps">
                    {move || format!("Steps of death: {} of {DEATH_STEPS}", steps())}
                </p>
                <div class="heal-row">
                    <button type="button" id="death-test" class="primary" on:click=death_test>
                        "Roll death test"
                    </button>
                    <button type="button" id="stabilise" on:click=stabilise_now>"Stabilise"</button>
                </div>
            </section>
        </Show>
        <Show when=move || life() == LifeState::Dead>
            <section class="card dead-banner" id="dead-banner" role="alert" aria-labelledby="dead-heading">
                <h2 id="dead-heading">{move || character.with(|c| format!("{} is dead", c.display_name()))}</h2>
                <button type="button" id="create-successor" class="primary" on:click=create_successor>
                    "Create successor"
                </button>
            </section>
        </Show>
        <p id="death-result" class="death-result" aria-live="polite">{move || message.get()}</p>
    }
}
