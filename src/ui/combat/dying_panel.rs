//! Dying and death: the death test each turn while dying (steps "n of 3"), first aid
//! that stabilises, and for the dead a clear banner and a successor.

use crate::model::play::dying::{self as play, DeathTested};
use crate::model::NAME_MAX;
use crate::model::{display_name, CharacterStoreFields};
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::dying::{Healer, LifeState, DEATH_STEPS};
use crate::rules::symbaroum::experience::{reroll_offer, successor_ledger, RollKind as XpRoll};
use crate::ui::clock::now;
use crate::ui::library_state::Library;
use crate::ui::parts::{gear, reroll_row};
use crate::ui::routing::{go, sheet_href, Tab};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn DyingPanel(character: Live) -> impl IntoView {
    let life = move || character.combat().with(|c| c.life);
    let message = RwSignal::new(String::new());

    // The last death test, for Re-roll for Experience: offered only while nothing else
    // has changed the fight state since.
    let last_test = RwSignal::new(None::<DeathTested>);
    let rerolled = RwSignal::new(false);
    let death_test = move |reroll: bool| {
        let last = last_test.get_untracked();
        character.update(|c| {
            let made = match (reroll, &last) {
                (false, _) => play::death_test(c, &mut CryptoRng, now()),
                (true, Some(last)) => play::reroll_death_test(c, last, &mut CryptoRng, now()),
                (true, None) => return,
            };
            match made {
                Ok(t) => {
                    message.set(t.message.clone());
                    last_test.set(Some(t));
                    rerolled.set(reroll);
                }
                Err(msg) => message.set(msg),
            }
        });
    };
    let reroll_state = move || {
        let after = last_test.with(|t| t.as_ref().map(|t| t.after))?;
        gear(character, |g| {
            let rules = g.advance.reroll;
            (rules.enabled && (g.combat.life, g.combat.damage) == after).then(|| {
                reroll_offer(
                    rules,
                    XpRoll::DeathTest,
                    rerolled.get(),
                    g.advance.totals().unspent,
                )
            })
        })
    };

    // Someone else's first aid that ends dying without healing (the heal buttons
    // stabilise and heal); the dying cannot give it themself.
    let stabilise_now = move |_| {
        character.update(|c| {
            let aid = play::first_aid(c, Healer::SomeoneElse, &mut CryptoRng, now());
            message.set(aid.unwrap_or_else(|why| why));
        });
    };

    // The successor starts with all the Experience the dead character earned (RULES.md).
    let create_successor = move |_| {
        let lib = expect_context::<Library>();
        let (ruleset, name, xp) = character.with_untracked(|c| {
            let name = c.display_name().to_owned();
            (
                c.ruleset,
                name.clone(),
                successor_ledger(&c.advance().xp, &name),
            )
        });
        let id = lib.create(ruleset);
        if let Some(mut new_char) = lib.get(&id) {
            new_char.name = format!("Successor of {name}")
                .chars()
                .take(NAME_MAX)
                .collect();
            new_char.advance_mut().xp = xp;
            lib.upsert(new_char.clone());
            lib.flush();
            go(&sheet_href(&new_char.id, Tab::Sheet));
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
                <p>"At 0: roll a death test each turn. 1 wakes, 20 kills, the third 11–19 kills. They cannot help themself: only someone else's herbal cure, Medicus or mystical healing stabilises them."</p>
                <p id="death-steps" class="death-steps">
                    {move || format!("Steps of death: {} of {DEATH_STEPS}", steps())}
                </p>
                <div class="heal-row">
                    <button type="button" id="death-test" class="primary" on:click=move |_| death_test(false)>
                        "Roll death test"
                    </button>
                    <button type="button" id="stabilise" on:click=stabilise_now>"Stabilised by someone else"</button>
                </div>
            </section>
        </Show>
        <Show when=move || life() == LifeState::Dead>
            <section class="card dead-banner" id="dead-banner" role="alert" aria-labelledby="dead-heading">
                <h2 id="dead-heading">{move || character.name().with(|n| format!("{} is dead", display_name(n)))}</h2>
                <button type="button" id="create-successor" class="primary" on:click=create_successor>
                    "Create successor"
                </button>
            </section>
        </Show>
        <p id="death-result" class="death-result" aria-live="polite">{move || message.get()}</p>
        {move || reroll_state().map(|offer| reroll_row("death-reroll", "Re-roll the death test for 1 XP", offer, move || death_test(true)))}
    }
}
