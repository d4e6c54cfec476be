//! The seed's effects, with its text: called on a hit (or by the GM) and kept on the
//! sheet of the one they hit for as long as they last.

use serde::{Deserialize, Serialize};

use super::injuries::Pool;

/// One of the seed's effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    Hit,
    Drain,
    Fall,
    Drop,
    Stumble,
    Daze,
    Break,
    Bind,
    Weaken,
    Resist,
    Miss,
}

impl Effect {
    pub const ALL: [Effect; 11] = [
        Effect::Hit,
        Effect::Drain,
        Effect::Fall,
        Effect::Drop,
        Effect::Stumble,
        Effect::Daze,
        Effect::Break,
        Effect::Bind,
        Effect::Weaken,
        Effect::Resist,
        Effect::Miss,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Effect::Hit => "Hit",
            Effect::Drain => "Drain",
            Effect::Fall => "Fall",
            Effect::Drop => "Drop",
            Effect::Stumble => "Stumble",
            Effect::Daze => "Daze",
            Effect::Break => "Break",
            Effect::Bind => "Bind",
            Effect::Weaken => "Weaken",
            Effect::Resist => "Resist",
            Effect::Miss => "Miss",
        }
    }

    /// The seed's text.
    pub fn text(self) -> &'static str {
        match self {
            Effect::Hit => "You lose one hit point. If this effect is called after you are hit with a weapon, the effect replaces the normal damage done.",
            Effect::Drain => "You lose one willpower.",
            Effect::Fall => "You fall to the ground. After two seconds you can stand up again.",
            Effect::Drop => "You let go of the item in the hand, it drops to the ground, after two seconds you can pick it up again.",
            Effect::Stumble => "You stumble away from your opponent: out of a combat cluster; no ranged attacks, and melee only against those in a cluster with you; you can't move toward where the effect came from.",
            Effect::Daze => "You are disorientated. You can not attack, defend or use a skill in this state.",
            Effect::Break => "Called on items. If the break effect is strong enough the item is destroyed.",
            Effect::Bind => "Called on a body part. Hands: no picking up or using your hands. Arm or leg: kept against what it touches. Feet: no walking or running, only jumping or crawling. Body: you can not move from your position.",
            Effect::Weaken => "You feel ill: skills cost one willpower in addition to their normal cost.",
            Effect::Resist => "The effect of an attack was negated / blocked / resisted.",
            Effect::Miss => "An opponent's attack didn't do damage and the effect was resisted.",
        }
    }

    /// Whether the number is in points (Hit, Drain) rather than seconds.
    pub fn in_points(self) -> bool {
        matches!(self, Effect::Hit | Effect::Drain)
    }

    /// Whether it is a reaction (Resist, Miss): it answers an effect and lasts no time.
    pub fn is_reaction(self) -> bool {
        matches!(self, Effect::Resist | Effect::Miss)
    }

    /// The number an effect has when none is called: one point, or two seconds.
    pub fn default_number(self) -> u32 {
        if self.in_points() {
            1
        } else {
            2
        }
    }
}

/// The turns an effect of `seconds` lasts: half, rounded down (five seconds: two
/// turns). One second rounds to none, but a player expects an effect that was called
/// to do something, so it lasts the one turn it was called in.
pub fn turns(seconds: u32) -> u32 {
    (seconds / 2).max(1)
}

/// An effect on the character, with the turns left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveEffect {
    pub effect: Effect,
    /// The number called with it (seconds).
    pub seconds: u32,
    pub turns_left: u32,
}

/// The longest effect the sheet takes, in seconds.
pub const EFFECT_SECONDS_MAX: u32 = 600;

/// Receives an effect: points come off HP (Hit) or willpower (Drain, not below 0) at
/// once; a timed one is added with its turns; a reaction is only noted by the caller.
/// Returns what happened, in words.
pub fn receive(
    effect: Effect,
    number: u32,
    hp: &mut Pool,
    willpower: &mut Pool,
    active: &mut Vec<ActiveEffect>,
) -> String {
    match effect {
        Effect::Hit => {
            hp.take_damage(number);
            format!("Hit {number}: HP now {}.", super::num(hp.current))
        }
        Effect::Drain => {
            let lost = number.min(willpower.current.max(0) as u32);
            willpower.current -= lost as i32;
            format!("Drain {number}: willpower now {}.", willpower.current)
        }
        e if e.is_reaction() => format!("{}: {}", e.name(), e.text()),
        e => {
            let t = turns(number);
            active.retain(|a| a.effect != e);
            active.push(ActiveEffect {
                effect: e,
                seconds: number,
                turns_left: t,
            });
            format!(
                "{} {number}: {t} turn{}.",
                e.name(),
                if t == 1 { "" } else { "s" }
            )
        }
    }
}

/// A new turn: every effect has one turn less; those at none are over.
pub fn new_turn(active: &mut Vec<ActiveEffect>) {
    for a in active.iter_mut() {
        a.turns_left = a.turns_left.saturating_sub(1);
    }
    active.retain(|a| a.turns_left > 0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_half_the_seconds_rounded_down() {
        assert_eq!([turns(2), turns(4), turns(5), turns(1)], [1, 2, 2, 1]);
        assert_eq!(Effect::Stumble.default_number(), 2);
        assert_eq!(Effect::Hit.default_number(), 1);
        assert_eq!(Effect::ALL.len(), 11);
        assert!(Effect::Daze.text().starts_with("You are disorientated"));
    }

    #[test]
    fn hit_and_drain_cost_points_and_timed_effects_count_down() {
        let mut hp = Pool::full(3);
        let mut wp = Pool::full(1);
        let mut on = Vec::new();
        assert_eq!(
            receive(Effect::Hit, 4, &mut hp, &mut wp, &mut on),
            "Hit 4: HP now −1."
        );
        receive(Effect::Drain, 2, &mut hp, &mut wp, &mut on);
        assert_eq!(wp.current, 0, "willpower never below 0");
        assert_eq!(
            receive(Effect::Stumble, 4, &mut hp, &mut wp, &mut on),
            "Stumble 4: 2 turns."
        );
        receive(Effect::Daze, 2, &mut hp, &mut wp, &mut on);
        receive(Effect::Resist, 2, &mut hp, &mut wp, &mut on);
        assert_eq!(on.len(), 2, "a reaction is not kept");
        new_turn(&mut on);
        assert_eq!(
            on,
            [ActiveEffect {
                effect: Effect::Stumble,
                seconds: 4,
                turns_left: 1
            }]
        );
        new_turn(&mut on);
        assert!(on.is_empty());
    }
}
