//! Experience: earned, spent and unspent always in sight, awards with a note and a
//! date, the ledger of everything bought, refunded and re-rolled, and the table's
//! choices for Re-roll for Experience.

use crate::model::advance::{AdvanceStoreFields, AMOUNT_MAX};
use crate::model::play::award::award_scene;
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::input::parse_whole;
use crate::rules::symbaroum::derived::fmt_plus;
use crate::rules::symbaroum::experience::{totals, RerollRules, XpEntry};
use crate::rules::Ruleset;
use crate::ui::clock::now;
use crate::ui::clock::today;
use crate::ui::parts::{adder_toggle, apply, check, edit_advance, Changes, Draft, Field};
use crate::ui::Live;
use leptos::prelude::*;

#[component]
pub fn ExperienceCard(character: Live) -> impl IntoView {
    let totals = Memo::new(move |_| character.advance().xp().with(|xp| totals(xp)));
    let amount = Draft::new("", |t| {
        parse_whole("The award", t, 1, AMOUNT_MAX as i64).err()
    });
    let note = RwSignal::new(String::new());
    let date = RwSignal::new(today());
    let done = RwSignal::new(None::<String>);

    let add_award = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        done.set(None);
        // The field shows why a bad amount is refused; nothing is booked.
        let Ok(n) = parse_whole("The award", &amount.get(), 1, AMOUNT_MAX as i64) else {
            amount.ok();
            return;
        };
        let n = n as i32;
        let text: String = note.get_untracked().trim().chars().take(200).collect();
        let text = if text.is_empty() {
            "Game Master".to_string()
        } else {
            text
        };
        let d = date.get_untracked();
        edit_advance(character, |a| {
            a.xp.push(XpEntry::Award {
                amount: n,
                note: text,
                date: d,
            })
        });
        amount.reset("");
        note.set(String::new());
        done.set(Some(format!("Added {n} Experience.")));
    };

    // A scene's award: 1, and the bonus dice the player ticks, rolled by the play layer.
    let (cool, boss) = (RwSignal::new(false), RwSignal::new(false));
    let add_scene = move || {
        let (c, b) = (cool.get_untracked(), boss.get_untracked());
        let (n, d) = (note.get_untracked(), date.get_untracked());
        let said = apply(character, &[Changes::Advance, Changes::RollLog], |ch| {
            award_scene(ch, c, b, &n, d, &mut CryptoRng, now())
        });
        note.set(String::new());
        cool.set(false);
        boss.set(false);
        done.set(Some(said));
    };

    let rules = move || character.advance().reroll().get();
    let set_rule = move |f: fn(&mut RerollRules, bool), on: bool| {
        edit_advance(character, |a| f(&mut a.reroll, on));
    };
    // The ledger's lines (text, date, change), newest first: a memo, so that a change
    // of the gear that books no Experience draws none of them again.
    let lines = Memo::new(move |_| {
        character.advance().xp().with(|xp| {
            xp.iter()
                .rev()
                .take(100)
                .map(|e| {
                    let date = match e {
                        XpEntry::Award { date, .. } => date.clone(),
                        _ => String::new(),
                    };
                    (e.text(), date, e.delta())
                })
                .collect::<Vec<_>>()
        })
    });
    let ledger = move || {
        lines
            .get()
            .into_iter()
            .map(|(text, date, d)| {
                view! {
                    <li class="ledger-row">
                        <span class="ledger-text">{text}</span>
                        <span class="ledger-date">{date}</span>
                        <span class="ledger-delta" class:minus=d < 0>{(d != 0).then(|| fmt_plus(d))}</span>
                    </li>
                }
            })
            .collect_view()
    };

    view! {
        <section class="card xp-card" aria-labelledby="xp-heading">
            <h2 id="xp-heading">"Experience"</h2>
            <dl class="xp-totals">
                <div><dt>"Earned"</dt><dd id="xp-earned">{move || totals.get().earned}</dd></div>
                <div><dt>"Spent"</dt><dd id="xp-spent">{move || totals.get().spent}</dd></div>
                <div class="unspent"><dt>"Unspent"</dt><dd id="xp-unspent">{move || totals.get().unspent}</dd></div>
            </dl>
            <p class="hint" id="xp-credits">
                {move || match totals.get().credits_left {
                    n if n > 0 => format!("Burden credits to use: {n} (5 off one purchase each)."),
                    _ => "Spending is booked from what you buy on this tab.".to_string(),
                }}
            </p>
            <details class="adder" on:toggle=adder_toggle>
                <summary>"Add an award…"</summary>
                <form class="award-form" novalidate=true>
                    <Field id="xp-award" draft=amount numeric=true placeholder="e.g. 5">"Award"</Field>
                    <div class="field">
                        <label for="xp-note">"For"</label>
                        <input id="xp-note" type="text" maxlength="200" autocomplete="off" placeholder="e.g. The Ruined Keep"
                            prop:value=move || note.get() on:input=move |ev| note.set(event_target_value(&ev))/>
                    </div>
                    <div class="field">
                        <label for="xp-date">"Date"</label>
                        <input id="xp-date" type="date" prop:value=move || date.get() on:input=move |ev| date.set(event_target_value(&ev))/>
                    </div>
                    <button type="submit" id="xp-add" on:click=add_award>"Add award"</button>
                </form>
                // The homebrew's own practice (seed 004), with the same "For" and date.
                <Show when=move || character.ruleset().get() == Ruleset::Homebrew>
                    <fieldset class="scene-award">
                        <legend>"Or a scene's award (seed 004): 1 Experience"</legend>
                        {check("scene-cool", "+1d4: something really cool or intense", move || cool.get(), move |on| cool.set(on))}
                        {check("scene-boss", "+1d10: the big bad boss", move || boss.get(), move |on| boss.set(on))}
                        <button type="button" id="scene-add" on:click=move |_| add_scene()>"Award the scene"</button>
                    </fieldset>
                </Show>
            </details>
            <p class="hint" role="status" id="xp-done">{move || done.get()}</p>
            <Show when=move || character.advance().xp().with(|xp| !xp.is_empty())
                fallback=|| view! { <p class="hint" id="ledger-empty">"No Experience yet."</p> }>
                <h3 class="sub-heading">"Ledger"</h3>
                <ol class="ledger" id="xp-ledger" aria-label="Experience ledger, newest first">{ledger}</ol>
            </Show>
            <fieldset class="reroll-rules">
                <legend>"Re-roll for Experience (optional rule)"</legend>
                {check("reroll-on", "Spend 1 Experience to re-roll, once per roll", move || rules().enabled, move |on| set_rule(|r, on| r.enabled = on, on))}
                <Show when=move || rules().enabled>
                    {check("reroll-death", "Death tests may be re-rolled", move || rules().allow_death_tests, move |on| set_rule(|r, on| r.allow_death_tests = on, on))}
                    {check("reroll-fumble", "A fumbled Defense (a 20) may be re-rolled", move || rules().allow_fumbled_defense, move |on| set_rule(|r, on| r.allow_fumbled_defense = on, on))}
                    <p class="hint">"The seed recommends no to both."</p>
                </Show>
            </fieldset>
        </section>
    }
}
