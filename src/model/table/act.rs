//! Acting on many members at once: damage (rolled once, each member's own armor rolled
//! against it), healing, an Experience award (the homebrew's scene award too),
//! corruption, a condition. Each goes through the play layer a member's own sheet
//! uses, is written in their log as done at the table, and one [`TableUndo`] takes the
//! whole action back for every member it touched.

use super::{Member, Table};
use crate::model::combat::POINTS_MAX;
use crate::model::play::award::award_scene;
use crate::model::play::log_roll;
use crate::model::play::toughness::{heal_entered, take_hit, Hit};
use crate::model::Character;
use crate::rules::dice::Rng;
use crate::rules::heimr::effects::{receive, Effect};
use crate::rules::heimr::injuries::injury_level;
use crate::rules::symbaroum::conditions::{presets, Condition};
use crate::rules::symbaroum::dice_notation::DiceExpr;
use crate::rules::symbaroum::dying::Healer;
use crate::rules::symbaroum::experience::XpEntry;
use crate::rules::symbaroum::labels;

/// What the game master does to the members picked.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// One hit's damage, rolled once; each member rolls their own armor against it
    /// unless it ignores armor (fire, poison …).
    Damage { expr: DiceExpr, no_armor: bool },
    /// Healing, rolled for each member.
    Heal { expr: DiceExpr },
    /// Experience: each member's award (the Symbaroum family), or an encounter's
    /// award shared among the members picked (Heimr).
    Experience { amount: u32, note: String },
    /// The homebrew's scene award, rolled for each member.
    SceneAward {
        cool: bool,
        boss: bool,
        note: String,
    },
    /// Temporary corruption (the Symbaroum family).
    Corruption { amount: i32 },
    /// A condition by name (a preset's effects when the name is one); for Heimr, an
    /// effect that lasts turns (Daze, Fall …), for its usual number of seconds.
    Condition { name: String },
}

/// What an action changed, to take back: each member touched, as they were.
#[derive(Clone, Debug, PartialEq)]
pub struct TableUndo {
    before: Vec<Member>,
}

/// An action done: a line per member, and its Undo.
#[derive(Clone, Debug, PartialEq)]
pub struct Acted {
    pub lines: Vec<String>,
    pub undo: TableUndo,
}

impl Table {
    /// Does `action` to the members `ids` (in the table's order); `date` is today's,
    /// for the Experience ledger. Refused in words, changing no one, when no one is
    /// picked or the action is not one of this family's.
    pub fn act(
        &mut self,
        ids: &[u32],
        action: &Action,
        date: &str,
        rng: &mut dyn Rng,
        now: f64,
    ) -> Result<Acted, String> {
        let picked: Vec<usize> = (0..self.members.len())
            .filter(|&i| ids.contains(&self.members[i].id))
            .collect();
        if picked.is_empty() {
            return Err("Pick the members it is for first.".into());
        }
        let heimr = self.family == super::Family::Heimr;
        if heimr
            && matches!(
                action,
                Action::Corruption { .. } | Action::SceneAward { .. }
            )
        {
            return Err("Heimr has no such rule: nothing was changed.".into());
        }
        if let Action::Condition { name } = action {
            if let Some(why) = crate::model::name_problem(name, true) {
                return Err(why);
            }
            if heimr && heimr_effect(name).is_none() {
                let names: Vec<&str> = Effect::ALL
                    .iter()
                    .filter(|e| !e.in_points() && !e.is_reaction())
                    .map(|e| e.name())
                    .collect();
                return Err(format!(
                    "Heimr's lasting effects are {}: nothing was changed.",
                    names.join(", ")
                ));
            }
        }
        let before: Vec<Member> = picked.iter().map(|&i| self.members[i].clone()).collect();
        let damage = match action {
            Action::Damage { expr, .. } => Some(expr.roll(rng)),
            _ => None,
        };
        let present = picked.len() as u32;
        let mut lines = Vec::new();
        for &i in &picked {
            let c = &mut self.members[i].character;
            let name = c.display_name().to_string();
            let said = match (action, c.heimr.is_some(), &damage) {
                (Action::Damage { expr, no_armor }, false, Some(roll)) => {
                    let hit = Hit {
                        damage: roll.clone(),
                        expr: expr.clone(),
                        no_armor: *no_armor,
                        at: None,
                        what: "Hit taken at the table".into(),
                        head: None,
                    };
                    take_hit(c, hit, rng, now).text
                }
                (Action::Damage { expr, .. }, true, Some(roll)) => {
                    let h = c.heimr_mut();
                    h.hp.current -= roll.total.max(0);
                    let text = format!(
                        "{} damage taken: HP {} of {}. {}",
                        roll.total.max(0),
                        h.hp.current,
                        h.hp.max,
                        injury_level(h.hp.current).name()
                    );
                    logged(
                        c,
                        now,
                        "Hit taken at the table",
                        format!("{expr}: {}", roll.text()),
                        text,
                    )
                }
                (Action::Heal { expr }, false, _) => heal_entered(
                    c,
                    expr,
                    "Healing at the table",
                    Healer::SomeoneElse,
                    rng,
                    now,
                )
                .unwrap_or_else(|why| why),
                (Action::Heal { expr }, true, _) => {
                    let roll = expr.roll(rng);
                    let h = c.heimr_mut();
                    let was = h.hp.current;
                    h.hp.current = (was + roll.total.max(0)).min(h.hp.max).max(was);
                    let text = format!("Healed: HP {was} → {} of {}.", h.hp.current, h.hp.max);
                    logged(
                        c,
                        now,
                        "Healing at the table",
                        format!("{expr}: {}", roll.text()),
                        text,
                    )
                }
                (Action::Experience { amount, note }, false, _) => {
                    c.advance.xp.push(XpEntry::Award {
                        amount: *amount as i32,
                        note: at_table(note),
                        date: date.to_string(),
                    });
                    let text = format!("Added {amount} Experience.");
                    logged(c, now, "Experience at the table", String::new(), text)
                }
                (Action::Experience { amount, .. }, true, _) => {
                    let split = c.heimr_mut().share_award(u64::from(*amount), present);
                    let text = format!(
                        "Added {} XP ({amount} shared by {present}; {} carried to the next award).",
                        split.share, split.remainder
                    );
                    logged(c, now, "Experience at the table", String::new(), text)
                }
                (Action::SceneAward { cool, boss, note }, ..) => {
                    award_scene(c, *cool, *boss, &at_table(note), date.to_string(), rng, now)
                }
                (Action::Corruption { amount }, ..) => {
                    let t = &mut c.combat.corruption.temporary;
                    *t = (*t + amount).clamp(0, POINTS_MAX);
                    let text = format!("Temporary corruption {t}.");
                    logged(c, now, "Corruption at the table", String::new(), text)
                }
                (Action::Condition { name }, true, _) => {
                    // A lasting effect by that name: checked above, before anyone changed.
                    let effect = heimr_effect(name).unwrap_or(Effect::Daze);
                    let h = c.heimr_mut();
                    let text = receive(
                        effect,
                        effect.default_number(),
                        &mut h.hp,
                        &mut h.willpower,
                        &mut h.effects,
                    );
                    logged(c, now, "Effect at the table", String::new(), text)
                }
                (Action::Condition { name }, false, _) => add_condition(c, name, now),
                // The damage is rolled above, before anyone's armor.
                (Action::Damage { .. }, _, None) => String::new(),
            };
            c.updated = now;
            lines.push(format!("{name}: {said}"));
        }
        self.updated = now;
        Ok(Acted {
            lines,
            undo: TableUndo { before },
        })
    }

    /// Takes an action back: every member it touched as they were before it (a member
    /// taken from the table since stays away).
    pub fn undo(&mut self, undo: TableUndo, now: f64) {
        for was in undo.before {
            if let Some(m) = self.members.iter_mut().find(|m| m.id == was.id) {
                *m = was;
            }
        }
        self.updated = now;
    }
}

/// Writes `text` in `c`'s log as `what` (with the `dice` rolled) and returns it.
fn logged(c: &mut Character, now: f64, what: &str, dice: String, text: String) -> String {
    log_roll(c, now, what.into(), dice, text.clone());
    text
}

/// A Heimr effect that lasts turns, by its name.
fn heimr_effect(name: &str) -> Option<Effect> {
    Effect::ALL
        .into_iter()
        .find(|e| !e.in_points() && !e.is_reaction() && e.name().eq_ignore_ascii_case(name.trim()))
}

fn at_table(note: &str) -> String {
    match note.trim() {
        "" => "At the table".into(),
        n => n.to_string(),
    }
}

/// A condition by name: a preset's (in the member's ruleset's words) when it is one,
/// else kept as a reminder with no effect on tests, as the sheet's own form does.
fn add_condition(c: &mut Character, name: &str, now: f64) -> String {
    let name = name.trim();
    if c.combat
        .conditions
        .iter()
        .any(|k| k.name.eq_ignore_ascii_case(name))
    {
        return format!("already {name}.");
    }
    let condition = presets(labels(c.ruleset))
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
        .unwrap_or_else(|| Condition {
            name: name.to_string(),
            ..Condition::default()
        });
    let text = format!(
        "{} ({}).",
        condition.name,
        condition.effect_text(labels(c.ruleset))
    );
    c.combat.conditions.push(condition);
    logged(c, now, "Condition at the table", String::new(), text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::load_document;
    use crate::model::table::Family;
    use crate::rules::dice::{FixedDice, SeededRng};

    fn party() -> Table {
        let mut t = Table::new("t".into(), "Table", Family::Symbaroum, 0.0);
        let stig = load_document(include_str!("../../../tests/fixtures/v1-full.json")).unwrap();
        let mut ylva = stig.clone();
        ylva.id = "ylva".into();
        ylva.name = "Ylva".into();
        ylva.combat.damage = 0;
        ylva.combat.life = Default::default();
        t.add_member(stig, 0.0).unwrap();
        t.add_member(ylva, 0.0).unwrap();
        t
    }

    #[test]
    fn damage_is_rolled_once_and_each_member_rolls_their_own_armor() {
        let mut t = party();
        // 2d6 rolls 5 and 4 = 9; Ylva's woven silk 1d4 rolls 1 (8 taken); Stig is
        // dying already, so his hit is rolled against his armor too: 1d4 rolls 3.
        let mut dice = FixedDice::new(&[(5, 6), (4, 6), (3, 4), (1, 4)]);
        let acted = t
            .act(
                &[1, 2],
                &Action::Damage {
                    expr: "2d6".parse().unwrap(),
                    no_armor: false,
                },
                "2026-11-28",
                &mut dice,
                7.0,
            )
            .unwrap();
        assert_eq!(acted.lines.len(), 2);
        assert!(
            acted.lines[1].starts_with("Ylva: 8 damage taken"),
            "{:?}",
            acted.lines
        );
        assert_eq!(t.members[1].character.combat.damage, 8);
        assert_eq!(
            t.members[1].character.roll_log[0].what,
            "Hit taken at the table"
        );
        assert_eq!(t.members[1].character.updated, 7.0);
        // One Undo takes it back for both.
        t.undo(acted.undo, 8.0);
        assert_eq!(t.members[1].character.combat.damage, 0);
        assert_eq!(t.members[0].character.combat.damage, 4);
        assert_eq!(t.members, party().members);
    }

    #[test]
    fn experience_corruption_and_a_condition_for_the_members_picked_only() {
        let mut t = party();
        let mut rng = SeededRng::new(3);
        let xp = Action::Experience {
            amount: 3,
            note: String::new(),
        };
        t.act(&[2], &xp, "2026-11-28", &mut rng, 1.0).unwrap();
        let before = t.members[0].character.advance.totals().earned;
        assert_eq!(t.members[1].character.advance.totals().earned, before + 3);
        t.act(
            &[1, 2],
            &Action::Corruption { amount: 2 },
            "",
            &mut rng,
            2.0,
        )
        .unwrap();
        assert_eq!(t.members[0].character.combat.corruption.temporary, 5);
        let acted = t
            .act(
                &[2],
                &Action::Condition {
                    name: "prone".into(),
                },
                "",
                &mut rng,
                3.0,
            )
            .unwrap();
        assert_eq!(t.members[1].character.combat.conditions[0].name, "Prone");
        assert!(
            acted.lines[0].starts_with("Ylva: Prone ("),
            "{:?}",
            acted.lines
        );
        assert_eq!(
            t.act(&[], &Action::Corruption { amount: 1 }, "", &mut rng, 4.0)
                .unwrap_err(),
            "Pick the members it is for first."
        );
    }

    #[test]
    fn healing_is_rolled_for_each_member() {
        let mut t = party();
        t.members[1].character.combat.damage = 6;
        let mut dice = FixedDice::new(&[(4, 4)]);
        let acted = t
            .act(
                &[2],
                &Action::Heal {
                    expr: "1d4".parse().unwrap(),
                },
                "",
                &mut dice,
                1.0,
            )
            .unwrap();
        assert_eq!(t.members[1].character.combat.damage, 2, "{:?}", acted.lines);
    }

    #[test]
    fn heimr_shares_an_encounter_award_among_the_members_picked() {
        let mut t = Table::new("h".into(), "Heimr", Family::Heimr, 0.0);
        let a = load_document(include_str!("../../../tests/fixtures/v1-heimr.json")).unwrap();
        let mut b = a.clone();
        b.id = "b".into();
        t.add_member(a, 0.0).unwrap();
        t.add_member(b, 0.0).unwrap();
        let earned = |t: &Table, i: usize| t.members[i].character.heimr().unwrap().xp.earned;
        let start = earned(&t, 0);
        let acted = t
            .act(
                &[1, 2],
                &Action::Experience {
                    amount: 7,
                    note: String::new(),
                },
                "",
                &mut SeededRng::new(1),
                1.0,
            )
            .unwrap();
        assert!(earned(&t, 0) > start, "{:?}", acted.lines);
        assert!(
            acted.lines[0].contains("(7 shared by 2;"),
            "{:?}",
            acted.lines
        );
        let daze = Action::Condition {
            name: "daze".into(),
        };
        t.act(&[1], &daze, "", &mut SeededRng::new(1), 2.0).unwrap();
        let effects = &t.members[0].character.heimr().unwrap().effects;
        assert_eq!(effects[0].effect, Effect::Daze);
        let sleepy = Action::Condition {
            name: "Sleepy".into(),
        };
        let e = t
            .act(&[1], &sleepy, "", &mut SeededRng::new(1), 2.0)
            .unwrap_err();
        assert!(e.starts_with("Heimr's lasting effects are "), "{e}");
        let refused = t.act(
            &[1],
            &Action::Corruption { amount: 1 },
            "",
            &mut SeededRng::new(1),
            2.0,
        );
        assert_eq!(
            refused.unwrap_err(),
            "Heimr has no such rule: nothing was changed."
        );
        // Damage below 0 HP shows the injury.
        let acted = t
            .act(
                &[2],
                &Action::Damage {
                    expr: "20".parse().unwrap(),
                    no_armor: false,
                },
                "",
                &mut SeededRng::new(1),
                3.0,
            )
            .unwrap();
        assert!(
            acted.lines[0].contains("20 damage taken"),
            "{:?}",
            acted.lines
        );
    }
}
