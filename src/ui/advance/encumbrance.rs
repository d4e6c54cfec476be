//! Encumbrance, live: the count against the threshold and the carrying limit, what it
//! does to Defense and to marches, in the ruleset's words; the rule's switch; and the
//! purse, whose coins count one item per full 50.

use crate::model::advance::{Money, AMOUNT_MAX};
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::derived::fmt_signed;
use crate::rules::symbaroum::encumbrance::SMALL_OBJECTS_PER_ITEM;
use crate::rules::symbaroum::labels;
use crate::ui::number_field::NumberField;
use crate::ui::parts::{check, derived_memo, edit_advance, encumbrance_memo};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn EncumbranceCard(character: Live) -> impl IntoView {
    let e = encumbrance_memo(character);
    let derived = derived_memo(character);
    let defense = Memo::new(move |_| derived.with(|d| d.defense.clone()));
    let l = move || labels(character.ruleset().get());
    let ruleset = move || character.ruleset().get();
    view! {
        <section class="card encumbrance-card" aria-labelledby="encumbrance-heading">
            <h2 id="encumbrance-heading">"Encumbrance"</h2>
            <Show when=move || e.with(|e| e.enabled)
                fallback=|| view! { <p class="hint" id="encumbrance-off">"The Encumbrance rule is off for this character: nothing counts."</p> }>
                <dl class="xp-totals enc-numbers">
                    <div><dt>"Items"</dt><dd id="enc-total">{move || e.with(|e| e.total)}</dd></div>
                    <div><dt>{move || l().encumbrance_threshold}</dt><dd id="enc-threshold">{move || e.with(|e| e.threshold.value)}</dd></div>
                    <div><dt>{move || l().carrying_limit}</dt><dd id="enc-limit">{move || e.with(|e| e.limit)}</dd></div>
                    <div class="enc-defense"><dt>{move || l().defense}</dt><dd id="enc-defense">{move || fmt_signed(defense.with(|d| d.value))}</dd></div>
                </dl>
                <p class="hint" id="enc-summary">{move || e.with(|e| e.summary(ruleset()))}</p>
                <p class="hint breakdown" id="enc-breakdown">{move || defense.with(|d| d.text())}</p>
                <p class="hint" id="enc-threshold-text">{move || e.with(|e| e.threshold.text())}</p>
                {move || e.with(|e| e.over_limit_text(ruleset())).map(|t| view! {
                    <p class="banner warning" id="enc-over-limit" role="status">{t}</p>
                })}
            </Show>
            {check("enc-rule", "Use the Encumbrance rule", move || e.with(|e| e.enabled), move |on| {
                edit_advance(character, |a| a.encumbrance_off = !on);
            })}
        </section>
    }
}

#[component]
pub fn MoneyCard(character: Live) -> impl IntoView {
    let money = Memo::new(move |_| character.advance().with(|c| c.money));
    let field = move |id: &'static str,
                      label: &'static str,
                      get: fn(&Money) -> u32,
                      set: fn(&mut Money, u32)| {
        view! {
            <NumberField
                id=id
                label=label
                value=Signal::derive(move || get(&money.get()) as i64)
                min=0
                max=AMOUNT_MAX as i64 * 100
                on_set=Callback::new(move |n: i64| {
                    edit_advance(character, |a| set(&mut a.money, n as u32));
                })
            />
        }
    };
    view! {
        <section class="card money-card" aria-labelledby="money-heading">
            <h2 id="money-heading">"Money"</h2>
            <div class="money-fields">
                {field("money-thaler", "Thaler", |m| m.thaler, |m, n| m.thaler = n)}
                {field("money-shilling", "Shillings", |m| m.shilling, |m, n| m.shilling = n)}
                {field("money-orteg", "Ortegs", |m| m.orteg, |m, n| m.orteg = n)}
            </div>
            <p class="hint" id="money-count">
                {move || {
                    let p = money.get().pieces();
                    format!(
                        "{p} coin{}: {} item{} of encumbrance (1 per full {SMALL_OBJECTS_PER_ITEM}, together with other small objects).",
                        if p == 1 { "" } else { "s" },
                        p / SMALL_OBJECTS_PER_ITEM,
                        if p / SMALL_OBJECTS_PER_ITEM == 1 { "" } else { "s" },
                    )
                }}
            </p>
        </section>
    }
}
