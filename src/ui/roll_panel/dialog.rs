//! The panel itself: a modal `<dialog>` (a sheet at the bottom on phones) made of the
//! parts beside this file, the roll (through `model::play::test_roll`), and what the
//! roll leads to.

use super::aim::AimFields;
use super::circumstances::{Circumstances, ConditionsInForce};
use super::defense_hit::DefenseHit;
use super::form::{Form, Missing, Spec, AIMS, OPPONENT_ID, RESISTANCE_ID};
use super::group_sneak::{GroupSneak, PARTY_ID};
use super::modifier::{AgainstOpponent, ModifierChoice};
use super::outcome::{RollResult, Summary};
use super::own_modifiers::OwnModifiers;
use super::rolls::{RollKind, Rolls};
use super::target_armor::{TargetArmor, TARGET_ARMOR_ID};
use super::target_robust::TargetRobust;
use crate::model::play::test_roll::{self as play, Test, TestRolled};
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::combat::Aim;
use crate::rules::symbaroum::derived::{fmt_signed, Derived};
use crate::rules::symbaroum::experience::{reroll_offer, RollKind as XpRoll};
use crate::rules::symbaroum::maneuvers::Follow;
use crate::rules::symbaroum::roll_input::announcement;
use crate::rules::symbaroum::success::format_percent;
use crate::rules::symbaroum::turn::ATTACK;
use crate::rules::symbaroum::Attr;
use crate::ui::clock::now;
use crate::ui::focus::call_on;
use crate::ui::focus::{focus_id, reveal};
use crate::ui::parts::{apply, reroll_row, Changes};
use crate::ui::Live;
use leptos::prelude::*;

const PANEL_ID: &str = "roll-panel";

#[component]
pub(super) fn RollDialog(
    character: Live,
    derived: Memo<Derived>,
    rolls: Rolls,
    kind: RollKind,
) -> impl IntoView {
    let form = Form::new(character, derived, rolls, kind);
    let spec = Memo::new(move |_| form.work_out());
    provide_context(form);
    provide_context(Spec(spec));
    let test = form.set_test;
    let last = form.last;
    let announce = RwSignal::new(String::new());
    let count = RwSignal::new(0u32);

    // Re-roll for Experience: once per roll, 1 XP, within the table's choices.
    let reroll_state = move || {
        let out = last.get()?;
        let roll = match kind {
            RollKind::Defense => XpRoll::Defense {
                fumbled: out.kept == 20,
            },
            _ => XpRoll::Success,
        };
        character.advance().with(|a| {
            let rules = a.reroll;
            let rerolled = form.rerolled.get();
            rules
                .enabled
                .then(|| reroll_offer(rules, roll, rerolled, a.totals().unspent))
        })
    };

    let do_roll = move |reroll: bool| match spec.get_untracked() {
        Err(missing) => {
            form.tried.set(true);
            focus_id(match missing {
                Missing::Opponent => OPPONENT_ID,
                Missing::Resistance => RESISTANCE_ID,
                Missing::Party => PARTY_ID,
            });
        }
        Ok(spec) => {
            // An attack with a weapon: a target's armor that cannot be read is not
            // rolled (its message is at the field).
            let target_armor = match form.weapon.with_untracked(Option::is_some) {
                false => None,
                true => match form.target_armor_value() {
                    Ok(armor) => armor,
                    Err(_) => {
                        focus_id(TARGET_ARMOR_ID);
                        return;
                    }
                },
            };
            // The target's Pain Threshold goes with the aim (Normal without Hit
            // Locations): the play layer judges the pain either way.
            let hit_locations = untrack(|| form.hit_locations());
            let aim = (hit_locations || form.weapon.with_untracked(Option::is_some)).then(|| {
                let aim = if hit_locations {
                    AIMS[form.aim.get_untracked()].1
                } else {
                    Aim::Normal
                };
                (aim, form.target_pt_value())
            });
            let free = form.free_attack.get_untracked();
            let ready = free
                && form.weapons_ready.get_untracked()
                && form
                    .weapon
                    .with_untracked(|w| w.as_ref().is_some_and(|w| w.reaches()));
            let follow = test.map(|t| t.follow).unwrap_or(Follow::Nothing);
            let set_up = Test {
                spec,
                weapon: form.weapon.get_untracked(),
                maneuver: form.group_name().or(test.map(|t| t.name.to_string())).or(
                    match (ready, free) {
                        (true, _) => Some(play::WEAPONS_READY.into()),
                        (_, true) => Some("Free Attack".into()),
                        _ => None,
                    },
                ),
                follow,
                aim,
                target_armor,
                reroll,
                // An Attack in the character's own turn spends its Combat Action.
                spends: (kind == RollKind::Attack && test.is_none() && !free).then_some(ATTACK),
            };
            // The log changes; the ledger for a re-roll, the fight for what follows.
            let mut changed = vec![Changes::RollLog];
            if reroll {
                changed.push(Changes::Advance);
            }
            if follow != Follow::Nothing || set_up.spends.is_some() {
                changed.push(Changes::Combat);
            }
            let TestRolled {
                outcome,
                what,
                damage,
                located,
                after,
            } = apply(character, &changed, |c| {
                play::roll(c, set_up, &mut CryptoRng, now())
            });
            form.located.set(located);
            form.damage.set(damage);
            form.rerolled.set(reroll);
            form.hit_done.set(None);
            form.after.set(after);
            count.update(|n| *n += 1);
            let n = count.get_untracked();
            let sentence = announcement(&what, &outcome);
            announce.set(if n > 1 {
                format!("Roll {n}: {sentence}")
            } else {
                sentence
            });
            let failed_defense = kind == RollKind::Defense && !outcome.passed;
            last.set(Some(outcome));
            reveal("roll-result");
            // What the roll leads to (and its next step's button) is under the result.
            reveal("roll-after");
            // A failed Defense: the incoming damage and Take hit, in view on a phone.
            if failed_defense {
                reveal("roll-take-hit");
            }
        }
    };

    let close = move || {
        call_on(PANEL_ID, "close", None);
        rolls.closed();
    };

    // Open as a modal dialog once it is in the page: the rest of the sheet is inert,
    // Escape closes it, and focus starts inside.
    Effect::new(move |_| call_on(PANEL_ID, "showModal", None));

    let title = move || {
        let t = kind.title(form.l(), form.attack_attr());
        let t = match form.weapon.get() {
            Some(w) => format!("{t} with {}", w.name),
            None => t,
        };
        match test {
            Some(m) => format!("{}: {t}", m.name),
            None => t,
        }
    };
    let is_attr = matches!(kind, RollKind::Attr(_));
    let bar_numbers = move || match spec.get() {
        Ok(s) => format!(
            "Target {} · chance {}",
            fmt_signed(s.target()),
            format_percent(s.chance())
        ),
        Err(_) => "No target yet".to_string(),
    };

    view! {
        <dialog
            id=PANEL_ID
            class="roll-panel"
            aria-labelledby="roll-title"
            on:close=move |_| rolls.closed()
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    ev.prevent_default();
                    close();
                }
            }
        >
            <form
                class="roll-form"
                novalidate=true
                on:submit=move |ev| {
                    ev.prevent_default();
                    do_roll(false);
                }
            >
                <header class="roll-header">
                    <h2 id="roll-title">{title}</h2>
                    <button type="button" class="close" id="roll-x" aria-label="Close" on:click=move |_| close()>"×"</button>
                </header>
                {if is_attr { view! { <ModifierChoice/> }.into_any() } else { view! { <AgainstOpponent/> }.into_any() }}
                {test.and_then(|t| t.robust).map(|bonus| view! { <TargetRobust bonus/> })}
                {test.is_some_and(|t| t.follow == Follow::Sneak).then(|| view! { <GroupSneak/> })}
                <Circumstances/>
                <ConditionsInForce/>
                <OwnModifiers/>
                <Show when=move || form.weapon.with(Option::is_some)>
                    <TargetArmor/>
                </Show>
                <Show when=move || form.hit_locations() || form.weapon.with(Option::is_some)>
                    <AimFields/>
                </Show>
                <Summary/>
                <RollResult/>
                <DefenseHit/>
                {move || form.after.get().map(|text| view! {
                    <div class="roll-after" id="roll-after" role="status">
                        <p>{text}</p>
                        {(test.is_some_and(|t| t.follow == Follow::Sneak) && last.with(|o| o.as_ref().is_some_and(|o| o.passed))).then(|| view! {
                            <button type="button" id="attack-unaware" on:click=move |_| rolls.attack_unaware()>"Attack the unaware target"</button>
                        })}
                        {test.is_some_and(|t| t.follow == Follow::ThenAgility).then(|| view! {
                            <button type="button" on:click=move |_| rolls.open(RollKind::Attr(Attr::Agility))>
                                {move || format!("{} test", form.l().attr(Attr::Agility))}
                            </button>
                        })}
                    </div>
                })}
                {move || reroll_state().map(|offer| reroll_row("roll-reroll", "Re-roll for 1 XP", offer, move || do_roll(true)))}
                <p id="roll-announcer" class="sr-only" role="status" aria-live="polite">{move || announce.get()}</p>
                <div class="roll-actions">
                    // The target and the chance stay beside Roll while the panel scrolls
                    // (the summary above says them to a screen reader).
                    <p class="roll-bar-numbers" aria-hidden="true">{bar_numbers}</p>
                    <button type="submit" class="primary" id="roll-go">
                        {move || if last.with(Option::is_some) { "Roll again" } else { "Roll" }}
                    </button>
                    <button type="button" id="roll-close" on:click=move |_| close()>"Close"</button>
                </div>
            </form>
        </dialog>
    }
}
