//! Positions and battlefield conditions: toggles whose consistency penalties the
//! dice panel applies to the rolls they affect.

use super::state::{edit, read};
use crate::rules::heimr::combat::Position;
use crate::rules::heimr::situation::{Height, Situation, SITUATION_MAX};
use crate::ui::number_field::NumberField;
use crate::ui::part::Part;
use crate::ui::slots::HideChallenge;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
fn Toggle(
    character: Live,
    #[prop(into)] id: String,
    #[prop(into)] label: String,
    get: fn(&Situation) -> bool,
    set: fn(&mut Situation, bool),
) -> impl IntoView {
    let for_id = id.clone();
    view! {
        <label class="check" for=for_id>
            <input
                id=id
                type="checkbox"
                prop:checked=move || read(character, |h| get(&h.situation))
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    edit(character, |h| set(&mut h.situation, on));
                }
            />
            {label}
        </label>
    }
}

/// A number of the situation (a distance, a cluster's size, a concealment), as
/// [`Toggle`] is for a switch.
#[component]
fn Count(
    character: Live,
    #[prop(into)] id: String,
    #[prop(into)] label: String,
    get: fn(&Situation) -> u32,
    set: fn(&mut Situation, u32),
) -> impl IntoView {
    view! {
        <NumberField
            id=id
            label=label
            value=Signal::derive(move || read(character, |h| get(&h.situation) as i64))
            min=0
            max=SITUATION_MAX as i64
            on_set=Callback::new(move |n: i64| edit(character, |h| set(&mut h.situation, n as u32)))
        />
    }
}

#[component]
pub fn PositionsCard(character: Live) -> impl IntoView {
    let positions = Position::ALL
        .into_iter()
        .map(|p| {
            let id = format!("heimr-position-{}", p.name().to_lowercase());
            let for_id = id.clone();
            view! {
                <label class="check" for=for_id title=p.description()>
                    <input
                        id=id
                        type="checkbox"
                        prop:checked=move || read(character, |h| h.situation.positions.contains(&p))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            edit(character, |h| h.situation.set_position(p, on));
                        }
                    />
                    {p.name()}
                </label>
            }
        })
        .collect_view();
    let height = move || read(character, |h| h.situation.height);
    // Folded to one line, what is in force: the dice panel applies it to every roll.
    let in_force = Memo::new(move |_| read(character, |h| h.situation.in_force()));
    let none = move || in_force.with(Vec::is_empty);
    view! {
        <section class="card heimr-positions rule-card" class:off=none aria-labelledby="heimr-positions-heading">
            <details>
                <summary>
                    <h2 id="heimr-positions-heading">"Position and conditions"</h2>
                    <span class="rule-state" id="heimr-in-force">{move || if none() { "None in force".to_string() } else { in_force.with(|f| f.join(" · ")) }}</span>
                </summary>
                <fieldset class="toggles">
                    <legend>"Your position"</legend>
                    {positions}
                </fieldset>
                {Part::<HideChallenge>::view(character)}
                <p class="hint">"Prone or climbing: C −2 on your attacks and defences. Helpless, sleeping or unconscious: no defences. Hidden (always concealed too): P +2 on your shots and charges."</p>
                <fieldset class="toggles">
                    <legend>"Conditions"</legend>
                    <Toggle character id="heimr-cond-terrain" label="Difficult terrain (C −1 on melee attacks, parries, dodges)"
                        get=|s| s.difficult_terrain set=|s, v| s.difficult_terrain = v/>
                    <Toggle character id="heimr-cond-target-prone" label="Ranged target is prone (C −2)"
                        get=|s| s.target_prone set=|s, v| s.target_prone = v/>
                    <Toggle character id="heimr-cond-blind-spot" label="Attacked from a blind spot (C −5 on the defence)"
                        get=|s| s.blind_spot set=|s, v| s.blind_spot = v/>
                    <Toggle character id="heimr-cond-outmanoeuvre" label="Getting past a guard (C −1 dodging its attack)"
                        get=|s| s.outmanoeuvring set=|s, v| s.outmanoeuvring = v/>
                    <Toggle character id="heimr-cond-target-hidden" label="Target hidden from you (a luck shot: d10 of 10 first, C −1)"
                        get=|s| s.target_hidden set=|s, v| s.target_hidden = v/>
                </fieldset>
                <div class="field">
                    <label for="heimr-cond-height">"Melee target's height"</label>
                    <select
                        id="heimr-cond-height"
                        on:change=move |ev| {
                            let v = match event_target_value(&ev).as_str() {
                                "higher" => Height::TargetHigher,
                                "lower" => Height::TargetLower,
                                _ => Height::Level,
                            };
                            edit(character, |h| h.situation.height = v);
                        }
                    >
                        <option value="level" selected=move || height() == Height::Level>"Level"</option>
                        <option value="higher" selected=move || height() == Height::TargetHigher>"One higher (C −1)"</option>
                        <option value="lower" selected=move || height() == Height::TargetLower>"One lower (C +1)"</option>
                    </select>
                </div>
                <div class="two-fields">
                    <Count character id="heimr-cond-distance" label="Ranged distance (C −half)"
                        get=|s| s.ranged_distance set=|s, n| s.ranged_distance = n/>
                    <Count character id="heimr-cond-cluster" label="Firing into a cluster of"
                        get=|s| s.cluster set=|s, n| s.cluster = n/>
                    <Count character id="heimr-cond-concealed" label="Target's concealment (lowers C)"
                        get=|s| s.target_concealed set=|s, n| s.target_concealed = n/>
                </div>
            </details>
        </section>
    }
}
