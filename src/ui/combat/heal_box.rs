//! Healing on the Toughness card: rest, herbal cure, the medic's Medicus, or any amount
//! or dice entered directly, from what the player names.

use super::toughness::dice_input;
use crate::model::play::toughness::{self as play, Healing};
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::abilities::{level_of, Known};
use crate::rules::symbaroum::combat::HealingSource;
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::dying::LifeState;
use crate::ui::clock::now;
use crate::ui::Live;
use leptos::prelude::*;

/// The healing buttons, the "Heal by … From" entry and the last healing's message.
pub(super) fn heal_box(character: Live) -> impl IntoView {
    let dead = move || character.combat().with(|c| c.life == LifeState::Dead);
    let fight_state = move || character.combat().with(|c| (c.life, c.damage));
    let heal_text = RwSignal::new(String::new());
    let heal_from = RwSignal::new(String::new());
    let heal_error = RwSignal::new(None::<String>);
    // The last healing's message and the fight state it left: shown while still true.
    let healed = RwSignal::new(None::<(String, (LifeState, i32))>);
    let heal_by = move |source: HealingSource, name: String, rolled: Option<String>| {
        character.update(|c| {
            let healing = Healing {
                source,
                name,
                rolled,
            };
            let text = play::heal_by(c, healing, &mut CryptoRng, now()).unwrap_or_else(|why| why);
            healed.set(Some((text, (c.combat.life, c.combat.damage))));
        });
    };
    // Healing of any amount or dice (Lay on Hands, Recovery, an elixir …), from what
    // the player names. Like mystical healing, it stabilises a dying character; rest,
    // which does not, has its own button.
    let heal_entered = move || {
        if dead() {
            return;
        }
        let expr = match parse_dice(&heal_text.get_untracked()) {
            Ok(e) => e,
            Err(msg) => return heal_error.set(Some(msg)),
        };
        heal_error.set(None);
        let from = heal_from.get_untracked();
        character.update(|c| {
            let text = play::heal_entered(c, &expr, &from, &mut CryptoRng, now())
                .unwrap_or_else(|why| why);
            healed.set(Some((text, (c.combat.life, c.combat.damage))));
        });
        heal_text.set(String::new());
    };
    let medic = Memo::new(move |_| {
        character
            .advance()
            .with(|a| level_of(&a.abilities, Known::Medicus).is_some())
    });
    let healed_still_true = move || {
        let now = fight_state();
        healed.with(|h| h.as_ref().filter(|h| h.1 == now).map(|h| h.0.clone()))
    };

    view! {
        <div class="heal-row">
            <button type="button" id="heal-natural" disabled=dead on:click=move |_| heal_by(HealingSource::Natural { days: 1 }, "A day of rest".into(), None)>
                "Rest a day +1"
            </button>
            <button type="button" id="heal-herbal" disabled=dead on:click=move |_| heal_by(HealingSource::HerbalCure, "Herbal cure".into(), None)>
                "Herbal cure +1"
            </button>
            // The medic's own first aid; another's Medicus is entered under "Heal by".
            <button type="button" id="heal-medicus" hidden=move || !medic.get() disabled=dead on:click=move |_| heal_by(HealingSource::Medicus, "Medicus".into(), None)>
                "Medicus 1d4"
            </button>
        </div>
        <div class="heal-entry">
            <div class="field" class:invalid=move || heal_error.with(Option::is_some)>
                <label for="heal-amount">"Heal by"</label>
                {dice_input("heal-amount", "7 or 1d6", "heal-amount-error", heal_text, heal_error, heal_entered)}
            </div>
            <div class="field">
                <label for="heal-from">"From"</label>
                <input
                    id="heal-from"
                    type="text"
                    autocomplete="off"
                    placeholder="e.g. Recovery"
                    list="heal-sources"
                    prop:value=move || heal_from.get()
                    on:input=move |ev| heal_from.set(event_target_value(&ev))
                />
            </div>
            <button type="button" id="heal-apply" disabled=dead on:click=move |_| heal_entered()>"Heal"</button>
        </div>
        // The healing abilities of `abilities::Known` (written out: a list drawn from
        // the table cost the Combat tab bytes it does not have).
        <datalist id="heal-sources">
            <option value="Medicus"/>
            <option value="Lay on Hands"/>
            <option value="Recovery"/>
        </datalist>
        <p class="field-error" id="heal-amount-error" aria-live="polite">{move || heal_error.get()}</p>
        <p id="heal-result" class="result" aria-live="polite">{healed_still_true}</p>
    }
}
