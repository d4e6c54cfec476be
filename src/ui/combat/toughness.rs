//! Toughness: current / max, taking a hit (a number or dice, less the worn armor's
//! roll, with the Pain Threshold flag) and healing (rest, herbal cure, Medicus).

use crate::model::Character;
use crate::model::CharacterStoreFields;
use crate::rules::symbaroum::combat::{
    against_armor, heal, healing_amount, take_damage, worn_protection, HealingSource, PainEffect,
};
use crate::rules::symbaroum::dice_notation::{parse_dice, DiceExpr, DiceRoll};
use crate::rules::symbaroum::dying::{stabilise, LifeState};
use crate::rules::symbaroum::experience::{reroll_offer, RollKind as XpRoll};
use crate::rules::symbaroum::{labels, Labels};
use crate::ui::parts::{derived_memo, edit, log, reading, reroll_row, spend_reroll, Part};
use crate::ui::random::{now, CryptoRng};
use crate::ui::Live;
use leptos::prelude::*;

/// Sets current Toughness to `current` (for max `max`) and the life state that follows.
pub(super) fn set_toughness(c: &mut Character, max: i32, current: i32) {
    c.combat.damage = (max - current).max(0);
    // Every character on this sheet is a player character (there is no NPC flag).
    c.combat.life = c.combat.life.after_toughness(current, true);
}

/// The rules' pain message in the ruleset's words.
fn pain_text(p: PainEffect, l: &Labels) -> String {
    p.message().replace("Pain Threshold", l.pain_threshold)
}

/// The last hit: what is shown of it, and what a re-roll of its armor roll needs.
#[derive(Clone)]
struct LastHit {
    text: String,
    pain: PainEffect,
    /// Whether armor was rolled (else there is nothing to re-roll).
    armored: bool,
    before: (LifeState, i32),
    after: (LifeState, i32),
    damage: DiceRoll,
    expr: DiceExpr,
    rerolled: bool,
}

#[component]
pub fn ToughnessCard(character: Live) -> impl IntoView {
    let derived = derived_memo(character);
    let l = move || labels(character.ruleset().get());
    let max = move || derived.with(|d| d.toughness.value);
    let current = move || character.combat().with(|c| c.current_toughness(max()));
    let dead = move || character.combat().with(|c| c.life == LifeState::Dead);
    let stabilised =
        move || character.combat().with(|c| c.life == LifeState::Alive) && current() == 0;

    let incoming = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let healed = RwSignal::new(String::new());

    // The last hit, for Re-roll for Experience on the armor roll: the fight state
    // before and after it (offered only while nothing else has changed it since) and
    // the incoming damage, which stays what it was.
    let last_hit = RwSignal::new(None::<LastHit>);
    let apply_hit = move |damage: DiceRoll, expr: DiceExpr, reroll: bool| {
        character.update(|c| {
            let mut what = "Hit taken".to_string();
            if reroll {
                let Some(h) = last_hit.get_untracked() else {
                    return;
                };
                let note = format!("{} roll", labels(c.ruleset).armor);
                let title = spend_reroll(c.advance_mut(), &note);
                what = format!("{title}, hit taken");
                (c.combat.life, c.combat.damage) = h.before;
            }
            let state = (c.combat.life, c.combat.damage);
            let d = c.derived();
            let (l, max) = (labels(c.ruleset), d.toughness.value);
            let armor = worn_protection(&c.combat.armor);
            let o = against_armor(
                &mut CryptoRng,
                damage.clone(),
                &armor,
                d.pain_threshold.value,
                c.combat.hit_locations,
            );
            let before = c.combat.current_toughness(max);
            let after = take_damage(before, o.dealt);
            set_toughness(c, max, after);
            let mut parts = Vec::new();
            if !expr.dice.is_empty() {
                parts.push(format!("{expr}: {}", o.damage.text()));
            }
            if let Some(a) = &o.armor {
                parts.push(format!("{} {armor}: {}", l.armor, a.text()));
            }
            let dice = parts.join("; ");
            let how = if dice.is_empty() {
                String::new()
            } else {
                format!(" ({dice})")
            };
            let text = format!(
                "{} damage taken{how}. {} {before} → {after}.",
                o.dealt, l.toughness
            );
            let dice = if dice.is_empty() {
                o.damage.text()
            } else {
                dice
            };
            log(c, what, dice, format!("{} damage", o.dealt));
            c.updated = now();
            last_hit.set(Some(LastHit {
                text,
                pain: o.pain,
                armored: o.armor.is_some(),
                before: state,
                after: (c.combat.life, c.combat.damage),
                damage,
                expr,
                rerolled: reroll,
            }));
        });
    };
    let take_hit = move |_| {
        let expr = match parse_dice(&incoming.get_untracked()) {
            Ok(e) => e,
            Err(msg) => return error.set(Some(msg)),
        };
        error.set(None);
        apply_hit(expr.roll(&mut CryptoRng), expr, false);
    };
    let reroll_state = move || {
        let h = last_hit.get()?;
        reading(character, &[Part::Combat, Part::Advance], |c| {
            let rules = c.advance().reroll;
            let current = (c.combat.life, c.combat.damage) == h.after;
            (rules.enabled && h.armored && current).then(|| {
                reroll_offer(
                    rules,
                    XpRoll::Other,
                    h.rerolled,
                    c.advance().totals().unspent,
                )
            })
        })
    };
    let reroll = move || {
        if let Some(h) = last_hit.get_untracked() {
            apply_hit(h.damage, h.expr, true);
        }
    };

    let heal_by = move |source: HealingSource, name: &'static str| {
        character.update(|c| {
            let max = c.derived().toughness.value;
            let (l, before) = (labels(c.ruleset), c.combat.current_toughness(max));
            let rng = &mut CryptoRng;
            let (roll, after, note) = if c.combat.life.is_dying() {
                match stabilise(rng, c.combat.life, before, max, source) {
                    Ok(aid) => {
                        c.combat.life = aid.state;
                        (aid.heal, aid.toughness, " Stabilised: no longer dying.")
                    }
                    Err(msg) => return healed.set(msg),
                }
            } else {
                let h = healing_amount(rng, source);
                (h, heal(before, max, h.amount), "")
            };
            set_toughness(c, max, after);
            let rolled = roll.d4.map(|d| format!(" (d4: {d})")).unwrap_or_default();
            healed.set(format!(
                "{name}{rolled}: {} {before} → {after} of {max}.{note}",
                l.toughness
            ));
            if let Some(d) = roll.d4 {
                let outcome = format!("+{} {}", after - before, l.toughness);
                log(c, name.into(), format!("d4: {d}"), outcome);
            }
            c.updated = now();
        });
    };

    view! {
        <section class="card toughness-card" aria-labelledby="toughness-heading">
            <h2 id="toughness-heading">{move || l().toughness}</h2>
            <p class="tough-big" aria-live="polite">
                <span id="toughness-current">{current}</span>
                <span class="tough-sep">" / "</span>
                <span id="toughness-max">{max}</span>
            </p>
            <p class="hint">
                {move || format!("{} {}", l().pain_threshold, derived.with(|d| d.pain_threshold.value))}
                {move || stabilised().then_some(" · Stabilised at 0: heal to bring them back.")}
            </p>
            <div class="field hit-field" class:invalid=move || error.with(Option::is_some)>
                <label for="incoming">"Incoming damage"</label>
                <div class="hit-row">
                    <input
                        id="incoming"
                        type="text"
                        autocomplete="off"
                        placeholder="5 or 1d8+1"
                        prop:value=move || incoming.get()
                        aria-invalid=move || error.with(|e| e.is_some().to_string())
                        aria-describedby="incoming-error incoming-armor"
                        on:input=move |ev| {
                            let t = event_target_value(&ev);
                            error.set(if t.trim().is_empty() { None } else { parse_dice(&t).err() });
                            incoming.set(t);
                        }
                    />
                    <button type="button" id="take-hit" class="primary" disabled=dead on:click=take_hit>
                        "Take hit"
                    </button>
                </div>
                <p class="hint" id="incoming-armor">
                    {move || reading(character, &[Part::Ruleset, Part::Combat], |c| {
                        let (l, a) = (labels(c.ruleset), worn_protection(&c.combat.armor));
                        if a.is_empty() {
                            format!("No {} worn.", l.armor)
                        } else {
                            format!("{} worn: {a}, rolled with each hit.", l.armor)
                        }
                    })}
                </p>
                <p class="field-error" id="incoming-error" aria-live="polite">{move || error.get()}</p>
            </div>
            <label class="check">
                <input
                    type="checkbox"
                    id="hit-locations"
                    prop:checked=move || character.combat().with(|c| c.hit_locations)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        edit(character, |k| k.hit_locations = on);
                    }
                />
                " Hit Locations rule"
            </label>
            <p id="hit-result" class="result" aria-live="polite">
                {move || last_hit.with(|h| h.as_ref().map(|h| h.text.clone()))}
            </p>
            {move || reroll_state().map(|offer| {
                let label = format!("Re-roll the {} roll for 1 XP", l().armor);
                reroll_row("armor-reroll", label, offer, reroll)
            })}
            {move || {
                last_hit.with(|h| h.as_ref().map(|h| h.pain))
                    .filter(|p| *p != PainEffect::None)
                    .map(|p| view! { <p id="pain-flag" class="pain-flag" role="alert">{pain_text(p, l())}</p> })
            }}
            <div class="heal-row">
                <button type="button" id="heal-natural" disabled=dead on:click=move |_| heal_by(HealingSource::Natural { days: 1 }, "A day of rest")>
                    "Rest a day +1"
                </button>
                <button type="button" id="heal-herbal" disabled=dead on:click=move |_| heal_by(HealingSource::HerbalCure, "Herbal cure")>
                    "Herbal cure +1"
                </button>
                <button type="button" id="heal-medicus" disabled=dead on:click=move |_| heal_by(HealingSource::Medicus, "Medicus")>
                    "Medicus 1d4"
                </button>
            </div>
            <p id="heal-result" class="result" aria-live="polite">{move || healed.get()}</p>
        </section>
    }
}
