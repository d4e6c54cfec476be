//! The exact chances at the table, before the roll, as the roll panel works them out:
//! a foe's attack on a member is the member's Defense test against the foe's accuracy
//! (the foe hits when it fails); a member's attack on a foe is their Accurate test
//! against the foe's Defense. A member's conditions that touch the test count, as on
//! their sheet, and so do the second chances their abilities give. (The Symbaroum
//! family: players roll every test.) Heimr's foes are rolled by the game master, so
//! the table shows their numbers rather than odds.

use super::{FoeAttack, FoeStats, Member, Table};
use crate::rules::symbaroum::conditions::{touching, TestKind};
use crate::rules::symbaroum::roll_effects::with_second_chances;
use crate::rules::symbaroum::success::{attack, defense_test, format_percent, TestSpec};
use crate::rules::symbaroum::Attr;

/// One chance, with how the target is reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// From 0 to 1.
    pub chance: f64,
    /// "45%".
    pub percent: String,
    /// The test in the member's ruleset's words: "Defense test [Defense←Accurate 13]".
    pub test: String,
}

fn odds(m: &Member, spec: TestSpec, kind: TestKind, hit_when_fails: bool) -> Odds {
    let c = &m.character;
    let mut spec = with_second_chances(spec, &c.advance.abilities);
    for i in touching(&c.combat.conditions, kind) {
        spec = spec.with(c.combat.conditions[i].circumstance());
    }
    let passes = spec.chance();
    let chance = if hit_when_fails { 1.0 - passes } else { passes };
    Odds {
        chance,
        percent: format_percent(chance),
        test: spec.describe(crate::rules::symbaroum::labels(c.ruleset)),
    }
}

/// One member's chances against a foe, as the foe's card shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberOdds {
    pub member: u32,
    pub name: String,
    /// Each of the foe's attacks on them: its name and its chance to hit.
    pub hit_by: Vec<(String, Odds)>,
    /// Their attack on the foe.
    pub hits: Odds,
}

impl Table {
    /// Every Symbaroum-family member's chances against foe `foe`, in seating order:
    /// nothing for a Heimr foe or member. In melee: a foe's stat line does not say
    /// which of its attacks are ranged, so the card shows melee (the app's choice, and
    /// the card says so).
    pub fn odds_against(&self, foe: u32) -> Vec<MemberOdds> {
        let Some(FoeStats::Symbaroum(f)) = self
            .foes
            .iter()
            .find(|f| f.id == foe)
            .and_then(|f| f.stats())
        else {
            return Vec::new();
        };
        self.members
            .iter()
            .filter_map(|m| {
                Some(MemberOdds {
                    member: m.id,
                    name: m.character.display_name().to_string(),
                    hit_by: f
                        .attacks
                        .iter()
                        .filter_map(|a| Some((a.name.clone(), self.foe_hits(foe, a, m.id, false)?)))
                        .collect(),
                    hits: self.member_hits(m.id, foe, false)?,
                })
            })
            .collect()
    }

    /// The chance that foe `foe`'s `attack` hits member `member` (a melee attack, or a
    /// ranged one): the member's Defense test failing.
    pub fn foe_hits(
        &self,
        foe: u32,
        attack: &FoeAttack,
        member: u32,
        ranged: bool,
    ) -> Option<Odds> {
        self.foes.iter().find(|f| f.id == foe)?.symbaroum.as_ref()?;
        let m = self.member(member)?;
        m.character.heimr().is_none().then_some(())?;
        let defense = m.character.derived().defense.value;
        Some(odds(
            m,
            defense_test(defense, attack.accuracy),
            TestKind::Defense { ranged },
            true,
        ))
    }

    /// The chance that member `member`'s attack hits foe `foe`: their Accurate test
    /// against the foe's Defense.
    pub fn member_hits(&self, member: u32, foe: u32, ranged: bool) -> Option<Odds> {
        let Some(FoeStats::Symbaroum(f)) = self.foes.iter().find(|f| f.id == foe)?.stats() else {
            return None;
        };
        let m = self.member(member)?;
        m.character.heimr().is_none().then_some(())?;
        let accurate = m.character.derived().attrs[Attr::Exactitude.index()].value;
        Some(odds(
            m,
            attack(accurate, f.defense),
            TestKind::Attack { ranged },
            false,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::conditions::Condition;
    use crate::rules::symbaroum::success::{chance, RollMode};

    fn table() -> Table {
        // A goblin who attacks with Accurate 13.
        let mut goblin = crate::model::table::foe::goblin();
        goblin.symbaroum.as_mut().unwrap().attacks[0].accuracy = 13;
        crate::model::table::foe::stig_facing(vec![goblin])
    }

    #[test]
    fn a_foe_hits_when_the_member_s_defense_test_fails() {
        let t = table();
        let spear = t.foes[0].symbaroum.as_ref().unwrap().attacks[0].clone();
        let defense = t.members[0].character.derived().defense.value;
        let odds = t.foe_hits(1, &spear, 1, false).unwrap();
        // [Defense←Accurate 13]: Defense − 3.
        let passes = chance(defense - 3, RollMode::Single);
        assert!((odds.chance - (1.0 - passes)).abs() < 1e-9, "{odds:?}");
        assert!(odds.test.contains("13"), "{odds:?}");
    }

    #[test]
    fn a_member_s_attack_against_the_foe_s_defense() {
        let t = table();
        // Stig's Accurate 16 (15, and Exceptional Attribute's +1) [Accurate←Defense 13]:
        // target 13 on one d20.
        assert_eq!(
            t.members[0].character.derived().attrs[Attr::Exactitude.index()].value,
            16
        );
        let odds = t.member_hits(1, 1, false).unwrap();
        assert_eq!((odds.chance, odds.percent.as_str()), (0.65, "65%"));
    }

    #[test]
    fn a_foe_s_card_has_each_member_s_odds_both_ways() {
        let mut t = table();
        let ylva =
            crate::model::Character::new("Ylva".into(), crate::rules::Ruleset::Symbaroum, 0.0);
        t.add_member(ylva, 0.0).unwrap();
        let spear = t.foes[0].symbaroum.as_ref().unwrap().attacks[0].clone();
        let grid = t.odds_against(1);
        assert_eq!(grid.len(), 2, "every member, in seating order");
        for (row, m) in grid.iter().zip(&t.members) {
            assert_eq!(
                (row.member, row.name.as_str()),
                (m.id, m.character.display_name())
            );
            assert_eq!(
                row.hit_by,
                vec![(
                    spear.name.clone(),
                    t.foe_hits(1, &spear, m.id, false).unwrap()
                )]
            );
            assert_eq!(row.hits, t.member_hits(m.id, 1, false).unwrap());
        }
        assert_ne!(grid[0].hits, grid[1].hits, "each by their own numbers");
        assert!(t.odds_against(99).is_empty(), "no such foe");
    }

    #[test]
    fn a_member_s_condition_touches_the_odds_as_on_their_sheet() {
        let mut t = table();
        let spear = t.foes[0].symbaroum.as_ref().unwrap().attacks[0].clone();
        let before = t.foe_hits(1, &spear, 1, false).unwrap().chance;
        t.members[0].character.combat.conditions.push(Condition {
            name: "Cornered".into(),
            applies: crate::rules::symbaroum::conditions::Applies::Defense,
            modifier: -2,
            ..Default::default()
        });
        let after = t.foe_hits(1, &spear, 1, false).unwrap();
        assert!(
            (after.chance - before - 0.1).abs() < 1e-9,
            "two points less Defense: 10% more hits ({before} → {after:?})"
        );
        assert_eq!(t.member_hits(1, 9, false), None, "no such foe");
    }
}
