//! The Symbaroum family's fight state, kept with the character: Toughness lost, life
//! or death, weapons, armor, shields, corruption, the Hit Locations choice and the
//! encounter's initiative list.

use super::character::NAME_MAX;
use crate::rules::symbaroum::buildings::Building;
use crate::rules::symbaroum::combat::{Armor, Hand, Shield, Weapon, WeaponState};
use crate::rules::symbaroum::conditions::Condition;
use crate::rules::symbaroum::corruption::Corruption;
use crate::rules::symbaroum::dying::LifeState;
use crate::rules::symbaroum::turn::{Doing, Turn};
use serde::{Deserialize, Serialize};

/// The longest list of weapons, armor, shields or combatants a sheet keeps.
pub const LIST_MAX: usize = 100;
/// Toughness lost or corruption beyond this is refused (no character comes near it).
pub const POINTS_MAX: i32 = 999;
/// The longest note on a weapon or a condition.
pub const NOTE_MAX: usize = 2_000;

/// One combatant in the encounter's initiative list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    /// Stable within the encounter, so the list is keyed by it (0: not yet given
    /// one; the sheet numbers the list when it adds or loads one).
    #[serde(default, skip_serializing_if = "crate::rules::no_id")]
    pub id: u32,
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
    /// The optional Armor segments rule (its own rule in RULES.md, apart from Hit
    /// Locations): a suit's segments may be worn one by one. Segments set stay in
    /// force, and shown, whether it is on or not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub armor_segments: bool,
    /// The main hand, for Hit Locations (right unless chosen).
    #[serde(skip_serializing_if = "is_right")]
    pub main_hand: Hand,
    /// The optional Maneuvers rule: the twelve maneuvers on the Combat tab.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub maneuvers: bool,
    /// The optional Traps rule: setting, discovering, jumping and disarming.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub traps: bool,
    /// The optional Reclaiming projectiles rule.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub projectiles: bool,
    /// The optional Damage on Buildings rule, and the building under attack.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub buildings: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub building: Option<Building>,
    /// The optional day-by-day Travel tracker.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub travel: bool,
    pub encounter: Vec<Combatant>,
    /// Conditions in force (prone, blinded, …), applied to the tests they touch until
    /// removed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// "This turn" as saved, `{"combat": …, "movement": …}`: read and written only where it is used (`Combat::turn`), so the
    /// documents' reader does not grow with it; a field of it a newer version wrote is
    /// kept.
    #[serde(default, rename = "turn", skip_serializing_if = "Option::is_none")]
    pub saved_turn: Option<serde_json::Value>,
}

fn is_right(h: &Hand) -> bool {
    *h == Hand::Right
}

impl Combat {
    pub fn is_empty(&self) -> bool {
        *self == Combat::default()
    }

    /// "Next turn": the turn's maneuvers end (their conditions, and Take the
    /// Initiative's +5 to this character's initiative), and the conditions that last
    /// turns count one down, ending after their last (`Condition::next_turn`).
    pub fn next_turn(&mut self) {
        self.set_turn(&Turn::default());
        self.conditions.retain_mut(Condition::next_turn);
        for e in self.encounter.iter_mut().filter(|e| e.me) {
            e.bonus = 0;
        }
    }

    /// Spends this turn's action on `d` ("This turn"); what happened in words, or why
    /// not (nothing changes then).
    pub fn spend(&mut self, d: Doing) -> Result<String, String> {
        self.in_action()?;
        let (turn, said) = self.turn().spend(d)?;
        self.set_turn(&turn);
        Ok(said)
    }

    /// Why this character takes no action now: a remainder of Hit Locations' Table 9
    /// in force ("Loses breath; incapacitated for a turn", "rendered unconscious for
    /// 1D4 turns"), the conditions that end by themselves. Reactions (a Defense test)
    /// are the roll panel's, not refused here.
    pub fn in_action(&self) -> Result<(), String> {
        match self.conditions.iter().find(|k| k.turns().is_some()) {
            Some(k) => Err(format!("{}: no action while it lasts.", k.name)),
            None => Ok(()),
        }
    }

    /// "This turn": what the turn's Combat Action and Movement Action went to. Saved
    /// with the character (a reload mid-fight keeps it) as a field the document's
    /// reader does not type: read here, where the turn is used, so the documents'
    /// chunk does not grow with it.
    pub fn turn(&self) -> Turn {
        let saved = self.saved_turn.as_ref();
        let name = |k: &str| {
            saved
                .and_then(|t| t.get(k))
                .and_then(serde_json::Value::as_str)
                .map(str::to_string)
        };
        Turn {
            combat: name("combat"),
            movement: name("movement"),
        }
    }

    /// Saves `t` as this turn; fields of it a newer version wrote are kept.
    pub fn set_turn(&mut self, t: &Turn) {
        crate::rules::rewrite(&mut self.saved_turn, &["combat", "movement"], |m| {
            for (k, v) in [("combat", &t.combat), ("movement", &t.movement)] {
                if let Some(n) = v {
                    m.insert(k.into(), n.as_str().into());
                }
            }
        });
    }

    /// Draws the weapon with id `id` this turn: it is in hand from now on (counted so
    /// by encumbrance), and what happened is said in words: a sheathed Short weapon
    /// spends nothing, any other draw the Movement Action
    /// (`rules::symbaroum::turn::Turn::draw`, with the seed's line). Refused, and
    /// nothing changes, when the turn has no action left for it.
    pub fn draw_weapon(&mut self, id: u32) -> Result<String, String> {
        self.in_action()?;
        let now = self.turn();
        let w = self
            .weapons
            .iter_mut()
            .find(|w| w.id == id)
            .ok_or("That weapon is no longer on the sheet.")?;
        let (turn, said) = now.draw(w)?;
        w.state = WeaponState::Held;
        self.set_turn(&turn);
        Ok(said)
    }

    /// Adds a weapon with an id of its own.
    pub fn add_weapon(&mut self, mut w: Weapon) {
        w.id = super::ids::next_id(&self.weapons, |w| w.id);
        self.weapons.push(w);
    }

    /// Adds a combatant to the encounter with an id of its own.
    pub fn add_combatant(&mut self, mut c: Combatant) {
        c.id = super::ids::next_id(&self.encounter, |c| c.id);
        self.encounter.push(c);
    }

    /// Adds an armor with an id of its own.
    pub fn add_armor(&mut self, mut a: Armor) {
        a.id = super::ids::next_id(&self.armor, |a| a.id);
        self.armor.push(a);
    }

    /// Adds a shield with an id of its own.
    pub fn add_shield(&mut self, mut s: Shield) {
        s.id = super::ids::next_id(&self.shields, |s| s.id);
        self.shields.push(s);
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
            ("conditions", self.conditions.len()),
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
            .chain(self.encounter.iter().map(|e| e.name.as_str()))
            .chain(self.conditions.iter().map(|c| c.name.as_str()));
        for name in names {
            if name.chars().count() > NAME_MAX {
                return Err(format!(
                    "a name in the combat section is over {NAME_MAX} characters"
                ));
            }
        }
        let notes = self
            .weapons
            .iter()
            .map(|w| w.note.as_str())
            .chain(self.conditions.iter().map(|c| c.note.as_str()));
        for note in notes {
            if note.chars().count() > NOTE_MAX {
                return Err(format!(
                    "a note in the combat section is over {NOTE_MAX} characters"
                ));
            }
        }
        let max = crate::rules::symbaroum::trade::PRICE_MAX;
        if let Some(a) = self.armor.iter().find(|a| a.value.is_some_and(|v| v > max)) {
            return Err(format!("the price of “{}” is over {max} ortegs", a.name));
        }
        for c in &self.conditions {
            c.check()?;
        }
        if let Some(b) = &self.building {
            b.check()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_weapon_is_drawn_into_the_hand_for_nothing_a_sword_for_the_movement_action() {
        use crate::rules::symbaroum::combat::WeaponQuality;
        use crate::rules::symbaroum::dice_notation::parse_dice;
        let mut c = Combat::default();
        let mut dagger = Weapon::new("Dagger", parse_dice("1d6").unwrap());
        dagger.qualities.push(WeaponQuality::Short);
        c.add_weapon(dagger);
        c.add_weapon(Weapon::new("Sword", parse_dice("1d8").unwrap()));
        let (dagger, sword) = (c.weapons[0].id, c.weapons[1].id);
        let said = c.draw_weapon(dagger).unwrap();
        assert_eq!(said, "Draw Dagger: a Free Action; nothing spent.");
        assert_eq!(c.turn(), Turn::default(), "nothing spent");
        assert_eq!(c.weapons[0].state, WeaponState::Held);
        let said = c.draw_weapon(sword).unwrap();
        assert_eq!(said, "Draw Sword: the Movement Action.");
        assert_eq!(c.turn().left(), "Combat Action left.");
        assert_eq!(c.weapons[1].state, WeaponState::Held);
        // Refused: nothing changes.
        c.weapons[1].state = WeaponState::Sheathed;
        c.set_turn(&Turn {
            combat: Some("First aid".into()),
            movement: Some("Move 10 paces".into()),
        });
        let before = c.clone();
        assert_eq!(
            c.draw_weapon(sword),
            Err("Both actions are spent this turn.".into())
        );
        assert_eq!(c, before);
    }

    #[test]
    fn the_turn_is_saved_with_the_character_and_next_turn_frees_it() {
        let mut c = Combat::default();
        assert!(
            !serde_json::to_string(&c).unwrap().contains("turn"),
            "no turn taken: nothing written"
        );
        c.spend(crate::rules::symbaroum::turn::ATTACK).unwrap();
        let text = serde_json::to_string(&c).unwrap();
        let back: Combat = serde_json::from_str(&text).unwrap();
        assert_eq!(
            back.turn().left(),
            "Movement Action left.",
            "read back: {text}"
        );
        assert_eq!(back, c);
        c.next_turn();
        assert_eq!(c.turn().left(), "Both actions left.");
        assert!(serde_json::to_string(&c).unwrap().contains(r#""turn":{}"#));
        // A field a newer version wrote in the turn survives the turn's edits.
        let mut newer: Combat =
            serde_json::from_str(r#"{"turn": {"combat": "First aid", "free": ["Shout"]}}"#)
                .unwrap();
        assert_eq!(newer.turn().left(), "Movement Action left.");
        newer
            .spend(crate::rules::symbaroum::turn::DOINGS[3])
            .unwrap();
        newer.next_turn();
        let text = serde_json::to_string(&newer).unwrap();
        assert!(text.contains(r#""turn":{"free":["Shout"]}"#), "{text}");
    }

    #[test]
    fn armor_shields_and_combatants_added_get_ids_of_their_own() {
        use crate::rules::symbaroum::combat::ShieldKind;
        use crate::rules::symbaroum::dice_notation::parse_dice;
        let suit = |name: &str| Armor {
            id: 0,
            name: name.into(),
            protection: parse_dice("1d4").unwrap(),
            impeding: 1,
            worn: false,
            qualities: vec![],
            segments: None,
            value: None,
            from: None,
        };
        let shield = |name: &str| Shield {
            id: 0,
            name: name.into(),
            kind: ShieldKind::Buckler,
            in_use: false,
        };
        let mut c = Combat::default();
        c.add_armor(suit("Leather"));
        c.add_armor(suit("Chain"));
        c.armor.remove(0);
        c.add_armor(suit("Plate"));
        let ids: Vec<(u32, &str)> = c.armor.iter().map(|a| (a.id, a.name.as_str())).collect();
        assert_eq!(ids, vec![(2, "Chain"), (3, "Plate")]);
        c.add_shield(shield("Round"));
        c.add_shield(shield("Kite"));
        let ids: Vec<u32> = c.shields.iter().map(|s| s.id).collect();
        assert_eq!(ids, vec![1, 2]);
        for name in ["Brigand", "Wolf"] {
            c.add_combatant(Combatant {
                id: 0,
                name: name.into(),
                agility: 10,
                vigilance: 10,
                bonus: 0,
                me: false,
            });
        }
        let ids: Vec<u32> = c.encounter.iter().map(|e| e.id).collect();
        assert_eq!(ids, vec![1, 2]);
    }

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
    fn the_main_hand_is_right_unless_chosen_and_kept_when_left() {
        let old: Combat = serde_json::from_str(r#"{"hit_locations":true}"#).unwrap();
        assert_eq!(old.main_hand, Hand::Right);
        let json = serde_json::to_string(&Combat::default()).unwrap();
        assert!(!json.contains("main_hand"), "right is not written: {json}");
        let left = Combat {
            main_hand: Hand::Left,
            ..Default::default()
        };
        let back: Combat = serde_json::from_str(&serde_json::to_string(&left).unwrap()).unwrap();
        assert_eq!(back.main_hand, Hand::Left);
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

    #[test]
    fn no_action_is_taken_while_a_hit_leaves_the_character_incapacitated_or_unconscious() {
        use crate::rules::symbaroum::combat::HitLocation;
        use crate::rules::symbaroum::conditions::for_turns;
        use crate::rules::symbaroum::turn::{ATTACK, DRAW};
        let mut c = Combat::default();
        let mut sword = Weapon::new(
            "Sword",
            crate::rules::symbaroum::dice_notation::parse_dice("1d8").unwrap(),
        );
        sword.state = WeaponState::Sheathed;
        c.add_weapon(sword);
        let id = c.weapons[0].id;
        c.conditions.push(for_turns(HitLocation::Torso, 0).unwrap());
        let before = c.clone();
        assert_eq!(
            c.spend(ATTACK),
            Err("Incapacitated: no action while it lasts.".into())
        );
        assert_eq!(
            c.draw_weapon(id),
            Err("Incapacitated: no action while it lasts.".into())
        );
        assert_eq!(c, before, "nothing changes");
        // Through the next turn, then the Next turn after it ends it.
        c.next_turn();
        assert!(c.spend(ATTACK).is_err());
        c.next_turn();
        assert!(c.spend(ATTACK).is_ok());
        assert!(c.draw_weapon(id).is_ok());

        let mut c = Combat::default();
        c.conditions.push(for_turns(HitLocation::Head, 2).unwrap());
        assert_eq!(
            c.spend(DRAW),
            Err("Unconscious: no action while it lasts.".into())
        );
        // A condition the player keeps until removed does not stop the turn.
        let mut c = Combat::default();
        c.conditions.push(Condition {
            name: "Unconscious".into(),
            ..Default::default()
        });
        assert!(c.spend(DRAW).is_ok());
    }

    #[test]
    fn next_turn_ends_the_turn_s_maneuvers_and_keeps_the_rest() {
        use crate::rules::symbaroum::conditions::Condition;
        use crate::rules::symbaroum::labels;
        use crate::rules::symbaroum::maneuvers::Maneuver;
        use crate::rules::Ruleset;
        let l = labels(Ruleset::Homebrew);
        let mut c = Combat::default();
        c.conditions.push(Condition {
            name: "Prone".into(),
            ..Default::default()
        });
        c.conditions.extend(Maneuver::FullDefense.this_turn(l));
        c.encounter.push(Combatant {
            id: 0,
            name: "Me".into(),
            agility: 10,
            vigilance: 10,
            bonus: 5,
            me: true,
        });
        c.encounter.push(Combatant {
            id: 0,
            name: "Brigand".into(),
            agility: 10,
            vigilance: 10,
            bonus: 5,
            me: false,
        });
        c.next_turn();
        let names: Vec<&str> = c.conditions.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, vec!["Prone"]);
        assert_eq!((c.encounter[0].bonus, c.encounter[1].bonus), (0, 5));
    }

    #[test]
    fn conditions_and_weapon_notes_are_checked_and_read_back() {
        use crate::rules::symbaroum::conditions::Condition;
        let mut c = Combat::default();
        c.conditions.push(Condition {
            name: "Prone".into(),
            modifier: -2,
            ..Default::default()
        });
        assert!(c.check().is_ok());
        let json = serde_json::to_string(&c).unwrap();
        let back: Combat = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c);
        c.conditions[0].modifier = 50;
        assert!(c.check().is_err());
        c.conditions[0].modifier = 0;
        c.conditions[0].note = "x".repeat(NOTE_MAX + 1);
        assert!(c.check().unwrap_err().contains("note"));
        // A document from before conditions reads with none.
        let old: Combat =
            serde_json::from_str(r#"{"damage":1,"weapons":[{"name":"Sword","damage":"1d8"}]}"#)
                .unwrap();
        assert!(old.conditions.is_empty());
        assert_eq!(old.weapons[0].attack_with, None);
        assert_eq!(old.weapons[0].note, "");
    }
}
