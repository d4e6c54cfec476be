//! The circumstances of a test: advantage and the second chances, and the conditions
//! in force that touch it (each can be unticked for this roll).

use super::form::Form;
use super::rolls::RollKind;
use super::weapons_ready::WeaponsReady;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::abilities::cancels;
use crate::rules::symbaroum::maneuvers::SNEAK;
use crate::rules::symbaroum::success::AdvantageFrom;
use crate::rules::symbaroum::Attr;
use leptos::prelude::*;

/// Advantage and the two second chances.
#[component]
pub(super) fn Circumstances() -> impl IntoView {
    let form = expect_context::<Form>();
    let (pass, fail) = (form.second_pass, form.second_fail);
    let both = move || pass.get() && fail.get();
    let advantage = if form.kind == RollKind::Attack {
        "Advantage (+2, +1d4 damage)"
    } else {
        "Advantage (+2)"
    };
    view! {
        <fieldset class="roll-options">
            <legend class="sr-only">"Circumstances"</legend>
            <Check id="roll-advantage" on=form.advantage>
                <span>{advantage}</span>
            </Check>
            {(form.kind == RollKind::Attack).then(|| view! { <AttackSituation/> })}
            <Check id="roll-second-pass" on=pass>
                <span>"Second chance to pass " <small>"(roll 2, keep the lower)"</small></span>
            </Check>
            <Check id="roll-second-fail" on=fail>
                <span>"Second chance to fail " <small>"(roll 2, keep the higher)"</small></span>
            </Check>
            // Asked only when it changes something: Prone's −2 is against melee only.
            <Show when=move || form.melee_only_in_force.get()>
                <Check id="roll-incoming-ranged" on=form.incoming_ranged>
                    <span>"Against a ranged attack " <small>"(Prone gives no −2)"</small></span>
                </Check>
            </Show>
            <p class="cancel-note" id="roll-cancel-note" class:active=both>
                {move || if both() {
                    "Both second chances are on: they cancel out, so one d20 is rolled."
                } else {
                    "Both second chances at once cancel out to a single d20."
                }}
            </p>
        </fieldset>
    }
}

/// An Attack's situation: where its Advantage comes from (the seeds' situations, those
/// for melee only refused with a ranged weapon), and whether it is a Free Attack.
#[component]
fn AttackSituation() -> impl IntoView {
    let form = expect_context::<Form>();
    let from = form.advantage_from;
    let ranged = move || form.weapon.with(|w| w.as_ref().is_some_and(|w| w.ranged));
    view! {
        <div class="field advantage-from">
            <label for="roll-advantage-from">"Advantage from"</label>
            <select id="roll-advantage-from"
                prop:value=move || from.get().filter(|_| form.advantage.get()).map_or("", AdvantageFrom::text)
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    let f = AdvantageFrom::ALL.into_iter().find(|f| f.text() == v);
                    from.set(f);
                    form.advantage.set(f.is_some());
                }>
                <option value="">"No situation named"</option>
                {AdvantageFrom::ALL.map(|f| view! {
                    <option value=f.text() disabled=move || ranged() && f.melee_only()>{f.label()}</option>
                })}
            </select>
        </div>
        // Unaware: the sneak that makes it so, a tap away.
        <Show when=move || form.advantage.get() && from.get() == Some(AdvantageFrom::Unaware)>
            <button type="button" class="sneak-first" on:click=move |_| form.rolls.open_set(SNEAK)>
                {move || {
                    let l = form.l();
                    format!("Roll the sneak first [{}←{}]", l.attr(Attr::Subtlety), l.attr(Attr::Vigilance))
                }}
            </button>
        </Show>
        // Ticked or unticked by hand: no longer the Long weapon's offer taken.
        <Check id="roll-free-attack" on=form.free_attack on:change=move |_| form.weapons_ready.set(false)>
            <span>"A Free Attack " <small>"(out of turn: a foe passing or leaving you, a Long weapon's first strike, damage past a foe's Pain Threshold, an ambush, a failed Charge, Disarm, Hold or Push Back)"</small></span>
        </Check>
        <WeaponsReady/>
    }
}

/// The conditions in force that touch this test, ticked; unticking one leaves it out
/// of this roll.
#[component]
pub(super) fn ConditionsInForce() -> impl IntoView {
    let form = expect_context::<Form>();
    let skipped = form.skipped;
    move || {
        let conditions = form.conditions.get();
        (!conditions.is_empty()).then(|| {
            view! {
                <fieldset class="roll-conditions">
                    <legend>"Conditions in force"</legend>
                    {conditions.into_iter().map(|c| {
                        let why = form.character.advance().with(|a| cancels(&a.abilities, &c.name));
                        let text = match why {
                            Some(why) => format!("{}: {} ({why})", c.name, c.effect_text(form.l())),
                            None => format!("{}: {}", c.name, c.effect_text(form.l())),
                        };
                        let (n1, n2) = (c.name.clone(), c.name);
                        view! {
                            <label class="check">
                                <input type="checkbox"
                                    prop:checked=move || skipped.with(|s| !s.contains(&n1))
                                    on:change=move |ev| {
                                        let on = event_target_checked(&ev);
                                        let n = n2.clone();
                                        skipped.update(|s| {
                                            s.retain(|x| *x != n);
                                            if !on {
                                                s.push(n);
                                            }
                                        });
                                    }/>
                                <span>{text}</span>
                            </label>
                        }
                    }).collect_view()}
                </fieldset>
            }
        })
    }
}

/// A labelled checkbox bound to a flag of the panel.
#[component]
pub(super) fn Check(id: &'static str, on: RwSignal<bool>, children: Children) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" id=id
                prop:checked=move || on.get()
                on:change=move |ev| on.set(event_target_checked(&ev))/>
            {children()}
        </label>
    }
}
