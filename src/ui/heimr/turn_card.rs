//! Under "New turn": what the character did this turn (seed 002's combat actions,
//! each a tap away with its type, through `model::play::heimr_turn`), an upcoming
//! action going on from the last turn, a chase off the grid and who it takes to move
//! a character. From the Combat tab's chunk (`ui::split_points`), drawn with the tab.
//! The turn is saved with the character (a reload mid-fight keeps it); the chase
//! is the table's moment, kept while the sheet is open (the app's choice).

use super::state::{edit, peek, read};
use crate::model::heimr::HeimrSheet;
use crate::model::play::heimr_turn::{end_continuing, take_action};
use crate::rules::heimr::actions::{Moved, TurnActions, ACTIONS};
use crate::rules::heimr::chase::Chase;
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

pub fn turn_card(character: Live) -> AnyView {
    let turn = Memo::new(move |_| read(character, HeimrSheet::turn));
    let said = RwSignal::new(None::<String>);
    let take = move |name: &'static str| {
        // Tried on a copy first: a refused action is said and changes nothing.
        let mut sheet = peek(character, Clone::clone);
        let mut now = sheet.turn();
        let out = take_action(&mut sheet, &mut now, name);
        if out.is_ok() {
            sheet.set_turn(&now);
            edit(character, |h| *h = sheet);
        }
        said.set(Some(out.unwrap_or_else(|why| why)));
    };
    let end = move |finished: bool| {
        let mut sheet = peek(character, Clone::clone);
        let mut now = sheet.turn();
        said.set(end_continuing(&mut sheet, &mut now, finished));
        sheet.set_turn(&now);
        edit(character, |h| *h = sheet);
    };
    let continuing = move || turn.with(|t| t.continuing);
    let actions = ACTIONS
        .into_iter()
        .map(|a| {
            view! {
                <li>
                    <button type="button" class:done=move || turn.with(|t| t.did(a.name)) on:click=move |_| take(a.name)>{a.name}</button>
                    <span class="hint">{a.kind.name()}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <details class="turn" id="heimr-this-turn">
            <summary>"This turn: "<span id="heimr-turn-left">{move || turn.with(TurnActions::left)}</span></summary>
            <div class="button-row" hidden=move || continuing().is_none()>
                <button type="button" on:click=move |_| end(true)>
                    {move || format!("Finish {}", continuing().unwrap_or_default())}
                </button>
                <button type="button" on:click=move |_| end(false)>"Interrupted or cancelled"</button>
            </div>
            <p class="result" id="heimr-turn-said" role="status">{move || said.get()}</p>
            <ul class="turn-doings" aria-label="Take an action">{actions}</ul>
            <p class="hint">"One standard action a turn; each free action once. An ongoing action ends your turn (C\u{a0}−2 on defences until your next); an upcoming one ends it and goes on as the next turn's standard action. Drawing or putting away a weapon may go alongside a Move. Crawl: only while prone, and only from the square you began the turn in (so not after a Move, and once every two turns). Using a skill: the skill's own type. The app's choice: an upcoming breather lowers fatigue when it is finished."</p>
            // In the one fold: a phone's Combat tab has no room for more lines.
            <ChaseFold/>
            <details class="turn">
                <summary>"Forced movement and restraint"</summary>
                <ul class="hint">
                    {Moved::ALL.map(|m| view! { <li>{format!("{}: {} to move them.", m.name(), m.movers())}</li> }).collect_view()}
                </ul>
            </details>
        </details>
    }
    .into_any()
}

/// A chase off the grid, round by round: the two results the GM's roll gave and
/// whether either failed their fatigue check.
#[component]
fn ChaseFold() -> impl IntoView {
    let apart = RwSignal::new(3i64);
    let chaser = RwSignal::new(0i64);
    let target = RwSignal::new(0i64);
    let chaser_spent = RwSignal::new(false);
    let target_spent = RwSignal::new(false);
    let said = RwSignal::new(None::<String>);
    let round = move |_| {
        let now = Chase::round(
            apart.get_untracked() as u32,
            chaser.get_untracked() as i32,
            target.get_untracked() as i32,
            chaser_spent.get_untracked(),
            target_spent.get_untracked(),
        );
        if let Chase::Apart(n) = now {
            apart.set(n as i64);
        }
        said.set(Some(now.said()));
    };
    let number = |id: &'static str, label: &'static str, v: RwSignal<i64>, min: i64| {
        view! { <NumberField id label value=v.into() min max=99 on_set=Callback::new(move |n| v.set(n))/> }
    };
    let check = |id: &'static str, text: &'static str, on: RwSignal<bool>| {
        view! {
            <label class="check" for=id>
                <input type="checkbox" id=id prop:checked=move || on.get()
                    on:change=move |ev| on.set(event_target_checked(&ev))/>
                {text}
            </label>
        }
    };
    view! {
        <details class="turn">
            <summary>"Chase"</summary>
            <p class="hint">"The GM picks what the terrain asks for; both roll it each round. 3 or more over the other's result wins a square. 0 apart is the target's own square, not yet a catch: the next winning roll, which would pass the target, is an action against them. A failed fatigue check ends the chase (both at once: the target escapes, the app's choice)."</p>
            {number("heimr-chase-apart", "Squares apart", apart, 0)}
            <div class="two-fields">
                {number("heimr-chase-chaser", "Chaser's result", chaser, -99)}
                {number("heimr-chase-target", "Target's result", target, -99)}
            </div>
            {check("heimr-chase-chaser-spent", "The chaser failed the fatigue check", chaser_spent)}
            {check("heimr-chase-target-spent", "The target failed the fatigue check", target_spent)}
            <button type="button" on:click=round>"Chase round"</button>
            <p class="result" id="heimr-chase-said" role="status">{move || said.get()}</p>
        </details>
    }
}
