//! "This turn", under the conditions: what the character's two actions went to this
//! turn (`rules::symbaroum::turn`, kept in the fight state so a reload keeps it), each
//! thing the seeds price a tap away, each weapon not in hand drawn in a tap (a Short
//! one as a Free Action), "Next turn", and how long the conditions that end by
//! themselves (a torso or head hit's) still last. An Attack rolled in the roll panel
//! spends the Combat Action there (`model::play::test_roll`). While a torso or head
//! hit leaves the character out of action, its taps are refused in words. From the
//! Combat tab's chunk (`ui::split_points`), drawn with the tab.

use crate::model::combat::Combat;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::combat::WeaponState;
use crate::rules::symbaroum::turn::{draw_doing, Cost, Turn, DOINGS};
use crate::ui::parts::edit;
use crate::ui::Live;
use leptos::prelude::*;

/// Runs `act` on the fight state if it would be done: a refusal is said, and is no
/// edit of the sheet (nothing to undo).
fn act(
    character: Live,
    said: RwSignal<Option<String>>,
    act: impl Fn(&mut Combat) -> Result<String, String>,
) {
    match character.combat().with_untracked(|c| act(&mut c.clone())) {
        Ok(_) => {
            let mut text = String::new();
            edit(character, |c| text = act(c).unwrap_or_default());
            said.set(Some(text));
        }
        Err(why) => said.set(Some(why)),
    }
}

pub fn turn_card(character: Live) -> AnyView {
    let said = RwSignal::new(None::<String>);
    let turn = Memo::new(move |_| character.combat().with(Combat::turn));
    let maneuvers = move || character.combat().with(|c| c.maneuvers);
    let doings = DOINGS
        .into_iter()
        .map(|d| {
            let spend = move |_| act(character, said, move |c| c.spend(d));
            // Push Back is one of the optional Maneuvers.
            let hidden = move || d.cost == Cost::Both && !maneuvers();
            view! {
                <li hidden=hidden>
                    <button type="button" class:done=move || turn.with(|t| t.did(d.name)) on:click=spend>{d.name}</button>
                    <span class="hint">{d.cost_text()}</span>
                </li>
            }
        })
        .collect_view();
    // Each weapon not in hand, with what drawing it costs (a sheathed Short weapon: a
    // Free Action); drawn, it is in hand.
    let draw = move |id: u32| act(character, said, move |c| c.draw_weapon(id));
    let sheathed = Memo::new(move |_| {
        character.combat().with(|c| {
            c.weapons
                .iter()
                .filter(|w| w.state != WeaponState::Held)
                .map(|w| {
                    (
                        w.id,
                        format!("Draw {}", w.name.trim()),
                        draw_doing(w).cost_text(),
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    let draws = move || {
        sheathed
            .get()
            .into_iter()
            .map(|(id, name, cost)| {
                view! {
                    <li>
                        <button type="button" on:click=move |_| draw(id)>{name}</button>
                        <span class="hint">{cost}</span>
                    </li>
                }
            })
            .collect_view()
    };
    // The conditions that end by themselves (a torso or head hit), and how long each
    // still lasts.
    let counts = Memo::new(move |_| {
        character.combat().with(|c| {
            c.conditions
                .iter()
                .filter_map(|k| k.turns_text())
                .collect::<Vec<_>>()
                .join(" ")
        })
    });
    view! {
        <p class="hint" id="turn-counts" hidden=move || counts.with(String::is_empty)>{counts}</p>
        <details class="turn" id="this-turn">
            <summary>"This turn: "<span id="turn-left">{move || turn.with(Turn::left)}</span></summary>
            <p class="result" id="turn-said" role="status">{move || said.get()}</p>
            <ul class="turn-doings" aria-label="Spend an action">{doings}</ul>
            <ul class="turn-doings" id="turn-draws" aria-label="Draw a weapon" hidden=move || sheathed.with(Vec::is_empty)>{draws}</ul>
            <p class="hint">"An Attack rolled in the roll panel spends the Combat Action; a Free Attack or a Defense test spends nothing. A Short weapon is unsheathed as a Free Action; drawing any other is a Movement Action, as is a Short one from the pack (the app's choice). Defense tests and Free Attacks are reactions, calling out a warning a Free Action: any number of each."</p>
            <button type="button" class="primary" on:click=move |_| {
                edit(character, Combat::next_turn);
                said.set(None);
            }>"Next turn"</button>
        </details>
    }
    .into_any()
}
