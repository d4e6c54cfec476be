//! "This turn", under the conditions: what the character's two actions went to this
//! turn (`rules::symbaroum::turn`), each thing the seeds price a tap away, each weapon
//! not in hand drawn in a tap (a Short one as a Free Action), and "Next turn". From the roll panel's chunk (`ui::chunks`), drawn once the Combat tab is.
//! The turn is the table's moment, not the character's record: it is kept while the
//! sheet is open, not saved (the app's choice).

use crate::model::combat::Combat;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::combat::WeaponState;
use crate::rules::symbaroum::turn::{draw_doing, Cost, Turn, DOINGS};
use crate::ui::parts::edit;
use crate::ui::Live;
use leptos::prelude::*;

/// The turn so far, kept by the Combat tab: "Next turn" (here or on the Maneuvers
/// card) starts the next.
#[derive(Clone, Copy)]
pub struct ThisTurn(pub RwSignal<Turn>);

impl ThisTurn {
    /// A new turn: both actions free again, and the maneuvers' effects that lasted
    /// this turn ended.
    pub fn next(self, character: Live) {
        self.0.set(Turn::default());
        edit(character, Combat::next_turn);
    }
}

pub fn turn_card(character: Live) -> AnyView {
    let this_turn = expect_context::<ThisTurn>();
    let turn = this_turn.0;
    let said = RwSignal::new(None::<String>);
    let maneuvers = move || character.combat().with(|c| c.maneuvers);
    let doings = DOINGS
        .into_iter()
        .map(|d| {
            let spend = move |_| match turn.with_untracked(|t| t.spend(d)) {
                Ok((next, text)) => {
                    turn.set(next);
                    said.set(Some(text));
                }
                Err(why) => said.set(Some(why)),
            };
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
    let draw = move |id: u32| {
        let t = turn.get_untracked();
        // Tried on a copy first: a refusal is said and is no edit of the sheet.
        match character
            .combat()
            .with_untracked(|c| c.clone().draw_weapon(id, &t))
        {
            Ok((next, text)) => {
                edit(character, |c| {
                    let _ = c.draw_weapon(id, &t);
                });
                turn.set(next);
                said.set(Some(text));
            }
            Err(why) => said.set(Some(why)),
        }
    };
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
    view! {
        <details class="turn" id="this-turn">
            <summary>"This turn: "<span id="turn-left">{move || turn.with(Turn::left)}</span></summary>
            <p class="result" id="turn-said" role="status">{move || said.get()}</p>
            <ul class="turn-doings" aria-label="Spend an action">{doings}</ul>
            <ul class="turn-doings" id="turn-draws" aria-label="Draw a weapon" hidden=move || sheathed.with(Vec::is_empty)>{draws}</ul>
            <p class="hint">"A Short weapon is unsheathed as a Free Action; drawing any other is a Movement Action, as is a Short one from the pack (the app's choice). Defense tests and Free Attacks are reactions, calling out a warning a Free Action: any number of each. The app's choice: the turn is kept while this sheet is open, not saved."</p>
            <button type="button" class="primary" on:click=move |_| {
                this_turn.next(character);
                said.set(None);
            }>"Next turn"</button>
        </details>
    }
    .into_any()
}
