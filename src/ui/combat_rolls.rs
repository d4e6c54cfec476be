//! The fight, on the Combat tab: pick a weapon, then one tap to Attack
//! `[Exactitude←Defense]` (or the attribute the weapon attacks with; a hit rolls the
//! weapon's damage in the same go) or to Defense `[Defense←Exactitude]` (a failed one
//! takes the incoming hit in the same panel); each asks only for the opponent's value.

use super::roll_panel::{RollKind, Rolls, WeaponChoice};
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::{labels, Attr};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn CombatRolls(character: Live, rolls: Rolls) -> impl IntoView {
    let l = move || labels(character.ruleset().get());
    // Each weapon as the list offers it: its id and what it is called there.
    let weapons = Memo::new(move |_| {
        character.combat().with(|c| {
            c.weapons
                .iter()
                .map(|w| (w.id, format!("{} ({})", w.name, w.damage)))
                .collect::<Vec<_>>()
        })
    });
    // The id of the weapon an Attack uses, if any.
    let chosen = move || {
        let choice = rolls.weapon.get();
        character
            .combat()
            .with(|k| Rolls::attack_weapon(choice, &k.weapons).map(|i| k.weapons[i].id))
    };
    // What the chosen weapon attacks with (Exactitude unless the player set another).
    let attack_attr = move || {
        let choice = rolls.weapon.get();
        character.combat().with(|k| {
            Rolls::attack_weapon(choice, &k.weapons)
                .map_or(Attr::Exactitude, |i| k.weapons[i].attack_attr())
        })
    };
    let on_pick = move |ev| {
        let v = event_target_value(&ev);
        rolls.weapon.set(match v.parse::<u32>() {
            Ok(id) => WeaponChoice::Weapon(id),
            Err(_) => WeaponChoice::Unarmed,
        });
    };
    view! {
        <section class="card combat-rolls" aria-labelledby="fight-heading">
            <h2 id="fight-heading">"Attack and Defense"</h2>
            <div class="field">
                <label for="attack-weapon">"Attack with"</label>
                <select id="attack-weapon" on:change=on_pick
                    prop:value=move || chosen().map(|i| i.to_string()).unwrap_or_else(|| "none".into())>
                    <option value="none" selected=move || chosen().is_none()>"No weapon (no damage roll)"</option>
                    // Drawn again as a whole when a weapon changes: an option holds nothing
                    // of its own, and its value is the weapon's id.
                    {move || weapons.get().into_iter().map(|(id, text)| view! {
                        <option value=id.to_string() selected=move || chosen() == Some(id)>{text}</option>
                    }).collect_view()}
                </select>
            </div>
            <div class="combat-buttons">
                <CombatButton rolls kind=RollKind::Attack name="Attack"
                    formula=Signal::derive(move || (l().attr(attack_attr()), l().defense))/>
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
