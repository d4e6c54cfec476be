//! Numbers as a card shows them: a label over its value, marked when the game master
//! should see it at once. One view for members', foes' and the odds' numbers.

use crate::model::table::glance::Number;
use leptos::prelude::*;

pub fn glance_numbers(numbers: Vec<Number>) -> impl IntoView {
    let rows = numbers
        .into_iter()
        .map(|n| {
            view! {
                <div class="glance-number" class:warn=n.warn>
                    <dt>{n.label}</dt>
                    <dd>{n.value}</dd>
                </div>
            }
        })
        .collect_view();
    view! { <dl class="glance-numbers">{rows}</dl> }
}
