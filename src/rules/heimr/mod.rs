//! Heimr (seed 002): six attributes, abilities with consistency and potential, the
//! d6 + N·d10 dice challenge, experience, attribute progress, fatigue, injuries,
//! combat state and the medieval armoury module.

pub mod abilities;
pub mod actions;
pub mod armoury;
pub mod attack;
pub mod attributes;
pub mod challenge;
pub mod chase;
pub mod combat;
pub mod dice;
pub mod effects;
pub mod encounter;
pub mod environment;
pub mod experience;
pub mod fatigue;
pub mod injuries;
pub mod progress;
pub mod situation;
pub mod training;

/// A whole number as a player reads it: negatives with the minus sign (U+2212), not a
/// hyphen ("−2", "0", "3").
pub fn num(n: i32) -> String {
    if n < 0 {
        format!("\u{2212}{}", n.unsigned_abs())
    } else {
        n.to_string()
    }
}
