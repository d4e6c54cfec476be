//! The seed's battlefield tables as one calculator: pick a row (a crossing, climb,
//! waking, jump or fall with its CR and the chance for one of your abilities; a
//! movement limit; a barrier against a Break; cover with darkness), give the one
//! number it takes, read what it comes to.

use super::state::{ability_names, edit, read, Panel, RollSource};
use crate::rules::heimr::environment::{calculate, number_meaning, rows, Fail, Row};
use crate::ui::number_field::NumberField;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn BattlefieldTablesCard(character: Live) -> impl IntoView {
    let panel = expect_context::<Panel>();
    let table = rows();
    let list: Vec<Row> = table.iter().map(|r| r.1).collect();
    let pick = RwSignal::new(0usize);
    let n = RwSignal::new(0i64);
    let ability = RwSignal::new("Agility".to_string());
    let said = RwSignal::new(None::<String>);
    let row = Memo::new(move |_| list[pick.get().min(list.len() - 1)]);
    let cr = move || match row.get() {
        Row::Challenge(c) => c.cr_at(n.get() as u32),
        _ => None,
    };
    let out = move || {
        let name = ability.get();
        read(character, |h| {
            let with = h.ability(&name).map(|a| {
                (
                    name.as_str(),
                    a.consistency(),
                    a.potential(&h.effective_attributes()),
                    a.is_physical().then_some(h.fatigue.current),
                )
            });
            calculate(row.get(), n.get() as u32, with)
        })
    };
    let falls =
        move || matches!(row.get(), Row::Challenge(c) if matches!(c.fail, Fail::Jump | Fail::Fall));
    let cover = move || matches!(row.get(), Row::Cover(..));
    view! {
        // A calculator for now and then: one line until opened, never printed.
        <section class="card heimr-tables rule-card off" aria-labelledby="heimr-tables-heading">
            <details>
                <summary><h2 id="heimr-tables-heading">"Battlefield tables"</h2><span class="rule-state">"Falls, jumps, cover…"</span></summary>
                <div class="field">
                    <label for="heimr-table-row">"Table row"</label>
                    <select id="heimr-table-row" on:change=move |ev| pick.set(event_target_value(&ev).parse().unwrap_or(0))>
                        {table.into_iter().enumerate().map(|(i, (t, _))| view! {
                            <option value=i.to_string() selected=i == 0>{t}</option>
                        }).collect_view()}
                    </select>
                </div>
                <div class="two-fields">
                    <NumberField id="heimr-table-number" label="Value for the row" value=n.into() min=0 max=99 on_set=Callback::new(move |v| n.set(v))/>
                    <div class="field">
                        <label for="heimr-table-ability">"Roll with"</label>
                        <select id="heimr-table-ability" on:change=move |ev| ability.set(event_target_value(&ev))>
                            {move || ability_names(character).into_iter().map(|a| {
                                let sel = ability.with_untracked(|x| *x == a);
                                view! { <option value=a.clone() selected=sel>{a.clone()}</option> }
                            }).collect_view()}
                        </select>
                    </div>
                </div>
                <p class="hint">{move || format!("Value: {}.", number_meaning(row.get()))}</p>
                <p id="heimr-table-out">{out}</p>
                <div class="button-row">
                    <button type="button" hidden=move || cr().is_none()
                        on:click=move |_| if let Some(cr) = cr() { panel.open_cr(RollSource::Ability(ability.get_untracked()), cr as i64) }>
                        "Roll against the CR"
                    </button>
                    <button type="button" class="danger" hidden=move || !falls() on:click=move |_| {
                        let h = n.get_untracked() as u32;
                        let text = edit(character, |s| {
                            let level = s.take_fall(h);
                            format!("Fell from {h}: HP {}, {}.", crate::rules::heimr::num(s.hp.current), level.name())
                        });
                        said.set(Some(text));
                    }>"Failed: take the fall"</button>
                    <button type="button" hidden=move || !cover() on:click=move |_| {
                        if let Row::Cover(_, e, _) = row.get() {
                            let c = crate::rules::heimr::environment::concealment(e, n.get_untracked() as u32);
                            edit(character, |h| h.situation.target_concealed = c);
                            said.set(Some(format!("Your target's concealment is now {c}.")));
                        }
                    }>"Use for your target"</button>
                </div>
                <p class="hint" role="status" id="heimr-tables-said">{move || said.get()}</p>
            </details>
        </section>
    }
}
