//! The encounter's initiative list: highest Agility first, then Vigilance, then a d20
//! roll-off (logged). This character joins in one tap and follows the sheet.

use crate::model::combat::Combatant;
use crate::model::play::initiative as play;
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::initiative::{order_without_rolls, Combatant as Rc, Placed};
use crate::rules::symbaroum::{labels, parse_score, Attr};
use crate::ui::clock::now;
use crate::ui::long_list::{KeyedRows, RowKey};
use crate::ui::parts::{
    adder_toggle, all_ok, apply, edit, full_error, name_error, remove_button, sheet, Changes,
    Draft, Field,
};
use crate::ui::Live;
use leptos::prelude::*;

fn score_error(t: &str) -> Option<String> {
    parse_score(t).err()
}

/// One place in the order: the combatant's line (Agility, Vigilance, any roll-off)
/// and its Remove button.
#[component]
fn CombatantRow(
    character: Live,
    id: u32,
    places: Memo<Vec<(u32, String, String, bool)>>,
) -> impl IntoView {
    let line = move || places.with(|ps| ps.iter().find(|p| p.0 == id).map(|p| p.1.clone()));
    let (name, me) = places.with_untracked(|ps| {
        ps.iter()
            .find(|p| p.0 == id)
            .map(|p| (p.2.clone(), p.3))
            .unwrap_or_default()
    });
    view! {
        <li class="combatant-row item-row" class:me=me>
            <span class="combatant-text">{line}</span>
            {remove_button("combatant-remove", &name, move || edit(character, |c| {
                if let Some(i) = c.encounter.iter().position(|e| e.id == id) {
                    c.encounter.remove(i);
                }
            }))}
        </li>
    }
}

#[component]
pub fn InitiativeCard(character: Live) -> impl IntoView {
    let l = move || labels(character.ruleset().get());
    // The list as the order needs it, `me` following the sheet's effective values.
    let inputs = Memo::new(move |_| {
        character
            .name()
            .with(|name| sheet(character, |s| play::combatants(name, s)))
    });
    let joined = move || {
        character
            .combat()
            .with(|c| c.encounter.iter().any(|e| e.me))
    };
    // The last order rolled, for the list it was rolled for.
    let rolled = RwSignal::new(None::<(Vec<Rc>, Vec<(usize, Placed)>)>);
    // Shown at once by Agility (+ bonus) then Vigilance; full ties keep list order
    // and are marked until the player taps "Roll order", which rolls them off (d20,
    // logged). Viewing the tab never rolls dice or changes the character. A change to
    // the list shows it unrolled again.
    let shown = Memo::new(move |_| {
        inputs.with(|list| {
            rolled.with(|r| match r {
                Some((at, placed)) if at == list => (placed.clone(), false),
                _ => order_without_rolls(list),
            })
        })
    });
    // Each place as its row shows it: the combatant's id, its line, its name and
    // whether it is this character. The rows are keyed by id, so a row moves with its
    // combatant and only its line is written again when it changes.
    let places = Memo::new(move |_| {
        let l = l();
        character.combat().with(|k| {
            shown.with(|(order, _)| {
                order
                    .iter()
                    .filter_map(|(i, p)| {
                        let e = k.encounter.get(*i)?;
                        Some((e.id, p.text(l), p.combatant.name.clone(), e.me))
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    let keys = move || places.with(|ps| ps.iter().map(|p| (p.0, 0)).collect::<Vec<RowKey>>());
    let ties = move || shown.with(|s| s.1);
    let roll_order = move || {
        let list = inputs.get_untracked();
        let placed = apply(character, &[Changes::RollLog], |c| {
            play::roll_order(c, &list, &mut CryptoRng, now())
        });
        rolled.set(Some((list, placed)));
    };

    let name = Draft::new("", name_error);
    let agility = Draft::new("", score_error);
    let vigilance = Draft::new("", score_error);
    let full = move || {
        full_error(
            character.combat().with_untracked(|c| c.encounter.len()),
            "combatants",
        )
    };
    let add = move || {
        if !all_ok(&[name, agility, vigilance]) {
            return;
        }
        if let Some(e) = full() {
            name.error.set(Some(e));
            return;
        }
        let (Ok(a), Ok(v)) = (parse_score(&agility.get()), parse_score(&vigilance.get())) else {
            return;
        };
        let c = Combatant {
            id: 0,
            name: name.get(),
            agility: a,
            vigilance: v,
            bonus: 0,
            me: false,
        };
        edit(character, |k| k.add_combatant(c));
        for d in [name, agility, vigilance] {
            d.reset("");
        }
    };
    let join = move |_| {
        if joined() || full().is_some() {
            return;
        }
        character.update(|c| {
            let (agility, vigilance) = play::my_scores(c.sheet());
            let name = play::my_name(&c.name);
            c.combat.add_combatant(Combatant {
                id: 0,
                name,
                agility,
                vigilance,
                bonus: 0,
                me: true,
            });
            c.updated = now();
        });
    };

    view! {
        <section class="card combat-list" aria-labelledby="initiative-heading">
            <h2 id="initiative-heading">"Initiative"</h2>
            <ol id="initiative-order" class="item-list">
                <KeyedRows keys=Signal::derive(keys) row=Callback::new(move |key: RowKey| view! { <CombatantRow character id=key.0 places/> }.into_any())/>
            </ol>
            <div class="item-controls">
                <button type="button" id="join-initiative" disabled=joined on:click=join>
                    {move || if joined() { "This character is in the list" } else { "Join the encounter" }}
                </button>
                <button type="button" id="roll-initiative" on:click=move |_| roll_order()>"Roll order"</button>
            </div>
            <p class="hint" id="initiative-ties" hidden=move || !ties()>
                "Some combatants are fully tied: tap “Roll order” to settle them with a d20 roll-off."
            </p>
            <details class="adder" on:toggle=adder_toggle>
                <summary>"Add a combatant…"</summary>
                <form class="add-form" novalidate=true on:submit=move |ev| {
                    ev.prevent_default();
                    add();
                }>
                    <Field id="combatant-name" draft=name placeholder="e.g. Brigand">"Combatant"</Field>
                    <Field id="combatant-agility" draft=agility numeric=true>{move || l().attr(Attr::Agility)}</Field>
                    <Field id="combatant-vigilance" draft=vigilance numeric=true>{move || l().attr(Attr::Vigilance)}</Field>
                    <button type="submit" id="add-combatant">"Add combatant"</button>
                </form>
            </details>
        </section>
    }
}
