//! The six Heimr attributes, their groups, and a character's scores.

use serde::{Deserialize, Serialize};

/// Physical or mental: situational penalties and fatigue apply per group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttributeGroup {
    Physical,
    Mental,
}

impl AttributeGroup {
    pub fn name(self) -> &'static str {
        match self {
            AttributeGroup::Physical => "Physical",
            AttributeGroup::Mental => "Mental",
        }
    }
}

/// One of the six standard attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attribute {
    Strength,
    Dexterity,
    Stamina,
    Intelligence,
    Sociability,
    Empathy,
}

impl Attribute {
    /// In the seed's order: the three physical, then the three mental.
    pub const ALL: [Attribute; 6] = [
        Attribute::Strength,
        Attribute::Dexterity,
        Attribute::Stamina,
        Attribute::Intelligence,
        Attribute::Sociability,
        Attribute::Empathy,
    ];

    /// The key used in saved documents (same as the serde name).
    pub fn key(self) -> &'static str {
        match self {
            Attribute::Strength => "strength",
            Attribute::Dexterity => "dexterity",
            Attribute::Stamina => "stamina",
            Attribute::Intelligence => "intelligence",
            Attribute::Sociability => "sociability",
            Attribute::Empathy => "empathy",
        }
    }

    /// Finds an attribute by its key or by its short form ("str", "dex", …).
    pub fn from_key(key: &str) -> Option<Attribute> {
        let key = key.trim().to_ascii_lowercase();
        Attribute::ALL
            .into_iter()
            .find(|a| a.key() == key || a.short() == key)
    }

    /// The seed's three-letter short form.
    pub fn short(self) -> &'static str {
        match self {
            Attribute::Strength => "str",
            Attribute::Dexterity => "dex",
            Attribute::Stamina => "sta",
            Attribute::Intelligence => "int",
            Attribute::Sociability => "soc",
            Attribute::Empathy => "emp",
        }
    }

    /// The name a player reads.
    pub fn name(self) -> &'static str {
        match self {
            Attribute::Strength => "Strength",
            Attribute::Dexterity => "Dexterity",
            Attribute::Stamina => "Stamina",
            Attribute::Intelligence => "Intelligence",
            Attribute::Sociability => "Sociability",
            Attribute::Empathy => "Empathy",
        }
    }

    pub fn group(self) -> AttributeGroup {
        match self {
            Attribute::Strength | Attribute::Dexterity | Attribute::Stamina => {
                AttributeGroup::Physical
            }
            _ => AttributeGroup::Mental,
        }
    }

    pub fn is_physical(self) -> bool {
        self.group() == AttributeGroup::Physical
    }

    /// The seed's one-line description.
    pub fn description(self) -> &'static str {
        match self {
            Attribute::Strength => "A character's way to exert force",
            Attribute::Dexterity => "A character's motor skill and hand-eye coordination",
            Attribute::Stamina => {
                "The way of a character to exert herself over a longer period of time."
            }
            Attribute::Intelligence => {
                "The ease with which a character can plan, learn, reason, solve logical problems and remember."
            }
            Attribute::Sociability => {
                "The ease with which a character can interact and communicate with others."
            }
            Attribute::Empathy => {
                "The way a character recognizes and to a lesser degree shares feelings of others."
            }
        }
    }
}

/// The lowest score [`parse_score`] accepts. Scores are typically −3 … +4; the wider
/// range leaves room for campaign effects without letting a typo (e.g. 100) through.
pub const MIN_SCORE: i32 = -10;
/// The highest score [`parse_score`] accepts (see [`MIN_SCORE`]).
pub const MAX_SCORE: i32 = 20;

/// A character's six attribute scores (whole numbers, 0 by default).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AttributeScores {
    pub strength: i32,
    pub dexterity: i32,
    pub stamina: i32,
    pub intelligence: i32,
    pub sociability: i32,
    pub empathy: i32,
}

impl AttributeScores {
    pub fn get(&self, attr: Attribute) -> i32 {
        match attr {
            Attribute::Strength => self.strength,
            Attribute::Dexterity => self.dexterity,
            Attribute::Stamina => self.stamina,
            Attribute::Intelligence => self.intelligence,
            Attribute::Sociability => self.sociability,
            Attribute::Empathy => self.empathy,
        }
    }

    pub fn get_mut(&mut self, attr: Attribute) -> &mut i32 {
        match attr {
            Attribute::Strength => &mut self.strength,
            Attribute::Dexterity => &mut self.dexterity,
            Attribute::Stamina => &mut self.stamina,
            Attribute::Intelligence => &mut self.intelligence,
            Attribute::Sociability => &mut self.sociability,
            Attribute::Empathy => &mut self.empathy,
        }
    }

    pub fn set(&mut self, attr: Attribute, value: i32) {
        *self.get_mut(attr) = value;
    }
}

/// Parses what a player typed into an attribute box: a whole number from
/// [`MIN_SCORE`] to [`MAX_SCORE`], with an optional `+` and either an ASCII `-` or a
/// typographic `−` as the minus sign. Surrounding spaces are ignored.
pub fn parse_score(attr: Attribute, text: &str) -> Result<i32, String> {
    let t = text.trim().replace('\u{2212}', "-");
    if t.is_empty() {
        return Err(format!("Enter a number for {}.", attr.name()));
    }
    let t = t.strip_prefix('+').unwrap_or(&t);
    let value: i64 = t.parse().map_err(|_| {
        format!(
            "{} must be a whole number, like 2 or −1 (got \"{}\").",
            attr.name(),
            text.trim()
        )
    })?;
    if value < MIN_SCORE as i64 || value > MAX_SCORE as i64 {
        return Err(format!(
            "{} must be between {} and {} (got {}).",
            attr.name(),
            super::num(MIN_SCORE),
            super::num(MAX_SCORE),
            super::num(value.clamp(i32::MIN as i64 + 1, i32::MAX as i64) as i32)
        ));
    }
    Ok(value as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_keys_and_names() {
        let physical: Vec<_> = Attribute::ALL
            .into_iter()
            .filter(|a| a.is_physical())
            .collect();
        assert_eq!(
            physical,
            [
                Attribute::Strength,
                Attribute::Dexterity,
                Attribute::Stamina
            ]
        );
        assert_eq!(Attribute::Empathy.group(), AttributeGroup::Mental);
        assert_eq!(Attribute::Sociability.short(), "soc");
        assert_eq!(Attribute::Intelligence.name(), "Intelligence");
        for a in Attribute::ALL {
            assert_eq!(Attribute::from_key(a.key()), Some(a));
            assert_eq!(Attribute::from_key(a.short()), Some(a));
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(json, format!("\"{}\"", a.key()));
        }
        assert_eq!(Attribute::from_key("DEX"), Some(Attribute::Dexterity));
        assert_eq!(Attribute::from_key("luck"), None);
    }

    #[test]
    fn scores_get_set_and_serialize() {
        let mut s = AttributeScores::default();
        s.set(Attribute::Stamina, -2);
        *s.get_mut(Attribute::Empathy) += 3;
        assert_eq!(s.get(Attribute::Stamina), -2);
        assert_eq!(s.get(Attribute::Empathy), 3);
        assert_eq!(s.get(Attribute::Strength), 0);
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(
            json,
            r#"{"strength":0,"dexterity":0,"stamina":-2,"intelligence":0,"sociability":0,"empathy":3}"#
        );
        let back: AttributeScores = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        // Missing fields default to 0.
        let partial: AttributeScores = serde_json::from_str(r#"{"dexterity":2}"#).unwrap();
        assert_eq!(partial.dexterity, 2);
        assert_eq!(partial.strength, 0);
    }

    #[test]
    fn parse_accepts_what_players_type() {
        let a = Attribute::Strength;
        assert_eq!(parse_score(a, "3"), Ok(3));
        assert_eq!(parse_score(a, " +4 "), Ok(4));
        assert_eq!(parse_score(a, "-3"), Ok(-3));
        assert_eq!(parse_score(a, "\u{2212}2"), Ok(-2));
        assert_eq!(parse_score(a, "0"), Ok(0));
        assert_eq!(parse_score(a, "-10"), Ok(-10));
        assert_eq!(parse_score(a, "20"), Ok(20));
    }

    #[test]
    fn parse_rejects_with_clear_messages() {
        let a = Attribute::Dexterity;
        assert_eq!(
            parse_score(a, "21"),
            Err("Dexterity must be between −10 and 20 (got 21).".to_string())
        );
        assert_eq!(
            parse_score(a, "-11"),
            Err("Dexterity must be between −10 and 20 (got −11).".to_string())
        );
        assert_eq!(
            parse_score(a, "1.5"),
            Err("Dexterity must be a whole number, like 2 or −1 (got \"1.5\").".to_string())
        );
        assert_eq!(
            parse_score(a, "   "),
            Err("Enter a number for Dexterity.".to_string())
        );
        assert!(parse_score(a, "two").is_err());
        assert!(parse_score(a, "99999999999999999999").is_err());
    }
}
