//! Encumbrance, live: the count against the threshold and the carrying limit, what it
//! does to Defense and to marches, in the ruleset's words; the rule's switch; and the
//! purse, whose coins count one item per full 50.

use crate::model::advance::{AdvanceStoreFields, Money, COINS_MAX};
use crate::model::CharacterStoreFields;
use crate::rules::input::parse_whole;
use crate::rules::symbaroum::derived::fmt_signed;
use crate::rules::symbaroum::encumbrance::SMALL_OBJECTS_PER_ITEM;
use crate::rules::symbaroum::labels;
use crate::rules::symbaroum::trade::{exchange, make_change, money_text, worth_text, Coin};
use crate::ui::number_field::NumberField;
use crate::ui::parts::{
    adder_toggle, check, derived_memo, edit_advance, encumbrance_memo, Draft, Field,
};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn EncumbranceCard(character: Live) -> impl IntoView {
    let e = encumbrance_memo(character);
    let derived = derived_memo(character);
    let defense = Memo::new(move |_| derived.with(|d| d.defense.clone()));
    let l = move || labels(character.ruleset().get());
    let ruleset = move || character.ruleset().get();
    // A memo, so the warning is drawn again only when its words change.
    let over_limit = Memo::new(move |_| e.with(|e| e.over_limit_text(ruleset())));
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
                // The count against the limits; a tap shows how Defense and the
                // threshold are reached.
                <details class="row-editor enc-how">
                    <summary class="hint" id="enc-summary">{move || e.with(|e| e.summary(ruleset()))}</summary>
                    <p class="hint breakdown" id="enc-breakdown">{move || defense.with(|d| d.text())}</p>
                    <p class="hint" id="enc-threshold-text">{move || e.with(|e| e.threshold.text())}</p>
                </details>
                <Show when=move || over_limit.with(Option::is_some)>
                    <p class="banner warning" id="enc-over-limit" role="status">{move || over_limit.get()}</p>
                </Show>
            </Show>
            {check("enc-rule", "Use the Encumbrance rule", move || e.with(|e| e.enabled), move |on| {
                edit_advance(character, |a| a.encumbrance_off = !on);
            })}
        </section>
    }
}

#[component]
pub fn MoneyCard(character: Live) -> impl IntoView {
    let money = Memo::new(move |_| character.advance().money().get());
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
                max=COINS_MAX as i64
                on_set=Callback::new(move |n: i64| {
                    edit_advance(character, |a| set(&mut a.money, n as u32));
                })
            />
        }
    };
    // Changing coins: how many, from which, into which (1 thaler = 10 shillings =
    // 100 ortegs); a change that cannot be made says why and changes nothing.
    let count = Draft::new("", |t| {
        parse_whole("The number of coins", t, 1, COINS_MAX as i64).err()
    });
    let from = RwSignal::new(Coin::Thaler);
    let to = RwSignal::new(Coin::Shilling);
    let said = RwSignal::new(None::<String>);
    let change = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        if !count.ok() {
            return;
        }
        let Ok(n) = parse_whole("The number of coins", &count.get(), 1, COINS_MAX as i64) else {
            return;
        };
        let (f, t) = (from.get_untracked(), to.get_untracked());
        let purse = money.get_untracked().coins();
        match exchange(purse, f, t, n as u32, COINS_MAX) {
            Ok(coins) => {
                edit_advance(character, |a| a.money = Money::from_coins(coins));
                let got = (n as u64 * f.ortegs() as u64) / t.ortegs() as u64;
                said.set(Some(format!(
                    "Changed {} into {}.",
                    f.count(n as u64),
                    t.count(got)
                )));
                count.reset("");
            }
            Err(e) => said.set(Some(e)),
        }
    };
    let fewest = move |_| {
        let purse = money.get_untracked().coins();
        match make_change(purse, COINS_MAX) {
            Ok(coins) if coins == purse => said.set(Some("Already the fewest coins.".into())),
            Ok(coins) => {
                edit_advance(character, |a| a.money = Money::from_coins(coins));
                said.set(Some(format!(
                    "Changed into the fewest coins: {}.",
                    money_text(Money::from_coins(coins).worth())
                )));
            }
            Err(e) => said.set(Some(e)),
        }
    };
    // The select keeps the choice; the signal follows it (it starts as `first`).
    let coin_select = move |id: &'static str,
                            label: &'static str,
                            sig: RwSignal<Coin>,
                            first: Coin| {
        view! {
            <div class="field">
                <label for=id>{label}</label>
                <select id=id on:change=move |ev| {
                    if let Some(c) = Coin::from_key(&event_target_value(&ev)) {
                        sig.set(c);
                    }
                }>
                    {[(Coin::Thaler, "Thalers"), (Coin::Shilling, "Shillings"), (Coin::Orteg, "Ortegs")]
                        .into_iter()
                        .map(|(c, name)| view! { <option value=c.key() selected=c == first>{name}</option> })
                        .collect_view()}
                </select>
            </div>
        }
    };
    let total = move || worth_text(money.get().worth());
    view! {
        <section class="card money-card" aria-labelledby="money-heading">
            <h2 id="money-heading">"Money"</h2>
            <div class="money-fields">
                {field("money-thaler", "Thalers", |m| m.thaler, |m, n| m.thaler = n)}
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
            <p class="money-total" id="money-total">{total}</p>
            <details class="adder" on:toggle=adder_toggle>
                <summary>"Change coins…"</summary>
                <form class="add-form exchange-form" novalidate=true aria-label="Change coins">
                    <Field id="exchange-count" draft=count numeric=true placeholder="e.g. 1">"Change"</Field>
                    {coin_select("exchange-from", "Coins", from, Coin::Thaler)}
                    {coin_select("exchange-to", "Into", to, Coin::Shilling)}
                    <button type="submit" id="exchange-go" on:click=change>"Change coins"</button>
                </form>
                <button type="button" id="money-fewest" on:click=fewest>"Fewest coins"</button>
                <p class="hint">"1 thaler = 10 shillings = 100 ortegs."</p>
            </details>
            <p class="hint" id="money-said" role="status">{move || said.get()}</p>
        </section>
    }
}
