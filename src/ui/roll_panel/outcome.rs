//! Before the roll, how the target is reached and the chance; after it, every die,
//! the kept one, pass or fail, an Attack's damage and where it landed.

use super::form::{Form, Missing, Spec};
use crate::rules::symbaroum::derived::fmt_signed;
use crate::rules::symbaroum::roll_input::outcome_word;
use crate::rules::symbaroum::success::format_percent;
use crate::rules::symbaroum::Attr;
use leptos::prelude::*;

/// The test as it stands: what is rolled, the breakdown, the target and the chance;
/// or which field is missing.
#[component]
pub(super) fn Summary() -> impl IntoView {
    let form = expect_context::<Form>();
    let Spec(spec) = expect_context::<Spec>();
    let summary = move || {
        match spec.get() {
        Ok(s) => {
            let l = form.l();
            view! {
                <p class="roll-what" id="roll-what">{s.describe(l)}</p>
                <ul class="roll-breakdown" aria-label="How the target is reached">
                    {s.breakdown(l).into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
                </ul>
                <p class="roll-numbers">
                    <span>"Target " <strong id="roll-target">{fmt_signed(s.target())}</strong></span>
                    <span>"Chance " <strong id="roll-chance">{format_percent(s.chance())}</strong></span>
                </p>
                <p class="roll-target-text" id="roll-target-text">{s.target_text()}</p>
            }
            .into_any()
        }
        Err(Missing::Opponent) => view! {
            <p class="roll-missing" id="roll-missing">
                {move || format!("Enter the {} to see the target and the chance.", form.opponent_label().to_ascii_lowercase())}
            </p>
        }
        .into_any(),
        Err(Missing::Party) => view! {
            <p class="roll-missing" id="roll-missing">
                {move || format!("Enter the party's lowest {} to see the target and the chance.", form.l().attr(Attr::Subtlety))}
            </p>
        }
        .into_any(),
        Err(Missing::Resistance) => view! {
            <p class="roll-missing" id="roll-missing">"Enter the resistance to see the target and the chance."</p>
        }
        .into_any(),
    }
    };
    view! { <div class="roll-summary" id="roll-summary">{summary}</div> }
}

/// The last roll: its dice (the kept one marked when two were rolled), the kept
/// number against the target, pass or fail, an Attack's damage and hit location.
#[component]
pub(super) fn RollResult() -> impl IntoView {
    let form = expect_context::<Form>();
    let (damage, located) = (form.damage, form.located);
    move || {
        form.last.get().map(|out| {
            let two = out.dice.len() > 1;
            let dice = out
                .dice
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    let kept = i == out.kept_index;
                    view! {
                        <li class="die" class:kept=kept data-kept=kept.to_string()>
                            <span class="die-face">{*d}</span>
                            {(two && kept).then(|| view! { <span class="die-note">"kept"</span> })}
                            {(two && !kept).then(|| view! { <span class="die-note">"not kept"</span> })}
                        </li>
                    }
                })
                .collect_view();
            view! {
                <div id="roll-result" class="roll-result" class:pass=out.passed class:fail=!out.passed data-passed=out.passed.to_string()>
                    <ul class="dice" aria-label="Dice rolled">{dice}</ul>
                    <div class="roll-result-text">
                        <p class="roll-result-line">
                            "Kept " <strong id="roll-kept">{out.kept}</strong>
                            ", target " <strong id="roll-result-target">{fmt_signed(out.target)}</strong>
                        </p>
                        <p class="roll-outcome" id="roll-outcome">{outcome_word(out.passed)}</p>
                    </div>
                    {move || damage.get().map(|(total, text)| view! {
                        <p class="roll-damage" id="roll-damage">
                            "Damage " <strong>{total}</strong> <span class="roll-damage-dice">" (" {text} ")"</span>
                        </p>
                    })}
                    {move || located.get().map(|text| view! {
                        <p class="roll-damage">"Hit location: "{text}</p>
                    })}
                </div>
            }
        })
    }
}
