//! Defences since the last turn: dodge (Agility), block (shield ability) and parry
//! (weapon ability), with −2 C per earlier dodge or block, one parry per melee
//! weapon, and the ongoing-action penalty.

use super::roll_button::RollButton;
use super::state::{ability_names, edit, peek, read, RollSource};
use crate::model::heimr::HeimrSheet;
use crate::rules::heimr::combat::{DefenceKind, ONGOING_ACTION_C_PENALTY};
use crate::ui::Live;
use leptos::prelude::*;

/// The ability a defence defaults to: Agility for a dodge; for a block or a parry
/// the first of the character's abilities that the shield or a weapon names.
fn default_ability(h: &HeimrSheet, kind: DefenceKind) -> String {
    let wanted: Vec<&str> = match kind {
        DefenceKind::Dodge => vec!["Agility"],
        DefenceKind::Block => h
            .picked_shield()
            .map(|s| s.abilities.to_vec())
            .unwrap_or_default(),
        DefenceKind::Parry => h
            .picked_weapons()
            .iter()
            .filter(|w| w.is_melee())
            .flat_map(|w| w.abilities.iter().copied())
            .collect(),
    };
    wanted
        .iter()
        .find_map(|w| h.abilities.iter().find(|a| a.name.eq_ignore_ascii_case(w)))
        .or_else(|| h.abilities.iter().find(|a| a.name == "Brawl"))
        .or(h.abilities.first())
        .map(|a| a.name.clone())
        .unwrap_or_default()
}

#[component]
fn DefenceRow(character: Live, kind: DefenceKind) -> impl IntoView {
    let chosen = RwSignal::new(peek(character, |h| default_ability(h, kind)));
    let key = kind.name().to_lowercase();
    let status = move || {
        read(character, |h| {
            let t = &h.defences;
            let penalty = t.c_penalty(kind);
            match kind {
                DefenceKind::Dodge => format!(
                    "Dodged {} time(s) since your turn: next dodge C −{penalty}",
                    t.dodges
                ),
                DefenceKind::Block => {
                    if h.picked_shield().is_none() {
                        "No shield: pick one in the armoury (Gear & XP tab).".to_string()
                    } else {
                        format!(
                            "Blocked {} time(s) since your turn: next block C −{penalty}",
                            t.blocks
                        )
                    }
                }
                DefenceKind::Parry => {
                    let w = h.wielding().melee_weapons;
                    format!(
                        "Parries left: {} of {w} (one per melee weapon)",
                        w.saturating_sub(t.parries)
                    )
                }
            }
        })
    };
    let names = move || ability_names(character);
    let select_id = format!("heimr-defence-{key}-ability");
    view! {
        <li class="defence-row" data-defence=key.clone()>
            <div class="defence-head">
                <span class="defence-name">{kind.name()}</span>
                <span class="defence-status" id=format!("heimr-defence-{key}-status")>{status}</span>
            </div>
            <div class="defence-controls">
                <div class="field">
                    <label for=select_id.clone()>{format!("{} with", kind.name())}</label>
                    <select
                        id=select_id
                        on:change=move |ev| chosen.set(event_target_value(&ev))
                    >
                        {move || names().into_iter().map(|n| {
                            let sel = chosen.with_untracked(|c| *c == n);
                            view! { <option value=n.clone() selected=sel>{n.clone()}</option> }
                        }).collect_view()}
                    </select>
                </div>
                {move || view! {
                    <RollButton source=RollSource::Defence(kind, chosen.get()) text=kind.name()/>
                }}
            </div>
        </li>
    }
}

#[component]
pub fn DefencesCard(character: Live) -> impl IntoView {
    let ongoing = move || read(character, |h| h.defences.ongoing_action);
    view! {
        <section class="card heimr-defences" aria-labelledby="heimr-defences-heading">
            <h2 id="heimr-defences-heading">"Defences"</h2>
            <ul class="defence-list">
                {DefenceKind::ALL.into_iter().map(|kind| view! { <DefenceRow character kind/> }).collect_view()}
            </ul>
            <label class="check" for="heimr-ongoing-action">
                <input
                    id="heimr-ongoing-action"
                    type="checkbox"
                    prop:checked=ongoing
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        edit(character, |h| h.defences.ongoing_action = on);
                    }
                />
                {format!("Ongoing action this turn (C −{ONGOING_ACTION_C_PENALTY} on defences until your next turn)")}
            </label>
        </section>
    }
}
