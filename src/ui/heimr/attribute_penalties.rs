//! The GM's situational penalties on an attribute or an attribute group (the
//! Attributes card, folded to one line): the dice panel takes them off the
//! consistency of every roll based on it (`model::play::heimr_roll::setup`).

use super::state::{edit, read};
use crate::rules::heimr::situation::{PenaltyOn, SITUATION_MAX};
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub(super) fn AttributePenalties(character: Live) -> impl IntoView {
    let in_force =
        Memo::new(move |_| read(character, |h| h.situation.attribute_penalties().in_force()));
    let fields = PenaltyOn::all()
        .into_iter()
        .map(|on| {
            let label = match on {
                PenaltyOn::Group(g) => format!("On all {}", g.name().to_lowercase()),
                PenaltyOn::Attribute(a) => format!("On {}", a.name()),
            };
            view! {
                <NumberField
                    id=format!("heimr-penalty-{}", on.key())
                    label=label
                    value=Signal::derive(move || read(character, |h| h.situation.attribute_penalties().get(on) as i64))
                    min=0
                    max=SITUATION_MAX as i64
                    on_set=Callback::new(move |n: i64| edit(character, |h| h.situation.set_attribute_penalty(on, n as u32)))
                />
            }
        })
        .collect_view();
    view! {
        <details class="heimr-attr-penalties">
            <summary>
                "Situational penalties "
                <span class="rule-state" id="heimr-attr-penalties-state">
                    {move || in_force.with(|f| if f.is_empty() { "none".to_string() } else { f.join(" · ") })}
                </span>
            </summary>
            <p class="hint">"The GM's penalty on an attribute or a group lowers C of every roll based on it: the attribute itself, its abilities, attacks and defences. The app's choice: an attribute's penalty and its group's add up, and an ability based on several attributes takes the penalties of the one lowered most."</p>
            <div class="two-fields">{fields}</div>
        </details>
    }
}
