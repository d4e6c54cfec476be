//! The encounter's initiative list: highest Agility first, then Vigilance, then a d20
//! roll-off (logged). This character joins in one tap and follows the sheet.

use crate::model::combat::Combatant;
use crate::model::Character;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::initiative::{initiative_order, Combatant as Rc, Placed};
use crate::rules::symbaroum::{labels, parse_score, Attr};
use crate::ui::parts::{
    all_ok, edit, full_error, log_entry, name_error, reading, remove_button, roll_entry, Draft,
    Field, Part, DERIVED_FROM,
};
use crate::ui::random::CryptoRng;
use crate::ui::Live;
use leptos::prelude::*;

fn score_error(t: &str) -> Option<String> {
    parse_score(t).err()
}

/// This character's name in the list.
fn my_name(c: &Character) -> String {
    let n = c.name.trim();
    if n.is_empty() {
        "This character".into()
    } else {
        n.into()
    }
}

/// This character's effective Agility and Vigilance.
fn my_scores(c: &Character) -> (i32, i32) {
    let d = c.derived();
    (
        d.attrs[Attr::Agility.index()].value,
        d.attrs[Attr::Vigilance.index()].value,
    )
}

#[component]
pub fn InitiativeCard(character: Live) -> impl IntoView {
    let l = move || labels(character.ruleset().get());
    // The list as the order needs it, `me` following the sheet's effective values.
    let inputs = Memo::new(move |_| {
        reading(character, &[&[Part::Name], DERIVED_FROM].concat(), |c| {
            let me = c
                .combat
                .encounter
                .iter()
                .any(|e| e.me)
                .then(|| (my_name(c), my_scores(c)));
            c.combat
                .encounter
                .iter()
                .map(|e| match (&me, e.me) {
                    (Some((n, (a, v))), true) => Rc {
                        name: n.clone(),
                        agility: *a,
                        vigilance: *v,
                        bonus: e.bonus,
                    },
                    _ => Rc {
                        name: e.name.clone(),
                        agility: e.agility,
                        vigilance: e.vigilance,
                        bonus: e.bonus,
                    },
                })
                .collect::<Vec<_>>()
        })
    });
    let joined = move || {
        character
            .combat()
            .with(|c| c.encounter.iter().any(|e| e.me))
    };
    // The order with each place's index in the encounter list.
    let order = RwSignal::new(Vec::<(usize, Placed)>::new());
    // Shown at once by Agility (+ bonus) then Vigilance; full ties keep list order
    // and are marked until the player taps "Roll order", which rolls them off (d20,
    // logged). Viewing the tab never rolls dice or changes the character.
    let ties = RwSignal::new(false);
    let reorder = move |roll: bool| {
        let list = inputs.get_untracked();
        let key = |c: &Rc| (c.agility + c.bonus, c.vigilance);
        let placed: Vec<(usize, Placed)> = if roll {
            let mut used = vec![false; list.len()];
            initiative_order(&mut CryptoRng, &list)
                .into_iter()
                .map(|p| {
                    let i = (0..list.len())
                        .find(|&i| !used[i] && list[i] == p.combatant)
                        .unwrap_or(0);
                    used[i] = true;
                    (i, p)
                })
                .collect()
        } else {
            let mut idx: Vec<usize> = (0..list.len()).collect();
            idx.sort_by(|&a, &b| key(&list[b]).cmp(&key(&list[a])));
            idx.into_iter()
                .map(|i| {
                    let p = Placed {
                        combatant: list[i].clone(),
                        rolloffs: Vec::new(),
                    };
                    (i, p)
                })
                .collect()
        };
        ties.set(
            !roll
                && placed
                    .windows(2)
                    .any(|w| key(&w[0].1.combatant) == key(&w[1].1.combatant)),
        );
        let rolls: Vec<String> = placed
            .iter()
            .filter(|(_, p)| !p.rolloffs.is_empty())
            .map(|(_, p)| {
                let r: Vec<String> = p.rolloffs.iter().map(u32::to_string).collect();
                format!("{}: {}", p.combatant.name, r.join(", "))
            })
            .collect();
        if !rolls.is_empty() {
            let names: Vec<&str> = placed
                .iter()
                .map(|(_, p)| p.combatant.name.as_str())
                .collect();
            let outcome = format!("Order: {}", names.join(", "));
            log_entry(
                character,
                roll_entry(
                    "Initiative roll-off (d20)".into(),
                    rolls.join("; "),
                    outcome,
                ),
            );
        }
        order.set(placed);
    };
    Effect::new(move |_| {
        inputs.track();
        reorder(false);
    });

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
            unknown: Default::default(),
            name: name.get(),
            agility: a,
            vigilance: v,
            bonus: 0,
            me: false,
        };
        edit(character, |k| k.encounter.push(c));
        for d in [name, agility, vigilance] {
            d.text.set(String::new());
        }
    };
    let join = move |_| {
        if joined() || full().is_some() {
            return;
        }
        character.update(|c| {
            let (agility, vigilance) = my_scores(c);
            let name = my_name(c);
            c.combat.encounter.push(Combatant {
                unknown: Default::default(),
                name,
                agility,
                vigilance,
                bonus: 0,
                me: true,
            });
            c.updated = crate::ui::random::now();
        });
    };

    view! {
        <section class="card combat-list" aria-labelledby="initiative-heading">
            <h2 id="initiative-heading">"Initiative"</h2>
            <ol id="initiative-order" class="item-list">
                {move || {
                    let l = l();
                    order
                        .get()
                        .into_iter()
                        .map(|(i, p)| view! {
                            <li class="combatant-row item-row" class:me=move || character.combat().with(|c| c.encounter.get(i).is_some_and(|e| e.me))>
                                <span class="combatant-text">{p.text(l)}</span>
                                {remove_button("combatant-remove", &p.combatant.name, move || edit(character, |c| {
                                    if i < c.encounter.len() {
                                        c.encounter.remove(i);
                                    }
                                }))}
                            </li>
                        })
                        .collect_view()
                }}
            </ol>
            <div class="item-controls">
                <button type="button" id="join-initiative" disabled=joined on:click=join>
                    {move || if joined() { "This character is in the list" } else { "Join the encounter" }}
                </button>
                <button type="button" id="roll-initiative" on:click=move |_| reorder(true)>"Roll order"</button>
            </div>
            <p class="hint" id="initiative-ties" hidden=move || !ties.get()>
                "Some combatants are fully tied: tap “Roll order” to settle them with a d20 roll-off."
            </p>
            <form class="add-form" novalidate=true on:submit=move |ev| {
                ev.prevent_default();
                add();
            }>
                <Field id="combatant-name" draft=name placeholder="e.g. Brigand">"Combatant"</Field>
                <Field id="combatant-agility" draft=agility numeric=true>{move || l().attr(Attr::Agility)}</Field>
                <Field id="combatant-vigilance" draft=vigilance numeric=true>{move || l().attr(Attr::Vigilance)}</Field>
                <button type="submit" id="add-combatant">"Add combatant"</button>
            </form>
        </section>
    }
}
