//! The Symbaroum family's fight state, kept with the character: Toughness lost, life
//! or death, weapons, armor, shields, corruption, the Hit Locations choice and the
//! encounter's initiative list.

use super::character::NAME_MAX;
use super::part::{json_codec, write_read, Checked, Codec};
use crate::rules::symbaroum::combat::{Armor, Shield, Weapon};
use crate::rules::symbaroum::corruption::Corruption;
use crate::rules::symbaroum::dying::LifeState;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use std::cell::Cell;
use std::sync::Arc;

/// Saved text kept unread (compared by its text).
#[derive(Clone, Debug, Default)]
pub struct Kept(Option<Arc<RawValue>>);

impl PartialEq for Kept {
    fn eq(&self, other: &Self) -> bool {
        self.0.as_ref().map(|r| r.get()) == other.0.as_ref().map(|r| r.get())
    }
}
impl Eq for Kept {}

thread_local! {
    static CODEC: Cell<Option<Codec<Combat>>> = const { Cell::new(None) };
}

/// Lets this page (this thread, in tests) read, check and change the Symbaroum
/// family's fight state. The list and the Symbaroum-family pages call it at start-up.
pub fn enable() {
    CODEC.with(|c| c.set(Some(json_codec())));
}

/// The fight state as a part of the document: read and checked on pages that
/// [`enable`] it, kept as its saved text elsewhere (see `model::part`). Used as
/// `#[serde(with = "part")]` on [`super::Character::combat`].
pub mod part {
    use super::*;

    pub fn serialize<S: Serializer>(k: &Combat, s: S) -> Result<S::Ok, S::Error> {
        match &k.kept.0 {
            Some(raw) => raw.serialize(s),
            None => write_read(CODEC.with(Cell::get), k, "the fight state", s),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Combat, D::Error> {
        let raw = Box::<RawValue>::deserialize(d)?;
        match CODEC.with(Cell::get) {
            Some(c) => (c.read)(raw.get()).map_err(D::Error::custom),
            None => Ok(Combat {
                kept: Kept(Some(raw.into())),
                ..Combat::default()
            }),
        }
    }
}

/// The longest list of weapons, armor, shields or combatants a sheet keeps.
pub const LIST_MAX: usize = 100;
/// Toughness lost or corruption beyond this is refused (no character comes near it).
pub const POINTS_MAX: i32 = 999;

/// One combatant in the encounter's initiative list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    pub name: String,
    pub agility: i32,
    pub vigilance: i32,
    /// +5 for a successful Take the Initiative (RULES.md).
    #[serde(default)]
    pub bonus: i32,
    /// This character (its Agility and Vigilance follow the sheet).
    #[serde(default)]
    pub me: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Combat {
    /// On a page that does not read the fight state (the Heimr tabs), its saved text,
    /// written back as it was (see [`part`]).
    #[serde(skip)]
    pub kept: Kept,
    /// Toughness lost: current Toughness is max − damage, never below 0, so the
    /// current value follows the max when Might or a modifier changes.
    pub damage: i32,
    pub life: LifeState,
    pub weapons: Vec<Weapon>,
    pub armor: Vec<Armor>,
    pub shields: Vec<Shield>,
    pub corruption: Corruption,
    /// The optional Hit Locations rule: pain at equal-or-higher damage.
    pub hit_locations: bool,
    pub encounter: Vec<Combatant>,
}

impl Checked for Combat {
    fn check(&self) -> Result<(), String> {
        Combat::check(self)
    }
}

impl Combat {
    pub fn is_empty(&self) -> bool {
        *self == Combat::default()
    }

    /// Current Toughness for a given max.
    pub fn current_toughness(&self, max: i32) -> i32 {
        (max - self.damage).max(0)
    }

    pub fn check(&self) -> Result<(), String> {
        if !(0..=POINTS_MAX).contains(&self.damage) {
            return Err(format!(
                "the Toughness lost is {}, not 0 to {POINTS_MAX}",
                self.damage
            ));
        }
        let c = &self.corruption;
        if !(0..=POINTS_MAX).contains(&c.temporary) || !(0..=POINTS_MAX).contains(&c.permanent) {
            return Err(format!("corruption must be 0 to {POINTS_MAX}"));
        }
        let lists = [
            ("weapons", self.weapons.len()),
            ("armors", self.armor.len()),
            ("shields", self.shields.len()),
            ("combatants", self.encounter.len()),
        ];
        for (what, n) in lists {
            if n > LIST_MAX {
                return Err(format!(
                    "{n} {what} is more than the {LIST_MAX} a sheet keeps"
                ));
            }
        }
        let names = self
            .weapons
            .iter()
            .map(|w| w.name.as_str())
            .chain(self.armor.iter().map(|a| a.name.as_str()))
            .chain(self.shields.iter().map(|s| s.name.as_str()))
            .chain(self.encounter.iter().map(|e| e.name.as_str()));
        for name in names {
            if name.chars().count() > NAME_MAX {
                return Err(format!(
                    "a name in the combat section is over {NAME_MAX} characters"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn current_toughness_follows_the_max_and_stops_at_zero() {
        let c = Combat {
            damage: 4,
            ..Default::default()
        };
        assert_eq!(c.current_toughness(13), 9);
        assert_eq!(c.current_toughness(15), 11);
        assert_eq!(c.current_toughness(3), 0);
    }

    #[test]
    fn an_empty_fight_is_left_out_of_the_document_and_reads_back() {
        let json = serde_json::to_string(&Combat::default()).unwrap();
        let back: Combat = serde_json::from_str(&json).unwrap();
        assert!(back.is_empty());
        let partial: Combat = serde_json::from_str(r#"{"damage":3}"#).unwrap();
        assert_eq!(partial.damage, 3);
        assert!(partial.weapons.is_empty());
    }

    #[test]
    fn pages_without_the_codec_keep_the_fight_state_as_saved() {
        use crate::model::Character;
        let text = r#"{"schema":1,"id":"a","name":"","ruleset":"symbaroum","updated":0,"attributes":{"agility":10,"charisma":10,"exactitude":10,"resolve":10,"might":10,"subtlety":10,"vigilance":10,"wit":10},"combat":{"damage":3,"life":"dying 1","hit_locations":true}}"#;
        let c: Character = serde_json::from_str(text).unwrap();
        assert_eq!(c.combat.damage, 0, "not read on this page");
        let out = serde_json::to_string(&c).unwrap();
        assert!(
            out.contains(r#""combat":{"damage":3,"life":"dying 1","hit_locations":true}"#),
            "{out}"
        );
        enable();
        let c: Character = serde_json::from_str(&out).unwrap();
        assert_eq!(c.combat.damage, 3);
        assert!(c.combat.hit_locations);
        let back: Character = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
        // Read with the codec, the fight state is checked.
        let bad = out.replace(r#""damage":3"#, r#""damage":-5"#);
        assert!(serde_json::from_str::<Character>(&bad).is_err());
    }

    #[test]
    fn checks_refuse_absurd_values() {
        let mut c = Combat {
            damage: -1,
            ..Default::default()
        };
        assert!(c.check().is_err());
        c.damage = 0;
        assert!(c.check().is_ok());
        c.corruption.temporary = POINTS_MAX + 1;
        assert!(c.check().is_err());
    }
}
