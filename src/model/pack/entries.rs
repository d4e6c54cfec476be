//! A pack's entries, one type per list. Every entry has an `id` unique in its list
//! (what a character's copy remembers), a name, and what it says; every level keeps
//! the fields a newer version wrote.

use crate::rules::heimr::attributes::Attribute;
use crate::rules::symbaroum::combat::WeaponQuality;
use crate::rules::symbaroum::dice_notation::DiceExpr;
use crate::rules::symbaroum::experience::{AbilityKind, ActionType, Level};
use crate::rules::symbaroum::pack_effects::{Effect, KINDS};
use crate::rules::symbaroum::Attr;
use crate::rules::Unknown;
use serde::{Deserialize, Serialize};

/// An effect as saved: read when this version knows its kind, and everything written
/// beside it kept (all of it, for a kind a newer version added).
#[derive(Clone, Debug, PartialEq)]
pub struct SavedEffect {
    /// None: a kind this version does not know; it is kept and does nothing here.
    pub effect: Option<Effect>,
    pub unknown: Unknown,
}

impl From<Effect> for SavedEffect {
    fn from(effect: Effect) -> Self {
        SavedEffect {
            effect: Some(effect),
            unknown: Unknown::new(),
        }
    }
}

impl Serialize for SavedEffect {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut fields = match &self.effect {
            Some(e) => match serde_json::to_value(e) {
                Ok(serde_json::Value::Object(m)) => m,
                _ => Unknown::new(),
            },
            None => Unknown::new(),
        };
        for (k, v) in &self.unknown {
            fields.entry(k.clone()).or_insert_with(|| v.clone());
        }
        fields.serialize(s)
    }
}

impl<'de> Deserialize<'de> for SavedEffect {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let mut fields = Unknown::deserialize(d)?;
        let kind = match fields.get("kind") {
            Some(serde_json::Value::String(k)) => k.clone(),
            _ => {
                return Err(D::Error::custom(
                    "an effect needs a kind (its “kind” field)",
                ))
            }
        };
        if !KINDS.contains(&kind.as_str()) {
            // A kind from a newer version: kept whole, for the version that knows it.
            return Ok(SavedEffect {
                effect: None,
                unknown: fields,
            });
        }
        let effect =
            Effect::deserialize(serde_json::Value::Object(fields.clone())).map_err(|e| {
                let why = crate::model::explain::phrase(&e.to_string());
                D::Error::custom(format!("the effect “{kind}”: {why}"))
            })?;
        if let Ok(serde_json::Value::Object(known)) = serde_json::to_value(&effect) {
            fields.retain(|k, _| !known.contains_key(k));
        }
        Ok(SavedEffect {
            effect: Some(effect),
            unknown: fields,
        })
    }
}

/// The known effects of a list, in order.
pub fn known(effects: &[SavedEffect]) -> Vec<Effect> {
    effects.iter().filter_map(|e| e.effect.clone()).collect()
}

/// What one level of an ability does.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LevelEntry {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<SavedEffect>,
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// An ability, boon, burden, trait, mystical power, ritual or principle bond.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbilityEntry {
    pub id: u32,
    pub name: String,
    pub kind: AbilityKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<ActionType>,
    /// What it is, whatever the level.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    /// What it does at every level (or, for a kind without levels, what it does).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<SavedEffect>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub novice: Option<LevelEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adept: Option<LevelEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master: Option<LevelEntry>,
    #[serde(flatten)]
    pub unknown: Unknown,
}

impl AbilityEntry {
    pub fn new(id: u32, name: impl Into<String>, kind: AbilityKind) -> Self {
        AbilityEntry {
            id,
            name: name.into(),
            kind,
            action: None,
            says: String::new(),
            effects: Vec::new(),
            novice: None,
            adept: None,
            master: None,
            unknown: Unknown::new(),
        }
    }

    /// What it says at `level`, if the entry writes one.
    pub fn level(&self, level: Level) -> Option<&LevelEntry> {
        match level {
            Level::Novice => self.novice.as_ref(),
            Level::Adept => self.adept.as_ref(),
            Level::Master => self.master.as_ref(),
        }
    }

    /// The effects in force for a character who has it at `level` (None for a kind
    /// without levels): the entry's own, then the level's.
    pub fn effects_at(&self, level: Option<Level>) -> Vec<Effect> {
        let mut all = known(&self.effects);
        if let Some(l) = level.and_then(|l| self.level(l)) {
            all.extend(known(&l.effects));
        }
        all
    }
}

/// A weapon quality: what it says and does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QualityEntry {
    pub id: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<SavedEffect>,
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// How an item counts toward encumbrance (weapons and armor have lists of their own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemClass {
    /// Clothing, belts, boots: 0.
    Clothing,
    /// Backpack, sack, shoulder-bag: only its contents count.
    LightContainer,
    /// Barrel, chest, box: 1 and its contents.
    BulkyContainer,
    /// Coins and other small objects: 1 per full 50.
    SmallObjects,
    /// Anything else: 1 each.
    #[default]
    Other,
}

impl ItemClass {
    fn is_other(&self) -> bool {
        *self == ItemClass::Other
    }

    /// As the encumbrance table names it.
    pub fn label(self) -> &'static str {
        match self {
            ItemClass::Clothing => "clothing (counts 0)",
            ItemClass::LightContainer => "light container (its contents count)",
            ItemClass::BulkyContainer => "bulky container (1 and its contents)",
            ItemClass::SmallObjects => "small objects (1 per 50)",
            ItemClass::Other => "item",
        }
    }
}

/// A piece of gear.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemEntry {
    pub id: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "ItemClass::is_other")]
    pub class: ItemClass,
    /// Counts as two items.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub massive: bool,
    /// The listed price of one, in ortegs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// A weapon.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WeaponEntry {
    pub id: u32,
    pub name: String,
    pub damage: DiceExpr,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub qualities: Vec<WeaponQuality>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ranged: bool,
    /// The attribute its attacks test, when not Exactitude.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_with: Option<Attr>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(flatten)]
    pub unknown: Unknown,
}

impl WeaponEntry {
    /// Its qualities by name: "Long, Jagged".
    pub fn quality_names(&self) -> String {
        let names: Vec<&str> = self.qualities.iter().map(WeaponQuality::name).collect();
        names.join(", ")
    }
}

/// A suit of armor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmorEntry {
    pub id: u32,
    pub name: String,
    pub protection: DiceExpr,
    pub impeding: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub qualities: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// A Heimr ability of the campaign.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeimrAbilityEntry {
    pub id: u32,
    pub name: String,
    /// The attributes it is based on; none listed: the player picks when taking it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<Attribute>,
    /// −2 … +3, the game master's; none: 0 until the table sets it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_consistency: Option<i32>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// A Heimr condition of the campaign: its name and what it does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConditionEntry {
    pub id: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// A Heimr weapon, as a row of the armoury's table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeimrWeaponEntry {
    pub id: u32,
    pub name: String,
    /// Squares it reaches; none: melee (the same square).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    /// In hit points.
    pub damage: u32,
    /// "P+n" as n; none where the table prints "-".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub potential_bonus: Option<i32>,
    pub hands: String,
    /// The abilities that wield it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(flatten)]
    pub unknown: Unknown,
}

/// A Heimr shield, as a row of the armoury's table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeimrShieldEntry {
    pub id: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub potential_bonus: Option<i32>,
    /// As the table prints it: "-", "Sta -1".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub penalty: String,
    pub hands: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub says: String,
    #[serde(flatten)]
    pub unknown: Unknown,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::Target;

    #[test]
    fn an_effect_of_a_newer_kind_is_kept_and_does_nothing() {
        let text = r#"{"id":1,"name":"Witchsight","kind":"mystical_power",
            "effects":[{"kind":"see_auras","range":3},{"kind":"modifier","target":"wit","amount":1,"shade":"blue"}],
            "novice":{"says":"Sees.","effects":[{"kind":"second_chance"}],"glow":true},"tier":2}"#;
        let e: AbilityEntry = serde_json::from_str(text).unwrap();
        assert_eq!(e.effects[0].effect, None);
        assert_eq!(
            e.effects_at(Some(Level::Novice)),
            [
                Effect::Modifier {
                    target: Target::Attr(Attr::Wit),
                    amount: 1
                },
                Effect::SecondChance { attr: None }
            ]
        );
        // At adept the entry writes nothing more.
        assert_eq!(e.effects_at(Some(Level::Adept)).len(), 1);
        let back: serde_json::Value = serde_json::to_value(&e).unwrap();
        let want: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(back, want, "every field kept, at every level");
    }

    #[test]
    fn an_effect_without_a_kind_or_with_a_bad_field_is_refused_in_words() {
        let no_kind = serde_json::from_str::<SavedEffect>(r#"{"amount":1}"#).unwrap_err();
        assert!(no_kind.to_string().contains("needs a kind"), "{no_kind}");
        let bad = serde_json::from_str::<SavedEffect>(
            r#"{"kind":"modifier","target":"luck","amount":1}"#,
        )
        .unwrap_err();
        assert!(bad.to_string().contains("“modifier”"), "{bad}");
        assert!(bad.to_string().contains("“luck”"), "{bad}");
    }
}
