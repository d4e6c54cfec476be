//! The medieval armoury: pick weapons and a shield from the table; each shows its
//! type, range, damage, potential bonus, hands and abilities.

use super::state::{edit, read};
use crate::model::ids::nth_keys;
use crate::rules::heimr::armoury::{bonus_label, Shield, Weapon, SHIELDS, WEAPONS};
use crate::ui::Live;
use leptos::prelude::*;

fn weapon_details(w: Weapon) -> impl IntoView {
    let kind = if w.is_melee() { "Melee" } else { "Ranged" };
    view! {
        <dl class="gear-details">
            <div><dt>"Type"</dt><dd>{kind}</dd></div>
            <div><dt>"Range"</dt><dd>{w.range.label()}</dd></div>
            <div><dt>"Damage"</dt><dd>{w.damage}</dd></div>
            <div><dt>"Bonus"</dt><dd>{bonus_label(w.potential_bonus)}</dd></div>
            <div><dt>"Hands"</dt><dd>{w.hands.label()}</dd></div>
            <div class="wide"><dt>"Ability"</dt><dd>{w.abilities.join(", ")}</dd></div>
        </dl>
    }
}

fn shield_details(s: Shield) -> impl IntoView {
    view! {
        <dl class="gear-details">
            <div><dt>"Type"</dt><dd>"Shield"</dd></div>
            <div><dt>"Bonus"</dt><dd>{bonus_label(s.potential_bonus)}</dd></div>
            <div><dt>"Penalty"</dt><dd>{s.penalty.label()}</dd></div>
            <div><dt>"Hands"</dt><dd>{s.hands.label()}</dd></div>
            <div class="wide"><dt>"Ability"</dt><dd>{s.abilities.join(", ")}</dd></div>
        </dl>
    }
}

/// One carried weapon, with its row of the armoury and a Remove button.
fn weapon_row(character: Live, (name, nth): (String, usize)) -> impl IntoView {
    let w = Weapon::by_name(&name);
    // The name begins with the words on the button (what a voice user says).
    let label = format!("Remove the {}", name.to_lowercase());
    let gone = name.clone();
    view! {
        <li class="gear" data-weapon=name.clone()>
            <div class="gear-head">
                <strong>{name.clone()}</strong>
                <button type="button" class="danger" aria-label=label
                    on:click=move |_| {
                        edit(character, |h| h.remove_weapon(&gone, nth));
                    }
                >"Remove"</button>
            </div>
            {w.map(weapon_details)}
        </li>
    }
}

#[component]
pub fn ArmouryCard(character: Live) -> impl IntoView {
    let pick = RwSignal::new(WEAPONS[0].name.to_string());
    let message = RwSignal::new(None::<String>);
    let preview = move || Weapon::by_name(&pick.get());
    // Each carried weapon as (its name, which of that name it is).
    let keys = Memo::new(move |_| read(character, |h| nth_keys(h.weapons.iter().cloned())));
    let shield = move || read(character, |h| h.picked_shield());
    let add = move |_| {
        let name = pick.get_untracked();
        let Some(w) = Weapon::by_name(&name) else {
            return;
        };
        message.set(edit(character, |h| h.add_weapon(&w)).err());
    };
    let weapon_options = WEAPONS
        .iter()
        .map(|w| view! { <option value=w.name>{w.name}</option> })
        .collect_view();
    let shield_options = SHIELDS
        .iter()
        .map(|s| {
            let name = s.name;
            view! { <option value=name selected=move || shield().is_some_and(|x| x.name == name)>{name}</option> }
        })
        .collect_view();
    view! {
        <section class="card heimr-armoury" aria-labelledby="heimr-armoury-heading">
            <h2 id="heimr-armoury-heading">"Medieval armoury"</h2>
            <div class="field">
                <label for="heimr-weapon-pick">"Weapon"</label>
                <select id="heimr-weapon-pick" on:change=move |ev| pick.set(event_target_value(&ev))>
                    {weapon_options}
                </select>
            </div>
            <div class="weapon-preview" id="heimr-weapon-preview">
                {move || preview().map(weapon_details)}
            </div>
            <div class="button-row">
                <button type="button" id="heimr-add-weapon" on:click=add>
                    {move || format!("Carry the {}", pick.get().to_lowercase())}
                </button>
            </div>
            <p class="field-error" aria-live="polite">{move || message.get()}</p>
            <h3>"Carried weapons"</h3>
            <ul class="gear-list" id="heimr-weapons">
                <Show when=move || keys.with(Vec::is_empty)>
                    <li class="empty">"None yet."</li>
                </Show>
                // Keyed by the weapon and which of that kind it is: removing one
                // leaves the other rows (and a focused button) where they are.
                <For each=move || keys.get() key=|k| k.clone() let:key>
                    {weapon_row(character, key)}
                </For>
            </ul>
            <div class="field">
                <label for="heimr-shield-pick">"Shield"</label>
                <select
                    id="heimr-shield-pick"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        edit(character, |h| h.shield = Shield::by_name(&v).map(|s| s.name.to_string()));
                    }
                >
                    <option value="" selected=move || shield().is_none()>"No shield"</option>
                    {shield_options}
                </select>
            </div>
            <div id="heimr-shield-details">{move || shield().map(shield_details)}</div>
        </section>
    }
}
