//! Character creation guidance under the attributes: points used out of 80, warnings
//! outside 5–15 or with more than one 15, and the standard array placed with one
//! picker per attribute. Guidance only: every score from 1 to 30 stays valid.

use super::focus::focus_later;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::creation::{
    array_choices, place, placement_by_rank, points_text, points_used, warnings, CREATION_POINTS,
};
use crate::rules::symbaroum::{labels, Attr, Scores};
use crate::ui::parts::stamp;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn AttributeGuidance(character: Live) -> impl IntoView {
    let scores = Memo::new(move |_| character.attributes().get());
    let ruleset = Memo::new(move |_| character.ruleset().get());
    let used = move || scores.with(points_used);
    let state = move || match used() - CREATION_POINTS {
        0 => "exact",
        n if n > 0 => "over",
        _ => "under",
    };
    let found = Memo::new(move |_| scores.with(|s| warnings(s, labels(ruleset.get()))));

    // The standard array helper: a placement, swapped value by value, then applied.
    let placing = RwSignal::new(false);
    let placement = RwSignal::new([0i32; 8]);
    let open_helper = move |_| {
        placement.set(placement_by_rank(&scores.get_untracked()));
        placing.set(true);
        focus_later("standard-array-heading");
    };
    let apply = move |_| {
        let p = placement.get_untracked();
        character.attributes().set(Scores::new(p));
        stamp(character);
        placing.set(false);
        focus_later("standard-array-open");
    };
    let cancel = move |_| {
        placing.set(false);
        focus_later("standard-array-open");
    };

    view! {
        <div class="creation-guidance" id="creation-guidance">
            <div class="creation-summary">
                <p class="points" id="points-used" data-state=state>
                    <span class="points-label">"Creation: "</span>
                    {move || scores.with(points_text)}
                </p>
                <button
                    type="button"
                    id="standard-array-open"
                    aria-expanded=move || placing.get().to_string()
                    aria-controls="standard-array"
                    on:click=open_helper
                >
                    "Use the standard array"
                </button>
            </div>
            <ul class="creation-warnings" id="creation-warnings" aria-live="polite">
                {move || found.get().into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
            </ul>
            <p class="hint creation-hint">
                "Guidance only: 80 points, each attribute 5–15, at most one 15. Any score from 1 to 30 is kept."
            </p>
            <Show when=move || placing.get()>
                <div class="standard-array" id="standard-array" role="group" aria-labelledby="standard-array-heading">
                    <h3 id="standard-array-heading" tabindex="-1">"Standard array"</h3>
                    <p class="hint">
                        "Place 15, 13, 11, 10, 10, 9, 7 and 5. Picking a value for an attribute swaps it with the attribute that had it."
                    </p>
                    <div class="array-grid">
                        {Attr::ALL
                            .into_iter()
                            .map(|a| {
                                let id = format!("array-{}", a.key());
                                view! {
                                    <div class="field">
                                        <label for=id.clone()>{move || labels(ruleset.get()).attr(a)}</label>
                                        <select
                                            id=id
                                            prop:value=move || placement.with(|p| p[a.index()].to_string())
                                            on:change=move |ev| {
                                                if let Ok(v) = event_target_value(&ev).parse::<i32>() {
                                                    placement.update(|p| *p = place(*p, a, v));
                                                }
                                            }
                                        >
                                            {array_choices()
                                                .into_iter()
                                                .map(|v| view! {
                                                    <option value=v.to_string() selected=move || placement.with(|p| p[a.index()] == v)>
                                                        {v}
                                                    </option>
                                                })
                                                .collect_view()}
                                        </select>
                                    </div>
                                }
                            })
                            .collect_view()}
                    </div>
                    <div class="button-row">
                        <button type="button" class="primary" id="standard-array-apply" on:click=apply>
                            "Use these scores"
                        </button>
                        <button type="button" id="standard-array-cancel" on:click=cancel>"Cancel"</button>
                    </div>
                </div>
            </Show>
        </div>
    }
}
