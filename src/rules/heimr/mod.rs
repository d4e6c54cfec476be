//! Heimr (seed 002): six attributes, abilities with consistency and potential, the
//! d6 + N·d10 dice challenge, experience, attribute progress, fatigue, injuries,
//! combat state and the medieval armoury module.

pub mod abilities;
pub mod armoury;
pub mod attributes;
pub mod challenge;
pub mod combat;
pub mod dice;
pub mod experience;
pub mod fatigue;
pub mod injuries;
pub mod input;
pub mod progress;
pub mod situation;
pub mod training;
