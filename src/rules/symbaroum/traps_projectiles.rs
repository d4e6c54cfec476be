//! Two optional rules of seed 000 that come after a fight: disarming, setting and
//! jumping traps (the tests are set up for the roll panel) and reclaiming the arrows
//! and bolts spent (RULES.md, "Optional rules and tables").

use super::maneuvers::{Follow, SetTest};
use super::Attr;
use crate::rules::dice::{self, Rng};

/// What the player does with a trap, and the test for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrapAction {
    /// A Wit test (untrained: mechanical traps only); a 20 springs it on the setter.
    Set,
    /// `[Vigilance←Subtlety]`.
    Discover,
    /// `[Agility←Wit]`; a failure springs it.
    Jump,
    /// Untrained, only with a Long weapon: `[Exactitude←Wit]`.
    DisarmWithLong,
    /// With the Trapper ability: `[Wit←Wit]`.
    DisarmAsTrapper,
}

impl TrapAction {
    pub const ALL: [TrapAction; 5] = [
        TrapAction::Set,
        TrapAction::Discover,
        TrapAction::Jump,
        TrapAction::DisarmWithLong,
        TrapAction::DisarmAsTrapper,
    ];

    pub fn test(self) -> SetTest {
        use Attr::*;
        match self {
            TrapAction::Set => SetTest::new("Set a trap", Wit, None).then(Follow::SpringsOn20),
            TrapAction::Discover => SetTest::new("Discover a trap", Vigilance, Some(Subtlety)),
            TrapAction::Jump => {
                SetTest::new("Jump a trap", Agility, Some(Wit)).then(Follow::SpringsOnFail)
            }
            TrapAction::DisarmWithLong => {
                SetTest::new("Disarm a trap with a Long weapon", Exactitude, Some(Wit))
            }
            TrapAction::DisarmAsTrapper => SetTest::new("Disarm a trap (Trapper)", Wit, Some(Wit)),
        }
    }

    /// Why the character cannot do it, if so: disarming with a weapon needs one with
    /// the quality Long; Trapper's way needs Trapper. The seed says only that a trapper
    /// does not need the weapon, so one with both may take either way.
    pub fn refused(self, has_long: bool, trapper: bool) -> Option<&'static str> {
        match self {
            TrapAction::DisarmWithLong if !has_long && trapper => Some(
                "Only with a weapon with the quality Long; you have Trapper for the other way.",
            ),
            TrapAction::DisarmWithLong if !has_long => {
                Some("Without Trapper, only with a weapon with the quality Long.")
            }
            TrapAction::DisarmAsTrapper if !trapper => Some("Needs the ability Trapper."),
            _ => None,
        }
    }
}

/// What a spent projectile is, for reclaiming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Projectile {
    /// Lost on 1d20 over 10.
    Plain,
    /// With a quality or an additive modifier: lost over 15.
    WithQuality,
    /// With a mystical quality: lost over 17.
    Mystical,
}

impl Projectile {
    pub const ALL: [Projectile; 3] = [
        Projectile::Plain,
        Projectile::WithQuality,
        Projectile::Mystical,
    ];

    /// A roll over this on 1d20 loses it.
    pub fn lost_over(self) -> u32 {
        match self {
            Projectile::Plain => 10,
            Projectile::WithQuality => 15,
            Projectile::Mystical => 17,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Projectile::Plain => "Plain",
            Projectile::WithQuality => "With a quality",
            Projectile::Mystical => "Mystical",
        }
    }
}

/// The most projectiles rolled for at once.
pub const SPENT_MAX: u32 = 200;

/// Rolls 1d20 for each spent projectile: the dice, and how many are lost.
pub fn reclaim(rng: &mut dyn Rng, kind: Projectile, spent: u32) -> (Vec<u32>, u32) {
    let rolls: Vec<u32> = (0..spent.min(SPENT_MAX))
        .map(|_| dice::roll(rng, 20))
        .collect();
    let lost = rolls.iter().filter(|&&d| d > kind.lost_over()).count() as u32;
    (rolls, lost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::{FixedDice, SeededRng};

    #[test]
    fn each_projectile_is_lost_over_its_kind_s_number() {
        let faces = [(10, 20), (11, 20), (15, 20), (16, 20), (17, 20), (18, 20)];
        let (rolls, lost) = reclaim(&mut FixedDice::new(&faces), Projectile::Plain, 6);
        assert_eq!(rolls, vec![10, 11, 15, 16, 17, 18]);
        assert_eq!(lost, 5, "over 10");
        let (_, lost) = reclaim(&mut FixedDice::new(&faces), Projectile::WithQuality, 6);
        assert_eq!(lost, 3, "over 15");
        let (_, lost) = reclaim(&mut FixedDice::new(&faces), Projectile::Mystical, 6);
        assert_eq!(lost, 1, "over 17");
        // Seeded: about half of plain arrows are lost.
        let (_, lost) = reclaim(&mut SeededRng::new(7), Projectile::Plain, 200);
        assert!((70..=130).contains(&lost), "{lost}");
        let (rolls, _) = reclaim(&mut SeededRng::new(7), Projectile::Plain, 10_000);
        assert_eq!(rolls.len() as u32, SPENT_MAX);
    }

    #[test]
    fn trap_tests_are_the_seed_s_and_disarming_needs_long_or_trapper() {
        let d = TrapAction::Discover.test();
        assert_eq!(
            (d.tested, d.against),
            (Attr::Vigilance, Some(Attr::Subtlety))
        );
        let j = TrapAction::Jump.test();
        assert_eq!(
            (j.tested, j.against, j.follow),
            (Attr::Agility, Some(Attr::Wit), Follow::SpringsOnFail)
        );
        assert_eq!(TrapAction::Set.test().follow, Follow::SpringsOn20);
        let u = TrapAction::DisarmWithLong.test();
        assert_eq!((u.tested, u.against), (Attr::Exactitude, Some(Attr::Wit)));
        let t = TrapAction::DisarmAsTrapper.test();
        assert_eq!((t.tested, t.against), (Attr::Wit, Some(Attr::Wit)));
        assert!(TrapAction::DisarmWithLong.refused(false, false).is_some());
        assert_eq!(TrapAction::DisarmWithLong.refused(true, false), None);
        // A trapper with a Long weapon may take either way (the seed: a trapper does
        // not need the weapon, not that they may not use it).
        assert_eq!(TrapAction::DisarmWithLong.refused(true, true), None);
        assert!(TrapAction::DisarmWithLong.refused(false, true).is_some());
        assert!(TrapAction::DisarmAsTrapper.refused(true, false).is_some());
        assert_eq!(TrapAction::DisarmAsTrapper.refused(false, true), None);
        assert_eq!(TrapAction::Set.refused(false, false), None);
    }
}
