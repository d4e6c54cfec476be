//! The dice panel: consistency and potential with how they are reached, a
//! situational penalty, a CR or an opponent's result, the exact chance before
//! rolling, then every die, the result, pass or fail, and a re-roll for willpower.

use super::dice_faces::DiceFaces;
use super::state::{edit_and_log, peek, read, Panel, RollSource};
use crate::model::play::heimr_roll::{self as play, setup, Inputs, Outcome, RollFor, Rolled};
use crate::rules::heimr::attack::{warnings, AttackWith};
use crate::rules::heimr::challenge::{success_probability, Against};
use crate::rules::heimr::dice::MAX_DICE;
use crate::rules::heimr::injuries::{BodyPart, AIMED_ATTACK_C_PENALTY};
use crate::rules::heimr::num;
use crate::ui::focus::call_on;
use crate::ui::number_field::NumberField;
use crate::ui::random::{now, CryptoRng};
use crate::ui::Live;
use leptos::prelude::*;

const PANEL_ID: &str = "heimr-dice-panel";

/// The opponent's result box shows empty for this: not typed yet.
const NOT_TYPED: i64 = i64::MIN;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Cr,
    Attacking,
    Defending,
}

#[component]
fn PanelBody(character: Live, source: RollSource) -> impl IntoView {
    let panel = expect_context::<Panel>();
    let penalty = RwSignal::new(0i64);
    let attr_c = RwSignal::new(0i64);
    let cr = RwSignal::new(panel.cr.get_untracked());
    let opponent = panel.opponent;
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

    // What the roll is against, and everything else the player has set (read where it
    // is called: tracked in the memo, untracked in a roll). The set-up does not depend
    // on what the roll is against, so typing the CR does not work it out again.
    // None while the opponent's result is not typed yet.
    let against = move || match mode.get() {
        Mode::Cr => Some(Against::Cr(cr.get() as i32)),
        Mode::Attacking => opponent.get().map(|r| Against::Opponent {
            result: r as i32,
            defending: false,
        }),
        Mode::Defending => opponent.get().map(|r| Against::Opponent {
            result: r as i32,
            defending: true,
        }),
    };
    let src = StoredValue::new(source.clone());
    let set_up = move || Inputs {
        source: src.get_value(),
        penalty: penalty.get() as i32,
        attr_c: attr_c.get() as i32,
        roll_for: roll_for.get(),
        aim: aim.get(),
        ranged_in: ranged_incoming.get(),
        charging: charging.get(),
        intercepting: false,
        against: Against::Cr(0),
    };
    let inputs = move || {
        against().map(|against| Inputs {
            intercepting: intercepting.get(),
            against,
            ..set_up()
        })
    };
    let current = Memo::new(move |_| {
        let i = set_up();
        read(character, |h| setup(h, &i))
    });
    // (the percentage, the exact fraction), once there is something to roll against.
    let chance = move || {
        let s = current.get();
        against().map(|a| {
            let p = success_probability(s.c, s.p, a, s.physical.then_some(s.fatigue));
            (
                p.percent_text(),
                format!("{}/{}", p.numerator, p.denominator),
            )
        })
    };

    let result_box = NodeRef::<leptos::html::Div>::new();
    // (re-roll for willpower, pre-roll a defence)
    let do_roll = Callback::new(move |(reroll, pre): (bool, bool)| {
        // What cannot be rolled is said first; then a roll against an opponent waits
        // for their result (a pre-rolled defence is rolled before the attack is known).
        let i = untrack(inputs).unwrap_or_else(|| Inputs {
            intercepting: intercepting.get_untracked(),
            ..untrack(set_up)
        });
        if let Some(why) = peek(character, |h| play::refused(h, &i, reroll, pre)) {
            message.set(Some(why));
            return;
        }
        if !pre && untrack(against).is_none() {
            message.set(Some("Type the opponent's result first.".into()));
            return;
        }
        let rolled = edit_and_log(character, |h| {
            match play::roll(h, &i, reroll, pre, &mut CryptoRng, now()) {
                Rolled::Done(o, entry) => (Ok(o), Some(entry)),
                Rolled::LuckShotMissed { text, entry } => (Err(text), Some(entry)),
                Rolled::Refused(why) => (Err(why), None),
            }
        });
        let o = match rolled {
            Ok(o) => o,
            Err(text) => {
                outcome.set(None);
                message.set(Some(text));
                return;
            }
        };
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

    // Open as a modal dialog once it is in the page, as the Symbaroum family's roll
    // panel: the rest of the sheet is inert, Escape closes it, and focus starts on
    // its title (then returns to the die that opened it).
    let heading = NodeRef::<leptos::html::H2>::new();
    Effect::new(move |_| {
        if let Some(el) = heading.get() {
            call_on(PANEL_ID, "showModal", None);
            let _ = el.focus();
        }
    });
    let close = move || call_on(PANEL_ID, "close", None);
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
        <dialog
            class="dice-panel card"
            id=PANEL_ID
            aria-labelledby="heimr-dice-panel-title"
            on:close=move |_| panel.closed()
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                if ev.key() == "Escape" {
                    ev.prevent_default();
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
                            value=Signal::derive(move || opponent.get().unwrap_or(NOT_TYPED))
                            empty_as=NOT_TYPED
                            min=-99
                            max=99
                            on_set=Callback::new(move |n| { opponent.set(Some(n)); outcome.set(None); message.set(None); })
                        />
                    }.into_any()
                }}
            </div>
            <p class="chance" id="heimr-panel-chance">
                {move || match chance() {
                    Some((percent, exact)) => view! {
                        "Chance of success: "
                        <strong class="chance-percent">{percent}</strong>
                        " "
                        <span class="chance-exact">{format!("(exactly {exact})")}</span>
                    }.into_any(),
                    None => view! { <span class="hint">"Type the opponent's result to see the chance."</span> }.into_any(),
                }}
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
                                {if o.pre { "Pre-rolled: use it on the Defences card when the attack comes".to_string() } else { format!("{}: {}", o.verdict(), o.against.label()) }}
                            </p>
                            {o.hit.clone().map(|h| view! { <p class="hit-text" id="heimr-hit-text">{h}</p> })}
                            {(o.fatigue_failed || o.fatigue_raised).then(|| view! {
                                <p class="fatigue-note">{o.fatigue_note().trim_start_matches("; ").to_string()}</p>
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
        </dialog>
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

/// How the panel itself is drawn: from a chunk of its own in the app (`ui::chunks`),
/// fetched in idle time once the sheet is drawn or when a roll first opens it;
/// directly with [`DICE_PANEL_HERE`] (the component tests).
pub type DrawDice = fn(Live, RollSource) -> AnyView;

/// The panel drawn directly.
pub const DICE_PANEL_HERE: DrawDice = dice_panel;

/// The panel for a roll of `source`.
pub fn dice_panel(character: Live, source: RollSource) -> AnyView {
    view! { <PanelBody character source/> }.into_any()
}

/// The panel, while open.
#[component]
pub fn DicePanel(character: Live, dice: DrawDice) -> impl IntoView {
    let panel = expect_context::<Panel>();
    move || panel.source.get().map(|source| dice(character, source))
}
