//! Hit points, willpower, injury levels with their timers, hit locations and the
//! effects injuries cause, and the short rest.

use serde::{Deserialize, Serialize};

/// A current / max pair: hit points or willpower. Maxima come from the campaign.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Pool {
    pub current: i32,
    pub max: i32,
}

impl Pool {
    /// Full: current = max.
    pub fn full(max: i32) -> Pool {
        Pool { current: max, max }
    }

    /// A new maximum; what is left is capped by it (the app's choice: a pool is never
    /// above its maximum, as `restore` keeps it).
    pub fn set_max(&mut self, max: i32) {
        self.max = max;
        self.current = self.current.min(max);
    }

    /// Loses `amount` hit points; HP may go below zero (that is how injuries work).
    pub fn take_damage(&mut self, amount: u32) {
        self.current = self.current.saturating_sub(amount as i32);
    }

    /// Gains up to `amount`, never above max.
    pub fn restore(&mut self, amount: u32) {
        if self.current < self.max {
            self.current = self.current.saturating_add(amount as i32).min(self.max);
        }
    }

    /// Spends willpower; refused when there is not enough (willpower never goes below 0).
    pub fn spend(&mut self, amount: u32) -> Result<(), String> {
        if (amount as i64) > self.current as i64 {
            return Err(format!(
                "That needs {amount} willpower; you have {}.",
                self.current.max(0)
            ));
        }
        self.current -= amount as i32;
        Ok(())
    }
}

/// The maxima a new character starts with. The seed leaves HP and willpower maxima to
/// the campaign's own documents; 10 / 10 is the app's choice until they are typed.
pub const START_POOL: i32 = 10;

/// Said beside HP and willpower while both maxima are still the app's start (a
/// campaign that uses 10 and 10 sees it too: it stays true).
pub fn start_note(hp: &Pool, willpower: &Pool) -> Option<&'static str> {
    (hp.max == START_POOL && willpower.max == START_POOL).then_some("The app's 10 / 10")
}

/// A failed challenge requirement may be re-rolled for 1 willpower per re-roll.
pub const REROLL_WILLPOWER: u32 = 1;

/// Pays for re-rolling a failed CR.
pub fn pay_for_reroll(willpower: &mut Pool) -> Result<(), String> {
    willpower.spend(REROLL_WILLPOWER).map_err(|_| {
        "Re-rolling a failed challenge costs 1 willpower; you have none left.".to_string()
    })
}

/// How badly hurt a character is, from their HP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InjuryLevel {
    /// 1 HP or more.
    Unhurt,
    /// 0 or −1.
    Bloodied,
    /// −2 or −3.
    Mangled,
    /// −4 or −5.
    Mutilated,
    /// Below −5. The seed's table stops at −5 and never says what lies beyond; a player
    /// expects a wound worse than the worst level to kill, so we call it dead.
    Dead,
}

/// The injury level for a number of hit points.
pub fn injury_level(hp: i32) -> InjuryLevel {
    match hp {
        1.. => InjuryLevel::Unhurt,
        0 | -1 => InjuryLevel::Bloodied,
        -3 | -2 => InjuryLevel::Mangled,
        -5 | -4 => InjuryLevel::Mutilated,
        _ => InjuryLevel::Dead,
    }
}

impl InjuryLevel {
    pub fn name(self) -> &'static str {
        match self {
            InjuryLevel::Unhurt => "Unhurt",
            InjuryLevel::Bloodied => "Bloodied",
            InjuryLevel::Mangled => "Mangled",
            InjuryLevel::Mutilated => "Mutilated",
            InjuryLevel::Dead => "Dead",
        }
    }

    /// The seed's description of the level.
    pub fn description(self) -> &'static str {
        match self {
            InjuryLevel::Unhurt => "Not injured.",
            InjuryLevel::Bloodied => "This injury requires treatment. You can't take a short rest.",
            InjuryLevel::Mangled => {
                "The character dies in 10 minutes, and falls unconscious half way through (5 minutes)."
            }
            InjuryLevel::Mutilated => {
                "The character falls unconscious instantly and dies after two minutes."
            }
            // The seed stops at −5 (Mutilated): the app's choice, said as such.
            InjuryLevel::Dead => {
                "The character is dead (the app's choice: the seed's levels end at −5)."
            }
        }
    }

    /// True for every level at 0 HP or below: the character is injured, and hit
    /// body parts give their injury effects.
    pub fn is_injured(self) -> bool {
        self != InjuryLevel::Unhurt
    }

    /// Minutes after the injury when an unstabilised character falls unconscious.
    pub fn unconscious_after_minutes(self) -> Option<u32> {
        match self {
            InjuryLevel::Mangled => Some(5),
            InjuryLevel::Mutilated | InjuryLevel::Dead => Some(0),
            _ => None,
        }
    }

    /// Minutes after the injury when an unstabilised character dies.
    pub fn dies_after_minutes(self) -> Option<u32> {
        match self {
            InjuryLevel::Mangled => Some(10),
            InjuryLevel::Mutilated => Some(2),
            InjuryLevel::Dead => Some(0),
            _ => None,
        }
    }
}

/// Whether an injured character is awake, out, or dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DyingState {
    Conscious,
    Unconscious,
    Dead,
}

/// The state `minutes` after receiving an injury of `level`. A stabilised character
/// "is no longer dying and regains consciousness" (but below −5 nothing helps).
/// The moment a timer runs out counts as reached: a Mangled character is unconscious
/// at 5 minutes and dead at 10.
pub fn dying_state(level: InjuryLevel, minutes: u32, stabilised: bool) -> DyingState {
    if level == InjuryLevel::Dead {
        return DyingState::Dead;
    }
    if stabilised {
        return DyingState::Conscious;
    }
    if level.dies_after_minutes().is_some_and(|m| minutes >= m) {
        DyingState::Dead
    } else if level
        .unconscious_after_minutes()
        .is_some_and(|m| minutes >= m)
    {
        DyingState::Unconscious
    } else {
        DyingState::Conscious
    }
}

fn minutes(n: u32) -> String {
    if n == 1 {
        "1 minute".to_string()
    } else {
        format!("{n} minutes")
    }
}

/// What a player reads about an injury `minutes` after it was received, e.g.
/// "Mangled: falls unconscious in 3 minutes and dies in 8 minutes unless stabilised."
pub fn timer_text(level: InjuryLevel, minutes_since: u32, stabilised: bool) -> String {
    let name = level.name();
    match level {
        InjuryLevel::Unhurt => "Unhurt.".to_string(),
        InjuryLevel::Bloodied => {
            "Bloodied: needs treatment; no short rest until treated.".to_string()
        }
        InjuryLevel::Dead => "Dead.".to_string(),
        _ if stabilised => format!(
            "{name}, stabilised: conscious and no longer dying. Moving the injured body part reopens the injury."
        ),
        _ => {
            let dies = level.dies_after_minutes().unwrap_or(0);
            let out = level.unconscious_after_minutes().unwrap_or(0);
            match dying_state(level, minutes_since, false) {
                DyingState::Dead => format!(
                    "Dead: {name} for {} without being stabilised.",
                    minutes(dies)
                ),
                DyingState::Unconscious => format!(
                    "{name}: unconscious; dies in {} unless stabilised.",
                    minutes(dies - minutes_since)
                ),
                DyingState::Conscious => format!(
                    "{name}: falls unconscious in {} and dies in {} unless stabilised.",
                    minutes(out - minutes_since),
                    minutes(dies - minutes_since)
                ),
            }
        }
    }
}

/// A short rest restores HP to max. It needs at least 1 HP and five uninterrupted
/// minutes (no dice challenges, no skills); the caller confirms the five minutes.
pub fn short_rest(hp: &mut Pool) -> Result<(), String> {
    if hp.current < 1 {
        return Err(format!(
            "A short rest needs at least 1 HP; at {} HP the character is {} and needs treatment first.",
            super::num(hp.current),
            injury_level(hp.current).name()
        ));
    }
    hp.current = hp.current.max(hp.max);
    Ok(())
}

/// Where an attack lands, from the attack roll's d6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BodyPart {
    Torso,
    SwordArm,
    OtherArm,
    RightLeg,
    LeftLeg,
}

/// Aiming an attack at a chosen body part costs this much consistency.
pub const AIMED_ATTACK_C_PENALTY: i32 = 2;

impl BodyPart {
    pub const ALL: [BodyPart; 5] = [
        BodyPart::Torso,
        BodyPart::SwordArm,
        BodyPart::OtherArm,
        BodyPart::RightLeg,
        BodyPart::LeftLeg,
    ];

    /// 5–6 torso, 4 sword arm, 3 other arm, 2 right leg, 1 left leg; None off the die.
    pub fn from_d6(d6: u32) -> Option<BodyPart> {
        match d6 {
            5 | 6 => Some(BodyPart::Torso),
            4 => Some(BodyPart::SwordArm),
            3 => Some(BodyPart::OtherArm),
            2 => Some(BodyPart::RightLeg),
            1 => Some(BodyPart::LeftLeg),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BodyPart::Torso => "Torso",
            BodyPart::SwordArm => "Sword arm",
            BodyPart::OtherArm => "Other arm",
            BodyPart::RightLeg => "Right leg",
            BodyPart::LeftLeg => "Left leg",
        }
    }

    /// The effect an injury to this part gives: arm → Drop, leg → Fall, torso → Daze.
    pub fn injury_effect(self) -> InjuryEffect {
        match self {
            BodyPart::Torso => InjuryEffect::Daze,
            BodyPart::SwordArm | BodyPart::OtherArm => InjuryEffect::Drop,
            BodyPart::RightLeg | BodyPart::LeftLeg => InjuryEffect::Fall,
        }
    }
}

/// The effects injuries cause. They last as long as the character is injured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InjuryEffect {
    Drop,
    Fall,
    Daze,
}

impl InjuryEffect {
    pub fn name(self) -> &'static str {
        match self {
            InjuryEffect::Drop => "Drop",
            InjuryEffect::Fall => "Fall",
            InjuryEffect::Daze => "Daze",
        }
    }

    /// The seed's description of the effect.
    pub fn description(self) -> &'static str {
        match self {
            InjuryEffect::Drop => {
                "You let go of the item in the hand, it drops to the ground, after two seconds you can pick it up again."
            }
            InjuryEffect::Fall => "You fall to the ground. After two seconds you can stand up again.",
            InjuryEffect::Daze => {
                "You are disorientated. You can not attack, defend or use a skill in this state."
            }
        }
    }
}

/// The distinct effects from the injured body parts, in Drop, Fall, Daze order.
pub fn active_effects(parts: &[BodyPart]) -> Vec<InjuryEffect> {
    [InjuryEffect::Drop, InjuryEffect::Fall, InjuryEffect::Daze]
        .into_iter()
        .filter(|e| parts.iter().any(|p| p.injury_effect() == *e))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lower_maximum_caps_what_is_left_and_a_higher_one_adds_nothing() {
        let mut p = Pool::full(10);
        p.set_max(6);
        assert_eq!((p.current, p.max), (6, 6));
        p.set_max(12);
        assert_eq!(
            (p.current, p.max),
            (6, 12),
            "raising the maximum heals nothing"
        );
        p.take_damage(9);
        p.set_max(4);
        assert_eq!((p.current, p.max), (-3, 4), "below zero stays below zero");
    }

    #[test]
    fn levels_by_hp() {
        let levels: Vec<InjuryLevel> = (-7..=2).map(injury_level).collect();
        use InjuryLevel::*;
        assert_eq!(
            levels,
            [
                Dead, Dead, Mutilated, Mutilated, Mangled, Mangled, Bloodied, Bloodied, Unhurt,
                Unhurt
            ]
        );
        assert!(Bloodied.is_injured());
        assert!(!Unhurt.is_injured());
    }

    #[test]
    fn mangled_timeline() {
        let m = InjuryLevel::Mangled;
        assert_eq!(dying_state(m, 0, false), DyingState::Conscious);
        assert_eq!(dying_state(m, 4, false), DyingState::Conscious);
        assert_eq!(dying_state(m, 5, false), DyingState::Unconscious);
        assert_eq!(dying_state(m, 9, false), DyingState::Unconscious);
        assert_eq!(dying_state(m, 10, false), DyingState::Dead);
        assert_eq!(dying_state(m, 30, true), DyingState::Conscious);
        assert_eq!(
            timer_text(m, 2, false),
            "Mangled: falls unconscious in 3 minutes and dies in 8 minutes unless stabilised."
        );
        assert_eq!(
            timer_text(m, 9, false),
            "Mangled: unconscious; dies in 1 minute unless stabilised."
        );
        assert_eq!(
            timer_text(m, 12, false),
            "Dead: Mangled for 10 minutes without being stabilised."
        );
    }

    #[test]
    fn mutilated_timeline() {
        let m = InjuryLevel::Mutilated;
        assert_eq!(dying_state(m, 0, false), DyingState::Unconscious);
        assert_eq!(dying_state(m, 1, false), DyingState::Unconscious);
        assert_eq!(dying_state(m, 2, false), DyingState::Dead);
        assert_eq!(
            timer_text(m, 0, false),
            "Mutilated: unconscious; dies in 2 minutes unless stabilised."
        );
        assert_eq!(
            timer_text(m, 0, true),
            "Mutilated, stabilised: conscious and no longer dying. Moving the injured body part reopens the injury."
        );
    }

    #[test]
    fn other_levels_have_no_timer() {
        assert_eq!(
            dying_state(InjuryLevel::Bloodied, 1000, false),
            DyingState::Conscious
        );
        assert_eq!(dying_state(InjuryLevel::Dead, 0, true), DyingState::Dead);
        assert!(
            InjuryLevel::Dead.description().contains("the app's choice"),
            "dead below −5 is not the seed's: said so"
        );
        assert_eq!(
            timer_text(InjuryLevel::Bloodied, 3, false),
            "Bloodied: needs treatment; no short rest until treated."
        );
        assert_eq!(timer_text(InjuryLevel::Dead, 0, true), "Dead.");
        assert_eq!(InjuryLevel::Bloodied.dies_after_minutes(), None);
    }

    #[test]
    fn body_part_from_the_attack_d6() {
        let parts: Vec<_> = (1..=6).map(|d| BodyPart::from_d6(d).unwrap()).collect();
        assert_eq!(
            parts,
            [
                BodyPart::LeftLeg,
                BodyPart::RightLeg,
                BodyPart::OtherArm,
                BodyPart::SwordArm,
                BodyPart::Torso,
                BodyPart::Torso
            ]
        );
        assert_eq!(BodyPart::from_d6(0), None);
        assert_eq!(BodyPart::from_d6(7), None);
        assert_eq!(AIMED_ATTACK_C_PENALTY, 2);
    }

    #[test]
    fn injury_effects_per_part() {
        assert_eq!(BodyPart::SwordArm.injury_effect(), InjuryEffect::Drop);
        assert_eq!(BodyPart::OtherArm.injury_effect(), InjuryEffect::Drop);
        assert_eq!(BodyPart::LeftLeg.injury_effect(), InjuryEffect::Fall);
        assert_eq!(BodyPart::Torso.injury_effect(), InjuryEffect::Daze);
        assert!(InjuryEffect::Daze
            .description()
            .contains("can not attack, defend"));
        assert!(InjuryEffect::Fall
            .description()
            .starts_with("You fall to the ground."));
        assert_eq!(
            active_effects(&[BodyPart::Torso, BodyPart::RightLeg, BodyPart::LeftLeg]),
            [InjuryEffect::Fall, InjuryEffect::Daze]
        );
        assert!(active_effects(&[]).is_empty());
    }

    #[test]
    fn short_rest_needs_one_hp() {
        let mut hp = Pool { current: 1, max: 6 };
        assert_eq!(short_rest(&mut hp), Ok(()));
        assert_eq!(hp.current, 6);
        let mut hurt = Pool { current: 0, max: 6 };
        assert_eq!(
            short_rest(&mut hurt),
            Err("A short rest needs at least 1 HP; at 0 HP the character is Bloodied and needs treatment first."
                .to_string())
        );
        assert_eq!(hurt.current, 0);
    }

    #[test]
    fn pools_damage_restore_and_spend() {
        let mut hp = Pool::full(4);
        hp.take_damage(6);
        assert_eq!(hp.current, -2);
        assert_eq!(injury_level(hp.current), InjuryLevel::Mangled);
        hp.restore(10);
        assert_eq!(hp.current, 4);
        let mut wp = Pool::full(2);
        assert_eq!(pay_for_reroll(&mut wp), Ok(()));
        assert_eq!(pay_for_reroll(&mut wp), Ok(()));
        assert_eq!(
            pay_for_reroll(&mut wp),
            Err("Re-rolling a failed challenge costs 1 willpower; you have none left.".to_string())
        );
        assert_eq!(wp.current, 0);
        assert_eq!(
            wp.spend(3),
            Err("That needs 3 willpower; you have 0.".to_string())
        );
        // Restoring never lowers a pool that is above max by campaign effect.
        let mut odd = Pool { current: 5, max: 3 };
        odd.restore(1);
        assert_eq!(odd.current, 5);
    }

    #[test]
    fn pool_and_parts_serialize() {
        let hp = Pool {
            current: -1,
            max: 5,
        };
        assert_eq!(
            serde_json::to_string(&hp).unwrap(),
            r#"{"current":-1,"max":5}"#
        );
        assert_eq!(
            serde_json::to_string(&BodyPart::SwordArm).unwrap(),
            r#""sword_arm""#
        );
        assert_eq!(
            serde_json::to_string(&InjuryLevel::Mutilated).unwrap(),
            r#""mutilated""#
        );
    }

    #[test]
    fn the_apps_start_of_10_is_said_until_a_maximum_is_typed() {
        let (mut hp, wp) = (Pool::full(START_POOL), Pool::full(START_POOL));
        assert_eq!(start_note(&hp, &wp), Some("The app's 10 / 10"));
        hp.set_max(14);
        assert_eq!(start_note(&hp, &wp), None);
    }
}
