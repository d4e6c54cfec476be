//! Attribute progress: training abilities slowly raises their attributes.

use serde::{Deserialize, Serialize};

use super::attributes::{Attribute, AttributeScores};

/// Progress needed to **reach** `new_value` (from `new_value − 1`). The seed's table
/// is headed "New attribute value": −2: 8, −1: 6, 0: 4, 1: 6, 2: 8, 3: 10, 4 or more: 12.
/// So going from 0 to 1 takes 6 and from −1 to 0 takes 4.
///
/// Below −2 the seed is silent; we mirror the positive side (−3: 10, −4 or less: 12)
/// so climbing out of a very low score costs as much as climbing to a very high one.
pub fn progress_required(new_value: i32) -> u32 {
    match new_value {
        i32::MIN..=-4 => 12,
        -3 => 10,
        -2 => 8,
        -1 => 6,
        0 => 4,
        1 => 6,
        2 => 8,
        3 => 10,
        _ => 12,
    }
}

/// Progress needed to raise an attribute that is now `current` by one.
pub fn progress_to_next(current: i32) -> u32 {
    progress_required(current.saturating_add(1))
}

/// Each attribute's progress toward its next value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AttributeProgress {
    pub strength: u32,
    pub dexterity: u32,
    pub stamina: u32,
    pub intelligence: u32,
    pub sociability: u32,
    pub empathy: u32,
}

impl AttributeProgress {
    pub fn get(&self, attr: Attribute) -> u32 {
        match attr {
            Attribute::Strength => self.strength,
            Attribute::Dexterity => self.dexterity,
            Attribute::Stamina => self.stamina,
            Attribute::Intelligence => self.intelligence,
            Attribute::Sociability => self.sociability,
            Attribute::Empathy => self.empathy,
        }
    }

    pub fn get_mut(&mut self, attr: Attribute) -> &mut u32 {
        match attr {
            Attribute::Strength => &mut self.strength,
            Attribute::Dexterity => &mut self.dexterity,
            Attribute::Stamina => &mut self.stamina,
            Attribute::Intelligence => &mut self.intelligence,
            Attribute::Sociability => &mut self.sociability,
            Attribute::Empathy => &mut self.empathy,
        }
    }
}

/// Adds one progress to `attr`. When it reaches what the next value needs, the
/// attribute rises by 1 and progress resets to 0 (any surplus from a hand-edited
/// document is dropped, as the seed says progress "becomes zero"). Returns true when
/// the attribute rose.
pub fn add_progress(
    scores: &mut AttributeScores,
    progress: &mut AttributeProgress,
    attr: Attribute,
) -> bool {
    let p = progress.get_mut(attr);
    *p += 1;
    if *p >= progress_to_next(scores.get(attr)) {
        *p = 0;
        *scores.get_mut(attr) += 1;
        true
    } else {
        false
    }
}

/// Undoes one [`add_progress`] (used when a training point is refunded): takes one
/// progress away, or, at 0 progress, lowers the attribute by 1 and sets progress one
/// short of what that rise needed. Assumes the refunded point was the last one to add
/// progress to `attr`. Returns true when the attribute fell.
pub fn remove_progress(
    scores: &mut AttributeScores,
    progress: &mut AttributeProgress,
    attr: Attribute,
) -> bool {
    let p = progress.get_mut(attr);
    if *p > 0 {
        *p -= 1;
        false
    } else {
        let value = scores.get_mut(attr);
        *p = progress_required(*value) - 1;
        *value -= 1;
        true
    }
}

/// E.g. "3 / 6 toward Strength 1".
pub fn progress_text(
    scores: &AttributeScores,
    progress: &AttributeProgress,
    attr: Attribute,
) -> String {
    let current = scores.get(attr);
    format!(
        "{} / {} toward {} {}",
        progress.get(attr),
        progress_to_next(current),
        attr.name(),
        super::num(current + 1)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_toward_a_negative_value_reads_with_the_minus_sign() {
        let mut scores = AttributeScores::default();
        scores.set(Attribute::Strength, -2);
        let text = progress_text(&scores, &AttributeProgress::default(), Attribute::Strength);
        assert_eq!(text, "0 / 6 toward Strength \u{2212}1");
    }

    #[test]
    fn table_is_keyed_by_the_new_value() {
        let table: Vec<u32> = (-2..=4).map(progress_required).collect();
        assert_eq!(table, [8, 6, 4, 6, 8, 10, 12]);
        assert_eq!(progress_required(9), 12);
        assert_eq!(progress_required(-3), 10);
        assert_eq!(progress_required(-4), 12);
        assert_eq!(progress_required(-10), 12);
        // From the current value: 0 → 1 needs 6, −1 → 0 needs 4, 3 → 4 needs 12.
        assert_eq!(progress_to_next(0), 6);
        assert_eq!(progress_to_next(-1), 4);
        assert_eq!(progress_to_next(-3), 8);
        assert_eq!(progress_to_next(3), 12);
        assert_eq!(progress_to_next(i32::MAX), 12);
    }

    #[test]
    fn attribute_rises_and_progress_resets() {
        let mut scores = AttributeScores {
            strength: 1,
            ..Default::default()
        };
        let mut prog = AttributeProgress::default();
        // Strength 1 → 2 needs 8.
        for i in 1..8 {
            assert!(!add_progress(&mut scores, &mut prog, Attribute::Strength));
            assert_eq!(prog.strength, i);
        }
        assert_eq!(
            progress_text(&scores, &prog, Attribute::Strength),
            "7 / 8 toward Strength 2"
        );
        assert!(add_progress(&mut scores, &mut prog, Attribute::Strength));
        assert_eq!((scores.strength, prog.strength), (2, 0));
        assert_eq!(
            progress_text(&scores, &prog, Attribute::Strength),
            "0 / 10 toward Strength 3"
        );
        // Other attributes are untouched.
        assert_eq!(prog.dexterity, 0);
    }

    #[test]
    fn low_attributes_climb_to_zero_quickly() {
        let mut scores = AttributeScores {
            empathy: -1,
            ..Default::default()
        };
        let mut prog = AttributeProgress::default();
        for _ in 0..3 {
            add_progress(&mut scores, &mut prog, Attribute::Empathy);
        }
        assert_eq!(
            progress_text(&scores, &prog, Attribute::Empathy),
            "3 / 4 toward Empathy 0"
        );
        assert!(add_progress(&mut scores, &mut prog, Attribute::Empathy));
        assert_eq!(scores.empathy, 0);
    }

    #[test]
    fn remove_progress_undoes_add_progress() {
        let mut scores = AttributeScores {
            dexterity: -1,
            ..Default::default()
        };
        let mut prog = AttributeProgress {
            dexterity: 2,
            ..Default::default()
        };
        let start = (scores.clone(), prog.clone());
        let mut rises = 0;
        for _ in 0..13 {
            rises += add_progress(&mut scores, &mut prog, Attribute::Dexterity) as u32;
        }
        // −1 → 0 needs 4 (2 more), 0 → 1 needs 6, then 5 more toward 2.
        assert_eq!(rises, 2);
        assert_eq!((scores.dexterity, prog.dexterity), (1, 5));
        for _ in 0..13 {
            remove_progress(&mut scores, &mut prog, Attribute::Dexterity);
        }
        assert_eq!((scores, prog), start);
    }

    #[test]
    fn progress_serializes() {
        let prog = AttributeProgress {
            stamina: 3,
            ..Default::default()
        };
        let json = serde_json::to_string(&prog).unwrap();
        assert_eq!(
            json,
            r#"{"strength":0,"dexterity":0,"stamina":3,"intelligence":0,"sociability":0,"empathy":0}"#
        );
        assert_eq!(
            serde_json::from_str::<AttributeProgress>(&json).unwrap(),
            prog
        );
    }
}
