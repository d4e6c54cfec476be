//! Abilities: consistency and potential built from base values and training.

use serde::{Deserialize, Serialize};

use super::attributes::{Attribute, AttributeScores};

/// The lowest base consistency the seed allows ("should range from -2 to +3").
pub const MIN_BASE_CONSISTENCY: i32 = -2;
/// The highest base consistency the seed allows.
pub const MAX_BASE_CONSISTENCY: i32 = 3;

/// An ability as written on a character sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ability {
    pub name: String,
    /// One or more attributes the ability is based on.
    pub attributes: Vec<Attribute>,
    /// Set by the GM, the same for every character: −2 … +3.
    pub base_consistency: i32,
    #[serde(default)]
    pub trained_consistency: u32,
    #[serde(default)]
    pub trained_potential: u32,
    /// The campaign pack entry it was taken from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<crate::rules::symbaroum::pack_effects::Taken>,
}

impl Ability {
    /// A new, untrained ability. Refuses an empty name, no attributes, a repeated
    /// attribute, or a base consistency outside −2 … +3.
    pub fn new(
        name: &str,
        attributes: &[Attribute],
        base_consistency: i32,
    ) -> Result<Ability, String> {
        let name = name.trim();
        if name.is_empty() {
            return Err("An ability needs a name.".to_string());
        }
        if attributes.is_empty() {
            return Err(format!("{name} needs at least one attribute."));
        }
        for (i, a) in attributes.iter().enumerate() {
            if attributes[..i].contains(a) {
                return Err(format!("{name} lists {} twice.", a.name()));
            }
        }
        check_base_consistency(base_consistency)?;
        Ok(Ability {
            name: name.to_string(),
            attributes: attributes.to_vec(),
            base_consistency,
            trained_consistency: 0,
            trained_potential: 0,
            from: None,
        })
    }

    /// Base potential: the attribute, or the mean of several rounded down (toward
    /// minus infinity: 0 and 3 → 1; −1 and 0 → −1). An ability with no attributes
    /// (only possible in a hand-edited document) has base potential 0.
    pub fn base_potential(&self, scores: &AttributeScores) -> i32 {
        if self.attributes.is_empty() {
            return 0;
        }
        let sum: i32 = self.attributes.iter().map(|&a| scores.get(a)).sum();
        sum.div_euclid(self.attributes.len() as i32)
    }

    /// Consistency = base + trained.
    pub fn consistency(&self) -> i32 {
        self.base_consistency + self.trained_consistency as i32
    }

    /// Potential = base potential + trained.
    pub fn potential(&self, scores: &AttributeScores) -> i32 {
        self.base_potential(scores) + self.trained_potential as i32
    }

    /// True when the ability is based on at least one physical attribute, so fatigue
    /// applies to its rolls.
    pub fn is_physical(&self) -> bool {
        self.attributes.iter().any(|a| a.is_physical())
    }

    /// E.g. "Consistency 3 = base 1 + trained 2".
    pub fn consistency_breakdown(&self) -> String {
        format!(
            "Consistency {} = base {} + trained {}",
            super::num(self.consistency()),
            super::num(self.base_consistency),
            self.trained_consistency
        )
    }

    /// E.g. "Potential 3 = Strength 2 + trained 1", or for several attributes
    /// "Potential 3 = mean of Strength 2, Dexterity 3, rounded down 2 + trained 1".
    pub fn potential_breakdown(&self, scores: &AttributeScores) -> String {
        let base = self.base_potential(scores);
        let source = match self.attributes.as_slice() {
            [] => "no attribute 0".to_string(),
            [a] => format!("{} {}", a.name(), super::num(scores.get(*a))),
            many => {
                let parts: Vec<String> = many
                    .iter()
                    .map(|&a| format!("{} {}", a.name(), super::num(scores.get(a))))
                    .collect();
                let exact =
                    many.iter().map(|&a| scores.get(a)).sum::<i32>() % many.len() as i32 == 0;
                if exact {
                    format!("mean of {} = {}", parts.join(", "), super::num(base))
                } else {
                    format!(
                        "mean of {}, rounded down {}",
                        parts.join(", "),
                        super::num(base)
                    )
                }
            }
        };
        format!(
            "Potential {} = {} + trained {}",
            super::num(self.potential(scores)),
            source,
            self.trained_potential
        )
    }
}

/// Checks a base consistency against the seed's −2 … +3.
pub fn check_base_consistency(value: i32) -> Result<(), String> {
    if (MIN_BASE_CONSISTENCY..=MAX_BASE_CONSISTENCY).contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "Base consistency must be between {} and {} (got {}).",
            super::num(MIN_BASE_CONSISTENCY),
            super::num(MAX_BASE_CONSISTENCY),
            super::num(value)
        ))
    }
}

/// The base consistency given to the standard abilities. The seed does not list one:
/// base consistency is "provided by the GM" and the same for every character. We
/// start them at 0 ("untrained characters can do well, but it requires some luck")
/// and the GM edits it per campaign.
pub const STANDARD_BASE_CONSISTENCY: i32 = 0;

/// The six standard abilities, one per attribute, untrained.
pub fn standard_abilities() -> Vec<Ability> {
    [
        ("Brawl", Attribute::Strength),
        ("Agility", Attribute::Dexterity),
        ("Survival", Attribute::Stamina),
        ("Perception", Attribute::Intelligence),
        ("Persuasion", Attribute::Sociability),
        ("Insight", Attribute::Empathy),
    ]
    .into_iter()
    .map(|(name, attr)| Ability {
        name: name.to_string(),
        attributes: vec![attr],
        base_consistency: STANDARD_BASE_CONSISTENCY,
        trained_consistency: 0,
        trained_potential: 0,
        from: None,
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Attribute::*;

    fn scores(str_: i32, dex: i32, sta: i32) -> AttributeScores {
        AttributeScores {
            strength: str_,
            dexterity: dex,
            stamina: sta,
            ..Default::default()
        }
    }

    #[test]
    fn base_potential_single_attribute_is_the_attribute() {
        // Seed: "if a character has a strength of 2, the base potential of their brawl
        // ability will be 2".
        let brawl = &standard_abilities()[0];
        assert_eq!(brawl.base_potential(&scores(2, 0, 0)), 2);
        assert_eq!(brawl.base_potential(&scores(-3, 0, 0)), -3);
    }

    #[test]
    fn base_potential_of_several_is_the_mean_rounded_down() {
        let ab = Ability::new("Climb", &[Strength, Dexterity], 1).unwrap();
        assert_eq!(ab.base_potential(&scores(0, 3, 0)), 1); // 1.5 → 1
        assert_eq!(ab.base_potential(&scores(-1, 0, 0)), -1); // −0.5 → −1
        assert_eq!(ab.base_potential(&scores(2, 4, 0)), 3);
        assert_eq!(ab.base_potential(&scores(-3, -2, 0)), -3); // −2.5 → −3
        let three = Ability::new("Swim", &[Strength, Dexterity, Stamina], 0).unwrap();
        assert_eq!(three.base_potential(&scores(1, 1, 2)), 1); // 4/3 → 1
        assert_eq!(three.base_potential(&scores(-1, 0, 0)), -1); // −1/3 → −1
    }

    #[test]
    fn consistency_and_potential_add_training() {
        let mut ab = Ability::new("Dueling", &[Dexterity], -1).unwrap();
        ab.trained_consistency = 3;
        ab.trained_potential = 2;
        let s = scores(0, 2, 0);
        assert_eq!(ab.consistency(), 2);
        assert_eq!(ab.potential(&s), 4);
        assert_eq!(
            ab.consistency_breakdown(),
            "Consistency 2 = base −1 + trained 3"
        );
        assert_eq!(
            ab.potential_breakdown(&s),
            "Potential 4 = Dexterity 2 + trained 2"
        );
    }

    #[test]
    fn potential_breakdown_for_several_attributes() {
        let mut ab = Ability::new("Wrestle", &[Strength, Dexterity], 0).unwrap();
        ab.trained_potential = 1;
        assert_eq!(
            ab.potential_breakdown(&scores(2, 3, 0)),
            "Potential 3 = mean of Strength 2, Dexterity 3, rounded down 2 + trained 1"
        );
        assert_eq!(
            ab.potential_breakdown(&scores(2, 4, 0)),
            "Potential 4 = mean of Strength 2, Dexterity 4 = 3 + trained 1"
        );
    }

    #[test]
    fn new_validates() {
        assert!(Ability::new("Lock picking", &[Dexterity], -2).is_ok());
        assert_eq!(
            Ability::new("Lock picking", &[Dexterity], -3),
            Err("Base consistency must be between −2 and 3 (got −3).".to_string())
        );
        assert!(Ability::new("Maths", &[Intelligence], 4).is_err());
        assert_eq!(
            Ability::new("  ", &[Dexterity], 0),
            Err("An ability needs a name.".to_string())
        );
        assert_eq!(
            Ability::new("Maths", &[], 3),
            Err("Maths needs at least one attribute.".to_string())
        );
        assert_eq!(
            Ability::new("Odd", &[Empathy, Empathy], 0),
            Err("Odd lists Empathy twice.".to_string())
        );
    }

    #[test]
    fn standard_abilities_match_the_seed() {
        let std = standard_abilities();
        let names: Vec<_> = std
            .iter()
            .map(|a| (a.name.as_str(), a.attributes[0]))
            .collect();
        assert_eq!(
            names,
            [
                ("Brawl", Strength),
                ("Agility", Dexterity),
                ("Survival", Stamina),
                ("Perception", Intelligence),
                ("Persuasion", Sociability),
                ("Insight", Empathy),
            ]
        );
        assert!(std.iter().all(|a| a.base_consistency == 0
            && a.trained_consistency == 0
            && a.trained_potential == 0
            && a.attributes.len() == 1));
        assert!(std[1].is_physical());
        assert!(!std[5].is_physical());
    }

    #[test]
    fn serde_round_trip_with_snake_case_names() {
        let mut ab = Ability::new("Climb", &[Strength, Dexterity], 1).unwrap();
        ab.trained_potential = 2;
        let json = serde_json::to_string(&ab).unwrap();
        assert_eq!(
            json,
            r#"{"name":"Climb","attributes":["strength","dexterity"],"base_consistency":1,"trained_consistency":0,"trained_potential":2}"#
        );
        let back: Ability = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ab);
    }

    #[test]
    fn ability_without_attributes_has_zero_base_potential() {
        let ab: Ability =
            serde_json::from_str(r#"{"name":"X","attributes":[],"base_consistency":0}"#).unwrap();
        assert_eq!(ab.base_potential(&scores(3, 3, 3)), 0);
    }
}
