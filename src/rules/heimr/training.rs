//! Training an ability in one step: pay the XP, add the point, add attribute progress.

use super::abilities::Ability;
use super::attributes::{Attribute, AttributeScores};
use super::experience::{buy_point, refund_point, Experience, TrainingTrack};
use super::progress::{add_progress, remove_progress, AttributeProgress};

/// What one training step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainingOutcome {
    /// XP spent (or, for [`untrain`], given back).
    pub xp: u64,
    /// The attribute whose progress changed.
    pub attribute: Attribute,
    /// True when that attribute rose (or, for [`untrain`], fell) by 1.
    pub attribute_changed: bool,
}

/// Picks the attribute that gains progress: the ability's only attribute, or the
/// player's `choice` among several.
pub fn progress_attribute(
    ability: &Ability,
    choice: Option<Attribute>,
) -> Result<Attribute, String> {
    match (ability.attributes.as_slice(), choice) {
        ([], _) => Err(format!(
            "{} has no attribute to gain progress.",
            ability.name
        )),
        ([only], None) => Ok(*only),
        (attrs, Some(c)) if attrs.contains(&c) => Ok(c),
        (_, Some(c)) => Err(format!("{} is not based on {}.", ability.name, c.name())),
        (attrs, None) => {
            let names: Vec<&str> = attrs.iter().map(|a| a.name()).collect();
            Err(format!(
                "Choose which attribute of {} gains progress: {}.",
                ability.name,
                names.join(" or ")
            ))
        }
    }
}

/// Buys one point of training on `track` and adds 1 progress to the chosen attribute.
/// Nothing changes when it is refused.
pub fn train(
    xp: &mut Experience,
    ability: &mut Ability,
    track: TrainingTrack,
    scores: &mut AttributeScores,
    progress: &mut AttributeProgress,
    choice: Option<Attribute>,
) -> Result<TrainingOutcome, String> {
    let attribute = progress_attribute(ability, choice)?;
    let cost = buy_point(xp, ability, track)?;
    let attribute_changed = add_progress(scores, progress, attribute);
    Ok(TrainingOutcome {
        xp: cost,
        attribute,
        attribute_changed,
    })
}

/// Refunds the last point on `track` and takes back the progress it gave (pass the
/// same attribute that was chosen when it was bought).
pub fn untrain(
    xp: &mut Experience,
    ability: &mut Ability,
    track: TrainingTrack,
    scores: &mut AttributeScores,
    progress: &mut AttributeProgress,
    choice: Option<Attribute>,
) -> Result<TrainingOutcome, String> {
    let attribute = progress_attribute(ability, choice)?;
    let back = refund_point(xp, ability, track)?;
    let attribute_changed = remove_progress(scores, progress, attribute);
    Ok(TrainingOutcome {
        xp: back,
        attribute,
        attribute_changed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Attribute::*;

    #[test]
    fn training_pays_and_progresses() {
        let mut xp = Experience {
            earned: 100,
            spent: 0,
        };
        let mut ab = Ability::new("Brawl", &[Strength], 1).unwrap();
        let mut scores = AttributeScores {
            strength: -1,
            ..Default::default()
        };
        let mut prog = AttributeProgress::default();
        let mut last = None;
        // −1 → 0 needs 4 progress: four points, costing 5 + 10 + 5 + 10.
        for track in [
            TrainingTrack::Consistency,
            TrainingTrack::Consistency,
            TrainingTrack::Potential,
            TrainingTrack::Potential,
        ] {
            last = Some(train(&mut xp, &mut ab, track, &mut scores, &mut prog, None).unwrap());
        }
        assert_eq!(
            last,
            Some(TrainingOutcome {
                xp: 10,
                attribute: Strength,
                attribute_changed: true
            })
        );
        assert_eq!(scores.strength, 0);
        assert_eq!(xp.spent, 30);
        // The new Strength raises the base potential too: 0 + trained 2.
        assert_eq!(ab.potential(&scores), 2);
        // Undo the last point: Strength drops back and the XP returns.
        let undo = untrain(
            &mut xp,
            &mut ab,
            TrainingTrack::Potential,
            &mut scores,
            &mut prog,
            None,
        )
        .unwrap();
        assert_eq!((undo.xp, undo.attribute_changed), (10, true));
        assert_eq!((scores.strength, prog.strength, xp.spent), (-1, 3, 20));
    }

    #[test]
    fn several_attributes_need_a_choice() {
        let mut xp = Experience {
            earned: 100,
            spent: 0,
        };
        let mut ab = Ability::new("Climb", &[Strength, Dexterity], 1).unwrap();
        let mut scores = AttributeScores::default();
        let mut prog = AttributeProgress::default();
        assert_eq!(
            train(
                &mut xp,
                &mut ab,
                TrainingTrack::Potential,
                &mut scores,
                &mut prog,
                None
            ),
            Err(
                "Choose which attribute of Climb gains progress: Strength or Dexterity."
                    .to_string()
            )
        );
        assert_eq!(
            train(
                &mut xp,
                &mut ab,
                TrainingTrack::Potential,
                &mut scores,
                &mut prog,
                Some(Empathy)
            ),
            Err("Climb is not based on Empathy.".to_string())
        );
        // Refusals change nothing.
        assert_eq!((xp.spent, ab.trained_potential), (0, 0));
        let out = train(
            &mut xp,
            &mut ab,
            TrainingTrack::Potential,
            &mut scores,
            &mut prog,
            Some(Dexterity),
        )
        .unwrap();
        assert_eq!(out.attribute, Dexterity);
        assert_eq!((prog.dexterity, prog.strength), (1, 0));
    }

    #[test]
    fn refused_purchase_adds_no_progress() {
        let mut xp = Experience {
            earned: 4,
            spent: 0,
        };
        let mut ab = Ability::new("Insight", &[Empathy], 0).unwrap();
        let mut scores = AttributeScores::default();
        let mut prog = AttributeProgress::default();
        assert_eq!(
            train(
                &mut xp,
                &mut ab,
                TrainingTrack::Consistency,
                &mut scores,
                &mut prog,
                None
            ),
            Err(
                "Training Insight consistency to 1 costs 5 XP; you have 4 unspent, 1 XP missing."
                    .to_string()
            )
        );
        assert_eq!(prog.empathy, 0);
    }
}
