//! Healing on the Toughness card: rest, herbal cure, the medic's Medicus, or any amount
//! or dice entered directly, from what the player names and given by whom. While the
//! character is dying, their own healing is refused in words (they cannot help
//! themself; `rules::symbaroum::dying::stabilise`), someone else's stabilises.

use super::dice_input::dice_input;
use crate::model::play::toughness::{self as play, Healing};
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::abilities::{level_of, Known};
use crate::rules::symbaroum::combat::HealingSource;
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::dying::{Healer, LifeState};
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
    let dying = move || character.combat().with(|c| c.life.is_dying());
    // Who gives the healing entered under "Heal by".
    let giver = RwSignal::new(Healer::SomeoneElse);
    let heal_by = move |source: HealingSource, name: String, by: Healer| {
        character.update(|c| {
            let healing = Healing {
                source,
                name,
                rolled: None,
                by,
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
        let (from, by) = (heal_from.get_untracked(), giver.get_untracked());
        character.update(|c| {
            let text = play::heal_entered(c, &expr, &from, by, &mut CryptoRng, now())
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
            <button type="button" id="heal-natural" disabled=dead on:click=move |_| heal_by(HealingSource::Natural { days: 1 }, "A day of rest".into(), Healer::Themself)>
                "Rest a day +1"
            </button>
            // The app's choice: a cure applied while dying is someone else's (the dying
            // cannot help themself, seed 000), so it stabilises; otherwise who gives it
            // changes nothing.
            <button type="button" id="heal-herbal" disabled=dead on:click=move |_| heal_by(HealingSource::HerbalCure, "Herbal cure".into(), Healer::SomeoneElse)>
                "Herbal cure +1"
            </button>
            // The medic's own first aid, refused in words while dying; another's
            // Medicus is entered under "Heal by", given by someone else.
            <button type="button" id="heal-medicus" hidden=move || !medic.get() disabled=dead on:click=move |_| heal_by(HealingSource::Medicus, "Medicus".into(), Healer::Themself)>
                "Medicus 1d4"
            </button>
        </div>
        <p class="hint" id="heal-dying-note" hidden=move || !dying()>
            "Dying: they cannot help themself, so their own Medicus, Recovery or first aid does not stabilise them. Someone else's herbal cure, Medicus or mystical healing does: Herbal cure +1, or Heal by, given by someone else."
        </p>
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
                    placeholder="e.g. Lay on Hands"
                    list="heal-sources"
                    prop:value=move || heal_from.get()
                    on:input=move |ev| heal_from.set(event_target_value(&ev))
                />
            </div>
            // Who gives it matters only while dying (their own does not stabilise).
            <div class="field" hidden=move || !dying()>
                <label for="heal-giver">"Given by"</label>
                <select id="heal-giver" on:change=move |ev| giver.set(if event_target_value(&ev) == "own" { Healer::Themself } else { Healer::SomeoneElse })>
                    <option value="other" selected=move || giver.get() == Healer::SomeoneElse>"Someone else"</option>
                    <option value="own" selected=move || giver.get() == Healer::Themself>"Themself"</option>
                </select>
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
