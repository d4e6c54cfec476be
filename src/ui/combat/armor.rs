//! Armor worn or carried (worn Impeding lowers Defense), shields and bucklers (+1
//! Defense, one counts), with the current Defense and the equipment warnings.

use crate::model::pack::take::{List, Pick};
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::combat::{equipment_warnings, Armor, Segment, Shield, ShieldKind};
use crate::rules::symbaroum::derived::{fmt_signed, Breakdown};
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::encumbrance::ItemKind;
use crate::rules::symbaroum::labels;
use crate::ui::long_list::{Keyed, KeyedRows, RowKey};
use crate::ui::pack_pick::PackPick;
use crate::ui::parts::{
    adder_toggle, all_ok, check, combat_row, derived_memo, dice_error, edit, edit_advance,
    edit_row, full_error, gear, name_error, parse_number, remove_button, remove_row, Draft, Field,
};
use crate::ui::Live;
use leptos::prelude::*;

const IMPEDING_MAX: i32 = 10;

fn impeding_error(t: &str) -> Option<String> {
    parse_number(t, 0, IMPEDING_MAX).err()
}

/// On the armor's one line: worn, or only carried.
fn worn_text(worn: bool) -> &'static str {
    if worn {
        "worn"
    } else {
        "carried"
    }
}

fn kind_name(k: ShieldKind) -> &'static str {
    match k {
        ShieldKind::Shield => "Shield",
        ShieldKind::Buckler => "Buckler",
    }
}

/// One of the Combat tab's own suits. The row follows its armor by id wherever it
/// moves in the list, so an open row stays open when another is removed.
#[component]
fn ArmorRow(character: Live, key: RowKey, keyed: Keyed) -> impl IntoView {
    let a = combat_row(character, keyed, key, |c| &c.armor);
    let upd =
        move |f: Box<dyn FnOnce(&mut Armor)>| edit_row(character, keyed, key, |c| &mut c.armor, f);
    let Some(start) = a.get_untracked() else {
        return ().into_any();
    };
    let imp = move || labels(character.ruleset().get()).impeding;
    let worn = move || a.with(|a| a.as_ref().is_some_and(|a| a.worn));
    view! {
        <li class="armor-row item-row">
            // One line of what matters in play; tapping it opens the editor.
            <details class="row-editor">
            <summary class="item-head">
                <strong>{start.name.clone()}</strong>" "<span class="item-dice">{start.protection.to_string()}</span>
                " · "{imp}" "{move || a.with(|a| a.as_ref().map_or(0, |a| a.worn_impeding()))}
                " · "{move || worn_text(worn())}
            </summary>
            <div class="item-controls">
                {check("armor-worn", "Worn (untick: carried)", worn, move |on| upd(Box::new(move |a| a.worn = on)))}
                {remove_button("armor-remove", &start.name, move || remove_row(character, keyed, key, |c| &mut c.armor))}
            </div>
            // Armor segments (their own optional rule): each segment's share of
            // Impeding, rounded half up, and it protects only its part. Segments set
            // stay shown with the rule off, as they stay in force.
            <Show when=move || {
                character.combat().with(|c| c.armor_segments)
                    || a.with(|a| a.as_ref().is_some_and(|a| a.segments.is_some()))
            }>
                <fieldset class="item-checks armor-segments">
                    <legend>{format!("Segments of {} worn", start.name)}</legend>
                    {Segment::ALL.into_iter().map(|g| check(
                        "armor-segment",
                        format!("{} ({} %)", g.name(), g.share()),
                        move || a.with(|a| a.as_ref().is_some_and(|a| a.segments.as_ref().is_none_or(|s| s.contains(&g)))),
                        move |on| upd(Box::new(move |a| {
                            let mut s = a.segments.take().unwrap_or_else(|| Segment::ALL.to_vec());
                            s.retain(|x| *x != g);
                            if on {
                                s.push(g);
                            }
                            a.segments = (s.len() < Segment::ALL.len()).then_some(s);
                        })),
                    )).collect_view()}
                    // Their share of the suit's listed price, when it has one (from its pack entry).
                    <p class="hint">{move || a.with(|a| a.as_ref().and_then(Armor::segments_price_text))}</p>
                </fieldset>
            </Show>
            </details>
        </li>
    }
    .into_any()
}

/// An armor added in the inventory, shown here as the same suit: its protection and
/// Impeding, worn or carried (ticking Worn also marks it carried). Its other details
/// are edited in the inventory.
#[component]
fn InventoryArmorRow(character: Live, id: u32) -> impl IntoView {
    let suit = Memo::new(move |_| {
        character.advance().with(|g| {
            g.items
                .iter()
                .find(|it| it.id == id)
                .and_then(|it| it.as_armor())
        })
    });
    let imp = move || labels(character.ruleset().get()).impeding;
    let name = suit.with_untracked(|a| a.as_ref().map(|a| a.name.clone()).unwrap_or_default());
    let worn = move || suit.with(|a| a.as_ref().is_some_and(|a| a.worn));
    let set_worn = move |on: bool| {
        edit_advance(character, |g| {
            if let Some(it) = g.items.iter_mut().find(|it| it.id == id) {
                if let ItemKind::Armor { impeding, .. } = it.kind {
                    it.kind = ItemKind::Armor { impeding, worn: on };
                    it.carried |= on;
                }
            }
        })
    };
    view! {
        <li class="armor-row item-row from-inventory">
            <details class="row-editor">
            <summary class="item-head">
                <strong>{name}</strong>" "
                <span class="item-dice">{move || suit.with(|a| match a {
                    Some(a) if !a.protection.is_empty() => a.protection.to_string(),
                    _ => "no protection dice".to_string(),
                })}</span>
                " · "{imp}" "{move || suit.with(|a| a.as_ref().map_or(0, |a| a.impeding))}
                " · "{move || worn_text(worn())}<span class="hint">" · in the inventory"</span>
            </summary>
            <div class="item-controls">{check("armor-worn", "Worn (untick: carried)", worn, set_worn)}</div>
            </details>
        </li>
    }
}

/// A shield or buckler, following its shield by id like an armor's row.
#[component]
fn ShieldRow(character: Live, key: RowKey, keyed: Keyed) -> impl IntoView {
    let s = combat_row(character, keyed, key, |c| &c.shields);
    let Some(start) = s.get_untracked() else {
        return ().into_any();
    };
    let in_use = move || s.with(|s| s.as_ref().is_some_and(|s| s.in_use));
    let upd = move |f: Box<dyn FnOnce(&mut Shield)>| {
        edit_row(character, keyed, key, |c| &mut c.shields, f)
    };
    view! {
        <li class="shield-row item-row">
            <details class="row-editor">
            <summary class="item-head">
                <strong>{start.name.clone()}</strong>" "<span class="item-dice">{kind_name(start.kind)}</span>
                {move || in_use().then_some(" · in use")}
            </summary>
            <div class="item-controls">
                {check("shield-in-use", "In use (+1 Defense)", in_use, move |on| upd(Box::new(move |s| s.in_use = on)))}
                {remove_button("shield-remove", &start.name, move || remove_row(character, keyed, key, |c| &mut c.shields))}
            </div>
            </details>
        </li>
    }
    .into_any()
}

#[component]
pub fn ArmorCard(character: Live) -> impl IntoView {
    let l = move || labels(character.ruleset().get());
    let derived = derived_memo(character);
    let defense = Memo::new(move |_| derived.with(|d| d.defense.clone()));
    let warnings = Memo::new(move |_| {
        gear(character, |g| {
            let k = g.combat;
            equipment_warnings(&k.weapons, &k.shields, &g.all_armor())
                .iter()
                .map(|w| w.message())
                .collect::<Vec<_>>()
        })
    });
    // The inventory's armor, shown here too: one list of suits.
    let inventory_armor = Memo::new(move |_| {
        character.advance().with(|g| {
            g.items
                .iter()
                .filter(|it| matches!(it.kind, ItemKind::Armor { .. }))
                .map(|it| it.id)
                .collect::<Vec<_>>()
        })
    });
    // Each armor and shield by id, for the keyed lists.
    let armor_keys = Keyed::new(move || {
        character
            .combat()
            .with(|c| c.armor.iter().map(|a| a.id).collect())
    });
    let shield_keys = Keyed::new(move || {
        character
            .combat()
            .with(|c| c.shields.iter().map(|s| s.id).collect())
    });

    let name = Draft::new("", name_error);
    let protection = Draft::new("", dice_error);
    let impeding = Draft::new("0", impeding_error);
    // An entry picked from a campaign pack, while the name is still its name.
    let taken = PackPick::<Armor>::new(name.text);
    let pick = Callback::new(move |p: Pick| {
        if let Pick::Armor(a) = p {
            protection.text.set(a.protection.to_string());
            impeding.text.set(a.impeding.to_string());
            taken.set(a);
        }
    });
    let add_armor = move || {
        if !all_ok(&[name, protection, impeding]) {
            return;
        }
        if let Some(e) = full_error(armor_keys.keys.with_untracked(Vec::len), "armors") {
            name.error.set(Some(e));
            return;
        }
        let (Ok(p), Ok(n)) = (
            parse_dice(&protection.get()),
            parse_number(&impeding.get(), 0, IMPEDING_MAX),
        ) else {
            return;
        };
        // A copy of the pack's entry keeps its qualities and the entry it remembers.
        let mut a = taken.get_untracked().unwrap_or_else(|| Armor {
            id: 0,
            name: name.get(),
            protection: p.clone(),
            impeding: n,
            worn: false,
            qualities: Vec::new(),
            segments: None,
            value: None,
            from: None,
        });
        (a.protection, a.impeding) = (p, n);
        // The first armor (here or in the inventory) is the one the character wears;
        // later ones are carried.
        let first = inventory_armor.with_untracked(Vec::is_empty);
        edit(character, |c| {
            a.worn = first && c.armor.is_empty();
            c.add_armor(a)
        });
        taken.clear();
        name.reset("");
        protection.reset("");
        impeding.reset("0");
    };

    let shield_name = Draft::new("", name_error);
    let kind = RwSignal::new(ShieldKind::Shield);
    let add_shield = move || {
        if !shield_name.ok() {
            return;
        }
        if let Some(e) = full_error(shield_keys.keys.with_untracked(Vec::len), "shields") {
            shield_name.error.set(Some(e));
            return;
        }
        let s = Shield {
            id: 0,
            name: shield_name.get(),
            kind: kind.get_untracked(),
            in_use: false,
        };
        edit(character, |c| c.add_shield(s));
        shield_name.reset("");
    };

    view! {
        <section class="card combat-list" aria-labelledby="armor-heading">
            <h2 id="armor-heading">{move || format!("{} and shields", l().armor)}</h2>
            <p class="defense-now">
                {move || l().defense}" "<strong id="armor-defense">{move || fmt_signed(defense.with(|d| d.value))}</strong>
            </p>
            <p class="breakdown">{move || defense.with(Breakdown::text)}</p>
            <ul class="warnings">
                {move || warnings.get().into_iter().map(|m| view! { <li class="equipment-warning" role="status">{m}</li> }).collect_view()}
            </ul>
            {check(
                "armor-segments-rule",
                "Armor segments rule (wear a suit's helmet, cuirass, arms and legs apart)",
                move || character.combat().with(|c| c.armor_segments),
                move |on| edit(character, |k| k.armor_segments = on),
            )}
            <ul class="item-list">
                <KeyedRows keys=armor_keys.keys row=Callback::new(move |key| view! { <ArmorRow character key keyed=armor_keys/> }.into_any())/>
                <KeyedRows
                    keys=Signal::derive(move || inventory_armor.with(|ids| ids.iter().map(|id| (*id, 0)).collect()))
                    row=Callback::new(move |(id, _)| view! { <InventoryArmorRow character id/> }.into_any())
                />
            </ul>
            <details class="adder" on:toggle=move |ev| taken.toggled(ev)>
                <summary>{move || format!("Add {}…", l().armor.to_lowercase())}</summary>
                <form class="add-form" novalidate=true on:submit=move |ev| {
                    ev.prevent_default();
                    add_armor();
                }>
                    <Field id="armor-name" draft=name placeholder="e.g. Leather armor">{move || l().armor}</Field>
                    <div class="pack-offers-slot">{taken.offers(character, List::Armor, pick)}</div>
                    <Field id="armor-protection" draft=protection placeholder="e.g. 1d4">"Protection"</Field>
                    <Field id="armor-impeding" draft=impeding numeric=true>{move || l().impeding}</Field>
                    <button type="submit" id="add-armor">{move || format!("Add {}", l().armor.to_lowercase())}</button>
                </form>
            </details>
            <ul class="item-list">
                <KeyedRows keys=shield_keys.keys row=Callback::new(move |key| view! { <ShieldRow character key keyed=shield_keys/> }.into_any())/>
            </ul>
            // Folded even with no shield: most characters carry none.
            <details class="adder" on:toggle=adder_toggle>
                <summary>"Add a shield…"</summary>
                <form class="add-form" novalidate=true on:submit=move |ev| {
                    ev.prevent_default();
                    add_shield();
                }>
                    <Field id="shield-name" draft=shield_name placeholder="e.g. Round shield">"Shield"</Field>
                    <div class="field">
                        <label for="shield-kind">"Kind"</label>
                        <select id="shield-kind" on:change=move |ev| {
                            kind.set(if event_target_value(&ev) == "buckler" { ShieldKind::Buckler } else { ShieldKind::Shield })
                        }>
                            <option value="shield" selected=move || kind.get() == ShieldKind::Shield>"Shield"</option>
                            <option value="buckler" selected=move || kind.get() == ShieldKind::Buckler>"Buckler"</option>
                        </select>
                    </div>
                    <button type="submit" id="add-shield">"Add shield"</button>
                </form>
            </details>
        </section>
    }
}
