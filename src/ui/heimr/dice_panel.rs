//! The dice panel: consistency and potential with how they are reached, a
//! situational penalty, a CR or an opponent's result, the exact chance before
//! rolling, then every die, the result, pass or fail, and a re-roll for willpower.

use super::dice_faces::DiceFaces;
use super::state::{edit_and_log, peek, read, Panel, RollSource};
use crate::model::heimr::HeimrSheet;
use crate::model::log::LogEntry;
use crate::rules::heimr::abilities::Ability;
use crate::rules::heimr::armoury::bonus_label;
use crate::rules::heimr::attack::{
    attack_bonus, reach, resolve, second_roll, warnings, AttackWith, Hit,
};
use crate::rules::heimr::challenge::{dice_text, success_probability, Against};
use crate::rules::heimr::combat::{
    defence_consistency, guard_intercept, luck_shot, DefenceKind, PreRolled, RollKind,
};
use crate::rules::heimr::dice::{
    apply_situational_penalty, roll_challenge, ChallengeRoll, MAX_DICE,
};
use crate::rules::heimr::fatigue::resolve_physical;
use crate::rules::heimr::injuries::{pay_for_reroll, BodyPart, AIMED_ATTACK_C_PENALTY};
use crate::rules::heimr::num;
use crate::ui::number_field::NumberField;
use crate::ui::parts::log_entry;
use crate::ui::random::{now, CryptoRng};
use crate::ui::Live;
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum RollFor {
    Other,
    Melee,
    Ranged,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Cr,
    Attacking,
    Defending,
}

/// Everything the panel shows before the roll.
#[derive(Clone, PartialEq)]
struct Setup {
    title: String,
    c: i32,
    p: i32,
    c_text: String,
    p_text: String,
    physical: bool,
    kind: RollKind,
    fatigue: u32,
    missing: Option<String>,
}

#[derive(Clone, PartialEq)]
struct Outcome {
    roll: ChallengeRoll,
    against: Against,
    success: bool,
    fatigue_failed: bool,
    fatigue_raised: bool,
    fatigue_before: u32,
    fatigue_now: u32,
    reroll: bool,
    /// A defence rolled ahead and kept for the next attack.
    pre: bool,
    /// An attack against a defence: what it did.
    hit: Option<String>,
}

fn minus(n: i32) -> String {
    if n < 0 {
        format!("+ {}", -n)
    } else {
        format!("− {n}")
    }
}

fn setup(
    src: &RollSource,
    h: &HeimrSheet,
    penalty: i32,
    attr_c: i32,
    roll_for: RollFor,
    aim: Option<BodyPart>,
    // (the incoming attack is ranged, the attack is a charge)
    (ranged_in, charging): (bool, bool),
) -> Setup {
    let kind_for = match roll_for {
        RollFor::Other => RollKind::Other,
        RollFor::Melee => RollKind::MeleeAttack,
        RollFor::Ranged => RollKind::RangedAttack,
    };
    let scores = &h.effective_attributes();
    let (title, base, base_label, mut p, mut p_text, physical, kind) = match src {
        RollSource::Ability(n) | RollSource::Defence(_, n) | RollSource::Attack(_, n) => {
            let Some(a) = h.ability(n) else {
                return Setup {
                    title: src.label(),
                    c: 0,
                    p: 0,
                    c_text: String::new(),
                    p_text: String::new(),
                    physical: false,
                    kind: RollKind::Other,
                    fatigue: h.fatigue.current,
                    missing: Some(format!("{n} is no longer on the sheet.")),
                };
            };
            let mut p = a.potential(scores);
            let mut p_text = a.potential_breakdown(scores);
            let kind = match src {
                RollSource::Defence(k, _) => RollKind::Defence(*k),
                RollSource::Attack(AttackWith::Weapon(w) | AttackWith::Both(w, _), _)
                    if !w.is_melee() =>
                {
                    RollKind::RangedAttack
                }
                RollSource::Attack(..) => RollKind::MeleeAttack,
                _ => kind_for,
            };
            if let RollSource::Attack(AttackWith::Weapon(w) | AttackWith::Both(w, _), _) = src {
                let b = attack_bonus(*w);
                p += b;
                p_text = format!(
                    "{p_text}; {} {} → {}",
                    w.name,
                    bonus_label(w.potential_bonus),
                    num(p)
                );
            }
            if kind == RollKind::Defence(DefenceKind::Block) {
                if let Some(s) = h.picked_shield() {
                    if let Some(b) = s.potential_bonus {
                        p += b;
                        p_text = format!("{p_text}; {} P+{b} when blocking → {p}", s.name);
                    }
                }
            }
            (
                src.label(),
                a.consistency(),
                format!("{} {}", a.name, num(a.consistency())),
                p,
                p_text,
                a.is_physical(),
                kind,
            )
        }
        RollSource::Attribute(at) => {
            let v = scores.get(*at);
            (
                at.name().to_string(),
                attr_c,
                format!("GM's consistency {}", num(attr_c)),
                v,
                format!("Potential {0} = {1} {0}", num(v), at.name()),
                at.is_physical(),
                kind_for,
            )
        }
    };
    // The readied dodge against a ranged attack, or being hidden from the target of a
    // shot or a charge: P +2.
    let (bonus, why) = match kind {
        RollKind::Defence(k) => (h.defences.p_bonus(k, ranged_in), "readied dodge"),
        k => (h.situation.p_bonus(k, charging), "hidden from the target"),
    };
    if bonus != 0 {
        p += bonus;
        p_text = format!("{p_text}; {why} P+{bonus} → {}", num(p));
    }
    let after = apply_situational_penalty(base, penalty);
    let conditions = h.situation.conditions();
    let mut parts = vec![base_label];
    if penalty != 0 {
        parts.push(format!("{} situational", minus(penalty)));
    }
    for (name, n) in h.situation.penalties(kind) {
        parts.push(format!("{} {name}", minus(n)));
    }
    let c = match kind {
        RollKind::Defence(k) => {
            let t = &h.defences;
            let repeats = match k {
                DefenceKind::Dodge => t.dodges,
                DefenceKind::Block => t.blocks,
                DefenceKind::Parry => 0,
            };
            if repeats > 0 {
                parts.push(format!(
                    "− {} for {repeats} earlier {}",
                    2 * repeats,
                    k.name().to_lowercase()
                ));
            }
            if t.ongoing_action {
                parts.push("− 2 ongoing action".into());
            }
            defence_consistency(after, k, t, &conditions)
        }
        _ => after - h.situation.c_penalty(kind),
    };
    let c = match aim {
        Some(part) if kind.is_attack() => {
            parts.push(format!(
                "− {AIMED_ATTACK_C_PENALTY} aiming at the {}",
                part.name().to_lowercase()
            ));
            c - AIMED_ATTACK_C_PENALTY
        }
        _ => c,
    };
    Setup {
        title,
        c,
        p,
        c_text: format!("Consistency {} = {}", num(c), parts.join(" ")),
        p_text,
        physical,
        kind,
        fatigue: h.fatigue.current,
        missing: None,
    }
}

#[component]
fn PanelBody(character: Live, source: RollSource) -> impl IntoView {
    let panel = expect_context::<Panel>();
    let penalty = RwSignal::new(0i64);
    let attr_c = RwSignal::new(0i64);
    let cr = RwSignal::new(panel.cr.get_untracked());
    let opponent = RwSignal::new(8i64);
    let is_defence = matches!(source, RollSource::Defence(..));
    let attack = match &source {
        RollSource::Attack(with, _) => Some(*with),
        _ => None,
    };
    let mode = RwSignal::new(if is_defence {
        Mode::Defending
    } else if attack.is_some() {
        Mode::Attacking
    } else {
        Mode::Cr
    });
    let aim = RwSignal::new(None::<BodyPart>);
    let ranged_incoming = RwSignal::new(false);
    let charging = RwSignal::new(false);
    let intercepting = RwSignal::new(false);
    let roll_for = RwSignal::new(RollFor::Other);
    let outcome = RwSignal::new(None::<Outcome>);
    let message = RwSignal::new(None::<String>);

    let src = source.clone();
    let current = Memo::new(move |_| {
        read(character, |h| {
            setup(
                &src,
                h,
                penalty.get() as i32,
                attr_c.get() as i32,
                roll_for.get(),
                aim.get(),
                (ranged_incoming.get(), charging.get()),
            )
        })
    });
    let against = move || match mode.get() {
        Mode::Cr => Against::Cr(cr.get() as i32),
        Mode::Attacking => Against::Opponent {
            result: opponent.get() as i32,
            defending: false,
        },
        Mode::Defending => Against::Opponent {
            result: opponent.get() as i32,
            defending: true,
        },
    };
    let chance = move || {
        let s = current.get();
        let p = success_probability(s.c, s.p, against(), s.physical.then_some(s.fatigue));
        (
            p.percent_text(),
            format!("{}/{}", p.numerator, p.denominator),
        )
    };

    let result_box = NodeRef::<leptos::html::Div>::new();
    let src_roll = source.clone();
    // (re-roll for willpower, pre-roll a defence)
    let do_roll = Callback::new(move |(reroll, pre): (bool, bool)| {
        let s = peek(character, |h| {
            setup(
                &src_roll,
                h,
                penalty.get_untracked() as i32,
                attr_c.get_untracked() as i32,
                roll_for.get_untracked(),
                aim.get_untracked(),
                (ranged_incoming.get_untracked(), charging.get_untracked()),
            )
        });
        if let Some(m) = s.missing {
            message.set(Some(m));
            return;
        }
        let against = against_untracked(mode, cr, opponent);
        if let Some(AttackWith::Weapon(w) | AttackWith::Both(w, _)) = attack {
            let distance = peek(character, |h| h.situation.ranged_distance);
            if let Err(e) = reach(w, distance) {
                message.set(Some(e));
                return;
            }
        }
        if reroll {
            let refused = peek(character, |h| {
                let mut w = h.willpower.clone();
                pay_for_reroll(&mut w).err()
            });
            if let Some(e) = refused {
                message.set(Some(e));
                return;
            }
        } else if let RollKind::Defence(k) = s.kind {
            let refused = peek(character, |h| {
                if let Some(p) = h.situation.positions.iter().find(|p| !p.can_defend()) {
                    return Some(format!("{}: you cannot defend.", p.name()));
                }
                h.defences
                    .can_defend(k, h.wielding(), ranged_incoming.get_untracked() && !pre)
                    .err()
            });
            if let Some(e) = refused {
                message.set(Some(e));
                return;
            }
        }
        // A target known to be hidden: only a luck shot, a d10 showing 10 first.
        if attack.is_some() && !reroll && peek(character, |h| h.situation.target_hidden) {
            let d10 = luck_shot(&mut CryptoRng);
            if d10 != 10 {
                let text = format!("Luck shot: the d10 shows {d10}, not 10: no attack roll.");
                let entry = LogEntry {
                    unknown: Default::default(),
                    time: now(),
                    what: format!("{} at a hidden target", s.title),
                    dice: format!("d10 {d10}"),
                    target: Some(10),
                    passed: Some(false),
                    outcome: text.clone(),
                };
                log_entry(character, entry);
                outcome.set(None);
                message.set(Some(text));
                return;
            }
        }
        let roll = roll_challenge(&mut CryptoRng, s.c, s.p);
        let title = s.title.clone();
        let o = edit_and_log(character, |h| {
            if charging.get_untracked() {
                h.defences.start_ongoing_action();
            }
            if reroll {
                let _ = pay_for_reroll(&mut h.willpower);
            }
            // A pre-rolled defence counts (its use, its fatigue) only when used.
            let (fatigue_failed, fatigue_raised) = if s.physical && !pre {
                let o = resolve_physical(&mut h.fatigue, &roll, None);
                (o.fatigue_failed, o.fatigue_raised)
            } else {
                (false, false)
            };
            if let RollKind::Defence(kind) = s.kind {
                if pre {
                    h.defences.pre_rolled = Some(PreRolled {
                        kind,
                        result: roll.result,
                        d6: roll.d6,
                        before_potential: roll.before_potential(),
                        physical: s.physical,
                    });
                } else {
                    h.defences.record(kind);
                }
            }
            let success = pre || (!fatigue_failed && against.succeeds(roll.result));
            let guard = match s.kind {
                RollKind::Defence(k)
                    if !pre && intercepting.get_untracked() && !h.situation.guarding.is_empty() =>
                {
                    h.situation.guarding.clear();
                    Some(guard_intercept(k, ranged_incoming.get_untracked(), success).to_string())
                }
                _ => None,
            };
            let hit = match (attack, against) {
                (
                    Some(with),
                    Against::Opponent {
                        result,
                        defending: false,
                    },
                ) => {
                    // A physical roll failed on fatigue: "the opponent does not have
                    // to defend", so it is a miss whatever the result.
                    let r = if fatigue_failed {
                        i32::MIN
                    } else {
                        roll.result
                    };
                    let hit = resolve(with, r, result, roll.d6, aim.get_untracked());
                    let mut text = hit.text(with);
                    if matches!(hit, Hit::Hit { .. } | Hit::Graze(_))
                        && aim.get_untracked().is_none()
                    {
                        text = format!("{text} (the d6 shows {})", roll.d6);
                    }
                    // Dual wielding: the second weapon rolls its own attack, with its
                    // own bonus, against the same target.
                    if let (AttackWith::Both(first, second), RollSource::Attack(_, n)) =
                        (with, &src_roll)
                    {
                        let scores = h.effective_attributes();
                        let cp = |a: &Ability| (a.consistency(), a.potential(&scores));
                        let a1 = h.ability(n).map(cp).unwrap_or_default();
                        let a2 = second
                            .abilities
                            .iter()
                            .find_map(|w| {
                                h.abilities.iter().find(|a| a.name.eq_ignore_ascii_case(w))
                            })
                            .map_or(a1, cp);
                        let (c2, p2) = second_roll(
                            (roll.consistency, roll.potential),
                            a1,
                            a2,
                            (first, second),
                        );
                        let r2 = roll_challenge(&mut CryptoRng, c2, p2);
                        // Physical like the first: fatigue can fail it, and its d6 can
                        // raise fatigue (still at most once a turn).
                        let failed = s.physical && h.fatigue.fails_outright(&r2);
                        if s.physical {
                            h.fatigue.after_physical_roll(r2.d6);
                        }
                        let w2 = AttackWith::Weapon(second);
                        let r = if failed { i32::MIN } else { r2.result };
                        let h2 = resolve(w2, r, result, r2.d6, aim.get_untracked());
                        text = format!(
                            "{text}. {} (C {}, P {}): {} → {}{}",
                            second.name,
                            num(c2),
                            num(p2),
                            dice_text(&r2),
                            h2.text(w2),
                            if failed { " (fails on fatigue)" } else { "" }
                        );
                    }
                    Some(text)
                }
                _ => guard,
            };
            let o = Outcome {
                hit: hit.clone(),
                roll: roll.clone(),
                against,
                success,
                fatigue_failed,
                fatigue_raised,
                fatigue_before: s.fatigue,
                fatigue_now: h.fatigue.current,
                reroll,
                pre,
            };
            let entry = LogEntry {
                unknown: Default::default(),
                time: now(),
                what: format!(
                    "{}{title} (C {}, P {}){}",
                    if reroll {
                        "Re-roll: "
                    } else if pre {
                        "Pre-rolled "
                    } else {
                        ""
                    },
                    num(roll.consistency),
                    num(roll.potential),
                    if pre {
                        String::new()
                    } else {
                        format!(" vs {}", against.label())
                    }
                ),
                dice: dice_text(&roll),
                target: (!pre).then_some(match against {
                    Against::Cr(n) => n,
                    Against::Opponent { result, .. } => result,
                }),
                passed: (!pre).then_some(success),
                outcome: format!(
                    "{}: {}{}{}",
                    if pre {
                        "Kept for the next attack"
                    } else {
                        verdict(&o)
                    },
                    roll.explain(),
                    fatigue_note(&o),
                    hit.map(|h| format!("; {h}")).unwrap_or_default()
                ),
            };
            (o, Some(entry))
        });
        message.set(None);
        outcome.set(Some(o));
        // The result is drawn under the button; bring it into view (on a phone the
        // panel scrolls), its bottom edge at the bottom of what is visible. (The panel
        // may have been closed before the frame: then there is nothing to show.)
        request_animation_frame(move || {
            if let Some(el) = result_box.try_get_untracked().flatten() {
                el.scroll_into_view_with_bool(false);
            }
        });
    });

    let heading = NodeRef::<leptos::html::H2>::new();
    Effect::new(move |_| {
        if let Some(el) = heading.get() {
            let _ = el.focus();
        }
    });
    let close = move || panel.source.set(None);
    let title = source.label();
    let is_attribute = matches!(source, RollSource::Attribute(_));
    let melee = attack.is_some_and(|a| match a {
        AttackWith::Weapon(w) | AttackWith::Both(w, _) => w.is_melee(),
        AttackWith::Brawl(_) => true,
    });
    let willpower = move || read(character, |h| h.willpower.current);

    let mode_radio = move |m: Mode, id: &'static str, text: &'static str| {
        view! {
            <label class="check" for=id>
                <input
                    type="radio"
                    id=id
                    name="heimr-roll-against"
                    prop:checked=move || mode.get() == m
                    on:change=move |_| {
                        mode.set(m);
                        outcome.set(None);
                    }
                />
                {text}
            </label>
        }
    };

    view! {
        <div
            class="dice-panel card"
            id="heimr-dice-panel"
            role="dialog"
            aria-modal="false"
            aria-labelledby="heimr-dice-panel-title"
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                if ev.key() == "Escape" {
                    close();
                }
            }
        >
            <div class="panel-head">
                <h2 id="heimr-dice-panel-title" tabindex="-1" node_ref=heading>{format!("Roll {title}")}</h2>
                <button type="button" class="close" id="heimr-dice-panel-close" aria-label="Close the dice panel" on:click=move |_| close()>"×"</button>
            </div>
            <div class="panel-values">
                <p class="panel-cp">
                    <span class="panel-c" id="heimr-panel-c">{move || format!("C {}", num(current.get().c))}</span>
                    <span class="panel-p" id="heimr-panel-p">{move || format!("P {}", num(current.get().p))}</span>
                    {move || current.get().physical.then(|| view! {
                        <span class="panel-physical">{format!("Physical: fatigue {}", current.get().fatigue)}</span>
                    })}
                </p>
                <p class="breakdown" id="heimr-panel-c-how">{move || current.get().c_text}</p>
                <p class="breakdown" id="heimr-panel-p-how">{move || current.get().p_text}</p>
            </div>
            <div class="panel-inputs">
                {is_attribute.then(|| view! {
                    <NumberField
                        id="heimr-panel-attr-c"
                        label="Consistency (set by the GM)"
                        value=Signal::derive(move || attr_c.get())
                        min=-(MAX_DICE as i64)
                        max=MAX_DICE as i64
                        on_set=Callback::new(move |n| { attr_c.set(n); outcome.set(None); })
                    />
                })}
                <NumberField
                    id="heimr-panel-penalty"
                    label="Situational penalty (lowers C)"
                    value=Signal::derive(move || penalty.get())
                    min=-(MAX_DICE as i64)
                    max=MAX_DICE as i64
                    on_set=Callback::new(move |n| { penalty.set(n); outcome.set(None); })
                />
                {attack.map(|with| {
                    let warn = move || read(character, |h| warnings(with, h.picked_shield()));
                    view! {
                        <div class="field">
                            <label for="heimr-panel-aim">"Aim at"</label>
                            <select
                                id="heimr-panel-aim"
                                on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    aim.set(BodyPart::ALL.into_iter().find(|p| p.name() == v));
                                    outcome.set(None);
                                }
                            >
                                <option value="" selected=true>"Anywhere (the d6 decides)"</option>
                                {BodyPart::ALL.into_iter().map(|p| view! {
                                    <option value=p.name()>{format!("{} (C −{AIMED_ATTACK_C_PENALTY})", p.name())}</option>
                                }).collect_view()}
                            </select>
                        </div>
                        <ul class="panel-warnings">
                            {move || warn().into_iter().map(|w| view! { <li class="warning">{w}</li> }).collect_view()}
                        </ul>
                    }
                })}
                {is_defence.then(|| view! {
                    {check("heimr-panel-ranged", "The attack is ranged (no parry)", ranged_incoming)}
                    {peek(character, |h| !h.situation.guarding.is_empty()).then(|| check(
                        "heimr-panel-intercept",
                        "Intercepting for the one you guard (the guard ends)",
                        intercepting,
                    ))}
                })}
                {melee.then(|| check("heimr-panel-charge", "Charge (an ongoing action; P +2 when hidden)", charging))}
                {(!is_defence && attack.is_none()).then(|| view! {
                    <div class="field">
                        <label for="heimr-panel-roll-for">"Roll for"</label>
                        <select
                            id="heimr-panel-roll-for"
                            on:change=move |ev| {
                                roll_for.set(match event_target_value(&ev).as_str() {
                                    "melee" => RollFor::Melee,
                                    "ranged" => RollFor::Ranged,
                                    _ => RollFor::Other,
                                });
                                outcome.set(None);
                            }
                        >
                            <option value="other" selected=true>"No attack"</option>
                            <option value="melee">"Melee attack"</option>
                            <option value="ranged">"Ranged attack"</option>
                        </select>
                        <p class="field-error"></p>
                    </div>
                })}
                <fieldset class="against">
                    <legend>"Against"</legend>
                    {mode_radio(Mode::Cr, "heimr-against-cr", "A challenge requirement (CR)")}
                    {mode_radio(Mode::Attacking, "heimr-against-defence", "An opponent's defence (it wins ties)")}
                    {mode_radio(Mode::Defending, "heimr-against-attack", "An opponent's attack (you win ties)")}
                </fieldset>
                {move || if mode.get() == Mode::Cr {
                    view! {
                        <NumberField
                            id="heimr-panel-cr"
                            label="CR"
                            value=Signal::derive(move || cr.get())
                            min=-99
                            max=99
                            on_set=Callback::new(move |n| { cr.set(n); outcome.set(None); })
                        />
                    }.into_any()
                } else {
                    view! {
                        <NumberField
                            id="heimr-panel-opponent"
                            label="Opponent's result"
                            value=Signal::derive(move || opponent.get())
                            min=-99
                            max=99
                            on_set=Callback::new(move |n| { opponent.set(n); outcome.set(None); })
                        />
                    }.into_any()
                }}
            </div>
            <p class="chance" id="heimr-panel-chance">
                "Chance of success: "
                <strong class="chance-percent">{move || chance().0}</strong>
                " "
                <span class="chance-exact">{move || format!("(exactly {})", chance().1)}</span>
            </p>
            <div class="button-row">
                <button type="button" class="primary roll-now" id="heimr-roll-now" on:click=move |_| do_roll.run((false, false))>
                    {format!("Roll {title}")}
                </button>
                {is_defence.then(|| view! {
                    <button type="button" id="heimr-pre-roll" on:click=move |_| do_roll.run((false, true))>
                        "Pre-roll for the next attack"
                    </button>
                })}
            </div>
            <div class="hroll-result" id="heimr-roll-result" role="status" aria-live="polite" node_ref=result_box>
                {move || outcome.get().map(|o| {
                    let failed_cr = !o.success && !o.pre && matches!(o.against, Against::Cr(_));
                    view! {
                        <div class="hroll-outcome" data-success=o.success.to_string() data-reroll=o.reroll.to_string()>
                            {o.reroll.then(|| view! { <p class="hint">"Re-rolled for 1 willpower."</p> })}
                            <DiceFaces roll=o.roll.clone()/>
                            <p class="hroll-total">"Result " <strong class="result-number">{num(o.roll.result)}</strong></p>
                            <p class="verdict" class:verdict-pass=o.success class:verdict-fail=!o.success>
                                {if o.pre { "Pre-rolled: use it on the Defences card when the attack comes".to_string() } else { format!("{}: {}", verdict(&o), o.against.label()) }}
                            </p>
                            {o.hit.clone().map(|h| view! { <p class="hit-text" id="heimr-hit-text">{h}</p> })}
                            {(o.fatigue_failed || o.fatigue_raised).then(|| view! {
                                <p class="fatigue-note">{fatigue_note(&o).trim_start_matches("; ").to_string()}</p>
                            })}
                            {failed_cr.then(|| view! {
                                <div class="button-row">
                                    <button type="button" id="heimr-reroll" on:click=move |_| do_roll.run((true, false))>
                                        {move || format!("Re-roll for 1 willpower (you have {})", willpower())}
                                    </button>
                                </div>
                            })}
                        </div>
                    }
                })}
            </div>
            <p class="field-error panel-message" id="heimr-panel-message" role="alert">{move || message.get()}</p>
        </div>
    }
}

/// A checkbox for one of the panel's own switches.
fn check(id: &'static str, text: &'static str, on: RwSignal<bool>) -> impl IntoView {
    view! {
        <label class="check" for=id>
            <input
                type="checkbox"
                id=id
                prop:checked=move || on.get()
                on:change=move |ev| on.set(event_target_checked(&ev))
            />
            {text}
        </label>
    }
}

fn against_untracked(mode: RwSignal<Mode>, cr: RwSignal<i64>, opponent: RwSignal<i64>) -> Against {
    match mode.get_untracked() {
        Mode::Cr => Against::Cr(cr.get_untracked() as i32),
        Mode::Attacking => Against::Opponent {
            result: opponent.get_untracked() as i32,
            defending: false,
        },
        Mode::Defending => Against::Opponent {
            result: opponent.get_untracked() as i32,
            defending: true,
        },
    }
}

fn verdict(o: &Outcome) -> &'static str {
    match (o.against, o.success) {
        (Against::Cr(_), true) => "Pass",
        (Against::Cr(_), false) => "Fail",
        (_, true) => "Win",
        (_, false) => "Lose",
    }
}

/// "; fatigue 5: 3 before potential is below it, fails outright; fatigue rose to 6".
fn fatigue_note(o: &Outcome) -> String {
    let mut s = String::new();
    if o.fatigue_failed {
        s.push_str(&format!(
            "; fatigue {}: {} before potential is below it, fails outright",
            o.fatigue_before,
            o.roll.before_potential()
        ));
    }
    if o.fatigue_raised {
        s.push_str(&format!(
            "; the d6 was below fatigue: fatigue rose to {}",
            o.fatigue_now
        ));
    }
    s
}

#[component]
pub fn DicePanel(character: Live) -> impl IntoView {
    let panel = expect_context::<Panel>();
    move || {
        panel
            .source
            .get()
            .map(|source| view! { <PanelBody character source/> })
    }
}
