//! Toughness: current / max, taking a hit (a number or dice, less the worn armor's
//! roll unless the damage ignores armor, with the Pain Threshold flag) and healing
//! (rest, herbal cure, Medicus, or any amount or dice entered directly).

use crate::model::combat::LIST_MAX;
use crate::model::Character;
use crate::model::CharacterStoreFields;
use crate::rules::dice;
use crate::rules::symbaroum::combat::{
    against_armor, heal, healing_amount, roll_hit_location, take_damage, Aim, Hand, HealingSource,
    HitLocation, PainEffect,
};
use crate::rules::symbaroum::conditions::presets;
use crate::rules::symbaroum::dice_notation::{parse_dice, DiceExpr, DiceRoll};
use crate::rules::symbaroum::dying::{stabilise, LifeState};
use crate::rules::symbaroum::experience::{reroll_offer, RollKind as XpRoll};
use crate::rules::symbaroum::{labels, Labels};
use crate::ui::parts::{derived_memo, edit, log, reading, reroll_row, spend_reroll, Part};
use crate::ui::random::{now, CryptoRng};
use crate::ui::Live;
use leptos::prelude::*;

/// Sets current Toughness to `current` (for max `max`) and the life state that follows.
pub(crate) fn set_toughness(c: &mut Character, max: i32, current: i32) {
    c.combat.damage = (max - current).max(0);
    // Every character on this sheet is a player character (there is no NPC flag).
    c.combat.life = c.combat.life.after_toughness(current, true);
}

/// A field for a number or dice ("5", "1d8+1"), checked as typed with the message in
/// `error`; Enter does what the button beside it does.
fn dice_input(
    id: &'static str,
    placeholder: &'static str,
    described_by: &'static str,
    text: RwSignal<String>,
    error: RwSignal<Option<String>>,
    on_enter: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <input
            id=id
            type="text"
            autocomplete="off"
            placeholder=placeholder
            prop:value=move || text.get()
            aria-invalid=move || error.with(|e| e.is_some().to_string())
            aria-describedby=described_by
            on:input=move |ev| {
                let t = event_target_value(&ev);
                error.set(if t.trim().is_empty() { None } else { parse_dice(&t).err() });
                text.set(t);
            }
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                if ev.key() == "Enter" {
                    ev.prevent_default();
                    on_enter();
                }
            }
        />
    }
}

/// The body parts a hit can land on, for the "Hit on" picker.
const LOCATIONS: [HitLocation; 6] = [
    HitLocation::Head,
    HitLocation::Torso,
    HitLocation::RightArm,
    HitLocation::LeftArm,
    HitLocation::RightLeg,
    HitLocation::LeftLeg,
];

/// The "Hit on" choices: not known, a d10 on the Hit Locations table (the foe aimed
/// normally), or one of the parts.
fn hit_on_options() -> impl IntoView {
    view! {
        <option value="">"Not known"</option>
        <option value="roll">"Roll it (1d10)"</option>
        {LOCATIONS.iter().enumerate().map(|(i, p)| view! { <option value=i.to_string()>{p.name()}</option> }).collect_view()}
    }
}

/// "Hit taken on the left arm": `what`, with the part when it is known.
fn named_at(what: &str, at: Option<HitLocation>) -> String {
    match at {
        Some(p) => format!("{what} on the {}", p.name().to_lowercase()),
        None => what.to_string(),
    }
}

/// Where a hit lands, from the "Hit on" choice (`roll`: the d10 rolled now) when the
/// character uses Hit Locations, and how the log names it: "Hit taken on the left arm
/// (d10: 8)".
pub(crate) fn hit_on(c: &Character, choice: &str, what: &str) -> (Option<HitLocation>, String) {
    if !c.combat.hit_locations {
        return (None, what.to_string());
    }
    let (d10, at) = if choice == "roll" {
        let (d, p) = roll_hit_location(&mut CryptoRng, Aim::Normal);
        (d, Some(p))
    } else {
        (
            None,
            choice
                .parse()
                .ok()
                .and_then(|i: usize| LOCATIONS.get(i).copied()),
        )
    };
    let mut what = named_at(what, at);
    if let Some(d) = d10 {
        what = format!("{what} (d10: {d})");
    }
    (at, what)
}

/// The "Hit on" picker shown with Hit Locations, for the Toughness card and the
/// Defense test's take-hit.
pub(crate) fn hit_on_field(id: &'static str, choice: RwSignal<String>) -> impl IntoView {
    view! {
        <div class="field hit-on-field">
            <label for=id>"Hit on"</label>
            <select id=id prop:value=move || choice.get() on:change=move |ev| choice.set(event_target_value(&ev))>
                {hit_on_options()}
            </select>
        </div>
    }
}

/// What a hit taken did, as the sheet shows it.
#[derive(Clone)]
pub(crate) struct HitTaken {
    /// "5 damage taken (1d8: 7; Armor 1d4: 2). Toughness 13 → 8."
    pub text: String,
    pub pain: PainEffect,
    /// Hit Locations, the part known: what the hit on it did at the Pain Threshold.
    pub effect: Option<String>,
    /// Whether armor was rolled.
    pub armored: bool,
    /// A head hit at the Pain Threshold: its +1d6 damage and 1d4 turns, as rolled.
    pub head: Option<(u32, u32)>,
}

/// Takes a hit of `damage` (rolled from `expr`) against the worn armor's roll, unless
/// it ignores armor: lowers Toughness, sets the life state that follows, and logs it
/// as `what`. The Toughness card and the Defense test's "Take hit" both come here.
/// `head` is a head hit's 1d6 and 1d4 already rolled: a re-roll of the armor replays
/// the hit and keeps them.
pub(crate) fn take_hit(
    c: &mut Character,
    damage: DiceRoll,
    expr: &DiceExpr,
    no_armor: bool,
    at: Option<HitLocation>,
    mut what: String,
    head: Option<(u32, u32)>,
) -> HitTaken {
    let d = c.derived();
    let (l, max) = (labels(c.ruleset), d.toughness.value);
    let armor = if no_armor {
        DiceExpr::default()
    } else {
        c.worn_protection_at(at)
    };
    // The Pain Threshold flag stays for damage that ignores armor: whether a
    // burn or a poison knocks down is the table's call, and the flag says
    // what the rules give for an attack.
    let o = against_armor(
        &mut CryptoRng,
        damage,
        &armor,
        d.pain_threshold.value,
        c.combat.hit_locations,
    );
    let before = c.combat.current_toughness(max);
    let mut dealt = o.dealt;
    let mut head_rolled = None;
    // Hit Locations with the part known and the Pain Threshold reached: the part's
    // effect, for this character's main hand. A head hit's +1d6 is more damage of the
    // same hit (armor was rolled once, against the hit); its 1d4 turns out are said.
    // A leg or an arm leaves a condition on the list, applied to the tests it touches.
    let effect = at
        .filter(|_| o.pain == PainEffect::HitLocation)
        .map(|part| {
            let mut e = format!(
                "{} reached: {}",
                l.pain_threshold,
                part.effect_on(c.combat.main_hand)
            );
            if part == HitLocation::Head {
                let (d6, turns) = head.unwrap_or_else(|| {
                    (dice::roll(&mut CryptoRng, 6), dice::roll(&mut CryptoRng, 4))
                });
                head_rolled = Some((d6, turns));
                dealt += d6 as i32;
                e.push_str(&format!(
                    " Rolled: +{d6} damage (1d6), unconscious {turns} turns (1d4)."
                ));
            }
            let known = presets(l)
                .into_iter()
                .find(|k| Some(k.name.as_str()) == part.condition());
            if let Some(mut k) = known {
                let full = c.combat.conditions.len() >= LIST_MAX;
                if !full && !c.combat.conditions.iter().any(|x| x.name == k.name) {
                    if let Some(hand) = part.hand(c.combat.main_hand) {
                        k.note = format!("{} ({hand}). {}", part.name(), k.note);
                    }
                    e.push_str(&format!(" {} added to the conditions.", k.name));
                    c.combat.conditions.push(k);
                }
            }
            e
        });
    let after = take_damage(before, dealt);
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
    let ignoring = if no_armor { ", ignoring armor" } else { "" };
    let text = format!(
        "{dealt} damage taken{ignoring}{how}. {} {before} → {after}.",
        l.toughness
    );
    let dice = if dice.is_empty() {
        o.damage.text()
    } else {
        dice
    };
    if no_armor {
        what.push_str(" (ignores armor)");
    }
    log(c, what, dice, format!("{dealt} damage"));
    c.updated = now();
    HitTaken {
        text,
        pain: o.pain,
        effect,
        armored: o.armor.is_some(),
        head: head_rolled,
    }
}

/// The rules' pain message in the ruleset's words.
fn pain_text(p: PainEffect, l: &Labels) -> String {
    p.message().replace("Pain Threshold", l.pain_threshold)
}

/// The alert under a hit taken: the hit part's effect when known, else the rules'
/// pain message; nothing when the hit did not reach the Pain Threshold.
pub(crate) fn pain_flag(id: &'static str, hit: &HitTaken, l: &Labels) -> Option<impl IntoView> {
    let text = hit
        .effect
        .clone()
        .or_else(|| (hit.pain != PainEffect::None).then(|| pain_text(hit.pain, l)))?;
    Some(view! { <p id=id class="pain-flag" role="alert">{text}</p> })
}

/// The last hit: what is shown of it, and what a re-roll of its armor roll needs.
#[derive(Clone)]
struct LastHit {
    hit: HitTaken,
    at: Option<HitLocation>,
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
    // Hit Locations: where the hit landed, if known (only the armor covering it rolls).
    let hit_on_choice = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // Fire, fumes, poison, bleeding: no armor roll (for this hit only).
    let ignores_armor = RwSignal::new(false);
    let heal_text = RwSignal::new(String::new());
    let heal_from = RwSignal::new(String::new());
    let heal_error = RwSignal::new(None::<String>);
    // The last healing's message and the fight state it left: shown while still true.
    let healed = RwSignal::new(None::<(String, (LifeState, i32))>);
    let fight_state = move || character.combat().with(|c| (c.life, c.damage));

    // The last hit, for Re-roll for Experience on the armor roll: the fight state
    // before and after it (offered only while nothing else has changed it since) and
    // the incoming damage, which stays what it was.
    let last_hit = RwSignal::new(None::<LastHit>);
    let apply_hit = move |damage: DiceRoll, expr: DiceExpr, reroll: bool, no_armor: bool| {
        character.update(|c| {
            let (at, what, head) = if reroll {
                let Some(h) = last_hit.get_untracked() else {
                    return;
                };
                let note = format!("{} roll", labels(c.ruleset).armor);
                let title = spend_reroll(c.advance_mut(), &note);
                (c.combat.life, c.combat.damage) = h.before;
                // The same hit, on the same part: only the armor is rolled again.
                (
                    h.at,
                    named_at(&format!("{title}, hit taken"), h.at),
                    h.hit.head,
                )
            } else {
                let (at, what) = hit_on(c, &hit_on_choice.get_untracked(), "Hit taken");
                (at, what, None)
            };
            let state = (c.combat.life, c.combat.damage);
            let hit = take_hit(c, damage.clone(), &expr, no_armor, at, what, head);
            last_hit.set(Some(LastHit {
                hit,
                at,
                before: state,
                after: (c.combat.life, c.combat.damage),
                damage,
                expr,
                rerolled: reroll,
            }));
        });
    };
    // Applies the incoming damage; the field is emptied for the next hit.
    let take_hit = move || {
        if dead() {
            return;
        }
        let expr = match parse_dice(&incoming.get_untracked()) {
            Ok(e) => e,
            Err(msg) => return error.set(Some(msg)),
        };
        error.set(None);
        let no_armor = ignores_armor.get_untracked();
        apply_hit(expr.roll(&mut CryptoRng), expr, false, no_armor);
        incoming.set(String::new());
    };
    let reroll_state = move || {
        let h = last_hit.get()?;
        reading(character, &[Part::Combat, Part::Advance], |c| {
            let rules = c.advance().reroll;
            let current = (c.combat.life, c.combat.damage) == h.after;
            (rules.enabled && h.hit.armored && current).then(|| {
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
            // Only a hit that rolled armor offers this re-roll.
            apply_hit(h.damage, h.expr, true, false);
        }
    };
    // The last hit's message while the fight state is still what it left.
    let hit_still_true = move || {
        let now = fight_state();
        last_hit.with(|h| h.as_ref().filter(|h| h.after == now).cloned())
    };

    let heal_by = move |source: HealingSource, name: String, rolled: Option<String>| {
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
                    Err(msg) => return healed.set(Some((msg, (c.combat.life, c.combat.damage)))),
                }
            } else {
                let h = healing_amount(rng, source);
                (h, heal(before, max, h.amount), "")
            };
            set_toughness(c, max, after);
            let dice = rolled.or(roll.d4.map(|d| format!("d4: {d}")));
            let shown = dice.as_ref().map(|d| format!(" ({d})")).unwrap_or_default();
            let text = format!(
                "{name}{shown}: {} {before} → {after} of {max}.{note}",
                l.toughness
            );
            healed.set(Some((text, (c.combat.life, c.combat.damage))));
            // Rolled healing and healing entered by hand go to the log; the fixed
            // buttons (a day of rest, an herbal cure) are plain to see on the sheet.
            if let Some(d) = dice {
                let outcome = format!("+{} {}", after - before, l.toughness);
                log(c, name, d, outcome);
            }
            c.updated = now();
        });
    };
    // Healing of any amount or dice (Lay on Hands, Recovery, an elixir …), from what
    // the player names. Like mystical healing, it stabilises a dying character; rest,
    // which does not, has its own button.
    let heal_entered = move || {
        if dead() {
            return;
        }
        let expr = match parse_dice(&heal_text.get_untracked()) {
            Ok(e) => e,
            Err(msg) => return heal_error.set(Some(msg)),
        };
        heal_error.set(None);
        let roll = expr.roll(&mut CryptoRng);
        let from = heal_from.get_untracked().trim().to_string();
        let name = if from.is_empty() {
            "Healing".to_string()
        } else {
            from
        };
        let rolled = if expr.dice.is_empty() {
            expr.to_string()
        } else {
            format!("{expr}: {}", roll.text())
        };
        heal_by(
            HealingSource::Other { amount: roll.total },
            name,
            Some(rolled),
        );
        heal_text.set(String::new());
    };
    let healed_still_true = move || {
        let now = fight_state();
        healed.with(|h| h.as_ref().filter(|h| h.1 == now).map(|h| h.0.clone()))
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
                    {dice_input("incoming", "5 or 1d8+1", "incoming-error incoming-armor", incoming, error, take_hit)}
                    <button type="button" id="take-hit" class="primary" disabled=dead on:click=move |_| take_hit()>
                        "Take hit"
                    </button>
                </div>
                <label class="check">
                    <input
                        type="checkbox"
                        id="ignores-armor"
                        prop:checked=move || ignores_armor.get()
                        on:change=move |ev| ignores_armor.set(event_target_checked(&ev))
                    />
                    {move || format!(" Ignores {} (fire, fumes, poison, bleeding)", l().armor.to_lowercase())}
                </label>
                <p class="hint" id="incoming-armor">
                    {move || reading(character, &[Part::Ruleset, Part::Combat, Part::Advance], |c| {
                        let (l, a) = (labels(c.ruleset), c.worn_protection());
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
            <Show when=move || character.combat().with(|c| c.hit_locations)>
                <div class="hit-on-row">
                    {hit_on_field("hit-on", hit_on_choice)}
                    <div class="field hit-on-field">
                        <label for="main-hand">"Main hand"</label>
                        <select
                            id="main-hand"
                            prop:value=move || character.combat().with(|c| c.main_hand.name())
                            on:change=move |ev| {
                                let hand = if event_target_value(&ev) == "Left" { Hand::Left } else { Hand::Right };
                                edit(character, |k| k.main_hand = hand);
                            }
                        >
                            <option value="Right">"Right"</option>
                            <option value="Left">"Left"</option>
                        </select>
                    </div>
                </div>
            </Show>
            <p id="hit-result" class="result" aria-live="polite">
                {move || hit_still_true().map(|h| h.hit.text)}
            </p>
            {move || reroll_state().map(|offer| {
                let label = format!("Re-roll the {} roll for 1 XP", l().armor);
                reroll_row("armor-reroll", label, offer, reroll)
            })}
            {move || hit_still_true().and_then(|h| pain_flag("pain-flag", &h.hit, l()))}
            <div class="heal-row">
                <button type="button" id="heal-natural" disabled=dead on:click=move |_| heal_by(HealingSource::Natural { days: 1 }, "A day of rest".into(), None)>
                    "Rest a day +1"
                </button>
                <button type="button" id="heal-herbal" disabled=dead on:click=move |_| heal_by(HealingSource::HerbalCure, "Herbal cure".into(), None)>
                    "Herbal cure +1"
                </button>
                <button type="button" id="heal-medicus" disabled=dead on:click=move |_| heal_by(HealingSource::Medicus, "Medicus".into(), None)>
                    "Medicus 1d4"
                </button>
            </div>
            <div class="heal-entry">
                <div class="field" class:invalid=move || heal_error.with(Option::is_some)>
                    <label for="heal-amount">"Heal by"</label>
                    {dice_input("heal-amount", "7 or 1d6", "heal-amount-error", heal_text, heal_error, heal_entered)}
                </div>
                <div class="field">
                    <label for="heal-from">"From"</label>
                    <input
                        id="heal-from"
                        type="text"
                        autocomplete="off"
                        placeholder="e.g. Recovery"
                        prop:value=move || heal_from.get()
                        on:input=move |ev| heal_from.set(event_target_value(&ev))
                    />
                </div>
                <button type="button" id="heal-apply" disabled=dead on:click=move |_| heal_entered()>"Heal"</button>
            </div>
            <p class="field-error" id="heal-amount-error" aria-live="polite">{move || heal_error.get()}</p>
            <p id="heal-result" class="result" aria-live="polite">{healed_still_true}</p>
        </section>
    }
}
