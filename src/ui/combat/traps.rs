//! Two optional rules for after (or around) a fight, each turned on per character:
//! traps (set, discover, jump, disarm: each test opens set up in the roll panel) and
//! reclaiming projectiles (each spent arrow or bolt rolled, the losses taken from the
//! inventory row it came from).

use crate::model::play::fight;
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::abilities::{level_of, may_set, Known};
use crate::rules::symbaroum::combat::WeaponQuality;
use crate::rules::symbaroum::roll_input::parse_int;
use crate::rules::symbaroum::traps_projectiles::{Projectile, TrapAction, SPENT_MAX};
use crate::ui::clock::now;
use crate::ui::parts::{apply, check, edit, Changes};
use crate::ui::roll_panel::Rolls;
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn TrapsCard(character: Live, rolls: Rolls) -> impl IntoView {
    let traps = move || character.combat().with(|c| c.traps);
    let projectiles = move || character.combat().with(|c| c.projectiles);
    // (a Long weapon on the sheet, the Trapper ability, known by its name as the
    // other named abilities are: "trapper", "Trapper ")
    let can = move || {
        let long = character
            .combat()
            .with(|k| k.weapons.iter().any(|w| w.has(&WeaponQuality::Long)));
        let trapper = character
            .advance()
            .with(|a| level_of(&a.abilities, Known::Trapper).is_some());
        (long, trapper)
    };
    let trap_row = move |a: TrapAction| {
        let t = a.test();
        let refused = move || {
            let (long, trapper) = can();
            a.refused(long, trapper)
        };
        // Setting: what the character may set, by Trapper and Pyrotechnics.
        let said = move || match a {
            TrapAction::Set => Some(character.advance().with(|g| may_set(&g.abilities))),
            _ => refused(),
        };
        view! {
            <li class="item-row">
                <button type="button" disabled=move || refused().is_some() on:click=move |_| rolls.open_set(t)>{t.name}</button>
                <span class="hint">{said}</span>
            </li>
        }
    };

    // Reclaiming: which inventory row, what kind, how many spent.
    let rows = Memo::new(move |_| {
        character.advance().with(|g| {
            g.items
                .iter()
                .map(|it| (it.id, it.name.clone()))
                .collect::<Vec<_>>()
        })
    });
    let row = RwSignal::new(None::<u32>);
    let kind = RwSignal::new(0usize);
    let spent = RwSignal::new(String::new());
    let result = RwSignal::new(None::<String>);
    let roll = move || {
        let Some(n) = spent
            .with_untracked(|t| parse_int(t))
            .filter(|n| (1..=SPENT_MAX as i64).contains(n))
        else {
            return result.set(Some(format!(
                "Enter how many were spent, 1 to {SPENT_MAX}."
            )));
        };
        let k = Projectile::ALL[kind.get_untracked()];
        let from = row.get_untracked();
        // The log changes, and the inventory when the projectiles came from a row.
        let changed: &[Changes] = if from.is_some() {
            &[Changes::RollLog, Changes::Advance]
        } else {
            &[Changes::RollLog]
        };
        let said = apply(character, changed, |c| {
            fight::reclaim_projectiles(c, k, n as u32, from, &mut CryptoRng, now())
        });
        result.set(Some(said));
    };

    view! {
        <section class="card combat-list traps-card rule-card" class:off=move || !traps() && !projectiles() aria-labelledby="traps-heading">
            <details>
                <summary><h2 id="traps-heading">"Traps and projectiles"</h2><span class="rule-state">{move || match (traps(), projectiles()) { (false, false) => "Off", (true, false) => "Traps in use", (false, true) => "Reclaiming in use", (true, true) => "Both in use" }}</span></summary>
                {check("traps-on", "Use the optional Traps rule", traps, move |v| edit(character, |c| c.traps = v))}
                <Show when=traps>
                    <ul class="item-list" aria-label="Trap tests">
                        {TrapAction::ALL.into_iter().map(trap_row).collect_view()}
                    </ul>
                </Show>
                {check("projectiles-on", "Use the optional Reclaiming projectiles rule", projectiles, move |v| edit(character, |c| c.projectiles = v))}
                <Show when=projectiles>
                    <div class="add-form">
                        <div class="field">
                            <label for="reclaim-row">"From the inventory"</label>
                            <select id="reclaim-row" on:change=move |ev| row.set(event_target_value(&ev).parse().ok())>
                                <option value="">"Not in the inventory"</option>
                                {move || rows.get().into_iter().map(|(id, name)| view! {
                                    <option value=id.to_string() selected=move || row.get() == Some(id)>{name}</option>
                                }).collect_view()}
                            </select>
                        </div>
                        <div class="field">
                            <label for="reclaim-kind">"Kind"</label>
                            <select id="reclaim-kind" on:change=move |ev| kind.set(event_target_value(&ev).parse::<usize>().unwrap_or(0).min(2))>
                                {Projectile::ALL.into_iter().enumerate().map(|(i, p)| view! {
                                    <option value=i.to_string()>{format!("{} (lost over {})", p.name(), p.lost_over())}</option>
                                }).collect_view()}
                            </select>
                        </div>
                        <div class="field">
                            <label for="reclaim-spent">"Spent"</label>
                            <input id="reclaim-spent" type="text" inputmode="numeric" autocomplete="off"
                                prop:value=move || spent.get()
                                on:input=move |ev| spent.set(event_target_value(&ev))/>
                        </div>
                        <button type="button" on:click=move |_| roll()>"Roll to reclaim"</button>
                    </div>
                    <p class="result" role="status">{move || result.get()}</p>
                </Show>
            </details>
        </section>
    }
}
