//! The roll panel: a dialog (a sheet at the bottom on phones) to make a success test.
//! It shows the target and the exact chance before the roll, rolls the d20(s), shows
//! every die and the kept one, and writes the roll into the character's log.
//!
//! The rules come from `rules::symbaroum::success`; this file only gathers the inputs.

use super::focus::focus_id;
use super::parts::{apply, reroll_row, Changes};
use super::random::{now, CryptoRng};
use crate::model::play::test_roll::{self as play, Test, TestRolled};
use crate::model::play::toughness::{take_incoming, HitTaken};
use crate::model::{Character, CharacterStoreFields};
use crate::rules::symbaroum::abilities::Known;
use crate::rules::symbaroum::combat::{Aim, HitLocation, WeaponState};
use crate::rules::symbaroum::conditions::{touching, TestKind};
use crate::rules::symbaroum::derived::{fmt_plus, fmt_signed, Derived};
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::dying::LifeState;
use crate::rules::symbaroum::experience::{reroll_offer, RollKind as XpRoll};
use crate::rules::symbaroum::maneuvers::{Follow, SetTest};
use crate::rules::symbaroum::roll_input::{
    announcement, difficulty_text, outcome_word, parse_int, parse_opponent_score, parse_resistance,
    DIFFICULTIES,
};
use crate::rules::symbaroum::success::{
    attack_with, defense_test, format_percent, opposition_modifier, Chance, Circumstance, Stat,
    TestModifier, TestOutcome, TestSpec,
};
use crate::rules::symbaroum::{labels, Attr, Labels};
use crate::ui::combat::toughness::{hit_on_field, pain_flag, parse_hit_on};
use crate::ui::parts::{reading, Part};
use crate::ui::Live;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// What the panel is open for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollKind {
    /// A test of one attribute, with any modifier.
    Attr(Attr),
    /// `[Exactitude←Defense]`: asks only for the opponent's Defense.
    Attack,
    /// `[Defense←Exactitude]`: asks only for the attacker's Exactitude.
    Defense,
}

impl RollKind {
    /// The id of the button that opens the panel for this kind (focus returns there).
    pub fn opener_id(self) -> String {
        match self {
            RollKind::Attr(a) => format!("roll-{}", a.key()),
            RollKind::Attack => "roll-attack".into(),
            RollKind::Defense => "roll-defense".into(),
        }
    }

    /// The panel's title; an Attack tests `attack_attr` (Exactitude unless the weapon
    /// says otherwise).
    fn title(self, l: &Labels, attack_attr: Attr) -> String {
        let exactitude = l.attr(Attr::Exactitude);
        match self {
            RollKind::Attr(a) => format!("{} test", l.attr(a)),
            RollKind::Attack => format!("Attack [{}←{}]", l.attr(attack_attr), l.defense),
            RollKind::Defense => format!("Defense [{}←{exactitude}]", l.defense),
        }
    }

    /// The kind of test, for the conditions it touches (an attack with a ranged
    /// weapon or not).
    fn test_kind(self, ranged: bool) -> TestKind {
        match self {
            RollKind::Attr(_) => TestKind::Attr,
            RollKind::Attack => TestKind::Attack { ranged },
            RollKind::Defense => TestKind::Defense,
        }
    }
}

/// Which weapon an Attack uses: the one the player picked, none, or (until they
/// pick) the first weapon in hand, else the first on the sheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeaponChoice {
    #[default]
    Auto,
    Unarmed,
    Weapon(usize),
}

/// The roll panel's state, shared by the buttons that open it (on every tab).
#[derive(Clone, Copy)]
pub struct Rolls {
    open: RwSignal<Option<RollKind>>,
    /// The weapon the next Attack rolls damage with.
    pub weapon: RwSignal<WeaponChoice>,
    /// The maneuver or optional rule the open test is for, if any (set up for it when
    /// it opens).
    set_test: RwSignal<Option<SetTest>>,
    /// The opponent's Defense last typed for an Attack, and the attacker's value last
    /// typed for a Defense: offered again while the sheet is open (the encounter's).
    last_opponent: StoredValue<[String; 2]>,
}

impl Default for Rolls {
    fn default() -> Self {
        Self::new()
    }
}

impl Rolls {
    pub fn new() -> Self {
        Rolls {
            open: RwSignal::new(None),
            weapon: RwSignal::new(WeaponChoice::Auto),
            set_test: RwSignal::new(None),
            last_opponent: StoredValue::new(Default::default()),
        }
    }

    /// The index of the weapon an Attack by `c` uses, if any.
    pub fn attack_weapon(choice: WeaponChoice, c: &Character) -> Option<usize> {
        let weapons = &c.combat.weapons;
        match choice {
            WeaponChoice::Unarmed => None,
            WeaponChoice::Weapon(i) => (i < weapons.len()).then_some(i),
            WeaponChoice::Auto => weapons
                .iter()
                .position(|w| w.state == WeaponState::Held)
                .or((!weapons.is_empty()).then_some(0)),
        }
    }

    pub fn open(&self, kind: RollKind) {
        self.set_test.set(None);
        self.open.set(Some(kind));
    }

    /// Opens the test a maneuver or an optional rule calls for, set up for it.
    pub fn open_set(&self, t: SetTest) {
        self.open.set(None);
        self.set_test.set(Some(t));
        self.open.set(Some(RollKind::Attr(t.tested)));
    }

    /// The panel is closed: forget it and put focus back on the button that opened it.
    pub fn closed(&self) {
        if let Some(kind) = self.open.get_untracked() {
            self.open.set(None);
            focus_id(&kind.opener_id());
        }
    }
}

/// Calls a method on an element by id (the dialog's `showModal`/`close`,
/// `scrollIntoView`) without needing more web-sys bindings.
fn call_on(id: &str, method: &str, arg: Option<&JsValue>) {
    let Some(el) = document().get_element_by_id(id) else {
        return;
    };
    let Ok(f) = js_sys::Reflect::get(&el, &JsValue::from_str(method)) else {
        return;
    };
    if let Some(f) = f.dyn_ref::<js_sys::Function>() {
        let _ = match arg {
            Some(a) => f.call1(&el, a),
            None => f.call0(&el),
        };
    }
}

/// Once a result is drawn, brings it into view above the sticky Roll button.
fn reveal(id: &'static str) {
    request_animation_frame(move || {
        let opts = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&opts, &"block".into(), &"nearest".into());
        call_on(id, "scrollIntoView", Some(&opts));
    });
}

/// A d20 drawn as lines, for the roll buttons.
#[component]
pub fn D20Icon() -> impl IntoView {
    view! {
        <svg class="d20" viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            <path
                d="M12 2 21 7v10l-9 5-9-5V7zM12 7l5.5 8.5h-11zM12 2v5M3 7l9 0M21 7h-9M3 7l3.5 8.5M21 7l-3.5 8.5M3 17l3.5-1.5M21 17l-3.5-1.5M12 22l-5.5-6.5M12 22l5.5-6.5"
                fill="none"
                stroke="currentColor"
                stroke-width="1.5"
                stroke-linejoin="round"
                stroke-linecap="round"
            />
        </svg>
    }
}

/// How the panel itself is drawn: from a chunk of its own in the app (`ui::chunks`),
/// fetched in idle time once the sheet is drawn or when a roll first opens it;
/// directly with [`ROLL_DIALOG_HERE`] (the component tests).
pub type DrawDialog = fn(Live, Memo<Derived>, Rolls, RollKind) -> AnyView;

/// The panel drawn directly.
pub const ROLL_DIALOG_HERE: DrawDialog = roll_dialog;

/// The panel for a test of `kind`.
pub fn roll_dialog(
    character: Live,
    derived: Memo<Derived>,
    rolls: Rolls,
    kind: RollKind,
) -> AnyView {
    view! { <RollDialog character derived rolls kind/> }.into_any()
}

/// The panel, while open.
#[component]
pub fn RollPanel(
    character: Live,
    derived: Memo<Derived>,
    rolls: Rolls,
    dialog: DrawDialog,
) -> impl IntoView {
    move || {
        rolls
            .open
            .get()
            .map(|kind| dialog(character, derived, rolls, kind))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ModKind {
    None,
    Difficulty,
    Opposition,
    Passive,
}

impl ModKind {
    const ALL: [(ModKind, &'static str, &'static str); 4] = [
        (ModKind::None, "none", "None"),
        (ModKind::Difficulty, "difficulty", "Difficulty"),
        (ModKind::Opposition, "opposition", "Opposed"),
        (ModKind::Passive, "passive", "Passive"),
    ];
}

/// The field to fix before a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Missing {
    Opponent,
    Resistance,
}

const OPPONENT_ID: &str = "roll-opponent-score";
/// Where an attack can be aimed under Hit Locations, as the picker lists it.
const AIMS: [(&str, Aim); 9] = [
    ("Normal", Aim::Normal),
    ("High (−2)", Aim::High),
    ("Low (−2)", Aim::Low),
    ("At the head (−5)", Aim::BodyPart(HitLocation::Head)),
    ("At the torso (−5)", Aim::BodyPart(HitLocation::Torso)),
    (
        "At the right arm (−5)",
        Aim::BodyPart(HitLocation::RightArm),
    ),
    ("At the left arm (−5)", Aim::BodyPart(HitLocation::LeftArm)),
    (
        "At the right leg (−5)",
        Aim::BodyPart(HitLocation::RightLeg),
    ),
    ("At the left leg (−5)", Aim::BodyPart(HitLocation::LeftLeg)),
];
const OWN_NAME_ID: &str = "roll-own-name";
const OWN_AMOUNT_ID: &str = "roll-own-amount";
/// The most modifiers of their own a player adds to one test.
const OWN_MAX: usize = 12;
/// The largest modifier of their own, either way.
const OWN_AMOUNT_MAX: i64 = 20;
const RESISTANCE_ID: &str = "roll-resistance";
const PANEL_ID: &str = "roll-panel";

fn stat_key(s: Stat) -> &'static str {
    match s {
        Stat::Attr(a) => a.key(),
        Stat::Defense => "defense",
    }
}

fn stat_from_key(k: &str) -> Option<Stat> {
    if k == "defense" {
        Some(Stat::Defense)
    } else {
        Attr::from_key(k).map(Stat::Attr)
    }
}

#[component]
fn RollDialog(
    character: Live,
    derived: Memo<Derived>,
    rolls: Rolls,
    kind: RollKind,
) -> impl IntoView {
    let ruleset = Memo::new(move |_| character.ruleset().get());
    let l = move || labels(ruleset.get());
    // A maneuver's test opens set up for it: its opposition, and Robust's bonus.
    let test = rolls.set_test.get_untracked();
    let maneuver = test.map(|t| t.name);
    let opposed_by = test.and_then(|t| t.against);

    let resisted = test.and_then(|t| t.resistance);
    let mod_kind = RwSignal::new(match (opposed_by, resisted) {
        (Some(_), _) => ModKind::Opposition,
        (None, Some(_)) => ModKind::Passive,
        _ => ModKind::None,
    });
    let difficulty = RwSignal::new(0i32);
    let against = RwSignal::new(match (opposed_by, kind) {
        (Some(a), _) => Stat::Attr(a),
        (None, RollKind::Attr(a)) => Stat::Attr(a),
        _ => Stat::Defense,
    });
    // The opposed test starts from an average opponent; Attack, Defense and a
    // maneuver's opposed test ask first.
    // Which of the remembered opponents this panel offers and keeps (Attack, Defense).
    let remembered = match kind {
        RollKind::Attack if opposed_by.is_none() => Some(0),
        RollKind::Defense if opposed_by.is_none() => Some(1),
        _ => None,
    };
    let opponent_text = RwSignal::new(match (kind, remembered) {
        (RollKind::Attr(_), _) if opposed_by.is_none() => "10".to_string(),
        (_, Some(i)) => rolls.last_opponent.with_value(|l| l[i].clone()),
        _ => String::new(),
    });
    let opponent_touched = RwSignal::new(false);
    let resistance_text = RwSignal::new(resisted.map(|x| x.to_string()).unwrap_or_default());
    let resistance_touched = RwSignal::new(false);
    let advantage = RwSignal::new(false);
    let second_pass = RwSignal::new(false);
    let second_fail = RwSignal::new(false);
    let tried = RwSignal::new(false);
    let last = RwSignal::new(None::<TestOutcome>);
    // An Attack's weapon, and the damage its last hit rolled ("Spear 1d8: 6 → 6").
    let weapon = Memo::new(move |_| {
        (kind == RollKind::Attack)
            .then(|| {
                let choice = rolls.weapon.get();
                reading(character, &[Part::Combat], |c| {
                    Rolls::attack_weapon(choice, c).map(|i| c.combat.weapons[i].clone())
                })
            })
            .flatten()
    });
    let damage = RwSignal::new(None::<(i32, String)>);
    let announce = RwSignal::new(String::new());
    let count = RwSignal::new(0u32);
    // An Attack tests what its weapon attacks with (Exactitude unless set otherwise).
    let attack_attr =
        move || weapon.with(|w| w.as_ref().map_or(Attr::Exactitude, |w| w.attack_attr()));
    // The conditions in force that touch this test; any can be unticked for this roll.
    let conditions = Memo::new(move |_| {
        character.combat().with(|c| {
            let ranged = weapon.with(|w| w.as_ref().is_some_and(|w| w.ranged));
            touching(&c.conditions, kind.test_kind(ranged))
                .into_iter()
                .map(|i| c.conditions[i].clone())
                .collect::<Vec<_>>()
        })
    });
    // A maneuver's own effect starts with the turn it opens, not on its own test.
    let skipped = RwSignal::new(maneuver.map(|m| vec![m.to_string()]).unwrap_or_default());
    // The player's own modifiers for this test (aiming, a maneuver, the GM's call).
    let robust = test.and_then(|t| t.robust).and_then(|bonus| {
        character.advance().with_untracked(|a| {
            a.abilities
                .iter()
                .find(|x| Known::of(&x.name) == Some(Known::Robust))
                .and_then(|x| x.level)
                .map(|lv| (format!("Robust ({})", lv.name()), bonus.at(lv)))
        })
    });
    let own = RwSignal::new(robust.into_iter().collect::<Vec<(String, i32)>>());
    // Hit Locations (when the character's table uses it): where the attack is aimed,
    // the target's Pain Threshold if known, and where the last hit landed.
    let hit_locations =
        move || kind == RollKind::Attack && character.combat().with(|c| c.hit_locations);
    let aim = RwSignal::new(0usize);
    let target_pt = RwSignal::new(String::new());
    let located = RwSignal::new(None::<String>);
    let pt_error = move || {
        target_pt.with(|t| {
            (!t.trim().is_empty() && !parse_int(t).is_some_and(|n| (0..=99).contains(&n)))
                .then_some("A whole number from 0 to 99, or leave it empty.")
        })
    };
    // What the maneuver's roll leads to: a 20 that poisons, +5 initiative, the
    // Agility test after a tackle.
    let after = RwSignal::new(None::<String>);
    let own_name = RwSignal::new(String::new());
    let own_amount = RwSignal::new(String::new());
    let own_error = RwSignal::new(None::<String>);
    let add_own = move || {
        let amount = own_amount.with_untracked(|t| parse_int(t));
        let Some(n) = amount.filter(|n| n.abs() <= OWN_AMOUNT_MAX) else {
            own_error.set(Some(format!(
                "Enter the modifier as a whole number from −{OWN_AMOUNT_MAX} to +{OWN_AMOUNT_MAX}, e.g. −2."
            )));
            focus_id(OWN_AMOUNT_ID);
            return;
        };
        if own.with_untracked(Vec::len) >= OWN_MAX {
            own_error.set(Some(format!("At most {OWN_MAX} modifiers of your own.")));
            return;
        }
        let name: String = own_name.with_untracked(|t| t.trim().chars().take(40).collect());
        let name = if name.is_empty() {
            "Your modifier".to_string()
        } else {
            name
        };
        own.update(|o| o.push((name, n as i32)));
        own_error.set(None);
        own_name.set(String::new());
        own_amount.set(String::new());
        focus_id(OWN_NAME_ID);
    };
    let dead = move || character.combat().with(|c| c.life == LifeState::Dead);
    // After a failed Defense test: the incoming damage, taken in the same flow.
    let hit_text = RwSignal::new(String::new());
    let hit_error = RwSignal::new(None::<String>);
    let hit_no_armor = RwSignal::new(false);
    let hit_done = RwSignal::new(None::<HitTaken>);
    let hit_on_choice = RwSignal::new(String::new());
    let take = move || {
        if dead() {
            return;
        }
        let expr = match parse_dice(&hit_text.get_untracked()) {
            Ok(e) => e,
            Err(msg) => {
                hit_error.set(Some(msg));
                focus_id("roll-hit-damage");
                return;
            }
        };
        hit_error.set(None);
        let (no_armor, on) = (
            hit_no_armor.get_untracked(),
            parse_hit_on(&hit_on_choice.get_untracked()),
        );
        let mut done = None;
        character.update(|c| {
            done = Some(take_incoming(c, expr, no_armor, on, &mut CryptoRng, now()).taken);
        });
        hit_done.set(done);
        hit_text.set(String::new());
        reveal("roll-hit-result");
    };

    let opponent = Memo::new(move |_| opponent_text.with(|t| parse_opponent_score(t)));
    let resistance = Memo::new(move |_| resistance_text.with(|t| parse_resistance(t)));
    let asks_opponent = move || match kind {
        RollKind::Attr(_) => mod_kind.get() == ModKind::Opposition,
        _ => true,
    };
    let asks_resistance =
        move || matches!(kind, RollKind::Attr(_)) && mod_kind.get() == ModKind::Passive;

    let spec = Memo::new(move |_| -> Result<TestSpec, Missing> {
        let opp = || opponent.get().map_err(|_| Missing::Opponent);
        let base = derived.with(|d| -> Result<TestSpec, Missing> {
            Ok(match kind {
                RollKind::Attack => {
                    let a = attack_attr();
                    attack_with(a, d.attrs[a.index()].value, opp()?)
                }
                RollKind::Defense => defense_test(d.defense.value, opp()?),
                RollKind::Attr(a) => {
                    let m = match mod_kind.get() {
                        ModKind::None => TestModifier::None,
                        ModKind::Difficulty => TestModifier::Difficulty {
                            amount: difficulty.get(),
                        },
                        ModKind::Opposition => TestModifier::Opposition {
                            against: against.get(),
                            score: opp()?,
                        },
                        ModKind::Passive => TestModifier::Passive {
                            amount: resistance.get().map_err(|_| Missing::Resistance)?,
                        },
                    };
                    TestSpec::new(Stat::Attr(a), d.attrs[a.index()].value).with_modifier(m)
                }
            })
        })?;
        let mut spec = base
            .with_advantage(advantage.get())
            .with_second_chance_to_pass(second_pass.get())
            .with_second_chance_to_fail(second_fail.get());
        skipped.with(|off| {
            conditions.with(|cs| {
                spec.extras.extend(
                    cs.iter()
                        .filter(|c| !off.contains(&c.name))
                        .map(|c| c.circumstance()),
                )
            })
        });
        if hit_locations() {
            let (name, a) = AIMS[aim.get()];
            if a != Aim::Normal {
                spec.extras.push(Circumstance::new(
                    format!(
                        "Aiming {}",
                        name.split(" (").next().unwrap_or(name).to_lowercase()
                    ),
                    a.modifier(),
                    Chance::None,
                ));
            }
        }
        own.with(|o| {
            spec.extras.extend(
                o.iter()
                    .map(|(name, n)| Circumstance::new(name.clone(), *n, Chance::None)),
            )
        });
        Ok(spec)
    });

    // Re-roll for Experience: once per roll, 1 XP, within the table's choices.
    let rerolled = RwSignal::new(false);
    let xp_kind = move |out: &TestOutcome| match kind {
        RollKind::Defense => XpRoll::Defense {
            fumbled: out.kept == 20,
        },
        _ => XpRoll::Success,
    };
    let reroll_state = move || {
        let out = last.get()?;
        character.advance().with(|a| {
            let rules = a.reroll;
            rules
                .enabled
                .then(|| reroll_offer(rules, xp_kind(&out), rerolled.get(), a.totals().unspent))
        })
    };

    let do_roll = move |reroll: bool| match spec.get_untracked() {
        Err(missing) => {
            tried.set(true);
            focus_id(match missing {
                Missing::Opponent => OPPONENT_ID,
                Missing::Resistance => RESISTANCE_ID,
            });
        }
        Ok(spec) => {
            let aim = hit_locations().then(|| {
                let pt = target_pt
                    .with_untracked(|t| parse_int(t))
                    .filter(|n| (0..=99).contains(n))
                    .map(|n| n as i32);
                (AIMS[aim.get_untracked()].1, pt)
            });
            let follow = test.map(|t| t.follow).unwrap_or(Follow::Nothing);
            let set_up = Test {
                spec,
                weapon: weapon.get_untracked(),
                maneuver,
                follow,
                aim,
                reroll,
            };
            // The log changes; the ledger for a re-roll, the fight for what follows.
            let mut changed = vec![Changes::RollLog];
            if reroll {
                changed.push(Changes::Advance);
            }
            if follow != Follow::Nothing {
                changed.push(Changes::Combat);
            }
            let TestRolled {
                outcome: out,
                what,
                damage: dmg,
                located: loc,
                after: next,
            } = apply(character, &changed, |c| {
                play::roll(c, set_up, &mut CryptoRng, now())
            });
            located.set(loc);
            damage.set(dmg);
            rerolled.set(reroll);
            hit_done.set(None);
            after.set(next);
            count.update(|n| *n += 1);
            let n = count.get_untracked();
            let sentence = announcement(&what, &out);
            announce.set(if n > 1 {
                format!("Roll {n}: {sentence}")
            } else {
                sentence
            });
            last.set(Some(out));
            reveal("roll-result");
        }
    };

    let close = move || {
        call_on(PANEL_ID, "close", None);
        rolls.closed();
    };

    // Open as a modal dialog once it is in the page: the rest of the sheet is inert,
    // Escape closes it, and focus starts inside.
    Effect::new(move |_| call_on(PANEL_ID, "showModal", None));

    let opponent_error = move || {
        (asks_opponent() && (opponent_touched.get() || tried.get()))
            .then(|| opponent.get().err())
            .flatten()
    };
    let resistance_error = move || {
        (asks_resistance() && (resistance_touched.get() || tried.get()))
            .then(|| resistance.get().err())
            .flatten()
    };
    let opponent_label = move || match kind {
        RollKind::Attack => format!("Opponent's {}", l().defense),
        RollKind::Defense => format!("Attacker's {}", l().attr(Attr::Exactitude)),
        RollKind::Attr(_) => format!("Opponent's {}", against.get().label(l())),
    };
    let opponent_hint = move || {
        opponent.get().ok().map(|s| {
            format!(
                "Modifier {} (10 − {})",
                fmt_plus(opposition_modifier(s)),
                fmt_signed(s)
            )
        })
    };
    let is_attr = matches!(kind, RollKind::Attr(_));
    let opponent_autofocus = !is_attr;

    let opponent_field = move || {
        view! {
            <div class="field roll-number" class:invalid=move || opponent_error().is_some()>
                <label for=OPPONENT_ID>{opponent_label}</label>
                <input
                    id=OPPONENT_ID
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    enterkeyhint="go"
                    autofocus=opponent_autofocus
                    prop:value=move || opponent_text.get()
                    aria-invalid=move || opponent_error().is_some().to_string()
                    aria-describedby="roll-opponent-hint roll-opponent-error"
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        if let Some(i) = remembered {
                            rolls.last_opponent.update_value(|l| l[i] = text.clone());
                        }
                        opponent_text.set(text);
                        opponent_touched.set(true);
                    }
                />
                <p class="field-hint" id="roll-opponent-hint">{opponent_hint}</p>
                <p class="field-error" id="roll-opponent-error" aria-live="polite">{opponent_error}</p>
            </div>
        }
    };

    let summary = move || {
        match spec.get() {
        Ok(s) => {
            let l = l();
            view! {
                <p class="roll-what" id="roll-what">{s.describe(l)}</p>
                <ul class="roll-breakdown" aria-label="How the target is reached">
                    {s.breakdown(l).into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
                </ul>
                <p class="roll-numbers">
                    <span>"Target " <strong id="roll-target">{fmt_signed(s.target())}</strong></span>
                    <span>"Chance " <strong id="roll-chance">{format_percent(s.chance())}</strong></span>
                </p>
                <p class="roll-target-text" id="roll-target-text">{s.target_text()}</p>
            }
            .into_any()
        }
        Err(Missing::Opponent) => view! {
            <p class="roll-missing" id="roll-missing">
                {move || format!("Enter the {} to see the target and the chance.", opponent_label().to_ascii_lowercase())}
            </p>
        }
        .into_any(),
        Err(Missing::Resistance) => view! {
            <p class="roll-missing" id="roll-missing">"Enter the resistance to see the target and the chance."</p>
        }
        .into_any(),
    }
    };

    let result = move || {
        last.get().map(|out| {
            let two = out.dice.len() > 1;
            let dice = out
                .dice
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    let kept = i == out.kept_index;
                    view! {
                        <li class="die" class:kept=kept data-kept=kept.to_string()>
                            <span class="die-face">{*d}</span>
                            {(two && kept).then(|| view! { <span class="die-note">"kept"</span> })}
                            {(two && !kept).then(|| view! { <span class="die-note">"not kept"</span> })}
                        </li>
                    }
                })
                .collect_view();
            view! {
                <div id="roll-result" class="roll-result" class:pass=out.passed class:fail=!out.passed data-passed=out.passed.to_string()>
                    <ul class="dice" aria-label="Dice rolled">{dice}</ul>
                    <div class="roll-result-text">
                        <p class="roll-result-line">
                            "Kept " <strong id="roll-kept">{out.kept}</strong>
                            ", target " <strong id="roll-result-target">{fmt_signed(out.target)}</strong>
                        </p>
                        <p class="roll-outcome" id="roll-outcome">{outcome_word(out.passed)}</p>
                    </div>
                    {move || damage.get().map(|(total, text)| view! {
                        <p class="roll-damage" id="roll-damage">
                            "Damage " <strong>{total}</strong> <span class="roll-damage-dice">" (" {text} ")"</span>
                        </p>
                    })}
                    {move || located.get().map(|text| view! {
                        <p class="roll-damage">"Hit location: "{text}</p>
                    })}
                </div>
            }
        })
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
                    <h2 id="roll-title">{move || {
                        let t = match weapon.get() {
                            Some(w) => format!("{} with {}", kind.title(l(), attack_attr()), w.name),
                            None => kind.title(l(), attack_attr()),
                        };
                        match maneuver {
                            Some(m) => format!("{m}: {t}"),
                            None => t,
                        }
                    }}</h2>
                    <button type="button" class="close" id="roll-x" aria-label="Close" on:click=move |_| close()>"×"</button>
                </header>
                {is_attr.then(|| view! {
                    <fieldset class="roll-kind">
                        <legend>"Modifier"</legend>
                        <div class="segmented">
                            {ModKind::ALL.into_iter().map(|(k, key, text)| view! {
                                <label class="choice">
                                    <input
                                        type="radio"
                                        name="roll-kind"
                                        id=format!("roll-kind-{key}")
                                        value=key
                                        autofocus=k == ModKind::None
                                        prop:checked=move || mod_kind.get() == k
                                        on:change=move |_| mod_kind.set(k)
                                    />
                                    <span>{text}</span>
                                </label>
                            }).collect_view()}
                        </div>
                    </fieldset>
                    <Show when=move || mod_kind.get() == ModKind::Difficulty>
                        <div class="field">
                            <label for="roll-difficulty">"Difficulty"</label>
                            <select
                                id="roll-difficulty"
                                prop:value=move || difficulty.get().to_string()
                                on:change=move |ev| {
                                    if let Ok(n) = event_target_value(&ev).parse::<i32>() {
                                        difficulty.set(n);
                                    }
                                }
                            >
                                {DIFFICULTIES.into_iter().map(|d| view! {
                                    <option value=d.to_string() selected=d == 0>{difficulty_text(d)}</option>
                                }).collect_view()}
                            </select>
                        </div>
                    </Show>
                    <Show when=move || mod_kind.get() == ModKind::Opposition>
                        <div class="roll-opposition">
                            <div class="field">
                                <label for="roll-against">"Opposed by"</label>
                                <select
                                    id="roll-against"
                                    prop:value=move || stat_key(against.get())
                                    on:change=move |ev| {
                                        if let Some(s) = stat_from_key(&event_target_value(&ev)) {
                                            against.set(s);
                                        }
                                    }
                                >
                                    {Attr::ALL.into_iter().map(Stat::Attr).chain([Stat::Defense]).map(|s| view! {
                                        <option value=stat_key(s) selected=move || against.get() == s>{move || s.label(l())}</option>
                                    }).collect_view()}
                                </select>
                            </div>
                            {opponent_field()}
                        </div>
                    </Show>
                    <Show when=move || mod_kind.get() == ModKind::Passive>
                        <div class="field roll-number" class:invalid=move || resistance_error().is_some()>
                            <label for=RESISTANCE_ID>"Passive resistance X (modifier −X)"</label>
                            <input
                                id=RESISTANCE_ID
                                type="text"
                                inputmode="numeric"
                                autocomplete="off"
                                enterkeyhint="go"
                                prop:value=move || resistance_text.get()
                                aria-invalid=move || resistance_error().is_some().to_string()
                                aria-describedby="roll-resistance-hint roll-resistance-error"
                                on:input=move |ev| {
                                    resistance_text.set(event_target_value(&ev));
                                    resistance_touched.set(true);
                                }
                            />
                            <p class="field-hint" id="roll-resistance-hint">
                                {move || resistance.get().ok().map(|x| format!("Modifier {}", fmt_plus(-x)))}
                            </p>
                            <p class="field-error" id="roll-resistance-error" aria-live="polite">{resistance_error}</p>
                        </div>
                    </Show>
                })}
                {(!is_attr).then(|| view! {
                    <p class="hint roll-formula">{move || match kind {
                        RollKind::Attack => format!(
                            "Your {} {} against the opponent's {}.",
                            l().attr(Attr::Exactitude),
                            derived.with(|d| fmt_signed(d.attrs[Attr::Exactitude.index()].value)),
                            l().defense
                        ),
                        _ => format!(
                            "Your {} {} against the attacker's {}.",
                            l().defense,
                            derived.with(|d| fmt_signed(d.defense.value)),
                            l().attr(Attr::Exactitude)
                        ),
                    }}</p>
                    {opponent_field()}
                })}
                    <fieldset class="roll-options">
                        <legend class="sr-only">"Circumstances"</legend>
                        <Check id="roll-advantage" on=advantage>
                            <span>{if kind == RollKind::Attack { "Advantage (+2, +1d4 damage)" } else { "Advantage (+2)" }}</span>
                        </Check>
                        <Check id="roll-second-pass" on=second_pass>
                            <span>"Second chance to pass " <small>"(roll 2, keep the lower)"</small></span>
                        </Check>
                        <Check id="roll-second-fail" on=second_fail>
                            <span>"Second chance to fail " <small>"(roll 2, keep the higher)"</small></span>
                        </Check>
                        <p class="cancel-note" id="roll-cancel-note" class:active=move || second_pass.get() && second_fail.get()>
                            {move || if second_pass.get() && second_fail.get() {
                                "Both second chances are on: they cancel out, so one d20 is rolled."
                            } else {
                                "Both second chances at once cancel out to a single d20."
                            }}
                        </p>
                    </fieldset>
                {move || (!conditions.with(Vec::is_empty)).then(|| view! {
                    <fieldset class="roll-conditions">
                        <legend>"Conditions in force"</legend>
                        {conditions.get().into_iter().map(|c| {
                            let text = format!("{}: {}", c.name, c.effect_text(l()));
                            let (n1, n2) = (c.name.clone(), c.name);
                            view! {
                                <label class="check">
                                    <input type="checkbox"
                                        prop:checked=move || skipped.with(|s| !s.contains(&n1))
                                        on:change=move |ev| {
                                            let on = event_target_checked(&ev);
                                            let n = n2.clone();
                                            skipped.update(|s| {
                                                s.retain(|x| *x != n);
                                                if !on {
                                                    s.push(n);
                                                }
                                            });
                                        }/>
                                    <span>{text}</span>
                                </label>
                            }
                        }).collect_view()}
                    </fieldset>
                })}
                <fieldset class="roll-own">
                    <legend>"Other modifiers"</legend>
                    <ul class="roll-own-list">
                        {move || own.get().into_iter().enumerate().map(|(i, (name, n))| {
                            let text = Circumstance::new(name.clone(), n, Chance::None).text();
                            view! {
                                <li>
                                    <span>{text}</span>
                                    <button type="button" class="close" aria-label=format!("Remove {name}")
                                        on:click=move |_| own.update(|o| { if i < o.len() { o.remove(i); } })>"×"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                    <div class="roll-own-add">
                        <div class="field">
                            <label for=OWN_NAME_ID>"For"</label>
                            <input id=OWN_NAME_ID type="text" autocomplete="off" maxlength="40"
                                placeholder="e.g. Aim"
                                prop:value=move || own_name.get()
                                on:input=move |ev| own_name.set(event_target_value(&ev))
                                on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { ev.prevent_default(); add_own(); }/>
                        </div>
                        <div class="field" class:invalid=move || own_error.with(Option::is_some)>
                            <label for=OWN_AMOUNT_ID>"Modifier"</label>
                            <input id=OWN_AMOUNT_ID type="text" inputmode="numeric" autocomplete="off"
                                placeholder="−2"
                                prop:value=move || own_amount.get()
                                aria-invalid=move || own_error.with(|e| e.is_some().to_string())
                                aria-describedby="roll-own-error"
                                on:input=move |ev| own_amount.set(event_target_value(&ev))
                                on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { ev.prevent_default(); add_own(); }/>
                        </div>
                        <button type="button" id="roll-own-add" on:click=move |_| add_own()>"Add modifier"</button>
                    </div>
                    <p class="field-error" id="roll-own-error" aria-live="polite">{move || own_error.get()}</p>
                </fieldset>
                <Show when=hit_locations>
                    <div class="roll-opposition">
                        <div class="field">
                            <label for="roll-aim">"Aim"</label>
                            <select id="roll-aim" on:change=move |ev| {
                                if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                                    aim.set(i.min(AIMS.len() - 1));
                                }
                            }>
                                {AIMS.iter().enumerate().map(|(i, (name, _))| view! {
                                    <option value=i.to_string() selected=move || aim.get() == i>{*name}</option>
                                }).collect_view()}
                            </select>
                        </div>
                        <div class="field" class:invalid=move || pt_error().is_some()>
                            <label for="roll-target-pt">{move || format!("Target's {} (if known)", l().pain_threshold)}</label>
                            <input id="roll-target-pt" type="text" inputmode="numeric" autocomplete="off"
                                prop:value=move || target_pt.get()
                                aria-describedby="roll-target-pt-error"
                                on:input=move |ev| target_pt.set(event_target_value(&ev))/>
                            <p class="field-error" id="roll-target-pt-error" aria-live="polite">{pt_error}</p>
                        </div>
                    </div>
                </Show>
                <div class="roll-summary" id="roll-summary">{summary}</div>
                {result}
                {move || (kind == RollKind::Defense && last.with(|o| o.as_ref().is_some_and(|o| !o.passed))).then(|| view! {
                    <div class="roll-take-hit">
                        <div class="field hit-field" class:invalid=move || hit_error.with(Option::is_some)>
                            <label for="roll-hit-damage">"Incoming damage"</label>
                            <div class="hit-row">
                                <input id="roll-hit-damage" type="text" autocomplete="off" placeholder="5 or 1d8+1"
                                    prop:value=move || hit_text.get()
                                    aria-invalid=move || hit_error.with(|e| e.is_some().to_string())
                                    aria-describedby="roll-hit-error"
                                    on:input=move |ev| {
                                        let t = event_target_value(&ev);
                                        hit_error.set(if t.trim().is_empty() { None } else { parse_dice(&t).err() });
                                        hit_text.set(t);
                                    }
                                    on:keydown=move |ev: web_sys::KeyboardEvent| if ev.key() == "Enter" { ev.prevent_default(); take(); }/>
                                <button type="button" id="roll-take-hit" class="primary" disabled=dead on:click=move |_| take()>"Take hit"</button>
                            </div>
                            <Check id="roll-hit-no-armor" on=hit_no_armor>
                                <span>{move || format!("Ignores {}", l().armor.to_lowercase())}</span>
                            </Check>
                            <p class="field-error" id="roll-hit-error" aria-live="polite">{move || hit_error.get()}</p>
                        </div>
                        <Show when=move || character.combat().with(|c| c.hit_locations)>
                            {hit_on_field("roll-hit-on", hit_on_choice)}
                        </Show>
                        {move || hit_done.get().map(|hit| view! {
                            <p class="result" id="roll-hit-result" role="status">{hit.text.clone()}</p>
                            {pain_flag("roll-pain-flag", &hit, l())}
                        })}
                    </div>
                })}
                {move || after.get().map(|text| view! {
                    <div class="roll-after" role="status">
                        <p>{text}</p>
                        {test.is_some_and(|t| t.follow == Follow::ThenAgility).then(|| view! {
                            <button type="button" on:click=move |_| rolls.open(RollKind::Attr(Attr::Agility))>
                                {move || format!("{} test", l().attr(Attr::Agility))}
                            </button>
                        })}
                    </div>
                })}
                {move || reroll_state().map(|offer| reroll_row("roll-reroll", "Re-roll for 1 XP", offer, move || do_roll(true)))}
                <p id="roll-announcer" class="sr-only" role="status" aria-live="polite">{move || announce.get()}</p>
                <div class="roll-actions">
                    // The target and the chance stay beside Roll while the panel scrolls
                    // (the summary above says them to a screen reader).
                    <p class="roll-bar-numbers" aria-hidden="true">
                        {move || match spec.get() {
                            Ok(s) => format!("Target {} · chance {}", fmt_signed(s.target()), format_percent(s.chance())),
                            Err(_) => "No target yet".to_string(),
                        }}
                    </p>
                    <button type="submit" class="primary" id="roll-go">
                        {move || if last.with(Option::is_some) { "Roll again" } else { "Roll" }}
                    </button>
                    <button type="button" id="roll-close" on:click=move |_| close()>"Close"</button>
                </div>
            </form>
        </dialog>
    }
}

/// A labelled checkbox bound to a flag of the panel.
#[component]
fn Check(id: &'static str, on: RwSignal<bool>, children: Children) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" id=id
                prop:checked=move || on.get()
                on:change=move |ev| on.set(event_target_checked(&ev))/>
            {children()}
        </label>
    }
}
