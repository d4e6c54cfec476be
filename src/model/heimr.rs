//! The Heimr part of a character document.

use crate::rules::heimr::abilities::{check_base_consistency, standard_abilities, Ability};
use crate::rules::heimr::attributes::{Attribute, AttributeScores, MAX_SCORE, MIN_SCORE};
use crate::rules::heimr::combat::DefenceTracker;
use crate::rules::heimr::experience::Experience;
use crate::rules::heimr::fatigue::{Fatigue, MAX_FATIGUE, MIN_FATIGUE};
use crate::rules::heimr::injuries::Pool;
use crate::rules::heimr::progress::AttributeProgress;
use serde::{Deserialize, Serialize};

/// The most abilities a Heimr sheet keeps (a guard against absurd imports).
pub const ABILITIES_MAX: usize = 200;
/// Pools (HP, willpower) beyond this are refused.
pub const POOL_LIMIT: i32 = 999;

/// Everything a Heimr character keeps besides name, ruleset, notes and the roll log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeimrSheet {
    pub attributes: AttributeScores,
    #[serde(default)]
    pub progress: AttributeProgress,
    pub abilities: Vec<Ability>,
    pub hp: Pool,
    pub willpower: Pool,
    #[serde(default)]
    pub xp: Experience,
    /// Party XP left over from the last split, carried to the next award.
    #[serde(default)]
    pub xp_carried: u64,
    #[serde(default)]
    pub fatigue: Fatigue,
    #[serde(default)]
    pub defences: DefenceTracker,
}

impl Default for HeimrSheet {
    /// A new Heimr character: attributes 0, the six standard abilities, HP and
    /// willpower 10 / 10 (the campaign sets the real maxima), rested.
    fn default() -> Self {
        let attributes = AttributeScores::default();
        HeimrSheet {
            attributes,
            progress: AttributeProgress::default(),
            abilities: standard_abilities(),
            hp: Pool::full(10),
            willpower: Pool::full(10),
            xp: Experience::default(),
            xp_carried: 0,
            fatigue: Fatigue::rested(attributes.get(Attribute::Stamina)),
            defences: DefenceTracker::default(),
        }
    }
}

impl HeimrSheet {
    /// Checks every value against what the sheet would accept; the error names it.
    pub fn check(&self) -> Result<(), String> {
        for a in Attribute::ALL {
            let v = self.attributes.get(a);
            if !(MIN_SCORE..=MAX_SCORE).contains(&v) {
                return Err(format!(
                    "{} is {v}, but Heimr attributes are from {MIN_SCORE} to {MAX_SCORE}",
                    a.name()
                ));
            }
        }
        if self.abilities.len() > ABILITIES_MAX {
            return Err(format!("more than {ABILITIES_MAX} abilities"));
        }
        for ab in &self.abilities {
            if ab.name.trim().is_empty() || ab.name.chars().count() > super::NAME_MAX {
                return Err("an ability's name is empty or too long".into());
            }
            if ab.attributes.is_empty() {
                return Err(format!("the ability “{}” has no attribute", ab.name));
            }
            check_base_consistency(ab.base_consistency)
                .map_err(|e| format!("the ability “{}”: {e}", ab.name))?;
            if ab.trained_consistency > 30 || ab.trained_potential > 30 {
                return Err(format!(
                    "the ability “{}” has over 30 points of training",
                    ab.name
                ));
            }
        }
        for (what, p) in [("HP", self.hp), ("Willpower", self.willpower)] {
            if p.max < 0 || p.max > POOL_LIMIT || p.current.abs() > POOL_LIMIT {
                return Err(format!("{what} {} / {} is out of range", p.current, p.max));
            }
        }
        if !(MIN_FATIGUE..=MAX_FATIGUE).contains(&self.fatigue.current) {
            return Err(format!(
                "fatigue {} is outside {MIN_FATIGUE}–{MAX_FATIGUE}",
                self.fatigue.current
            ));
        }
        if self.xp.spent > self.xp.earned {
            return Err("more experience is spent than was earned".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_sheet_is_valid_and_has_the_six_standard_abilities() {
        let s = HeimrSheet::default();
        assert_eq!(s.check(), Ok(()));
        let names: Vec<_> = s.abilities.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Brawl",
                "Agility",
                "Survival",
                "Perception",
                "Persuasion",
                "Insight"
            ]
        );
        assert_eq!(s.fatigue.current, 4, "Stamina 0: base fatigue 4");
    }

    #[test]
    fn check_names_out_of_range_values() {
        let mut s = HeimrSheet::default();
        s.attributes.set(Attribute::Strength, 40);
        assert!(s.check().unwrap_err().contains("Strength is 40"));
        let mut s = HeimrSheet::default();
        s.xp.spent = 5;
        assert!(s.check().unwrap_err().contains("spent"));
    }
}
