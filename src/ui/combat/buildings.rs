//! The optional Damage on Buildings rule: pick the building from the table, apply
//! damage past its Fortification (Wrecking ignores it), see the breach, and play the
//! fire: set it alight `[Wit −Fortification]`, its 1d4 Wrecking damage each turn, the
//! Might test for those inside, putting it out.

use crate::model::play::fight;
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::buildings::{Building, BUILDINGS};
use crate::rules::symbaroum::maneuvers::{Follow, SetTest};
use crate::rules::symbaroum::roll_input::parse_int;
use crate::rules::symbaroum::{labels, Attr};
use crate::ui::clock::now;
use crate::ui::parts::{check, edit};
use crate::ui::roll_panel::Rolls;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn BuildingsCard(character: Live, rolls: Rolls) -> impl IntoView {
    let l = move || labels(character.ruleset().get());
    let on = move || character.combat().with(|c| c.buildings);
    let building = Memo::new(move |_| character.combat().with(|c| c.building.clone()));
    let damage = RwSignal::new(String::new());
    let wrecking = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let said = RwSignal::new(None::<String>);
    let pick = move |ev| {
        let kind = event_target_value(&ev).parse::<usize>().ok();
        edit(character, |c| {
            c.building = kind.filter(|k| *k < BUILDINGS.len()).map(|kind| Building {
                kind,
                ..Default::default()
            })
        });
        said.set(None);
    };
    let apply = move || {
        let Some(n) = damage
            .with_untracked(|t| parse_int(t))
            .filter(|n| (0..=9999).contains(n))
        else {
            return error.set(Some(
                "Enter the damage, a whole number from 0 to 9999.".into(),
            ));
        };
        error.set(None);
        let w = wrecking.get_untracked();
        character.update(|c| {
            if let Some(b) = &mut c.combat.building {
                let dealt = b.hit(n as i32, w);
                let past = if w { "Wrecking" } else { "past Fortification" };
                said.set(Some(format!("{dealt} damage {past}.")));
            }
        });
        damage.set(String::new());
    };
    let next_turn = move || {
        character.update(|c| said.set(fight::building_next_turn(c, &mut CryptoRng, now())));
    };
    let status = move || {
        building.get().map(|b| {
            let l = l();
            let mut s = format!(
                "{} {} of {} · this turn {} (Breakpoint {}) · Fortification {}",
                l.toughness,
                b.left(),
                b.toughness(),
                b.this_turn,
                b.breakpoint(),
                b.fortification()
            );
            if let Some(t) = b.burning {
                s.push_str(&format!(" · burning, turn {t}"));
            }
            s
        })
    };
    let fire_test = move |name: &'static str, tested, resistance, follow| {
        let t = SetTest {
            resistance,
            ..SetTest::new(name, tested, None).then(follow)
        };
        move |_| rolls.open_set(t)
    };
    view! {
        <section class="card combat-list buildings-card rule-card" class:off=move || !on() aria-labelledby="buildings-heading">
            <details>
                <summary><h2 id="buildings-heading">"Damage on buildings"</h2><span class="rule-state">{move || if on() { "In use" } else { "Off" }}</span></summary>
                {check("buildings-on", "Use the optional Damage on Buildings rule", on, move |v| edit(character, |c| c.buildings = v))}
                <Show when=on>
                    <div class="field">
                        <label for="building-kind">"Building"</label>
                        <select id="building-kind" on:change=pick>
                            <option value="" selected=move || building.with(Option::is_none)>"None"</option>
                            {BUILDINGS.iter().enumerate().map(|(i, (name, t, b, f))| view! {
                                <option value=i.to_string() selected=move || building.with(|x| x.as_ref().is_some_and(|x| x.kind == i))>
                                    {format!("{name} ({t} / {b} / {f})")}
                                </option>
                            }).collect_view()}
                        </select>
                    </div>
                    <Show when=move || building.with(Option::is_some)>
                        <p class="hint" id="building-status">{status}</p>
                        {move || building.with(|b| b.as_ref().is_some_and(|b| b.breached)).then(|| view! {
                            <p class="pain-flag" role="alert">"Breached: 1d4 attackers a turn can enter, against defenders four abreast."</p>
                        })}
                        <div class="add-form">
                            <div class="field" class:invalid=move || error.with(Option::is_some)>
                                <label for="building-damage">"Damage"</label>
                                <input id="building-damage" type="text" inputmode="numeric" autocomplete="off"
                                    prop:value=move || damage.get()
                                    aria-describedby="building-damage-error"
                                    on:input=move |ev| damage.set(event_target_value(&ev))/>
                                <p class="field-error" id="building-damage-error" aria-live="polite">{move || error.get()}</p>
                            </div>
                            {check("building-wrecking", "Wrecking (ignores Fortification)", move || wrecking.get(), move |v| wrecking.set(v))}
                            <button type="button" on:click=move |_| apply()>"Apply damage"</button>
                        </div>
                        <div class="item-controls">
                            <button type="button" on:click=move |_| next_turn()>"Next turn"</button>
                            {move || {
                                let b = building.get()?;
                                Some(match b.put_out_resistance() {
                                    None => view! {
                                        <button type="button" on:click=fire_test("Set the building on fire", Attr::Wit, Some(b.fortification()), Follow::CatchesFire)>"Set on fire"</button>
                                    }.into_any(),
                                    Some(x) => view! {
                                        <button type="button" on:click=fire_test("Put the fire out", Attr::Wit, Some(x), Follow::PutsOut)>"Put the fire out"</button>
                                        <button type="button" on:click=fire_test("Inside the burning building", Attr::Might, None, Follow::BurnsInside)>
                                            {move || format!("Inside: {} test", l().attr(Attr::Might))}
                                        </button>
                                    }.into_any(),
                                })
                            }}
                        </div>
                        <p class="result" role="status">{move || said.get()}</p>
                    </Show>
                </Show>
            </details>
        </section>
    }
}
