//! Experience: ability kinds and levels, what they cost, the ledger of awards and
//! purchases with earned / spent / unspent, and the optional Re-roll for Experience
//! (RULES.md, "Experience"; seeds 001 and 004).

use serde::{Deserialize, Serialize};

/// What kind of ability an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityKind {
    Ability,
    Boon,
    Burden,
    /// Racial, set at character creation, no Experience.
    Trait,
    MysticalPower,
    /// Needs the Ritualist ability.
    Ritual,
    PrincipleBond,
}

impl AbilityKind {
    pub const ALL: [AbilityKind; 7] = [
        AbilityKind::Ability,
        AbilityKind::Boon,
        AbilityKind::Burden,
        AbilityKind::Trait,
        AbilityKind::MysticalPower,
        AbilityKind::Ritual,
        AbilityKind::PrincipleBond,
    ];

    pub fn name(self) -> &'static str {
        match self {
            AbilityKind::Ability => "Ability",
            AbilityKind::Boon => "Boon",
            AbilityKind::Burden => "Burden",
            AbilityKind::Trait => "Trait",
            AbilityKind::MysticalPower => "Mystical power",
            AbilityKind::Ritual => "Ritual",
            AbilityKind::PrincipleBond => "Principle bond",
        }
    }

    /// Whether the kind has novice / adept / master levels. Traits do too (their levels
    /// come with the race); boons, burdens and rituals do not.
    pub fn has_levels(self) -> bool {
        matches!(
            self,
            AbilityKind::Ability
                | AbilityKind::MysticalPower
                | AbilityKind::PrincipleBond
                | AbilityKind::Trait
        )
    }
}

/// An ability's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Novice,
    Adept,
    Master,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Adept => "adept",
            Level::Master => "master",
        }
    }
}

/// How an ability is used in combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionType {
    Active,
    Free,
    Passive,
    Reaction,
    Special,
}

/// One ability, boon, burden, trait, power, ritual or bond on the sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ability {
    pub name: String,
    pub kind: AbilityKind,
    /// None for kinds without levels.
    #[serde(default)]
    pub level: Option<Level>,
    #[serde(default)]
    pub action: Option<ActionType>,
    #[serde(default)]
    pub notes: String,
}

/// A boon costs 5.
pub const BOON_COST: i32 = 5;
/// A burden is a credit of 5 on one purchase.
pub const BURDEN_CREDIT: i32 = 5;

/// The Experience to reach `level` from the level below (novice from nothing):
/// novice 10, adept 20, master 30.
pub fn step_cost(level: Level) -> i32 {
    match level {
        Level::Novice => 10,
        Level::Adept => 20,
        Level::Master => 30,
    }
}

/// The total Experience an entry of `kind` at `level` is worth: ability at master 60.
/// Boons 5; rituals 10 (RULES.md gives no price: Symbaroum prices each ritual as a
/// novice ability); burdens and traits 0 (a burden's credit is handled in the ledger).
pub fn total_cost(kind: AbilityKind, level: Option<Level>) -> i32 {
    match kind {
        AbilityKind::Trait | AbilityKind::Burden => 0,
        AbilityKind::Boon => BOON_COST,
        AbilityKind::Ritual => step_cost(Level::Novice),
        _ => match level {
            None => 0,
            Some(l) => [Level::Novice, Level::Adept, Level::Master]
                .into_iter()
                .filter(|&s| s <= l)
                .map(step_cost)
                .sum(),
        },
    }
}

/// The cost of changing an entry from `from` to `to` (None = not owned): positive to
/// pay, negative a refund when lowering or removing. Kinds without levels read any
/// `Some` as owned.
pub fn change_cost(kind: AbilityKind, from: Option<Level>, to: Option<Level>) -> i32 {
    let worth = |l: Option<Level>| {
        if kind.has_levels() {
            total_cost(kind, l)
        } else if l.is_some() {
            total_cost(kind, Some(Level::Novice))
        } else {
            0
        }
    };
    worth(to) - worth(from)
}

/// One line of a character's Experience ledger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum XpEntry {
    /// Experience awarded by the Game Master.
    Award { amount: i32, note: String },
    /// Experience carried over from a dead predecessor; counts as earned.
    Inherited { amount: i32, note: String },
    /// A burden taken: one credit of 5 for a later (or the same) purchase.
    Burden { note: String },
    /// A purchase; `credits` burden credits lower what is charged, never below 0.
    Purchase {
        cost: i32,
        note: String,
        #[serde(default)]
        credits: u32,
    },
    /// Experience given back for lowering or removing an ability.
    Refund { amount: i32, note: String },
    /// 1 Experience spent on a re-roll (optional rule).
    Reroll { note: String },
}

impl XpEntry {
    /// What a purchase actually costs after burden credits.
    pub fn charged(cost: i32, credits: u32) -> i32 {
        (cost - BURDEN_CREDIT * credits as i32).max(0)
    }
}

/// Earned, spent and unspent Experience, always shown together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct XpTotals {
    pub earned: i32,
    pub spent: i32,
    pub unspent: i32,
    /// Burden credits not yet applied to a purchase.
    pub credits_left: i32,
}

/// Adds up a ledger.
pub fn totals(ledger: &[XpEntry]) -> XpTotals {
    let mut t = XpTotals::default();
    let mut credits = 0i32;
    for e in ledger {
        match e {
            XpEntry::Award { amount, .. } | XpEntry::Inherited { amount, .. } => t.earned += amount,
            XpEntry::Burden { .. } => credits += 1,
            XpEntry::Purchase {
                cost, credits: c, ..
            } => {
                t.spent += XpEntry::charged(*cost, *c);
                credits -= *c as i32;
            }
            XpEntry::Refund { amount, .. } => t.spent -= amount,
            XpEntry::Reroll { .. } => t.spent += 1,
        }
    }
    t.unspent = t.earned - t.spent;
    t.credits_left = credits;
    t
}

/// Makes a purchase entry, or refuses it with the message to show: not enough unspent
/// Experience ("Needs 20 Experience; 5 unspent: 15 missing."), or more burden credits
/// than are left.
pub fn purchase(
    ledger: &[XpEntry],
    note: impl Into<String>,
    cost: i32,
    credits: u32,
) -> Result<XpEntry, String> {
    let t = totals(ledger);
    if credits as i32 > t.credits_left {
        return Err(format!(
            "{} burden credit{} asked for; {} left.",
            credits,
            if credits == 1 { "" } else { "s" },
            t.credits_left.max(0)
        ));
    }
    let charged = XpEntry::charged(cost, credits);
    if charged > t.unspent {
        let needs = if credits > 0 {
            format!(
                "Needs {charged} Experience ({cost} − {} burden credit)",
                BURDEN_CREDIT * credits as i32
            )
        } else {
            format!("Needs {charged} Experience")
        };
        return Err(format!(
            "{needs}; {} unspent: {} missing.",
            t.unspent,
            charged - t.unspent.max(0)
        ));
    }
    Ok(XpEntry::Purchase {
        cost,
        note: note.into(),
        credits,
    })
}

/// The ledger entry for raising or lowering an ability: a purchase (checked against
/// unspent Experience) or a refund. None when nothing changes in cost.
pub fn change_entry(
    ledger: &[XpEntry],
    ability: &Ability,
    to: Option<Level>,
    credits: u32,
) -> Result<Option<XpEntry>, String> {
    let cost = change_cost(ability.kind, ability.level, to);
    let what = match to {
        Some(l) if ability.kind.has_levels() => format!("{} ({})", ability.name, l.name()),
        Some(_) => ability.name.clone(),
        None => format!("{} removed", ability.name),
    };
    match cost {
        0 => Ok(None),
        c if c > 0 => purchase(ledger, what, c, credits).map(Some),
        c => Ok(Some(XpEntry::Refund {
            amount: -c,
            note: what,
        })),
    }
}

/// The ledger a successor starts with: all the Experience the dead character earned.
pub fn successor_ledger(ledger: &[XpEntry], predecessor: &str) -> Vec<XpEntry> {
    vec![XpEntry::Inherited {
        amount: totals(ledger).earned,
        note: format!("Experience earned by {predecessor}"),
    }]
}

/// Warnings about the ability list: rituals without the Ritualist ability.
pub fn ability_warnings(abilities: &[Ability]) -> Vec<String> {
    let has_ritualist = abilities
        .iter()
        .any(|a| a.name.trim().eq_ignore_ascii_case("ritualist") && a.kind != AbilityKind::Ritual);
    abilities
        .iter()
        .filter(|a| a.kind == AbilityKind::Ritual && !has_ritualist)
        .map(|a| {
            format!(
                "{}: learning rituals requires the Ritualist ability.",
                a.name
            )
        })
        .collect()
}

/// The table's settings for Re-roll for Experience. Both exceptions default to "no",
/// as the seed recommends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RerollRules {
    pub enabled: bool,
    #[serde(default)]
    pub allow_death_tests: bool,
    #[serde(default)]
    pub allow_fumbled_defense: bool,
}

/// The kind of roll a re-roll is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollKind {
    Success,
    /// A Defense test; `fumbled` under the Perfect Hits and Fumbled Defense rule.
    Defense {
        fumbled: bool,
    },
    Damage,
    DeathTest,
    Other,
}

/// 1 Experience per re-roll.
pub const REROLL_COST: i32 = 1;

/// Whether a re-roll is offered, or why not. One re-roll per action
/// (`already_rerolled`), 1 unspent Experience needed. Death tests and fumbled Defense
/// only when the table allows them; an ordinary Defense test is a roll like any other
/// ("All rolls can be re-rolled").
pub fn reroll_offer(
    rules: RerollRules,
    kind: RollKind,
    already_rerolled: bool,
    unspent: i32,
) -> Result<(), String> {
    if !rules.enabled {
        return Err("Re-roll for Experience is not used at this table.".into());
    }
    if kind == RollKind::DeathTest && !rules.allow_death_tests {
        return Err("This table does not allow re-rolling death tests.".into());
    }
    if kind == (RollKind::Defense { fumbled: true }) && !rules.allow_fumbled_defense {
        return Err("This table does not allow re-rolling a fumbled Defense.".into());
    }
    if already_rerolled {
        return Err("Only one re-roll per action.".into());
    }
    if unspent < REROLL_COST {
        return Err("A re-roll costs 1 Experience; none is unspent.".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn award(n: i32) -> XpEntry {
        XpEntry::Award {
            amount: n,
            note: "adventure".into(),
        }
    }

    fn ability(name: &str, kind: AbilityKind, level: Option<Level>) -> Ability {
        Ability {
            name: name.into(),
            kind,
            level,
            action: None,
            notes: String::new(),
        }
    }

    #[test]
    fn level_costs() {
        use Level::*;
        assert_eq!(
            (step_cost(Novice), step_cost(Adept), step_cost(Master)),
            (10, 20, 30)
        );
        let a = AbilityKind::Ability;
        assert_eq!(total_cost(a, Some(Novice)), 10);
        assert_eq!(total_cost(a, Some(Adept)), 30);
        assert_eq!(total_cost(a, Some(Master)), 60);
        assert_eq!(change_cost(a, None, Some(Novice)), 10);
        assert_eq!(change_cost(a, Some(Novice), Some(Adept)), 20);
        assert_eq!(change_cost(a, Some(Adept), Some(Master)), 30);
        assert_eq!(change_cost(a, None, Some(Master)), 60);
        // Lowering refunds.
        assert_eq!(change_cost(a, Some(Master), Some(Adept)), -30);
        assert_eq!(change_cost(a, Some(Adept), None), -30);
        assert_eq!(
            change_cost(AbilityKind::MysticalPower, Some(Novice), Some(Adept)),
            20
        );
        assert_eq!(change_cost(AbilityKind::Boon, None, Some(Novice)), 5);
        assert_eq!(change_cost(AbilityKind::Boon, Some(Novice), None), -5);
        assert_eq!(change_cost(AbilityKind::Ritual, None, Some(Novice)), 10);
        assert_eq!(change_cost(AbilityKind::Trait, None, Some(Master)), 0);
        assert_eq!(change_cost(AbilityKind::Burden, None, Some(Novice)), 0);
    }

    #[test]
    fn grumpa_example_from_seed_001() {
        // 12 awarded; then 9 more: 21. Raising an ability to adept costs 20: 1 left.
        let mut ledger = vec![award(12)];
        assert_eq!(totals(&ledger).unspent, 12);
        ledger.push(award(9));
        let stage = ability("Staff Fighting", AbilityKind::Ability, Some(Level::Novice));
        let e = change_entry(&ledger, &stage, Some(Level::Adept), 0)
            .unwrap()
            .unwrap();
        assert_eq!(
            e,
            XpEntry::Purchase {
                cost: 20,
                note: "Staff Fighting (adept)".into(),
                credits: 0
            }
        );
        ledger.push(e);
        assert_eq!(
            totals(&ledger),
            XpTotals {
                earned: 21,
                spent: 20,
                unspent: 1,
                credits_left: 0
            }
        );
    }

    #[test]
    fn overspending_is_refused_with_the_shortfall() {
        let ledger = vec![award(5)];
        assert_eq!(
            purchase(&ledger, "Adept", 20, 0).unwrap_err(),
            "Needs 20 Experience; 5 unspent: 15 missing."
        );
        assert!(purchase(&ledger, "Boon", 5, 0).is_ok());
        let broke: Vec<XpEntry> = vec![];
        assert_eq!(
            purchase(&broke, "Novice", 10, 0).unwrap_err(),
            "Needs 10 Experience; 0 unspent: 10 missing."
        );
    }

    #[test]
    fn burdens_are_a_credit_of_five_on_one_purchase() {
        let mut ledger = vec![
            award(5),
            XpEntry::Burden {
                note: "Bloodthirst".into(),
            },
        ];
        assert_eq!(totals(&ledger).credits_left, 1);
        // A novice ability (10) with the credit costs 5.
        let e = purchase(&ledger, "Recovery (novice)", 10, 1).unwrap();
        ledger.push(e);
        let t = totals(&ledger);
        assert_eq!((t.spent, t.unspent, t.credits_left), (5, 0, 0));
        // The credit is used up.
        assert_eq!(
            purchase(&ledger, "Boon", 5, 1).unwrap_err(),
            "1 burden credit asked for; 0 left."
        );
        // On a boon (5) it brings the cost to 0, never below: no Experience comes back.
        let ledger = vec![XpEntry::Burden {
            note: "Pariah".into(),
        }];
        let e = purchase(&ledger, "Pack-mule", BOON_COST, 1).unwrap();
        let ledger = [ledger, vec![e]].concat();
        assert_eq!(totals(&ledger).unspent, 0);
        assert_eq!(totals(&ledger).spent, 0);
        // Shortfall message with a credit.
        let ledger = vec![award(3), XpEntry::Burden { note: "x".into() }];
        assert_eq!(
            purchase(&ledger, "Adept", 20, 1).unwrap_err(),
            "Needs 15 Experience (20 − 5 burden credit); 3 unspent: 12 missing."
        );
    }

    #[test]
    fn lowering_gives_a_refund() {
        let mut ledger = vec![
            award(30),
            XpEntry::Purchase {
                cost: 30,
                note: "x".into(),
                credits: 0,
            },
        ];
        assert_eq!(totals(&ledger).unspent, 0);
        let a = ability("Iron Fist", AbilityKind::Ability, Some(Level::Adept));
        let e = change_entry(&ledger, &a, Some(Level::Novice), 0)
            .unwrap()
            .unwrap();
        assert_eq!(
            e,
            XpEntry::Refund {
                amount: 20,
                note: "Iron Fist (novice)".into()
            }
        );
        ledger.push(e);
        assert_eq!(
            totals(&ledger),
            XpTotals {
                earned: 30,
                spent: 10,
                unspent: 20,
                credits_left: 0
            }
        );
        let t = ability("Robust", AbilityKind::Trait, Some(Level::Novice));
        assert_eq!(change_entry(&ledger, &t, Some(Level::Adept), 0), Ok(None));
    }

    #[test]
    fn successor_inherits_everything_earned() {
        let ledger = vec![
            award(12),
            award(9),
            XpEntry::Purchase {
                cost: 20,
                note: "adept".into(),
                credits: 0,
            },
            XpEntry::Reroll {
                note: "attack".into(),
            },
        ];
        let t = totals(&ledger);
        assert_eq!((t.earned, t.spent, t.unspent), (21, 21, 0));
        let next = successor_ledger(&ledger, "Grumpa");
        assert_eq!(
            next,
            vec![XpEntry::Inherited {
                amount: 21,
                note: "Experience earned by Grumpa".into()
            }]
        );
        assert_eq!(totals(&next).unspent, 21);
    }

    #[test]
    fn ritual_without_ritualist_warns() {
        let ritual = ability("Holy Aura", AbilityKind::Ritual, None);
        assert_eq!(
            ability_warnings(std::slice::from_ref(&ritual)),
            vec!["Holy Aura: learning rituals requires the Ritualist ability.".to_string()]
        );
        let ritualist = ability("Ritualist", AbilityKind::Ability, Some(Level::Novice));
        assert!(ability_warnings(&[ritual, ritualist]).is_empty());
        assert!(ability_warnings(&[]).is_empty());
    }

    #[test]
    fn reroll_offers() {
        let on = RerollRules {
            enabled: true,
            ..Default::default()
        };
        assert_eq!(reroll_offer(on, RollKind::Success, false, 3), Ok(()));
        assert_eq!(reroll_offer(on, RollKind::Damage, false, 1), Ok(()));
        assert_eq!(
            reroll_offer(on, RollKind::Defense { fumbled: false }, false, 1),
            Ok(())
        );
        assert!(reroll_offer(on, RollKind::DeathTest, false, 5)
            .unwrap_err()
            .contains("death tests"));
        assert!(
            reroll_offer(on, RollKind::Defense { fumbled: true }, false, 5)
                .unwrap_err()
                .contains("fumbled")
        );
        assert!(reroll_offer(on, RollKind::Success, true, 5)
            .unwrap_err()
            .contains("one re-roll"));
        assert!(reroll_offer(on, RollKind::Success, false, 0)
            .unwrap_err()
            .contains("1 Experience"));
        let off = RerollRules::default();
        assert!(reroll_offer(off, RollKind::Success, false, 5)
            .unwrap_err()
            .contains("not used"));
        let lenient = RerollRules {
            enabled: true,
            allow_death_tests: true,
            allow_fumbled_defense: true,
        };
        assert_eq!(reroll_offer(lenient, RollKind::DeathTest, false, 1), Ok(()));
        assert_eq!(
            reroll_offer(lenient, RollKind::Defense { fumbled: true }, false, 1),
            Ok(())
        );
        // The re-roll is spent from the ledger.
        let ledger = vec![
            award(2),
            XpEntry::Reroll {
                note: "Defense".into(),
            },
        ];
        assert_eq!(totals(&ledger).unspent, 1);
    }

    #[test]
    fn entries_serialise_with_stable_names() {
        let e = XpEntry::Purchase {
            cost: 10,
            note: "Acrobatics".into(),
            credits: 1,
        };
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"kind":"purchase","cost":10,"note":"Acrobatics","credits":1}"#
        );
        let a = Ability {
            action: Some(ActionType::Reaction),
            ..ability(
                "Sixth Sense",
                AbilityKind::MysticalPower,
                Some(Level::Master),
            )
        };
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            r#"{"name":"Sixth Sense","kind":"mystical_power","level":"master","action":"reaction","notes":""}"#
        );
        let back: XpEntry =
            serde_json::from_str(r#"{"kind":"purchase","cost":5,"note":"b"}"#).unwrap();
        assert_eq!(
            back,
            XpEntry::Purchase {
                cost: 5,
                note: "b".into(),
                credits: 0
            }
        );
        assert_eq!(AbilityKind::ALL.len(), 7);
        assert!(!AbilityKind::Ritual.has_levels());
    }
}
