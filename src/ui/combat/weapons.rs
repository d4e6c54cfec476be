//! Weapons: damage dice, qualities, ranged, held / sheathed / packed; roll damage
//! (with Advantage: +1d4) into the roll log.

use crate::model::pack::take::{List, Pick};
use crate::model::play::fight;
use crate::model::CharacterStoreFields;
use crate::rules::dice::CryptoRng;
use crate::rules::symbaroum::combat::{Weapon, WeaponQuality as Q, WeaponState as S};
use crate::rules::symbaroum::dice_notation::{parse_dice, DiceExpr};
use crate::rules::symbaroum::experience::{reroll_offer, RollKind as XpRoll};
use crate::rules::symbaroum::{labels, Attr};
use crate::ui::clock::now;
use crate::ui::long_list::{Keyed, KeyedRows, RowKey};
use crate::ui::pack_pick::PackPick;
use crate::ui::parts::{
    all_ok, apply, check, combat_row, dice_error, edit, edit_row, full_error, name_error,
    remove_button, remove_row, reroll_row, Changes, Draft, Field,
};
use crate::ui::Live;
use leptos::prelude::*;

static QUALITIES: [Q; 8] = [
    Q::Long,
    Q::Short,
    Q::Heavy,
    Q::Massive,
    Q::Wrecking,
    Q::Balanced,
    Q::DeepImpact,
    Q::Precise,
];
static STATES: [(S, &str, &str); 3] = [
    (S::Held, "held", "Held"),
    (S::Sheathed, "sheathed", "Sheathed"),
    (S::Packed, "packed", "Packed"),
];

/// The last damage roll, for Re-roll for Experience: the weapon, the dice (with
/// Advantage if it had it), and whether it was already re-rolled.
#[derive(Clone)]
pub struct LastDamage {
    text: String,
    name: String,
    expr: DiceExpr,
    rerolled: bool,
}

/// Rolls damage into the log; a re-roll spends 1 Experience first (the ledger and the
/// log both show it).
fn roll_damage(
    character: Live,
    last: RwSignal<Option<LastDamage>>,
    name: String,
    expr: DiceExpr,
    reroll: bool,
) {
    // The log changes, and the ledger for a re-roll.
    let changed: &[Changes] = if reroll {
        &[Changes::RollLog, Changes::Advance]
    } else {
        &[Changes::RollLog]
    };
    let text = apply(character, changed, |c| {
        fight::roll_damage(c, &name, &expr, reroll, &mut CryptoRng, now())
    });
    last.set(Some(LastDamage {
        text,
        name,
        expr,
        rerolled: reroll,
    }));
}

#[component]
fn WeaponRow(
    character: Live,
    /// The row's weapon, by id (the row follows it wherever it moves in the list).
    key: RowKey,
    keyed: Keyed,
    last: RwSignal<Option<LastDamage>>,
) -> impl IntoView {
    let w = combat_row(character, keyed, key, |c| &c.weapons);
    let get = move |f: fn(&Weapon) -> bool| w.with(|w| w.as_ref().is_some_and(f));
    let upd = move |f: Box<dyn FnOnce(&mut Weapon)>| {
        edit_row(character, keyed, key, |c| &mut c.weapons, f)
    };
    // Element ids follow the weapon, not its place in the list.
    let i = match key {
        (id, 0) => id.to_string(),
        (id, n) => format!("{id}-{n}"),
    };
    let (name, damage) = w.with_untracked(|w| {
        w.as_ref()
            .map(|w| (w.name.clone(), w.damage.clone()))
            .unwrap_or_default()
    });
    let adv = RwSignal::new(false);
    let others = move || {
        w.with(|w| {
            let o: Vec<&str> = w
                .iter()
                .flat_map(|w| &w.qualities)
                .filter(|q| matches!(q, Q::Other(_)))
                .map(Q::name)
                .collect();
            o.join(", ")
        })
    };
    let l = move || labels(character.ruleset().get());
    // What the checked qualities do, for those with a rule (the rest are labels).
    let rules = move || {
        w.with(|w| {
            w.iter()
                .flat_map(|w| &w.qualities)
                .filter_map(|q| q.rule(l()).map(|r| (q.name().to_string(), r)))
                .collect::<Vec<_>>()
        })
    };
    // The line's rest: " · Long, Deep Impact · Might · ranged · sheathed".
    let summary = move || {
        w.with(|w| {
            let Some(w) = w else { return String::new() };
            let mut s = String::new();
            let qualities: Vec<&str> = w.qualities.iter().map(Q::name).collect();
            if !qualities.is_empty() {
                s.push_str(&format!(" · {}", qualities.join(", ")));
            }
            if w.attack_attr() != Attr::Exactitude {
                s.push_str(&format!(" · {}", l().attr(w.attack_attr())));
            }
            if w.ranged {
                s.push_str(" · ranged");
            }
            if let Some(&(_, _, label)) = STATES.iter().find(|x| x.0 == w.state) {
                s.push_str(&format!(" · {}", label.to_lowercase()));
            }
            s
        })
    };
    // As a hit with it rolls it: the abilities' changes first (a Long weapon's larger
    // die, a pack entry's extra dice), then Advantage's +1d4.
    let roll = move |_| {
        let advantage = adv.get_untracked();
        let rolled = apply(character, &[Changes::RollLog], |c| {
            fight::roll_weapon_damage(c, key.0, advantage, &mut CryptoRng, now())
        });
        if let Some((text, name, expr)) = rolled {
            last.set(Some(LastDamage {
                text,
                name,
                expr,
                rerolled: false,
            }));
        }
    };
    view! {
        <li class="weapon-row item-row">
            // One line of what matters in play; tapping it opens the editor.
            <details class="row-editor">
            <summary class="item-head">
                <strong>{name.clone()}</strong>" "<span class="item-dice">{damage.to_string()}</span>
                <span class="item-dice">{summary}</span>
            </summary>
            <div class="item-checks">
                {QUALITIES
                    .iter()
                    .map(|q| check(
                        "weapon-quality",
                        q.name(),
                        move || w.with(|w| w.as_ref().is_some_and(|w| w.has(q))),
                        move |on| upd(Box::new(move |w| {
                            w.qualities.retain(|x| x != q);
                            if on {
                                w.qualities.push(q.clone());
                            }
                        })),
                    ))
                    .collect_view()}
            </div>
            <input
                type="text"
                class="weapon-other"
                maxlength="200"
                aria-label=format!("Other qualities of {name}")
                placeholder="Other qualities, comma-separated"
                prop:value=others
                on:change=move |ev| {
                    let t = event_target_value(&ev);
                    upd(Box::new(move |w| {
                        w.qualities.retain(|q| !matches!(q, Q::Other(_)));
                        w.qualities.extend(
                            t.split(',').map(str::trim).filter(|s| !s.is_empty()).take(10).map(|s| Q::Other(s.chars().take(40).collect())),
                        );
                    }))
                }
            />
            <ul class="quality-rules">
                {move || rules().into_iter().map(|(q, r)| view! {
                    <li><strong>{q}</strong>": "{r}</li>
                }).collect_view()}
            </ul>
            <div class="field weapon-note">
                <label for=format!("weapon-note-{i}")>"Note"</label>
                <input
                    type="text"
                    id=format!("weapon-note-{i}")
                    aria-label=format!("Note on {name}")
                    maxlength="2000"
                    placeholder="What its other qualities do"
                    prop:value=move || w.with(|w| w.as_ref().map(|w| w.note.clone()).unwrap_or_default())
                    on:change=move |ev| {
                        let t: String = event_target_value(&ev).trim().chars().take(2000).collect();
                        upd(Box::new(move |w| w.note = t));
                    }
                />
            </div>
            <div class="field weapon-attr">
                <label for=format!("weapon-attr-{i}")>"Attacks with"</label>
                <select
                    id=format!("weapon-attr-{i}")
                    aria-label=format!("{name} attacks with")
                    on:change=move |ev| {
                        let a = Attr::from_key(&event_target_value(&ev));
                        upd(Box::new(move |w| w.attack_with = a.filter(|a| *a != Attr::Exactitude)));
                    }
                >
                    {move || Attr::ALL.into_iter().map(|a| view! {
                        <option value=a.key() selected=move || w.with(|w| w.as_ref().is_some_and(|w| w.attack_attr() == a))>
                            {l().attr(a)}
                        </option>
                    }).collect_view()}
                </select>
            </div>
            <div class="item-controls">
                {check("weapon-ranged", "Ranged", move || get(|w| w.ranged), move |on| upd(Box::new(move |w| w.ranged = on)))}
                <select
                    class="weapon-state"
                    aria-label=format!("Where {name} is")
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(&(s, _, _)) = STATES.iter().find(|x| x.1 == v) {
                            upd(Box::new(move |w| w.state = s));
                        }
                    }
                >
                    {STATES
                        .iter()
                        .map(|&(s, key, label)| view! {
                            <option value=key selected=move || w.with(|w| w.as_ref().is_some_and(|w| w.state == s))>{label}</option>
                        })
                        .collect_view()}
                </select>
                {check("weapon-advantage", "Advantage (+1d4)", move || adv.get(), move |on| adv.set(on))}
                <button type="button" class="weapon-roll primary" on:click=roll>"Roll damage"</button>
                {remove_button("weapon-remove", &name, move || remove_row(character, keyed, key, |c| &mut c.weapons))}
            </div>
            </details>
        </li>
    }
}

#[component]
pub fn WeaponsCard(character: Live) -> impl IntoView {
    // Each weapon by id, for the keyed list.
    let keyed = Keyed::new(move || {
        character
            .combat()
            .with(|c| c.weapons.iter().map(|w| w.id).collect())
    });
    let len = Memo::new(move |_| keyed.keys.with(Vec::len));
    let last = RwSignal::new(None::<LastDamage>);
    // Re-roll for Experience: offered under the last damage roll when the table uses it.
    let reroll_state = move || {
        let done = last.with(|l| l.as_ref().map(|l| l.rerolled))?;
        character.advance().with(|a| {
            let rules = a.reroll;
            rules
                .enabled
                .then(|| reroll_offer(rules, XpRoll::Damage, done, a.totals().unspent))
        })
    };
    let reroll = move || {
        if let Some(l) = last.get_untracked() {
            roll_damage(character, last, l.name, l.expr, true);
        }
    };
    let name = Draft::new("", name_error);
    let damage = Draft::new("", dice_error);
    // An entry picked from a campaign pack, while the name is still its name.
    let taken = PackPick::<Weapon>::new(name.text);
    let pick = Callback::new(move |p: Pick| {
        if let Pick::Weapon(w) = p {
            damage.text.set(w.damage.to_string());
            taken.set(w);
        }
    });
    let add = move || {
        if !all_ok(&[name, damage]) {
            return;
        }
        if let Some(e) = full_error(len.get_untracked(), "weapons") {
            name.error.set(Some(e));
            return;
        }
        let Ok(d) = parse_dice(&damage.get()) else {
            return;
        };
        // A copy of the pack's entry keeps its qualities, note and the entry it remembers.
        let mut w = taken
            .get_untracked()
            .unwrap_or_else(|| Weapon::new(name.get(), d.clone()));
        w.damage = d;
        edit(character, |c| c.add_weapon(w));
        taken.clear();
        name.reset("");
        damage.reset("");
    };
    view! {
        <section class="card combat-list" aria-labelledby="weapons-heading">
            <h2 id="weapons-heading">"Weapons"</h2>
            <ul class="item-list">
                <KeyedRows keys=keyed.keys row=Callback::new(move |key| view! { <WeaponRow character key keyed last/> }.into_any())/>
            </ul>
            <p id="weapon-roll-result" class="roll-result" aria-live="polite">{move || last.with(|l| l.as_ref().map(|l| l.text.clone()))}</p>
            {move || reroll_state().map(|offer| reroll_row("damage-reroll", "Re-roll damage for 1 XP", offer, reroll))}
            <details class="adder" on:toggle=move |ev| taken.toggled(ev)>
                <summary>"Add a weapon…"</summary>
                <form class="add-form" novalidate=true on:submit=move |ev| {
                    ev.prevent_default();
                    add();
                }>
                    <Field id="weapon-name" draft=name placeholder="e.g. Sword">"Weapon"</Field>
                    <div class="pack-offers-slot">{taken.offers(character, List::Weapons, pick)}</div>
                    <Field id="weapon-damage" draft=damage placeholder="e.g. 1d8">"Damage"</Field>
                    // RULES.md is silent on where a new weapon is: the app's choice,
                    // said where the weapon is added.
                    <p class="hint" id="weapon-sheathed-hint">"The app's choice: a new weapon starts sheathed (it counts 1 item); open its row to hold it (0 items)."</p>
                    <button type="submit" id="add-weapon">"Add weapon"</button>
                </form>
            </details>
        </section>
    }
}
