//! What the dice panel asks before a roll: the GM's consistency for an attribute, a
//! situational penalty, an attack's choices (`dice_attack.rs`), a defence's and a
//! melee attack's switches, what the roll is for, and what it is against (a CR or an opponent's
//! result).

use super::dice_attack::AttackInputs;
use super::dice_form::{DiceForm, Mode};
use super::state::{peek, RollSource};
use crate::model::play::heimr_roll::{Outcome, RollFor};
use crate::rules::heimr::attack::AttackWith;
use crate::rules::heimr::dice::MAX_DICE;
use crate::rules::heimr::situation::Observing;
use crate::ui::number_field::NumberField;
use leptos::prelude::*;

/// The opponent's result box shows empty for this: not typed yet.
const NOT_TYPED: i64 = i64::MIN;

#[component]
pub(super) fn DiceInputs() -> impl IntoView {
    let form = expect_context::<DiceForm>();
    let character = form.character;
    let (penalty, attr_c) = (form.set_up.penalty, form.set_up.attr_c);
    let (ranged_incoming, charging, roll_for) = (
        form.set_up.ranged_incoming,
        form.set_up.charging,
        form.set_up.roll_for,
    );
    let (cr, opponent, mode, intercepting) = (form.cr, form.opponent, form.mode, form.intercepting);
    let (outcome, message) = (form.outcome, form.message);
    let (attack, is_defence) = (form.attack, form.is_defence);
    let is_attribute = form
        .set_up
        .source
        .with_value(|s| matches!(s, RollSource::Attribute(_)));
    let observing = form.set_up.observing;
    let perception = form.set_up.source.with_value(
        |s| matches!(s, RollSource::Ability(n) if n.eq_ignore_ascii_case("perception")),
    );
    let melee = attack.is_some_and(|a| match a {
        AttackWith::Weapon(w) | AttackWith::Both(w, _) => w.is_melee(),
        AttackWith::Brawl(_) => true,
    });
    let mode_radio = move |m: Mode, id: &'static str, text: &'static str| {
        view! {
            <label class="check" for=id>
                <input
                    type="radio"
                    id=id
                    name="heimr-roll-against"
                    prop:checked=move || mode.get() == m
                    on:change=move |_| {
                        mode.set(m);
                        outcome.set(None);
                    }
                />
                {text}
            </label>
        }
    };
    view! {
        <div class="panel-inputs">
            {is_attribute.then(|| dice_field("heimr-panel-attr-c", "Consistency (set by the GM)", attr_c, outcome))}
            {dice_field("heimr-panel-penalty", "Situational penalty (lowers C)", penalty, outcome)}
            {attack.map(|with| view! { <AttackInputs with/> })}
            {is_defence.then(|| view! {
                {check("heimr-panel-ranged", "The attack is ranged (no parry)", ranged_incoming)}
                {peek(character, |h| !h.situation.guarding.is_empty()).then(|| check(
                    "heimr-panel-intercept",
                    "Intercepting for the one you guard (the guard ends)",
                    intercepting,
                ))}
            })}
            {melee.then(|| check("heimr-panel-charge", "Charge (an ongoing action; P +2 when hidden)", charging))}
            // Observation (a Free action): a Perception roll on a square.
            {perception.then(|| view! {
                <div class="field">
                    <label for="heimr-panel-observing">"Observation"</label>
                    <select
                        id="heimr-panel-observing"
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            observing.set(Observing::ALL.into_iter().find(|o| o.text() == v).unwrap_or_default());
                            outcome.set(None);
                        }
                    >
                        {Observing::ALL.into_iter().map(|o| view! {
                            <option value=o.text() selected=move || observing.get() == o>{match o.p_bonus() {
                                0 => o.text().to_string(),
                                b => format!("{} (P +{b})", o.text()),
                            }}</option>
                        }).collect_view()}
                    </select>
                </div>
            })}
            {(!is_defence && attack.is_none()).then(|| view! {
                <div class="field">
                    <label for="heimr-panel-roll-for">"Roll for"</label>
                    <select
                        id="heimr-panel-roll-for"
                        on:change=move |ev| {
                            roll_for.set(match event_target_value(&ev).as_str() {
                                "melee" => RollFor::Melee,
                                "ranged" => RollFor::Ranged,
                                _ => RollFor::Other,
                            });
                            outcome.set(None);
                        }
                    >
                        <option value="other" selected=true>"No attack"</option>
                        <option value="melee">"Melee attack"</option>
                        <option value="ranged">"Ranged attack"</option>
                    </select>
                    <p class="field-error"></p>
                </div>
            })}
            <fieldset class="against">
                <legend>"Against"</legend>
                {mode_radio(Mode::Cr, "heimr-against-cr", "A challenge requirement (CR)")}
                {mode_radio(Mode::Attacking, "heimr-against-defence", "An opponent's defence (it wins ties)")}
                {mode_radio(Mode::Defending, "heimr-against-attack", "An opponent's attack (you win ties)")}
            </fieldset>
            {move || if mode.get() == Mode::Cr {
                view! {
                    <NumberField
                        id="heimr-panel-cr"
                        label="CR"
                        value=Signal::derive(move || cr.get().unwrap_or(NOT_TYPED))
                        empty_as=NOT_TYPED
                        min=-99
                        max=99
                        on_set=Callback::new(move |n| { cr.set(Some(n)); outcome.set(None); message.set(None); })
                    />
                }.into_any()
            } else {
                view! {
                    <NumberField
                        id="heimr-panel-opponent"
                        label="Opponent's result"
                        value=Signal::derive(move || opponent.get().unwrap_or(NOT_TYPED))
                        empty_as=NOT_TYPED
                        min=-99
                        max=99
                        on_set=Callback::new(move |n| { opponent.set(Some(n)); outcome.set(None); message.set(None); })
                    />
                }.into_any()
            }}
        </div>
    }
}

/// A number of dice the panel asks for (a consistency, a penalty): a change clears
/// the last result, which no longer stands for it.
fn dice_field(
    id: &'static str,
    label: &'static str,
    n: RwSignal<i64>,
    outcome: RwSignal<Option<Outcome>>,
) -> impl IntoView {
    view! {
        <NumberField
            id=id
            label=label
            value=Signal::derive(move || n.get())
            min=-(MAX_DICE as i64)
            max=MAX_DICE as i64
            on_set=Callback::new(move |v| { n.set(v); outcome.set(None); })
        />
    }
}

/// A checkbox for one of the panel's own switches.
fn check(id: &'static str, text: &'static str, on: RwSignal<bool>) -> impl IntoView {
    view! {
        <label class="check" for=id>
            <input
                type="checkbox"
                id=id
                prop:checked=move || on.get()
                on:change=move |ev| on.set(event_target_checked(&ev))
            />
            {text}
        </label>
    }
}
