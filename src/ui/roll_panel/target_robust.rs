//! Hold and Tackle: whether the target is Robust, and at which level. Its bonus
//! raises the target's Might, so the test's target falls by as much (one of the
//! player's own modifiers for this test, named for it).

use super::form::{Form, Own};
use crate::rules::symbaroum::experience::Level;
use crate::rules::symbaroum::maneuvers::RobustBonus;
use leptos::prelude::*;

/// The own modifier's id for the target's Robust (the wrestler's own is 1).
const TARGET_ROBUST: u32 = 2;

#[component]
pub(super) fn TargetRobust(bonus: RobustBonus) -> impl IntoView {
    let own = expect_context::<Form>().own;
    let pick = move |value: String| {
        let level = Level::from_name(&value);
        own.update(|o| {
            o.retain(|m| m.id != TARGET_ROBUST);
            if let Some(l) = level {
                o.push(Own {
                    id: TARGET_ROBUST,
                    name: format!("Target's Robust ({})", l.name()),
                    amount: bonus.against(l),
                });
            }
        });
    };
    // The level chosen, as the modifiers list has it (removing the modifier there
    // sets this back to "Not Robust"): each level gives its own amount.
    let chosen = move || {
        own.with(|o| {
            o.iter().find(|m| m.id == TARGET_ROBUST).and_then(|m| {
                Level::ALL
                    .into_iter()
                    .find(|l| bonus.against(*l) == m.amount)
            })
        })
    };
    view! {
        <div class="field">
            <label for="roll-target-robust">"Target's Robust"</label>
            <select id="roll-target-robust" on:change=move |ev| pick(event_target_value(&ev))
                prop:value=move || chosen().map(Level::name).unwrap_or_default()>
                <option value="">"Not Robust"</option>
                {Level::ALL.into_iter().map(|l| {
                    let (first, rest) = l.name().split_at(1);
                    let text = format!("{}{rest} (−{} to your test)", first.to_uppercase(), bonus.at(l));
                    view! { <option value=l.name()>{text}</option> }
                }).collect_view()}
            </select>
        </div>
    }
}
