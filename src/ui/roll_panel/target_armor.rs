//! An Attack with a weapon: the target's armor, if the player knows it. A hit then
//! rolls it too, and the damage shown (and judged against the target's Pain
//! Threshold under Hit Locations) is what gets through.

use super::form::Form;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::roll_effects::attack_damage;
use leptos::prelude::*;

pub(super) const TARGET_ARMOR_ID: &str = "roll-target-armor";

#[component]
pub(super) fn TargetArmor() -> impl IntoView {
    let form = expect_context::<Form>();
    let text = form.target_armor;
    let error = move || {
        text.with(|t| {
            (!t.trim().is_empty())
                .then(|| parse_dice(t).err())
                .flatten()
        })
    };
    // What the abilities make of a hit's damage, said before the roll: a Long
    // weapon's larger die (Polearm Mastery's d8, a pack entry's), a pack entry's extra
    // dice (`roll_effects::attack_damage`).
    let polearm = move || {
        let w = form.weapon.get()?;
        let said = form
            .character
            .advance()
            .with(|a| attack_damage(&a.abilities, &w).said);
        (!said.is_empty()).then(|| said.join(" "))
    };
    view! {
        <div class="field" class:invalid=move || error().is_some()>
            <label for=TARGET_ARMOR_ID>"Target's armor (if known)"</label>
            <input id=TARGET_ARMOR_ID type="text" autocomplete="off" placeholder="e.g. 1d4"
                prop:value=move || text.get()
                aria-invalid=move || error().is_some().to_string()
                aria-describedby="roll-target-armor-hint roll-target-armor-error"
                on:input=move |ev| {
                    text.set(event_target_value(&ev));
                    form.remember_target();
                }/>
            <p class="field-hint" id="roll-target-armor-hint">"A hit rolls it: the damage is what gets through."</p>
            <p class="field-error" id="roll-target-armor-error" aria-live="polite">{error}</p>
            <p class="hint" id="roll-polearm">{polearm}</p>
        </div>
    }
}
