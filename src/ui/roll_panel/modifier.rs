//! What the test is against: an attribute test's modifier (none, a difficulty, an
//! opponent's attribute, a passive resistance), and an Attack's or a Defense's
//! opponent.

use super::form::{Form, ModKind, OPPONENT_ID, RESISTANCE_ID};
use super::rolls::RollKind;
use crate::rules::symbaroum::derived::{fmt_plus, fmt_signed};
use crate::rules::symbaroum::roll_input::{difficulty_text, DIFFICULTIES};
use crate::rules::symbaroum::success::{opposition_modifier, Stat};
use crate::rules::symbaroum::Attr;
use leptos::prelude::*;

fn stat_key(s: Stat) -> &'static str {
    match s {
        Stat::Attr(a) => a.key(),
        Stat::Defense => "defense",
    }
}

fn stat_from_key(k: &str) -> Option<Stat> {
    if k == "defense" {
        Some(Stat::Defense)
    } else {
        Attr::from_key(k).map(Stat::Attr)
    }
}

/// An attribute test's modifier, and the field each kind asks for.
#[component]
pub(super) fn ModifierChoice() -> impl IntoView {
    let form = expect_context::<Form>();
    let mod_kind = form.mod_kind;
    let (difficulty, against) = (form.difficulty, form.against);
    view! {
        <fieldset class="roll-kind">
            <legend>"Modifier"</legend>
            <div class="segmented">
                {ModKind::ALL.into_iter().map(|(k, key, text)| view! {
                    <label class="choice">
                        <input
                            type="radio"
                            name="roll-kind"
                            id=format!("roll-kind-{key}")
                            value=key
                            autofocus=k == ModKind::None
                            prop:checked=move || mod_kind.get() == k
                            on:change=move |_| mod_kind.set(k)
                        />
                        <span>{text}</span>
                    </label>
                }).collect_view()}
            </div>
        </fieldset>
        <Show when=move || mod_kind.get() == ModKind::Difficulty>
            <div class="field">
                <label for="roll-difficulty">"Difficulty"</label>
                <select
                    id="roll-difficulty"
                    prop:value=move || difficulty.get().to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<i32>() {
                            difficulty.set(n);
                        }
                    }
                >
                    {DIFFICULTIES.into_iter().map(|d| view! {
                        <option value=d.to_string() selected=d == 0>{difficulty_text(d)}</option>
                    }).collect_view()}
                </select>
            </div>
        </Show>
        <Show when=move || mod_kind.get() == ModKind::Opposition>
            <div class="roll-opposition">
                <div class="field">
                    <label for="roll-against">"Opposed by"</label>
                    <select
                        id="roll-against"
                        prop:value=move || stat_key(against.get())
                        on:change=move |ev| {
                            if let Some(s) = stat_from_key(&event_target_value(&ev)) {
                                against.set(s);
                            }
                        }
                    >
                        {Attr::ALL.into_iter().map(Stat::Attr).chain([Stat::Defense]).map(|s| view! {
                            <option value=stat_key(s) selected=move || against.get() == s>{move || s.label(form.l())}</option>
                        }).collect_view()}
                    </select>
                </div>
                <OpponentField/>
            </div>
        </Show>
        <Show when=move || mod_kind.get() == ModKind::Passive>
            <ResistanceField/>
        </Show>
    }
}

/// A passive resistance `[Attribute −X]`.
#[component]
fn ResistanceField() -> impl IntoView {
    let form = expect_context::<Form>();
    let (text, touched, resistance) = (
        form.resistance_text,
        form.resistance_touched,
        form.resistance,
    );
    let error = move || {
        (form.asks_resistance() && (touched.get() || form.tried.get()))
            .then(|| resistance.get().err())
            .flatten()
    };
    view! {
        <div class="field roll-number" class:invalid=move || error().is_some()>
            <label for=RESISTANCE_ID>"Passive resistance X (modifier −X)"</label>
            <input
                id=RESISTANCE_ID
                type="text"
                inputmode="numeric"
                autocomplete="off"
                enterkeyhint="go"
                prop:value=move || text.get()
                aria-invalid=move || error().is_some().to_string()
                aria-describedby="roll-resistance-hint roll-resistance-error"
                on:input=move |ev| {
                    text.set(event_target_value(&ev));
                    touched.set(true);
                }
            />
            <p class="field-hint" id="roll-resistance-hint">
                {move || resistance.get().ok().map(|x| format!("Modifier {}", fmt_plus(-x)))}
            </p>
            <p class="field-error" id="roll-resistance-error" aria-live="polite">{error}</p>
        </div>
    }
}

/// An Attack's or a Defense's formula, and the opponent's score it asks for.
#[component]
pub(super) fn AgainstOpponent() -> impl IntoView {
    let form = expect_context::<Form>();
    let formula = move || {
        let l = form.l();
        let d = form.derived;
        match form.kind {
            RollKind::Attack => format!(
                "Your {} {} against the opponent's {}.",
                l.attr(Attr::Exactitude),
                d.with(|d| fmt_signed(d.attrs[Attr::Exactitude.index()].value)),
                l.defense
            ),
            _ => format!(
                "Your {} {} against the attacker's {}.",
                l.defense,
                d.with(|d| fmt_signed(d.defense.value)),
                l.attr(Attr::Exactitude)
            ),
        }
    };
    view! {
        <p class="hint roll-formula">{formula}</p>
        <OpponentField/>
    }
}

/// The opponent's score: what an opposed test, an Attack or a Defense is against.
/// An Attack's and a Defense's are remembered while the sheet is open.
#[component]
fn OpponentField() -> impl IntoView {
    let form = expect_context::<Form>();
    let (text, touched, opponent) = (form.opponent_text, form.opponent_touched, form.opponent);
    let error = move || {
        (form.asks_opponent() && (touched.get() || form.tried.get()))
            .then(|| opponent.get().err())
            .flatten()
    };
    let hint = move || {
        opponent.get().ok().map(|s| {
            format!(
                "Modifier {} (10 − {})",
                fmt_plus(opposition_modifier(s)),
                fmt_signed(s)
            )
        })
    };
    view! {
        <div class="field roll-number" class:invalid=move || error().is_some()>
            <label for=OPPONENT_ID>{move || form.opponent_label()}</label>
            <input
                id=OPPONENT_ID
                type="text"
                inputmode="numeric"
                autocomplete="off"
                enterkeyhint="go"
                autofocus=!matches!(form.kind, RollKind::Attr(_))
                prop:value=move || text.get()
                aria-invalid=move || error().is_some().to_string()
                aria-describedby="roll-opponent-hint roll-opponent-error"
                on:input=move |ev| {
                    let typed = event_target_value(&ev);
                    if let Some(i) = form.remembered {
                        form.rolls.last_opponent.update_value(|l| l[i] = typed.clone());
                    }
                    text.set(typed);
                    touched.set(true);
                }
            />
            <p class="field-hint" id="roll-opponent-hint">{hint}</p>
            <p class="field-error" id="roll-opponent-error" aria-live="polite">{error}</p>
        </div>
    }
}
