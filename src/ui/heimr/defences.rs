//! Defences since the last turn: dodge (Agility), block (shield ability) and parry
//! (weapon ability), with −2 C per earlier dodge or block, one parry per melee
//! weapon, and the ongoing-action penalty.

use super::roll_button::RollButton;
use super::state::{ability_names, edit, peek, read, RollSource};
use crate::model::heimr::HeimrSheet;
use crate::rules::heimr::combat::{DefenceKind, ONGOING_ACTION_C_PENALTY};
use crate::rules::heimr::situation::GUARDING_MAX;
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
                        "No shield (pick one in the armoury).".to_string()
                    } else {
                        format!(
                            "Blocked {} time(s) since your turn: next block C −{penalty}",
                            t.blocks
                        )
                    }
                }
                DefenceKind::Parry => {
                    let w = h.wielding();
                    format!(
                        "Parries left: {} of {} (one per melee weapon)",
                        t.parries_left(w),
                        w.melee_weapons
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

/// A checkbox for one of the tracker's switches.
fn switch(
    character: Live,
    id: &'static str,
    text: String,
    get: fn(&HeimrSheet) -> bool,
    set: fn(&mut HeimrSheet, bool),
) -> impl IntoView {
    view! {
        <label class="check" for=id>
            <input
                id=id
                type="checkbox"
                prop:checked=move || read(character, get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    edit(character, |h| set(h, on));
                }
            />
            {text}
        </label>
    }
}

/// The defence rolled ahead, and using it when the attack comes.
#[component]
fn PreRolledRow(character: Live) -> impl IntoView {
    let said = RwSignal::new(String::new());
    let use_it = move |ranged: bool| {
        said.set(edit(character, |h| h.use_pre_rolled(ranged)).unwrap_or_else(|e| e))
    };
    view! {
        <p class="hint" id="heimr-pre-rolled">{move || read(character, HeimrSheet::pre_rolled_text)}</p>
        <div class="button-row" hidden=move || read(character, |h| h.defences.pre_rolled.is_none())>
            <button type="button" on:click=move |_| use_it(false)>"Use against a melee attack"</button>
            <button type="button" on:click=move |_| use_it(true)>"Use against a ranged attack"</button>
        </div>
        <p class="hint" role="status">{move || said.get()}</p>
    }
}

#[component]
pub fn DefencesCard(character: Live) -> impl IntoView {
    view! {
        <section class="card heimr-defences" aria-labelledby="heimr-defences-heading">
            <h2 id="heimr-defences-heading">"Defences"</h2>
            <ul class="defence-list">
                {DefenceKind::ALL.into_iter().map(|kind| view! { <DefenceRow character kind/> }).collect_view()}
            </ul>
            {switch(character, "heimr-ongoing-action",
                format!("Ongoing action this turn (C\u{a0}−{ONGOING_ACTION_C_PENALTY} on defences until your next turn)"),
                |h| h.defences.ongoing_action, |h, on| h.defences.ongoing_action = on)}
            {switch(character, "heimr-readied-dodge",
                "Readied dodge (standard action): P\u{a0}+2 against the next ranged attack".into(),
                |h| h.defences.readied_dodge, |h, on| h.defences.readied_dodge = on)}
            <PreRolledRow character/>
            // Folded to one line that says whom the character guards.
            <details class="adder guarding">
                <summary>{move || read(character, |h| {
                    let g = &h.situation.guarding;
                    if g.is_empty() { "Guard someone or something…".to_string() } else { format!("Guarding: {g}") }
                })}</summary>
                <div class="field">
                    <label for="heimr-guarding">"Guarding (an ally, a border, an object)"</label>
                    <input
                        id="heimr-guarding"
                        type="text"
                        maxlength=GUARDING_MAX
                        prop:value=move || read(character, |h| h.situation.guarding.clone())
                        on:change=move |ev| {
                            let t: String = event_target_value(&ev).trim().chars().take(GUARDING_MAX).collect();
                            edit(character, |h| h.situation.guarding = t);
                        }
                    />
                </div>
                <p class="hint">"A guard intercepts one opponent, then ends: a dodged ranged attack moves on to the one guarded, a blocked one stops. Hidden characters get past."</p>
            </details>
        </section>
    }
}
