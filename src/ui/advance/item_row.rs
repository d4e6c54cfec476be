//! One row of the inventory: its line (what it counts toward encumbrance, and why) and
//! its editor (quantity, kind, container, price, protection), with the fields only an
//! item's editor has.

use super::inventory::{KINDS, NO_CONTAINER};
use crate::model::advance::{inventory, Advance, AMOUNT_MAX};
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::combat::WeaponState;
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::encumbrance::{Item, ItemCount, ItemKind};
use crate::rules::symbaroum::labels;
use crate::rules::symbaroum::trade::{money_text, parse_price};
use crate::ui::long_list::Window;
use crate::ui::number_field::NumberField;
use crate::ui::parts::{check, edit_advance, edit_items, remove_button};
use crate::ui::row_editor::row_editor;
use crate::ui::row_values::{Row, RowValues};
use crate::ui::Live;
use leptos::prelude::*;

pub(super) fn key_of(kind: ItemKind, massive: bool) -> &'static str {
    match kind {
        ItemKind::Other if massive => "massive",
        ItemKind::Other => "other",
        ItemKind::Clothing => "clothing",
        ItemKind::LightContainer => "light",
        ItemKind::BulkyContainer => "bulky",
        ItemKind::SmallObjects => "small",
        ItemKind::Armor { worn: true, .. } => "armor-worn",
        ItemKind::Armor { .. } => "armor-carried",
        ItemKind::Weapon {
            state: WeaponState::Held,
        } => "weapon-held",
        ItemKind::Weapon { .. } => "weapon-sheathed",
    }
}

/// The kind for a picker key, keeping an armor's Impeding; and whether it is Massive
/// (only the "Massive item" choice sets it; other choices keep what the row had).
pub(super) fn kind_of(key: &str, impeding: i32) -> Option<(ItemKind, Option<bool>)> {
    let k = match key {
        "other" => (ItemKind::Other, Some(false)),
        "massive" => (ItemKind::Other, Some(true)),
        "clothing" => (ItemKind::Clothing, None),
        "light" => (ItemKind::LightContainer, None),
        "bulky" => (ItemKind::BulkyContainer, None),
        "small" => (ItemKind::SmallObjects, None),
        "armor-worn" => (
            ItemKind::Armor {
                impeding,
                worn: true,
            },
            None,
        ),
        "armor-carried" => (
            ItemKind::Armor {
                impeding,
                worn: false,
            },
            None,
        ),
        "weapon-held" => (
            ItemKind::Weapon {
                state: WeaponState::Held,
            },
            None,
        ),
        "weapon-sheathed" => (
            ItemKind::Weapon {
                state: WeaponState::Sheathed,
            },
            None,
        ),
        _ => return None,
    };
    Some(k)
}

fn impeding_of(kind: ItemKind) -> i32 {
    match kind {
        ItemKind::Armor { impeding, .. } => impeding,
        _ => 0,
    }
}

/// Why a row counts what it does; for small objects, what all of them carried add up
/// to (`pool`: pieces and what they count).
fn why_view(r: &ItemCount, pool: (u32, i32)) -> impl IntoView {
    let pooled = r.pooled.then(|| {
        let (pieces, count) = pool;
        let items = if count == 1 { "item" } else { "items" };
        format!("All small objects carried: {pieces} pieces, {count} {items}.")
    });
    view! {
        <span class="item-why">{r.why.to_string()}</span>
        {pooled.map(|p| view! { <span class="item-why item-pool">{p}</span> })}
    }
}

/// "counts 2", marked when it counts nothing.
fn count_badge(r: &ItemCount) -> impl IntoView {
    view! { <span class="item-count" class:zero=r.counts == 0>{format!("counts {}", r.counts)}</span> }
}

/// "counts 2", with the reason as a tooltip-free second line and any warning.
pub(super) fn count_view(row: Option<ItemCount>, pool: (u32, i32)) -> impl IntoView {
    row.map(|r| {
        view! {
            {count_badge(&r)}
            {why_view(&r, pool)}
            {r.warning.map(|w| view! { <span class="item-warning">{w}</span> })}
        }
    })
}

/// A price as the field shows it: "1 thaler 5 shillings", "0", or empty when unknown
/// (what [`parse_price`] reads back).
fn price_text(value: Option<u32>) -> String {
    match value {
        None => String::new(),
        Some(0) => "0".into(),
        Some(v) => money_text(v as u64),
    }
}

/// The price of one unit, typed as money ("15s", "1t 5s", "120" ortegs); empty for
/// none. Checked when the player leaves the box: a bad price is refused at the field
/// and the last good one kept.
#[component]
fn PriceField(
    #[prop(into)] id: String,
    value: Signal<Option<u32>>,
    on_set: Callback<Option<u32>>,
) -> impl IntoView {
    let bad_text = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let error_id = format!("{id}-error");
    let on_change = move |ev| {
        let text = event_target_value(&ev);
        let parsed = if text.trim().is_empty() {
            Ok(None)
        } else {
            parse_price(&text).map(Some)
        };
        match parsed {
            Ok(v) => {
                bad_text.set(None);
                error.set(None);
                if v != value.get_untracked() {
                    on_set.run(v);
                }
            }
            Err(msg) => {
                let keep = match value.get_untracked() {
                    None => "no price".to_string(),
                    v => price_text(v),
                };
                error.set(Some(format!("{msg} Keeping {keep}.")));
                bad_text.set(Some(text));
            }
        }
    };
    view! {
        <div class="field price-field" class:invalid=move || error.with(Option::is_some)>
            <label for=id.clone()>"Price each"</label>
            <input
                id=id
                type="text"
                autocomplete="off"
                placeholder="e.g. 1t 5s"
                prop:value=move || bad_text.get().unwrap_or_else(|| price_text(value.get()))
                aria-invalid=move || error.with(|e| e.is_some().to_string())
                aria-describedby=error_id.clone()
                on:change=on_change
            />
            <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
        </div>
    }
}

/// The containers on the sheet: (id, name), for the lists an item is put in from.
pub(super) fn containers(gear: &Advance) -> Vec<(u32, String)> {
    gear.items
        .iter()
        .filter(|x| x.kind.is_container())
        .map(|x| (x.id, x.name.clone()))
        .collect()
}

/// An armor's protection dice: what a hit is rolled against while it is worn. A bad
/// text is refused at the field and the last good dice kept.
#[component]
fn ProtectionField(
    id: u32,
    upd: impl Fn(Box<dyn FnOnce(&mut Item)>) + Copy + Send + Sync + 'static,
    item: Row<Item>,
) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let text = move || {
        item.with(|it| {
            it.and_then(|it| it.protection.as_ref())
                .map(|p| p.to_string())
                .unwrap_or_default()
        })
    };
    let field_id = format!("item-{id}-protection");
    let error_id = format!("item-{id}-protection-error");
    let name = item.get_untracked().map(|it| it.name).unwrap_or_default();
    view! {
        <div class="field item-protection" class:invalid=move || error.with(Option::is_some)>
            <label for=field_id.clone()>"Protection"</label>
            <input
                id=field_id
                type="text"
                autocomplete="off"
                placeholder="e.g. 1d4"
                aria-label=format!("Protection of {name}")
                aria-describedby=error_id.clone()
                aria-invalid=move || error.with(|e| e.is_some().to_string())
                prop:value=text
                on:change=move |ev| {
                    let t = event_target_value(&ev);
                    if t.trim().is_empty() {
                        error.set(None);
                        return upd(Box::new(|it| it.protection = None));
                    }
                    match parse_dice(&t) {
                        Ok(p) => {
                            error.set(None);
                            upd(Box::new(move |it| it.protection = Some(p)));
                        }
                        Err(e) => error.set(Some(e)),
                    }
                }
            />
            <p class="field-error" id=error_id aria-live="polite">{move || error.get()}</p>
        </div>
    }
}

/// One item. Its row stays as long as the item does (the list is keyed by id), and
/// it redraws its container choices only when the containers change, so an edit
/// costs one pass over the items, not items × containers.
#[component]
pub(super) fn ItemRow(
    character: Live,
    id: u32,
    nth: usize,
    /// Each drawn row's item.
    items: RowValues<Item>,
    /// What each drawn row counts.
    counts: RowValues<ItemCount>,
    /// Every carried small object together: pieces, and what they count.
    pool: Memo<(u32, i32)>,
    /// Every container: (id, name).
    all_containers: Memo<Vec<(u32, String)>>,
    /// The card's message line ("Sold Sword for 5 shillings.").
    status: RwSignal<Option<String>>,
    /// Which rows of the list are drawn.
    window: Window,
) -> impl IntoView {
    // Woken only when this row's item, or what it counts, changes: adding an item or
    // changing another costs this row nothing (`ui::row_values`).
    let item = items.row((id, nth));
    let count = counts.row((id, nth));
    let Some(start) = item.get_untracked() else {
        return ().into_any();
    };
    let name = start.name.clone();
    let upd = move |f: Box<dyn FnOnce(&mut Item)>| {
        edit_items(character, |items| {
            if let Some(i) = inventory::at(items, id, nth) {
                f(&mut items[i])
            }
        });
    };
    let get = move |f: fn(&Item) -> bool| item.with(|it| it.is_some_and(f));
    let row = move || count.with(|r| r.cloned());
    let depth = move || row().map(|r| r.depth).unwrap_or(0);
    let containers = move || {
        all_containers.with(|cs| {
            cs.iter()
                .filter(|(cid, _)| *cid != id)
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    let inside = move || item.with(|it| it.and_then(|it| it.inside));
    let kind = move || item.with(|it| it.map(|it| (it.kind, it.massive)));
    let is_armor = move || matches!(kind(), Some((ItemKind::Armor { .. }, _)));
    let imp_label = move || labels(character.ruleset().get()).impeding;
    let summary = view! {
        <strong>{name.clone()}</strong>
        {move || item.with(|it| it.filter(|it| it.quantity != 1).map(|it| format!(" ×{}", it.quantity)))}
        // Follows the count as quantity, kind, Massive or a container change.
        " "{move || row().map(|r| count_badge(&r))}
        {move || item.with(|it| it.and_then(|it| it.value).map(|v| format!(" · {} each", price_text(Some(v)))))}
    };
    let editor = move || {
        view! {
            <p class="item-head">{move || row().map(|r| why_view(&r, pool.get()))}</p>
            <div class="item-top">
                <NumberField
                    id=format!("item-{id}-qty")
                    label="Quantity"
                    class="qty-field"
                    value=Signal::derive(move || item.with(|it| it.map(|it| it.quantity as i64).unwrap_or(1)))
                    min=0
                    max=AMOUNT_MAX as i64
                    on_set=Callback::new(move |n: i64| upd(Box::new(move |it| it.quantity = n as u32)))
                />
                <Show when=is_armor>
                    <NumberField
                        id=format!("item-{id}-impeding")
                        label=imp_label()
                        class="qty-field"
                        value=Signal::derive(move || item.with(|it| it.map(|it| impeding_of(it.kind) as i64).unwrap_or(0)))
                        min=0
                        max=10
                        on_set=Callback::new(move |n: i64| upd(Box::new(move |it| {
                            if let ItemKind::Armor { worn, .. } = it.kind {
                                it.kind = ItemKind::Armor { impeding: n as i32, worn };
                            }
                        })))
                    />
                </Show>
                <PriceField
                    id=format!("item-{id}-price")
                    value=Signal::derive(move || item.with(|it| it.and_then(|it| it.value)))
                    on_set=Callback::new(move |v: Option<u32>| upd(Box::new(move |it| it.value = v)))
                />
            </div>
            <Show when=is_armor>
                <ProtectionField id upd item/>
            </Show>
            // Each choice with its label above it, as in the add form.
            <div class="item-choices">
                <div class="field">
                    <label for=format!("item-{id}-kind")>"Kind"</label>
                    <select id=format!("item-{id}-kind") class="item-kind" aria-label=format!("Kind of {name}") on:change=move |ev| {
                        let v = event_target_value(&ev);
                        upd(Box::new(move |it| {
                            if let Some((k, m)) = kind_of(&v, impeding_of(it.kind)) {
                                it.kind = k;
                                if let Some(m) = m {
                                    it.massive = m;
                                }
                            }
                        }));
                    }>
                        {KINDS.into_iter().map(|(key, label)| view! {
                            <option value=key selected=move || kind().is_some_and(|(k, m)| key_of(k, m) == key)>{label}</option>
                        }).collect_view()}
                    </select>
                </div>
                <div class="field">
                    <label for=format!("item-{id}-inside")>"Container"</label>
                    <select id=format!("item-{id}-inside") class="item-inside" aria-label=format!("Container of {name}") on:change=move |ev| {
                        let v = event_target_value(&ev).parse::<u32>().ok();
                        upd(Box::new(move |it| it.inside = v));
                    }>
                        <option value="" selected=move || inside().is_none()>{NO_CONTAINER}</option>
                        // Every container but this item itself.
                        {move || containers().into_iter().filter(|(cid, _)| *cid != id).map(|(cid, cname)| view! {
                            <option value=cid.to_string() selected=move || inside() == Some(cid)>{cname}</option>
                        }).collect_view()}
                    </select>
                </div>
            </div>
            <div class="item-controls">
                {check("item-carried", "Carried", move || get(|it| it.carried), move |on| upd(Box::new(move |it| it.carried = on)))}
                {check("item-massive", "Massive", move || get(|it| it.massive), move |on| upd(Box::new(move |it| it.massive = on)))}
                <button type="button" class="item-sell" aria-label=format!("Sell used (half price): {name}") on:click=move |_| {
                    status.set(Some(edit_advance(character, |a| a.sell_used(id)).unwrap_or_else(|e| e)));
                }>"Sell used (half price)"</button>
                {remove_button("item-remove", &name, move || {
                    if let Some((i, before)) = edit_items(character, |items| inventory::remove(items, id, nth)) {
                        window.removed(i, before);
                    }
                })}
            </div>
        }
    };
    view! {
        <li class="item-row inventory-row" data-name=start.name style=move || {
            // Only a row in a container is set in (most are not: no style to set).
            let d = depth().min(4);
            (d > 0).then(|| format!("margin-left: {d}rem"))
        }>
            // One line of what matters in play; tapping it opens the editor.
            {row_editor(summary, editor)}
            {move || row().and_then(|r| r.warning).map(|w| view! { <p class="item-warning">{w}</p> })}
        </li>
    }
    .into_any()
}
