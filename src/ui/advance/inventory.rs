//! The inventory: items with quantity, kind and the container they are in, plus the
//! weapons, armor and shields of the Combat tab; the add form. Each row
//! (`item_row.rs`) shows what it counts toward encumbrance, and why.

use super::combat_gear_lines::CombatGearLines;
use super::item_row::{containers, key_of, kind_of, ItemRow};
use crate::model::advance::{inventory, AMOUNT_MAX};
use crate::model::pack::take::{List, Pick};
use crate::model::CharacterStoreFields;
use crate::rules::input::{parse_whole, whole};
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::encumbrance::Item;
use crate::rules::symbaroum::labels;
use crate::rules::symbaroum::trade::parse_price;
use crate::ui::long_list::{Drawn, Keyed, KeyedRows, MoreRows, RowKey, Window};
use crate::ui::pack_pick::PackPick;
use crate::ui::parts::{edit_items, item_counts_memo, name_error, Draft, Field};
use crate::ui::row_values::RowValues;
use crate::ui::Live;
use leptos::prelude::*;

/// The kinds a player picks from: (key, label).
pub(super) const KINDS: [(&str, &str); 10] = [
    ("other", "Other item"),
    ("clothing", "Clothing, belt, boots"),
    ("light", "Light container (backpack, sack)"),
    ("bulky", "Bulky container (chest, barrel)"),
    ("small", "Coins or small objects"),
    ("armor-worn", "Worn armor"),
    ("armor-carried", "Carried armor"),
    ("weapon-held", "Weapon in hand"),
    ("weapon-sheathed", "Weapon sheathed or packed"),
    ("massive", "Massive item"),
];

/// The container choice for an item in no container. (Whether the character has the
/// item with them at all is the row's "Carried" box.)
pub(super) const NO_CONTAINER: &str = "None";

#[component]
pub fn InventoryCard(character: Live) -> impl IntoView {
    // A long inventory is drawn in windows (`ui::long_list`).
    let window = Window::new();
    let item_counts = item_counts_memo(character);
    let pool = Memo::new(move |_| item_counts.with(|c| (c.small_pieces, c.small_count)));
    let imp_label = move || labels(character.ruleset().get()).impeding;
    let name = Draft::new("", name_error);
    let qty = Draft::new("1", |t| {
        parse_whole("Quantity", t, 1, AMOUNT_MAX as i64).err()
    });
    let kind = RwSignal::new("other".to_string());
    let is_armor = move || kind.with(|k| k.starts_with("armor"));
    let impeding = Draft::new("0", |t| parse_whole("Impeding", t, 0, 10).err());
    // Optional: armor added here without dice protects nothing until some are given.
    let protection = Draft::new("", |t| {
        if t.trim().is_empty() {
            None
        } else {
            parse_dice(t).err()
        }
    });
    let inside = RwSignal::new(None::<u32>);
    let price = Draft::new("", |t| {
        (!t.trim().is_empty())
            .then(|| parse_price(t).err())
            .flatten()
    });
    let error = RwSignal::new(None::<String>);
    let status = RwSignal::new(None::<String>);
    // The entry picked from a campaign pack, while the name is still its name.
    let taken = PackPick::<Item>::new(name.text);
    let from_pack = move || taken.get().and_then(|it| it.from);
    let pick = Callback::new(move |p: Pick| {
        if let Pick::Item(it) = p {
            kind.set(key_of(it.kind, it.massive).into());
            price
                .text
                .set(it.value.map(|v| v.to_string()).unwrap_or_default());
            taken.set(it);
        }
    });
    let add = move || {
        if !name.ok()
            || !qty.ok()
            || (is_armor() && !(impeding.ok() && protection.ok()))
            || !price.ok()
        {
            return;
        }
        let dice = is_armor()
            .then(|| parse_dice(&protection.get()).ok())
            .flatten();
        let value = Some(price.get())
            .filter(|t| !t.is_empty())
            .and_then(|t| parse_price(&t).ok());
        error.set(None);
        let imp = whole(&impeding.get()).unwrap_or(0) as i32;
        let Some((k, m)) = kind_of(&kind.get_untracked(), imp) else {
            return;
        };
        let q = whole(&qty.get()).unwrap_or(1) as u32;
        let (n, ins) = (name.get(), inside.get_untracked());
        let mut it = Item::new(0, n, k).quantity(q).massive(m.unwrap_or(false));
        it.value = value;
        it.inside = ins;
        it.protection = dice;
        it.from = from_pack();
        let before = edit_items(character, |items| inventory::add(items, it));
        window.added(before);
        // The form starts fresh: the next item is not the last one's kind, nor in its
        // container (a Backpack added as a light container leaves Rope a plain item).
        name.reset("");
        taken.clear();
        qty.reset("1");
        kind.set("other".into());
        inside.set(None);
        impeding.reset("0");
        protection.reset("");
        price.reset("");
    };
    let all_containers = Memo::new(move |_| character.advance().with(containers));
    let containers = move || all_containers.get();
    // Each item by id, for the keyed list.
    let keyed = Keyed::new(move || {
        character
            .advance()
            .with(|a| a.items.iter().map(|it| it.id).collect())
    });
    let index = keyed.at;
    let items = RowValues::new(move |keys, found| {
        index.with(|ix| {
            character.advance().with(|a| {
                for (n, k) in keys.iter().enumerate() {
                    found(n, ix.get(k).and_then(|&i| a.items.get(i)));
                }
            })
        })
    });
    // The counts' rows are the items', in the same order, then the Combat tab's gear.
    let counts = RowValues::new(move |keys, found| {
        index.with(|ix| {
            item_counts.with(|c| {
                for (n, k) in keys.iter().enumerate() {
                    found(
                        n,
                        ix.get(k)
                            .and_then(|&i| c.rows.get(i))
                            .filter(|r| r.id == k.0),
                    );
                }
            })
        })
    });
    let drawn = Memo::new(move |_| window.drawn(keyed.keys.with(Vec::len)));
    let rows = move |part: fn(&Drawn) -> std::ops::Range<usize>| keyed.slice(drawn.with(part));
    let row = Callback::new(move |(id, nth): RowKey| {
        view! { <ItemRow character id nth items counts pool all_containers status window/> }
            .into_any()
    });
    view! {
        <section class="card combat-list inventory-card" aria-labelledby="inventory-heading">
            <h2 id="inventory-heading">"Inventory"</h2>
            <ul class="item-list" id="inventory-list">
                <KeyedRows keys=Signal::derive(move || rows(|d| d.head.clone())) row/>
                <MoreRows window hidden=Signal::derive(move || drawn.with(|d| d.hidden)) what="items"/>
                <KeyedRows keys=Signal::derive(move || rows(|d| d.tail.clone())) row/>
                <CombatGearLines character item_counts pool/>
            </ul>
            <p class="hint inventory-status" id="inventory-status" role="status">{move || status.get()}</p>
            <details class="adder" on:toggle=move |ev| taken.toggled(ev)>
                <summary>"Add an item…"</summary>
                <p class="hint">"Weapons, armor and shields added on the Combat tab are edited there; armor added here shows there too. Coins are in the purse below. Used goods sell at half price (rounded down) into the purse; a container sold leaves its contents."</p>
                <form class="add-form" novalidate=true>
                    <Field id="item-name" draft=name placeholder="e.g. Rope">"Item"</Field>
                    <div class="pack-offers-slot">{taken.offers(character, List::Items, pick)}</div>
                    <p class="hint" id="item-from">{move || from_pack().map(|f| format!("From “{}”, version {}.", f.name, f.version))}</p>
                    <Field id="item-qty" draft=qty numeric=true>"Quantity"</Field>
                    <div class="field">
                        <label for="item-kind">"Kind"</label>
                        <select id="item-kind" on:change=move |ev| kind.set(event_target_value(&ev))>
                            {KINDS.into_iter().map(|(key, label)| view! {
                                <option value=key selected=move || kind.with(|k| k == key)>{label}</option>
                            }).collect_view()}
                        </select>
                    </div>
                    <Show when=is_armor>
                        <Field id="item-impeding" draft=impeding numeric=true>{move || imp_label()}</Field>
                        <Field id="item-protection" draft=protection placeholder="e.g. 1d4">"Protection"</Field>
                    </Show>
                    <Field id="item-price" draft=price placeholder="e.g. 1t 5s">"Price each"</Field>
                    <div class="field">
                        <label for="item-inside">"Container"</label>
                        <select id="item-inside" on:change=move |ev| inside.set(event_target_value(&ev).parse().ok())>
                            <option value="">{NO_CONTAINER}</option>
                            {move || containers().into_iter().map(|(cid, cname)| view! {
                                <option value=cid.to_string() selected=move || inside.get() == Some(cid)>{cname}</option>
                            }).collect_view()}
                        </select>
                    </div>
                    // The tap is taken before it submits the form (Enter in a field
                    // taps this button too): Chromium prepares a form's submission
                    // (autofill reads the form) before the app would see it, about 3 ms
                    // of a phone's frame on a 500-item inventory.
                    <button type="submit" id="add-item" on:click=move |ev| {
                        ev.prevent_default();
                        add();
                    }>"Add item"</button>
                </form>
            </details>
            <p class="field-error" role="alert">{move || error.get()}</p>
        </section>
    }
}
