//! What the open roll panel holds: every choice the player has made for this test,
//! and the test they add up to. One `Form` per opened panel, in context for its parts.

use super::rolls::{RollKind, Rolls};
use crate::model::play::toughness::HitTaken;
use crate::model::CharacterStoreFields;
use crate::rules::input::parse_whole;
use crate::rules::symbaroum::abilities::{cancels, Known};
use crate::rules::symbaroum::combat::{Aim, HitLocation, Weapon};
use crate::rules::symbaroum::conditions::{touching, Condition};
use crate::rules::symbaroum::derived::Derived;
use crate::rules::symbaroum::dice_notation::{parse_dice, DiceExpr};
use crate::rules::symbaroum::maneuvers::{group_surprise, group_surprise_name, SetTest};
use crate::rules::symbaroum::roll_effects::with_second_chances;
use crate::rules::symbaroum::roll_input::{
    parse_int, parse_opponent_score, parse_resistance, OPPONENT_MAX, OPPONENT_MIN,
};
use crate::rules::symbaroum::success::{
    attack_with, defense_test, AdvantageFrom, Chance, Circumstance, Stat, TestModifier,
    TestOutcome, TestSpec,
};
use crate::rules::symbaroum::{labels, Attr, Labels};
use crate::rules::Ruleset;
use crate::ui::Live;
use leptos::prelude::*;

/// The kind of modifier an attribute test has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ModKind {
    None,
    Difficulty,
    Opposition,
    Passive,
}

impl ModKind {
    pub(super) const ALL: [(ModKind, &'static str, &'static str); 4] = [
        (ModKind::None, "none", "None"),
        (ModKind::Difficulty, "difficulty", "Difficulty"),
        (ModKind::Opposition, "opposition", "Opposed"),
        (ModKind::Passive, "passive", "Passive"),
    ];
}

/// The field to fix before a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Missing {
    Opponent,
    Resistance,
    /// A group's sneak: the party's lowest Subtlety.
    Party,
}

pub(super) const OPPONENT_ID: &str = "roll-opponent-score";
pub(super) const RESISTANCE_ID: &str = "roll-resistance";

/// Where an attack can be aimed under Hit Locations, as the picker lists it.
pub(super) const AIMS: [(&str, Aim); 9] = [
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

/// The test the open panel's choices add up to, or the field still missing: a memo of
/// [`Form::work_out`], in context beside the form.
#[derive(Clone, Copy)]
pub(super) struct Spec(pub Memo<Result<TestSpec, Missing>>);

/// One of the player's own modifiers for the open test, with an id of its own in
/// the panel (its row on screen follows it when another is removed; it is keyed by
/// the whole modifier, so one replaced under its id, the target's Robust, is drawn
/// anew).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Own {
    pub id: u32,
    pub name: String,
    pub amount: i32,
}

/// The open panel's state: every choice, and what the rolls did.
#[derive(Clone, Copy)]
pub(super) struct Form {
    pub character: Live,
    pub derived: Memo<Derived>,
    pub rolls: Rolls,
    pub kind: RollKind,
    ruleset: Memo<Ruleset>,
    /// The maneuver or optional rule this test is for, if any.
    pub set_test: Option<SetTest>,
    pub mod_kind: RwSignal<ModKind>,
    pub difficulty: RwSignal<i32>,
    /// Whom an opposed attribute test is against.
    pub against: RwSignal<Stat>,
    /// Which of the remembered opponents this panel offers and keeps (Attack, Defense).
    pub remembered: Option<usize>,
    pub opponent_text: RwSignal<String>,
    pub opponent_touched: RwSignal<bool>,
    pub opponent: Memo<Result<i32, String>>,
    pub resistance_text: RwSignal<String>,
    pub resistance_touched: RwSignal<bool>,
    pub resistance: Memo<Result<i32, String>>,
    /// A sneak made by the whole group (seed 001, "Surprise"): the party's lowest
    /// Subtlety as typed (this character's to start with), tested against the
    /// defenders' highest Vigilance (the opponent's field).
    pub group: RwSignal<bool>,
    pub party_text: RwSignal<String>,
    pub party: Memo<Result<i32, String>>,
    pub advantage: RwSignal<bool>,
    /// The situation an Attack's Advantage comes from, if the player named one (kept
    /// while Advantage is unticked, used only while it is ticked).
    pub advantage_from: RwSignal<Option<AdvantageFrom>>,
    /// An Attack out of turn: the log names it a Free Attack.
    pub free_attack: RwSignal<bool>,
    /// The Free Attack is the Long weapon's in the first turn of melee (the offer
    /// taken): the log names it so.
    pub weapons_ready: RwSignal<bool>,
    pub second_pass: RwSignal<bool>,
    pub second_fail: RwSignal<bool>,
    /// Roll was pressed: every missing field says so, touched or not.
    pub tried: RwSignal<bool>,
    /// An Attack's weapon.
    pub weapon: Memo<Option<Weapon>>,
    /// A Defense against a ranged attack (Prone then gives no −2).
    pub incoming_ranged: RwSignal<bool>,
    /// Whether a condition in force touches a Defense only against melee attacks
    /// (then the panel asks whether the attack is ranged).
    pub melee_only_in_force: Memo<bool>,
    /// The conditions in force that touch this test; any can be unticked for this roll.
    pub conditions: Memo<Vec<Condition>>,
    /// The names of the conditions unticked.
    pub skipped: RwSignal<Vec<String>>,
    /// The player's own modifiers for this test (aiming, a maneuver, the GM's call).
    pub own: RwSignal<Vec<Own>>,
    /// Under Hit Locations: where the attack is aimed (an index into [`AIMS`]); and the
    /// target's Pain Threshold as typed (asked with Hit Locations or a weapon).
    pub aim: RwSignal<usize>,
    pub target_pt: RwSignal<String>,
    /// An Attack's target's armor as typed ("1d4", "2", or empty when not known).
    pub target_armor: RwSignal<String>,
    /// The last roll's outcome, and what came with it: the damage an Attack's hit
    /// rolled ("Spear 1d8: 6 → 6"), where it landed, what the maneuver leads to.
    pub last: RwSignal<Option<TestOutcome>>,
    pub damage: RwSignal<Option<(i32, String)>>,
    pub located: RwSignal<Option<String>>,
    pub after: RwSignal<Option<String>>,
    /// The last roll was a re-roll for Experience.
    pub rerolled: RwSignal<bool>,
    /// The hit taken after the last roll (a failed Defense's).
    pub hit_done: RwSignal<Option<HitTaken>>,
}

impl Form {
    /// The panel as it opens for `kind`: set up for the maneuver it is for, if any.
    pub fn new(character: Live, derived: Memo<Derived>, rolls: Rolls, kind: RollKind) -> Self {
        let set_test = rolls.set_test.get_untracked();
        let opposed_by = set_test.and_then(|t| t.against);
        let resisted = set_test.and_then(|t| t.resistance);
        let remembered = match kind {
            RollKind::Attack if opposed_by.is_none() => Some(0),
            RollKind::Defense if opposed_by.is_none() => Some(1),
            _ => None,
        };
        // The opposed test starts from an average opponent; Attack, Defense and a
        // maneuver's opposed test ask first.
        let opponent_text = RwSignal::new(match (kind, remembered) {
            (RollKind::Attr(_), _) if opposed_by.is_none() => "10".to_string(),
            (_, Some(i)) => rolls.last_opponent.with_value(|l| l[i].clone()),
            _ => String::new(),
        });
        let resistance_text = RwSignal::new(resisted.map(|x| x.to_string()).unwrap_or_default());
        let weapon = Memo::new(move |_| {
            (kind == RollKind::Attack)
                .then(|| {
                    let choice = rolls.weapon.get();
                    character.combat().with(|k| {
                        Rolls::attack_weapon(choice, &k.weapons).map(|i| k.weapons[i].clone())
                    })
                })
                .flatten()
        });
        let incoming_ranged = RwSignal::new(false);
        let melee_only_in_force = Memo::new(move |_| {
            kind == RollKind::Defense
                && character
                    .combat()
                    .with(|c| c.conditions.iter().any(|x| x.melee_only))
        });
        let conditions = Memo::new(move |_| {
            character.combat().with(|c| {
                let ranged = match kind {
                    RollKind::Defense => incoming_ranged.get(),
                    _ => weapon.with(|w| w.as_ref().is_some_and(|w| w.ranged)),
                };
                touching(&c.conditions, kind.test_kind(ranged))
                    .into_iter()
                    .map(|i| c.conditions[i].clone())
                    .collect::<Vec<_>>()
            })
        });
        // An Attack after a passed sneak starts with the target unaware.
        let unaware = kind == RollKind::Attack && rolls.take_unaware();
        // Robust's bonus to a maneuver's test is one of the player's own modifiers.
        let robust = set_test.and_then(|t| t.robust).and_then(|bonus| {
            character.advance().with_untracked(|a| {
                a.abilities
                    .iter()
                    .find(|x| Known::of(&x.name) == Some(Known::Robust))
                    .and_then(|x| x.level)
                    .map(|lv| Own {
                        id: 1,
                        name: format!("Robust ({})", lv.name()),
                        amount: bonus.at(lv),
                    })
            })
        });
        let party_text = RwSignal::new(
            derived.with_untracked(|d| d.attrs[Attr::Subtlety.index()].value.to_string()),
        );
        let ruleset = Memo::new(move |_| character.ruleset().get());
        Form {
            character,
            derived,
            rolls,
            kind,
            ruleset,
            set_test,
            mod_kind: RwSignal::new(match (opposed_by, resisted) {
                (Some(_), _) => ModKind::Opposition,
                (None, Some(_)) => ModKind::Passive,
                _ => ModKind::None,
            }),
            difficulty: RwSignal::new(0),
            against: RwSignal::new(match (opposed_by, kind) {
                (Some(a), _) => Stat::Attr(a),
                (None, RollKind::Attr(a)) => Stat::Attr(a),
                _ => Stat::Defense,
            }),
            remembered,
            opponent: Memo::new(move |_| opponent_text.with(|t| parse_opponent_score(t))),
            opponent_text,
            opponent_touched: RwSignal::new(false),
            resistance: Memo::new(move |_| resistance_text.with(|t| parse_resistance(t))),
            resistance_text,
            resistance_touched: RwSignal::new(false),
            group: RwSignal::new(false),
            party: Memo::new(move |_| {
                let what = format!(
                    "The party's lowest {}",
                    labels(ruleset.get()).attr(Attr::Subtlety)
                );
                party_text
                    .with(|t| parse_whole(&what, t, OPPONENT_MIN.into(), OPPONENT_MAX.into()))
                    .map(|n| n as i32)
            }),
            party_text,
            advantage: RwSignal::new(unaware),
            advantage_from: RwSignal::new(unaware.then_some(AdvantageFrom::Unaware)),
            free_attack: RwSignal::new(unaware),
            weapons_ready: RwSignal::new(false),
            second_pass: RwSignal::new(false),
            second_fail: RwSignal::new(false),
            tried: RwSignal::new(false),
            weapon,
            incoming_ranged,
            melee_only_in_force,
            conditions,
            // A maneuver's own effect starts with the turn it opens, not on its own test.
            // So does Blind Fighting for a master of Sixth Sense (`abilities::cancels`);
            // the player may tick it back.
            skipped: RwSignal::new(
                set_test
                    .map(|t| t.name.to_string())
                    .into_iter()
                    .chain(character.combat().with_untracked(|c| {
                        character.advance().with_untracked(|a| {
                            c.conditions
                                .iter()
                                .filter(|x| cancels(&a.abilities, &x.name).is_some())
                                .map(|x| x.name.clone())
                                .collect::<Vec<_>>()
                        })
                    }))
                    .collect(),
            ),
            own: RwSignal::new(robust.into_iter().collect()),
            aim: RwSignal::new(0),
            target_pt: RwSignal::new(rolls.last_target.with_value(|t| t.1.clone())),
            target_armor: RwSignal::new(rolls.last_target.with_value(|t| t.0.clone())),
            last: RwSignal::new(None),
            damage: RwSignal::new(None),
            located: RwSignal::new(None),
            after: RwSignal::new(None),
            rerolled: RwSignal::new(false),
            hit_done: RwSignal::new(None),
        }
    }

    /// The labels of the character's ruleset (tracked).
    pub fn l(&self) -> &'static Labels {
        labels(self.ruleset.get())
    }

    /// An Attack tests what its weapon attacks with (Exactitude unless set otherwise).
    pub fn attack_attr(&self) -> Attr {
        self.weapon
            .with(|w| w.as_ref().map_or(Attr::Exactitude, |w| w.attack_attr()))
    }

    /// An Attack under the table's Hit Locations rule.
    pub fn hit_locations(&self) -> bool {
        self.kind == RollKind::Attack && self.character.combat().with(|c| c.hit_locations)
    }

    /// The field for the opponent's score is asked for.
    pub fn asks_opponent(&self) -> bool {
        match self.kind {
            RollKind::Attr(_) => self.mod_kind.get() == ModKind::Opposition,
            _ => true,
        }
    }

    pub fn asks_resistance(&self) -> bool {
        matches!(self.kind, RollKind::Attr(_)) && self.mod_kind.get() == ModKind::Passive
    }

    /// "Opponent's Defense", "Attacker's Accuracy", "Opponent's Strong".
    pub fn opponent_label(&self) -> String {
        let l = self.l();
        match self.kind {
            RollKind::Attack => format!("Opponent's {}", l.defense),
            RollKind::Defense => format!("Attacker's {}", l.attr(Attr::Exactitude)),
            RollKind::Attr(_) if self.grouped() => {
                format!("Defenders' highest {}", l.attr(Attr::Vigilance))
            }
            RollKind::Attr(_) => format!("Opponent's {}", self.against.get().label(l)),
        }
    }

    /// A group's sneak is rolled (tracked): "The group sneaks" ticked, the test still
    /// opposed by Vigilance.
    pub fn grouped(&self) -> bool {
        self.group.get()
            && self.mod_kind.get() == ModKind::Opposition
            && self.against.get() == Stat::Attr(Attr::Vigilance)
    }

    /// A group's sneak: how the log names it, with the party's lowest Subtlety.
    pub fn group_name(&self) -> Option<String> {
        let lowest = self.party.get_untracked().ok()?;
        untrack(|| self.grouped())
            .then(|| group_surprise_name(labels(self.ruleset.get_untracked()), lowest))
    }

    /// The target's Pain Threshold as typed, if it is a number from 0 to 99.
    /// The target's armor as typed: none when empty, or the message for the field.
    pub fn target_armor_value(&self) -> Result<Option<DiceExpr>, String> {
        self.target_armor.with_untracked(|t| {
            if t.trim().is_empty() {
                Ok(None)
            } else {
                parse_dice(t).map(Some)
            }
        })
    }

    /// Keeps the target's armor and Pain Threshold as typed for the next Attack.
    pub fn remember_target(&self) {
        let kept = (
            self.target_armor.get_untracked(),
            self.target_pt.get_untracked(),
        );
        self.rolls.last_target.set_value(kept);
    }

    pub fn target_pt_value(&self) -> Option<i32> {
        self.target_pt
            .with_untracked(|t| parse_int(t))
            .filter(|n| (0..=99).contains(n))
            .map(|n| n as i32)
    }

    /// The test every choice adds up to (tracked), or the field still missing; the
    /// panel keeps it as a memo ([`Spec`]).
    pub fn work_out(&self) -> Result<TestSpec, Missing> {
        let opp = || self.opponent.get().map_err(|_| Missing::Opponent);
        let base = self.derived.with(|d| -> Result<TestSpec, Missing> {
            Ok(match self.kind {
                RollKind::Attack => {
                    let a = self.attack_attr();
                    attack_with(a, d.attrs[a.index()].value, opp()?)
                }
                RollKind::Defense => defense_test(d.defense.value, opp()?),
                // The party's lowest against the defenders' highest (the opponent's
                // field), whatever this character's own Subtlety.
                RollKind::Attr(_) if self.grouped() => {
                    group_surprise(self.party.get().map_err(|_| Missing::Party)?, opp()?)
                }
                RollKind::Attr(a) => {
                    let m = match self.mod_kind.get() {
                        ModKind::None => TestModifier::None,
                        ModKind::Difficulty => TestModifier::Difficulty {
                            amount: self.difficulty.get(),
                        },
                        ModKind::Opposition => TestModifier::Opposition {
                            against: self.against.get(),
                            score: opp()?,
                        },
                        ModKind::Passive => TestModifier::Passive {
                            amount: self.resistance.get().map_err(|_| Missing::Resistance)?,
                        },
                    };
                    TestSpec::new(Stat::Attr(a), d.attrs[a.index()].value).with_modifier(m)
                }
            })
        })?;
        let advantage = self.advantage.get();
        let mut spec = base
            .with_advantage(advantage)
            .with_advantage_from(self.advantage_from.get().filter(|_| advantage))
            .with_second_chance_to_pass(self.second_pass.get())
            .with_second_chance_to_fail(self.second_fail.get());
        self.skipped.with(|off| {
            self.conditions.with(|cs| {
                spec.extras.extend(
                    cs.iter()
                        .filter(|c| !off.contains(&c.name))
                        .map(|c| c.circumstance()),
                )
            })
        });
        if self.hit_locations() {
            let (name, a) = AIMS[self.aim.get()];
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
        self.own.with(|o| {
            spec.extras.extend(
                o.iter()
                    .map(|m| Circumstance::new(m.name.clone(), m.amount, Chance::None)),
            )
        });
        // A pack entry's second chance on this test, in the chance and the breakdown
        // before the roll (the roll adds it too: `roll_effects::with_second_chances`).
        Ok(self
            .character
            .advance()
            .with(|a| with_second_chances(spec, &a.abilities)))
    }
}
