//! Every die of a challenge, the one taken marked, and the sum in words.

use crate::rules::heimr::challenge::keep_rule;
use crate::rules::heimr::dice::{ChallengeRoll, TakenDie};
use leptos::prelude::*;

#[component]
pub fn DiceFaces(roll: ChallengeRoll) -> impl IntoView {
    let mut dice: Vec<(String, u32, bool)> =
        vec![("d6".into(), roll.d6, roll.taken == TakenDie::D6)];
    for (i, &f) in roll.d10s.iter().enumerate() {
        dice.push(("d10".into(), f, roll.taken == TakenDie::D10(i)));
    }
    let items = dice
        .into_iter()
        .map(|(kind, face, taken)| {
            let label = if taken {
                format!("{kind} showing {face}, taken")
            } else {
                format!("{kind} showing {face}")
            };
            let class = format!("hdie {kind}");
            let data_kind = kind.clone();
            view! {
                <li
                    class=class
                    class:taken=taken
                    data-kind=data_kind
                    data-face=face
                    data-taken=taken.to_string()
                    aria-label=label
                >
                    <span class="hdie-kind" aria-hidden="true">{kind}</span>
                    <span class="hdie-face" aria-hidden="true">{face}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <div
            class="hdice-roll"
            data-consistency=roll.consistency
            data-potential=roll.potential
            data-die=roll.die
            data-bonus=roll.bonus
            data-penalty=roll.penalty
            data-result=roll.result
        >
            <p class="keep-rule">{format!("C {}: keep {}", crate::rules::heimr::num(roll.consistency), keep_rule(roll.consistency))}</p>
            <ul class="hdice" aria-label="Dice rolled">{items}</ul>
            <p class="explain">{roll.explain()}</p>
        </div>
    }
}
