//! The play layer: one function per thing a player does at the table (take a hit,
//! heal, …). Each takes the character, the player's inputs, the dice (`&mut dyn Rng`)
//! and the time, changes the character, writes its log entry and returns what
//! happened, for the sheet to show. Tested natively with seeded dice; the UI gathers
//! the inputs, calls one of these with the browser's dice and clock, and shows the
//! outcome.

pub mod abilities;
pub mod award;
pub mod dying;
pub mod fight;
pub mod heimr;
pub mod heimr_roll;
pub mod heimr_turn;
pub mod initiative;
pub mod test_roll;
pub mod toughness;
pub mod travel;

use crate::model::advance::Advance;
use crate::model::log::{push, LogEntry};
use crate::model::Character;
use crate::rules::symbaroum::experience::XpEntry;

/// Writes a roll without a target (damage, healing) to the character's log, made at
/// `now`, and stamps the character.
pub fn log_roll(c: &mut Character, now: f64, what: String, dice: String, outcome: String) {
    let entry = LogEntry {
        time: now,
        what,
        dice,
        target: None,
        passed: None,
        outcome,
    };
    push(&mut c.roll_log, entry);
    c.updated = now;
}

/// Books a re-roll for Experience of `what` in the ledger and gives the roll log's
/// title for it ("Re-roll for 1 XP: …").
pub fn spend_reroll(a: &mut Advance, what: &str) -> String {
    a.xp.push(XpEntry::Reroll {
        note: what.to_string(),
    });
    format!("Re-roll for 1 XP: {what}")
}
