//! The optional Maneuvers rule: the twelve maneuvers with what each does, a one-tap
//! test where there is one (opening the roll panel set up for it), the effects that
//! last the turn (kept as conditions, so every panel applies them) and "Next turn".

use crate::model::combat::Combat;
use crate::model::play::fight;
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::conditions::Condition;
use crate::rules::symbaroum::labels;
use crate::rules::symbaroum::maneuvers::{
    full_offense_defense, knock_out_chance, push_back_damage, Maneuver,
};
use crate::rules::symbaroum::roll_input::parse_int;
use crate::ui::clock::now;
use crate::ui::parts::{check, edit};
use crate::ui::roll_panel::Rolls;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn ManeuversCard(character: Live, rolls: Rolls) -> impl IntoView {
    let l = move || labels(character.ruleset().get());
    let on = move || character.combat().with(|c| c.maneuvers);
    let active = move |name: &'static str| {
        character
            .combat()
            .with(|c| c.conditions.iter().any(|k| k.this_turn && k.name == name))
    };
    let damage = RwSignal::new(String::new());
    let result = RwSignal::new(None::<String>);
    let hit_damage = move || {
        let n = damage
            .with_untracked(|t| parse_int(t))
            .filter(|n| (1..=999).contains(n));
        if n.is_none() {
            result.set(Some("Enter the damage of the hit, 1 to 999.".into()));
        }
        n.map(|n| n as i32)
    };
    let knock_out = move || {
        if let Some(d) = hit_damage() {
            let mut text = String::new();
            character.update(|c| text = fight::knock_out(c, d, &mut CryptoRng, now()));
            result.set(Some(text));
        }
    };
    let push_back = move || {
        if let Some(d) = hit_damage() {
            result.set(Some(format!(
                "Push Back: {} damage (half of {d}, rounded up), and 5 m back.",
                push_back_damage(d)
            )));
        }
    };
    let use_now = move |m: Maneuver| {
        let l = l();
        let mut add: Vec<Condition> = m.this_turn(l).into_iter().collect();
        if m == Maneuver::FullOffense {
            add.push(full_offense_defense(l));
        }
        edit(character, |c| {
            for k in add {
                if !c.conditions.iter().any(|x| x.name == k.name) {
                    c.conditions.push(k);
                }
            }
        });
        if let Some(t) = m.test() {
            rolls.open_set(t);
        }
    };
    let row = move |m: Maneuver| {
        let has_test = m.test().is_some();
        let lasts = m.this_turn(l()).is_some();
        let button = (has_test || lasts).then(|| {
            let label = match (has_test, lasts) {
                (true, true) => format!("{}: roll and use this turn", m.name()),
                (true, false) => format!("Roll {}", m.name()),
                _ => format!("{} this turn", m.name()),
            };
            view! {
                <button type="button" disabled=move || lasts && active(m.name()) on:click=move |_| use_now(m)>{label}</button>
            }
        });
        view! {
            <li class="maneuver item-row">
                <p class="item-head"><strong>{m.name()}</strong>" "{move || m.text(l())}</p>
                {button}
                {(lasts).then(|| view! {
                    <p class="hint">{move || active(m.name()).then_some("On this turn.")}</p>
                })}
            </li>
        }
    };
    view! {
        <section class="card combat-list maneuvers-card rule-card" class:off=move || !on() aria-labelledby="maneuvers-heading">
            <details>
                <summary><h2 id="maneuvers-heading">"Maneuvers"</h2><span class="rule-state">{move || if on() { "In use" } else { "Off" }}</span></summary>
                {check("maneuvers-on", "Use the optional Maneuvers rule", on, move |v| edit(character, |c| c.maneuvers = v))}
                <Show when=on>
                    <ul class="item-list" aria-label="The twelve maneuvers">
                        {Maneuver::ALL.into_iter().map(row).collect_view()}
                    </ul>
                    <div class="field">
                        <label for="maneuver-damage">"Damage of the hit (Knock Out, Push Back)"</label>
                        <input id="maneuver-damage" type="text" inputmode="numeric" autocomplete="off"
                            prop:value=move || damage.get()
                            aria-describedby="knock-out-chance"
                            on:input=move |ev| damage.set(event_target_value(&ev))/>
                        // Knock Out's chance before the roll, once the damage is typed.
                        <p class="field-hint" id="knock-out-chance">
                            {move || damage.with(|t| parse_int(t)).filter(|n| (1..=999).contains(n)).map(|n| format!("Knock Out: {}", knock_out_chance(n as i32)))}
                        </p>
                    </div>
                    <div class="item-controls">
                        <button type="button" on:click=move |_| knock_out()>"Knock Out: roll 1d12"</button>
                        <button type="button" on:click=move |_| push_back()>"Push Back: halve"</button>
                        <button type="button" class="primary" on:click=move |_| {
                            // The action economy's turn ends with it.
                            edit(character, Combat::next_turn);
                            result.set(None);
                        }>"Next turn"</button>
                    </div>
                    <p class="result" role="status">{move || result.get()}</p>
                </Show>
            </details>
        </section>
    }
}
