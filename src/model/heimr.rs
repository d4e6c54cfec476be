//! The Heimr part of a character document.

use crate::rules::heimr::abilities::{check_base_consistency, standard_abilities, Ability};
use crate::rules::heimr::actions::{action, goes_on, TurnActions};
use crate::rules::heimr::armoury::{Shield, ShieldPenalty, Weapon};
use crate::rules::heimr::attributes::{Attribute, AttributeScores, MAX_SCORE, MIN_SCORE};
use crate::rules::heimr::combat::{DefenceTracker, Wielding};
use crate::rules::heimr::effects::{ActiveEffect, EFFECT_SECONDS_MAX};
use crate::rules::heimr::encounter::Encounter;
use crate::rules::heimr::experience::{split_award, AwardSplit, Experience, TrainingTrack};
use crate::rules::heimr::fatigue::{Fatigue, MAX_FATIGUE, MIN_FATIGUE};
use crate::rules::heimr::injuries::{injury_level, BodyPart, InjuryLevel, Pool, START_POOL};
use crate::rules::heimr::progress::AttributeProgress;
use crate::rules::heimr::situation::Situation;
use crate::rules::heimr::training::{train, untrain, TrainingOutcome};
use serde::{Deserialize, Serialize};

/// The most abilities a Heimr sheet keeps (a guard against absurd imports).
pub const ABILITIES_MAX: usize = 200;
/// Pools (HP, willpower) beyond this are refused.
pub const POOL_LIMIT: i32 = 999;
/// The most weapons a sheet carries in its armoury list.
pub const WEAPONS_MAX: usize = 8;
/// The longest an injury timer runs on the sheet, in minutes.
pub const INJURY_MINUTES_MAX: u32 = 600;
/// The most training steps remembered (for refunds to the right attribute).
pub const TRAINING_HISTORY_MAX: usize = 2000;

/// One point of training bought: which ability, which ladder, and which attribute
/// gained the progress (so a refund takes it back from the same attribute).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrainingStep {
    pub ability: String,
    pub track: TrainingTrack,
    pub attribute: Attribute,
}

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
    /// The weapons picked from the medieval armoury, by name.
    #[serde(default)]
    pub weapons: Vec<String>,
    /// The shield picked from the medieval armoury, by name.
    #[serde(default)]
    pub shield: Option<String>,
    /// Positions and battlefield toggles that lower the consistency of rolls.
    #[serde(default)]
    pub situation: Situation,
    /// Body parts hit while injured; each gives its injury effect.
    #[serde(default)]
    pub injured_parts: Vec<BodyPart>,
    /// Minutes since the current injury was received (for its timer).
    #[serde(default)]
    pub injury_minutes: u32,
    /// The injury has been stabilised.
    #[serde(default)]
    pub stabilised: bool,
    /// Training bought, oldest first.
    #[serde(default)]
    pub training_history: Vec<TrainingStep>,
    /// The last initiative rolled.
    #[serde(default)]
    pub initiative: Option<i32>,
    /// Effects on the character, with the turns they have left.
    #[serde(default)]
    pub effects: Vec<ActiveEffect>,
    /// The fight's turn order, kept on this sheet.
    #[serde(default)]
    pub encounter: Encounter,
    /// "This turn" as saved: read and written only where it is used (`HeimrSheet::turn`), so the
    /// documents' reader does not grow with it; a field of it a newer version wrote is
    /// kept.
    #[serde(default, rename = "turn", skip_serializing_if = "Option::is_none")]
    pub saved_turn: Option<serde_json::Value>,
}

impl Default for HeimrSheet {
    /// A new Heimr character: attributes 0, the six standard abilities, HP and
    /// willpower 10 / 10 (the campaign sets the real maxima), rested.
    fn default() -> Self {
        let attributes = AttributeScores::default();
        HeimrSheet {
            fatigue: Fatigue::rested(attributes.get(Attribute::Stamina)),
            attributes,
            progress: AttributeProgress::default(),
            abilities: standard_abilities(),
            hp: Pool::full(START_POOL),
            willpower: Pool::full(START_POOL),
            xp: Experience::default(),
            xp_carried: 0,
            defences: DefenceTracker::default(),
            weapons: Vec::new(),
            shield: None,
            situation: Situation::default(),
            injured_parts: Vec::new(),
            injury_minutes: 0,
            stabilised: false,
            training_history: Vec::new(),
            initiative: None,
            effects: Vec::new(),
            encounter: Encounter::default(),
            saved_turn: None,
        }
    }
}

impl HeimrSheet {
    /// The ability with this name (names are unique on a sheet).
    pub fn ability(&self, name: &str) -> Option<&Ability> {
        self.abilities.iter().find(|a| a.name == name)
    }

    /// The picked weapons that are in the armoury table.
    pub fn picked_weapons(&self) -> Vec<Weapon> {
        self.weapons
            .iter()
            .filter_map(|n| Weapon::by_name(n))
            .collect()
    }

    /// The picked shield, if it is in the armoury table.
    pub fn picked_shield(&self) -> Option<Shield> {
        self.shield.as_deref().and_then(Shield::by_name)
    }

    /// The attributes as they count now: the tower shield's "Sta -1" while it is
    /// carried (it lowers Stamina, so base fatigue and Stamina abilities follow).
    pub fn effective_attributes(&self) -> AttributeScores {
        let mut a = self.attributes.clone();
        if let Some(Shield {
            penalty: ShieldPenalty::Attribute(attr, n),
            ..
        }) = self.picked_shield()
        {
            a.set(attr, (a.get(attr) + n).clamp(MIN_SCORE, MAX_SCORE));
        }
        a
    }

    /// Takes `amount` damage on `part` (the attack's body part): HP goes down and, at
    /// 0 or below, the part is injured and gives its effect. Becoming injured starts
    /// the injury's timer from zero. Returns the level reached.
    pub fn take_damage(&mut self, amount: u32, part: Option<BodyPart>) -> InjuryLevel {
        let was_injured = injury_level(self.hp.current).is_injured();
        self.hp.take_damage(amount);
        let level = injury_level(self.hp.current);
        if level.is_injured() {
            if !was_injured {
                self.injury_minutes = 0;
                self.stabilised = false;
            }
            if let Some(p) = part.filter(|p| !self.injured_parts.contains(p)) {
                self.injured_parts.push(p);
            }
        }
        level
    }

    /// A failed jump or fall from `height`: HP down to 3 − height, the legs (and at
    /// −4 or below the torso) injured. Returns the level reached.
    pub fn take_fall(&mut self, height: u32) -> InjuryLevel {
        let (after, parts) = crate::rules::heimr::environment::fall(self.hp.current, height);
        let level = self.take_damage((self.hp.current - after) as u32, None);
        for p in parts {
            if !self.injured_parts.contains(&p) {
                self.injured_parts.push(p);
            }
        }
        level
    }

    /// Treatment of an injury (a healer's skill): the seed leaves what it restores to
    /// the skill; a player expects a treated character to be no longer injured, so
    /// treatment brings HP up to 1, the least that allows a short rest, and the
    /// injuries and their timer end.
    pub fn treat(&mut self) {
        if self.hp.current < 1 {
            self.hp.current = 1;
        }
        self.injured_parts.clear();
        self.injury_minutes = 0;
        self.stabilised = false;
    }

    /// The pre-rolled defence in words, for the Defences card.
    pub fn pre_rolled_text(&self) -> String {
        match self.defences.pre_rolled {
            Some(p) => format!(
                "Pre-rolled: {} {} (opponents may ask it before they choose)",
                p.kind.name(),
                crate::rules::heimr::num(p.result)
            ),
            None => "No defence pre-rolled: roll one ahead from its Defence panel at the end of your turn.".into(),
        }
    }

    /// Uses the pre-rolled defence against an attack. Its fatigue counts now (the seed:
    /// "Fatigue only changes when you use the defence roll"): a result before potential
    /// below fatigue fails outright, and a d6 below it raises fatigue. Returns what
    /// happened, in words.
    pub fn use_pre_rolled(&mut self, ranged_attack: bool) -> Result<String, String> {
        let p = self.defences.use_pre_rolled(ranged_attack)?;
        let mut text = format!(
            "{} {} used against the attack",
            p.kind.name(),
            crate::rules::heimr::num(p.result)
        );
        if p.physical {
            if p.before_potential < self.fatigue.current as i32 {
                text = format!(
                    "{} {} fails outright: {} before potential is below fatigue {}",
                    p.kind.name(),
                    crate::rules::heimr::num(p.result),
                    p.before_potential,
                    self.fatigue.current
                );
            }
            if self.fatigue.after_physical_roll(p.d6) {
                text.push_str(&format!("; fatigue rose to {}", self.fatigue.current));
            }
        }
        Ok(text + ".")
    }

    /// The start of the character's own turn: fatigue may rise again, the defences
    /// since the last turn reset, and effects count down.
    pub fn new_turn(&mut self) {
        // "This turn" starts anew, an upcoming action going on into it
        // (`TurnActions::new_turn`), written straight to the saved turn: the Combat
        // tab's New turn need not carry the turn's reader, which the turn card has.
        let ended_by = self.saved_turn.as_ref().and_then(|t| t.get("ended_by"));
        let next = goes_on(ended_by.and_then(serde_json::Value::as_str));
        if self.saved_turn.is_some() {
            let ours = ["standard", "simultaneous", "free", "ended_by", "continuing"];
            crate::rules::rewrite(&mut self.saved_turn, &ours, |m| {
                if let Some(n) = next {
                    m.insert("continuing".into(), n.into());
                }
            });
        }
        self.fatigue.new_turn();
        self.defences.new_turn();
        crate::rules::heimr::effects::new_turn(&mut self.effects);
    }

    /// "This turn": the combat actions taken, by the seed's names. Saved with the
    /// character (a reload mid-fight keeps it) as a field the document's reader does
    /// not type: read here, where the turn is used, so the documents' chunk does not
    /// grow with it. A name this version does not know holds nothing here.
    pub fn turn(&self) -> TurnActions {
        let saved = self.saved_turn.as_ref();
        let named = |v: &serde_json::Value| action(v.as_str()?).map(|a| a.name);
        let one = |k: &str| saved.and_then(|t| t.get(k)).and_then(named);
        TurnActions {
            standard: one("standard"),
            simultaneous: one("simultaneous"),
            free: saved
                .and_then(|t| t.get("free"))
                .and_then(serde_json::Value::as_array)
                .map(|names| names.iter().filter_map(named).collect())
                .unwrap_or_default(),
            ended_by: one("ended_by"),
            continuing: one("continuing"),
        }
    }

    /// Saves `t` as this turn; a field of it a newer version wrote, or a name this
    /// version does not know, is kept.
    pub fn set_turn(&mut self, t: &TurnActions) {
        let fields = [
            ("standard", t.standard),
            ("simultaneous", t.simultaneous),
            ("ended_by", t.ended_by),
            ("continuing", t.continuing),
        ];
        // A name this version does not know stays unless this turn sets the field.
        let saved = self.saved_turn.as_ref();
        let foreign = |k: &str| {
            saved
                .and_then(|s| s.get(k))
                .is_some_and(|v| v.as_str().and_then(action).is_none())
        };
        let ours: Vec<&str> = fields
            .iter()
            .filter(|(k, v)| v.is_some() || !foreign(k))
            .map(|(k, _)| *k)
            .chain(["free"])
            .collect();
        crate::rules::rewrite(&mut self.saved_turn, &ours, |m| {
            for (k, v) in fields {
                if let Some(n) = v {
                    m.insert(k.into(), n.into());
                }
            }
            if !t.free.is_empty() {
                m.insert("free".into(), t.free.clone().into());
            }
        });
    }

    /// Removes the ability `name` and its remembered training. Refused while it has
    /// points of training (refunding them gives the Experience back; removing would
    /// lose it): the message says so and nothing changes.
    pub fn remove_ability(&mut self, name: &str) -> Result<(), String> {
        let trained = self
            .ability(name)
            .map(|a| a.trained_consistency + a.trained_potential)
            .unwrap_or(0);
        if trained > 0 {
            return Err(format!(
                "{name} has {trained} point(s) of training. Refund them under Training before removing it."
            ));
        }
        self.abilities.retain(|a| a.name != name);
        self.training_history.retain(|s| s.ability != name);
        Ok(())
    }

    /// Adds a weapon of the armoury's list to the sheet; refused past
    /// [`WEAPONS_MAX`], with the message to show.
    pub fn add_weapon(&mut self, weapon: &Weapon) -> Result<(), String> {
        if self.weapons.len() >= WEAPONS_MAX {
            return Err(format!("A sheet carries at most {WEAPONS_MAX} weapons."));
        }
        self.weapons.push(weapon.name.to_string());
        Ok(())
    }

    /// Stops carrying the `nth` weapon named `name` (a sheet may carry two of a
    /// kind); `false` when there is no such weapon (and nothing changes).
    pub fn remove_weapon(&mut self, name: &str, nth: usize) -> bool {
        let at = super::ids::nth_place(&self.weapons, nth, |w| w == name);
        at.map(|i| self.weapons.remove(i)).is_some()
    }

    /// The character's share of an encounter's `award` split among `present`
    /// characters, with what was carried over from the last split: the share is
    /// awarded, the remainder carried to the next. Returns the split.
    pub fn share_award(&mut self, award: u64, present: u32) -> AwardSplit {
        let split = split_award(award, self.xp_carried, present);
        self.xp.award(split.share);
        self.xp_carried = split.remainder;
        split
    }

    /// A breather, against the character's effective Stamina: fatigue before and
    /// after.
    pub fn take_breather(&mut self) -> (u32, u32) {
        let before = self.fatigue.current;
        let stamina = self.effective_attributes().get(Attribute::Stamina);
        self.fatigue.take_breather(stamina);
        (before, self.fatigue.current)
    }

    /// What the character holds, for the defence rules.
    pub fn wielding(&self) -> Wielding {
        Wielding {
            melee_weapons: self
                .picked_weapons()
                .iter()
                .filter(|w| w.is_melee())
                .count() as u32,
            shield: self.picked_shield().is_some(),
        }
    }

    /// The attribute that gained progress from the last point bought on this ladder
    /// of this ability, if remembered.
    pub fn last_trained_attribute(&self, ability: &str, track: TrainingTrack) -> Option<Attribute> {
        self.training_history
            .iter()
            .rev()
            .find(|s| s.ability == ability && s.track == track)
            .map(|s| s.attribute)
    }

    /// Forgets the last remembered step on this ladder of this ability (after a refund).
    pub fn forget_last_step(&mut self, ability: &str, track: TrainingTrack) {
        if let Some(i) = self
            .training_history
            .iter()
            .rposition(|s| s.ability == ability && s.track == track)
        {
            self.training_history.remove(i);
        }
    }

    /// Buys (`buy`) the next point of `track` for the ability `name`, or refunds the
    /// last one. A bought point's progress goes to the ability's one attribute or the
    /// player's `choice` among several, and is remembered, so that its refund takes
    /// the progress back from the same attribute (`choice` only when none is
    /// remembered). On a refusal nothing changes and the message says why.
    pub fn train_point(
        &mut self,
        name: &str,
        track: TrainingTrack,
        choice: Option<Attribute>,
        buy: bool,
    ) -> Result<TrainingOutcome, String> {
        let remembered = self.last_trained_attribute(name, track);
        let HeimrSheet {
            xp,
            abilities,
            attributes,
            progress,
            ..
        } = self;
        let ability = abilities
            .iter_mut()
            .find(|a| a.name == name)
            .ok_or_else(|| format!("{name} is no longer on the sheet."))?;
        let out = if buy {
            train(xp, ability, track, attributes, progress, choice)?
        } else {
            untrain(
                xp,
                ability,
                track,
                attributes,
                progress,
                remembered.or(choice),
            )?
        };
        if buy {
            self.remember_step(TrainingStep {
                ability: name.to_string(),
                track,
                attribute: out.attribute,
            });
        } else {
            self.forget_last_step(name, track);
        }
        Ok(out)
    }

    /// Remembers a step, dropping the oldest past [`TRAINING_HISTORY_MAX`].
    pub fn remember_step(&mut self, step: TrainingStep) {
        self.training_history.push(step);
        if self.training_history.len() > TRAINING_HISTORY_MAX {
            let extra = self.training_history.len() - TRAINING_HISTORY_MAX;
            self.training_history.drain(..extra);
        }
    }

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
        for (what, p) in [("HP", &self.hp), ("Willpower", &self.willpower)] {
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
        for (i, a) in self.abilities.iter().enumerate() {
            if self.abilities[..i].iter().any(|b| b.name == a.name) {
                return Err(format!("the ability “{}” is listed twice", a.name));
            }
        }
        if self.weapons.len() > WEAPONS_MAX {
            return Err(format!("more than {WEAPONS_MAX} weapons"));
        }
        if let Some(w) = self.weapons.iter().find(|w| Weapon::by_name(w).is_none()) {
            return Err(format!("“{w}” is not in the medieval armoury"));
        }
        if let Some(s) = self
            .shield
            .as_deref()
            .filter(|s| Shield::by_name(s).is_none())
        {
            return Err(format!("“{s}” is not a shield of the medieval armoury"));
        }
        self.situation.check()?;
        if self.injured_parts.len() > 20 {
            return Err("more than 20 injured body parts".into());
        }
        if self.injury_minutes > INJURY_MINUTES_MAX {
            return Err(format!(
                "an injury timer above {INJURY_MINUTES_MAX} minutes"
            ));
        }
        if self.training_history.len() > TRAINING_HISTORY_MAX {
            return Err("too much training history".into());
        }
        if self.initiative.is_some_and(|i| i.abs() > 1000) {
            return Err("initiative out of range".into());
        }
        self.encounter.check()?;
        if self.effects.len() > 20 {
            return Err("more than 20 effects".into());
        }
        if let Some(e) = self
            .effects
            .iter()
            .find(|e| e.seconds > EFFECT_SECONDS_MAX || e.turns_left > EFFECT_SECONDS_MAX)
        {
            return Err(format!("the {} effect lasts too long", e.effect.name()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn this_turn_is_saved_with_the_sheet_by_the_actions_names() {
        use crate::rules::heimr::actions::action;
        let mut h = HeimrSheet::default();
        assert!(h.saved_turn.is_none());
        let mut t = h.turn();
        t.spend(action("Drop prone").unwrap()).unwrap();
        t.spend(action("Move").unwrap()).unwrap();
        h.set_turn(&t);
        let text = serde_json::to_string(&h).unwrap();
        let back: HeimrSheet = serde_json::from_str(&text).unwrap();
        assert_eq!(back.turn(), t, "read back: {text}");
        // New turn frees it, and nothing is written for a fresh turn.
        h.new_turn();
        assert_eq!(h.turn(), TurnActions::default());
        assert_eq!(
            h.saved_turn.as_ref(),
            Some(&serde_json::json!({})),
            "nothing in it"
        );
        // An upcoming action goes on into the next turn as its standard action.
        let mut t = h.turn();
        let upcoming = action(crate::rules::heimr::actions::BREATHER_UPCOMING).unwrap();
        t.spend(upcoming).unwrap();
        h.set_turn(&t);
        h.new_turn();
        let mut want = t.clone();
        want.new_turn();
        assert_eq!(h.turn(), want);
        assert_eq!(h.turn().continuing, Some(upcoming.name));
        // A newer version's action and field are kept as they were, and hold nothing.
        let mut newer = HeimrSheet {
            saved_turn: Some(serde_json::json!({"standard": "Teleport", "later": 1})),
            ..Default::default()
        };
        assert_eq!(newer.turn().standard, None);
        let mut t = newer.turn();
        t.spend(action("Speak").unwrap()).unwrap();
        newer.set_turn(&t);
        let text = serde_json::to_string(&newer).unwrap();
        assert!(
            text.contains(r#""turn":{"free":["Speak"],"later":1,"standard":"Teleport"}"#)
                || (text.contains(r#""standard":"Teleport""#) && text.contains(r#""later":1"#)),
            "{text}"
        );
    }

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
    fn an_ability_with_training_is_not_removed_and_one_without_goes_with_its_history() {
        let mut s = HeimrSheet::default();
        s.abilities[0].trained_potential = 2;
        let err = s.remove_ability("Brawl").unwrap_err();
        assert!(err.contains("Brawl has 2 point(s) of training"), "{err}");
        assert_eq!(s.abilities.len(), 6, "nothing removed");
        s.abilities[0].trained_potential = 0;
        s.remember_step(TrainingStep {
            ability: "Brawl".into(),
            track: TrainingTrack::Potential,
            attribute: Attribute::Strength,
        });
        assert_eq!(s.remove_ability("Brawl"), Ok(()));
        assert!(s.ability("Brawl").is_none());
        assert!(s.training_history.is_empty(), "its remembered steps go too");
    }

    #[test]
    fn a_point_refunded_takes_its_progress_back_from_the_attribute_that_got_it() {
        let mut s = HeimrSheet::default();
        s.xp.award(100);
        // An ability of two attributes: the player picks which gains the progress.
        let (first, second) = (Attribute::Strength, Attribute::Stamina);
        let name = "Climbing".to_string();
        s.abilities
            .push(Ability::new(&name, &[first, second], 0).expect("a valid ability"));
        let bought = s
            .train_point(&name, TrainingTrack::Potential, Some(second), true)
            .expect("bought");
        assert_eq!(bought.attribute, second);
        assert_eq!(
            s.last_trained_attribute(&name, TrainingTrack::Potential),
            Some(second)
        );
        let progress = s.progress.clone();
        // Refunded with the other attribute picked: the remembered one gives it back.
        let refunded = s
            .train_point(&name, TrainingTrack::Potential, Some(first), false)
            .expect("refunded");
        assert_eq!(refunded.attribute, second);
        assert_ne!(s.progress, progress, "the progress is taken back");
        assert_eq!(s.xp.spent, 0, "the Experience is given back");
        assert!(s.training_history.is_empty());
        let gone = s.train_point("Nothing", TrainingTrack::Potential, None, true);
        assert_eq!(gone.unwrap_err(), "Nothing is no longer on the sheet.");
    }

    #[test]
    fn weapons_stop_at_the_limit_with_a_message_and_one_of_two_alike_is_removed() {
        let mut s = HeimrSheet::default();
        let sword = Weapon::by_name("Medium weapon").expect("the armoury has it");
        for _ in 0..WEAPONS_MAX {
            assert_eq!(s.add_weapon(&sword), Ok(()));
        }
        assert_eq!(
            s.add_weapon(&sword),
            Err(format!("A sheet carries at most {WEAPONS_MAX} weapons."))
        );
        assert_eq!(s.weapons.len(), WEAPONS_MAX);
        s.weapons = vec!["Bow".into(), "Pole arm".into(), "Bow".into()];
        assert!(s.remove_weapon("Bow", 1), "the second bow");
        assert_eq!(s.weapons, ["Bow", "Pole arm"]);
        assert!(!s.remove_weapon("Bow", 1), "there is one bow left");
        assert!(s.remove_weapon("Bow", 0));
        assert_eq!(s.weapons, ["Pole arm"]);
    }

    #[test]
    fn an_award_shared_carries_its_remainder_to_the_next() {
        let mut s = HeimrSheet::default();
        // The seed: "10XP divided among four characters, means 2XP per character
        // with 2 remaining"; the 2 join the next award: 7 + 2 among 4, 1 left.
        let first = s.share_award(10, 4);
        assert_eq!((first.share, first.remainder), (2, 2));
        assert_eq!((s.xp.earned, s.xp_carried), (2, 2));
        let second = s.share_award(7, 4);
        assert_eq!((second.share, second.remainder), (2, 1));
        assert_eq!((s.xp.earned, s.xp_carried), (4, 1));
    }

    #[test]
    fn a_breather_lowers_fatigue_to_the_stamina_base() {
        let mut s = HeimrSheet::default();
        s.fatigue.set(9);
        let (before, after) = s.take_breather();
        assert_eq!(before, 9);
        assert!(after < before, "a breather lowers fatigue: {after}");
        let (again_before, again_after) = s.take_breather();
        assert_eq!(again_before, after);
        assert!(again_after <= again_before);
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

    #[test]
    fn old_documents_without_the_new_fields_still_load() {
        let mut v = serde_json::to_value(HeimrSheet::default()).unwrap();
        let o = v.as_object_mut().unwrap();
        for k in [
            "weapons",
            "shield",
            "situation",
            "injured_parts",
            "injury_minutes",
            "stabilised",
            "training_history",
            "initiative",
            "effects",
            "encounter",
        ] {
            o.remove(k);
        }
        let s: HeimrSheet = serde_json::from_value(v).unwrap();
        assert_eq!(s, HeimrSheet::default());
    }

    #[test]
    fn armoury_picks_are_checked_and_give_what_is_wielded() {
        let mut s = HeimrSheet {
            weapons: vec!["Medium weapon".into(), "Bow".into(), "Light weapon".into()],
            shield: Some("Buckler".into()),
            ..HeimrSheet::default()
        };
        assert_eq!(s.check(), Ok(()));
        assert_eq!(
            s.wielding(),
            Wielding {
                melee_weapons: 2,
                shield: true
            }
        );
        s.weapons.push("Laser".into());
        assert!(s.check().unwrap_err().contains("Laser"));
        let s = HeimrSheet {
            shield: Some("Door".into()),
            ..HeimrSheet::default()
        };
        assert!(s.check().unwrap_err().contains("Door"));
        let s = HeimrSheet {
            injury_minutes: INJURY_MINUTES_MAX + 1,
            ..HeimrSheet::default()
        };
        assert!(s.check().is_err());
        let mut s = HeimrSheet::default();
        s.abilities.push(s.abilities[0].clone());
        assert!(s.check().unwrap_err().contains("twice"));
    }

    #[test]
    fn damage_moves_through_the_injury_levels_with_the_hit_part() {
        let mut s = HeimrSheet {
            hp: Pool::full(3),
            ..HeimrSheet::default()
        };
        assert_eq!(s.take_damage(2, Some(BodyPart::Torso)), InjuryLevel::Unhurt);
        assert!(s.injured_parts.is_empty(), "not injured at 1 HP");
        s.injury_minutes = 7;
        s.stabilised = true;
        assert_eq!(
            s.take_damage(2, Some(BodyPart::SwordArm)),
            InjuryLevel::Bloodied
        );
        assert_eq!((s.injury_minutes, s.stabilised), (0, false), "timer starts");
        s.injury_minutes = 3;
        assert_eq!(
            s.take_damage(2, Some(BodyPart::LeftLeg)),
            InjuryLevel::Mangled
        );
        assert_eq!(s.injury_minutes, 3, "the timer runs on while injured");
        assert_eq!(
            s.take_damage(2, Some(BodyPart::LeftLeg)),
            InjuryLevel::Mutilated
        );
        assert_eq!(s.injured_parts, [BodyPart::SwordArm, BodyPart::LeftLeg]);
        assert_eq!(s.take_damage(1, None), InjuryLevel::Dead);
        s.treat();
        assert_eq!(s.hp.current, 1);
        assert!(s.injured_parts.is_empty());
        assert_eq!(crate::rules::heimr::injuries::short_rest(&mut s.hp), Ok(()));
        assert_eq!(s.hp.current, 3);
    }

    #[test]
    fn a_fall_from_six_leaves_minus_three_with_the_legs_injured() {
        let mut s = HeimrSheet::default();
        assert_eq!(s.take_fall(6), InjuryLevel::Mangled);
        assert_eq!(s.hp.current, -3);
        assert_eq!(s.injured_parts, [BodyPart::RightLeg, BodyPart::LeftLeg]);
        assert_eq!(s.take_fall(8), InjuryLevel::Mutilated);
        assert_eq!(s.injured_parts.len(), 3, "the torso at −5");
    }

    #[test]
    fn the_tower_shield_lowers_stamina_and_so_base_fatigue() {
        let mut s = HeimrSheet::default();
        s.attributes.set(Attribute::Stamina, 2);
        assert_eq!(s.effective_attributes().get(Attribute::Stamina), 2);
        s.shield = Some("Tower shield".into());
        assert_eq!(s.effective_attributes().get(Attribute::Stamina), 1);
        assert_eq!(
            s.attributes.get(Attribute::Stamina),
            2,
            "the typed score stays"
        );
        s.shield = Some("Medium shield".into());
        assert_eq!(s.effective_attributes().get(Attribute::Stamina), 2);
    }

    #[test]
    fn a_pre_rolled_defence_counts_its_fatigue_when_used() {
        use crate::rules::heimr::combat::{DefenceKind, PreRolled};
        let mut s = HeimrSheet::default();
        assert_eq!(s.fatigue.current, 4);
        s.defences.pre_rolled = Some(PreRolled {
            kind: DefenceKind::Dodge,
            result: 9,
            d6: 2,
            before_potential: 6,
            physical: true,
        });
        assert_eq!(
            s.use_pre_rolled(true),
            Ok("Dodge 9 used against the attack; fatigue rose to 5.".into())
        );
        assert_eq!(s.defences.dodges, 1);
        s.defences.pre_rolled = Some(PreRolled {
            kind: DefenceKind::Block,
            result: 5,
            d6: 6,
            before_potential: 3,
            physical: true,
        });
        assert_eq!(
            s.use_pre_rolled(false),
            Ok("Block 5 fails outright: 3 before potential is below fatigue 5.".into())
        );
        assert!(s.use_pre_rolled(false).is_err());
    }

    #[test]
    fn effects_are_checked() {
        let mut s = HeimrSheet::default();
        s.effects.push(ActiveEffect {
            effect: crate::rules::heimr::effects::Effect::Daze,
            seconds: EFFECT_SECONDS_MAX + 1,
            turns_left: 1,
        });
        assert!(s.check().unwrap_err().contains("Daze"));
    }

    #[test]
    fn training_history_remembers_the_attribute_per_ladder() {
        let mut s = HeimrSheet::default();
        let step = |a: &str, t, attr| TrainingStep {
            ability: a.into(),
            track: t,
            attribute: attr,
        };
        s.remember_step(step(
            "Riding",
            TrainingTrack::Consistency,
            Attribute::Dexterity,
        ));
        s.remember_step(step(
            "Riding",
            TrainingTrack::Consistency,
            Attribute::Empathy,
        ));
        s.remember_step(step(
            "Riding",
            TrainingTrack::Potential,
            Attribute::Dexterity,
        ));
        assert_eq!(
            s.last_trained_attribute("Riding", TrainingTrack::Consistency),
            Some(Attribute::Empathy)
        );
        s.forget_last_step("Riding", TrainingTrack::Consistency);
        assert_eq!(
            s.last_trained_attribute("Riding", TrainingTrack::Consistency),
            Some(Attribute::Dexterity)
        );
        assert_eq!(
            s.last_trained_attribute("Brawl", TrainingTrack::Potential),
            None
        );
    }
}
