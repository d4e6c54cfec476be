//! Success tests: roll 1d20 under a target (RULES.md, "Success tests").
//!
//! A test is described by a [`TestSpec`]: the value tested, one main modifier
//! (difficulty, opposition or passive resistance), Advantage, second chances, and any
//! number of further circumstances (conditions, aiming, maneuvers, the player's own),
//! each named. From it come the target with its breakdown, the exact chance before the
//! roll, a short description, and the roll itself.

use super::derived::{fmt_plus, fmt_signed};
use super::modifiers::SavedTarget;
use super::{Attr, Labels, Target};
use crate::rules::dice::{self, Rng};
use serde::{Deserialize, Serialize};

/// What is tested or opposed: an attribute, or the derived Defense value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    rename_all = "snake_case",
    tag = "kind",
    content = "attr",
    try_from = "SavedTarget"
)]
pub enum Stat {
    Attr(Attr),
    Defense,
}

/// A stat is read as a target is (`{"kind": "attr", "attr": "might"}`,
/// `{"kind": "defense"}`), through the target's saved shape: the two kinds they share.
impl TryFrom<SavedTarget> for Stat {
    type Error = &'static str;

    fn try_from(t: SavedTarget) -> Result<Stat, &'static str> {
        match Target::try_from(t)? {
            Target::Attr(a) => Ok(Stat::Attr(a)),
            Target::Defense => Ok(Stat::Defense),
            _ => Err("expected an attribute or defense"),
        }
    }
}

impl Stat {
    /// The name in the character's ruleset ("Might", "Strong", "Defense").
    pub fn label(self, l: &Labels) -> &'static str {
        match self {
            Stat::Attr(a) => l.attr(a),
            Stat::Defense => l.defense,
        }
    }
}

/// The one modifier of a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TestModifier {
    /// A plain test: "Agility".
    #[default]
    None,
    /// +5 (very easy) … −5 (very hard); any number is accepted.
    Difficulty { amount: i32 },
    /// `[Atr1←Atr2]`: the opponent's `against` score gives 10 − score (linear beyond the
    /// 5–15 table: 16 → −6, 4 → +6).
    Opposition { against: Stat, score: i32 },
    /// `[Attribute −X]`: passive resistance such as a lock gives −X.
    Passive { amount: i32 },
}

impl TestModifier {
    /// The number added to the tested value.
    pub fn value(self) -> i32 {
        match self {
            TestModifier::None => 0,
            TestModifier::Difficulty { amount } => amount,
            TestModifier::Opposition { score, .. } => opposition_modifier(score),
            TestModifier::Passive { amount } => -amount,
        }
    }
}

/// The opposition modifier for an opposing score: 10 − score.
pub fn opposition_modifier(score: i32) -> i32 {
    10 - score
}

/// How many d20 are rolled and which one counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollMode {
    Single,
    /// Second chance to pass: roll twice, keep the better (lower) die.
    KeepBetter,
    /// Second chance to fail: roll twice, keep the worse (higher) die.
    KeepWorse,
}

impl RollMode {
    /// Both second chances at once cancel to a single roll.
    pub fn from_chances(second_chance_to_pass: bool, second_chance_to_fail: bool) -> Self {
        match (second_chance_to_pass, second_chance_to_fail) {
            (true, false) => RollMode::KeepBetter,
            (false, true) => RollMode::KeepWorse,
            _ => RollMode::Single,
        }
    }
}

/// Advantage adds +2 to the target of a success test.
pub const ADVANTAGE_BONUS: i32 = 2;

/// The situations the seeds name as giving the attacker the Advantage (000, 001
/// "Advantage"): an unaware target (a passed `[Subtlety←Vigilance]` sneak), a flanked
/// one and one lying down (melee only: "ranged attacks do not get any advantage from
/// this"), and one on lower ground, such as climbing a ladder (melee and ranged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdvantageFrom {
    Unaware,
    Flanked,
    LyingDown,
    LowerGround,
}

impl AdvantageFrom {
    pub const ALL: [AdvantageFrom; 4] = [
        AdvantageFrom::Unaware,
        AdvantageFrom::Flanked,
        AdvantageFrom::LyingDown,
        AdvantageFrom::LowerGround,
    ];

    /// As the breakdown and the log name it: "target flanked".
    pub fn text(self) -> &'static str {
        match self {
            AdvantageFrom::Unaware => "target unaware",
            AdvantageFrom::Flanked => "target flanked",
            AdvantageFrom::LyingDown => "target lying down",
            AdvantageFrom::LowerGround => "target on lower ground",
        }
    }

    /// As the choice says it.
    pub fn label(self) -> &'static str {
        match self {
            AdvantageFrom::Unaware => "The target is unaware of the attack (after a passed sneak)",
            AdvantageFrom::Flanked => "The target is flanked (melee)",
            AdvantageFrom::LyingDown => "The target is lying down (melee)",
            AdvantageFrom::LowerGround => "The target is on lower ground or climbing",
        }
    }

    /// Whether only a melee attack gains it.
    pub fn melee_only(self) -> bool {
        matches!(self, AdvantageFrom::Flanked | AdvantageFrom::LyingDown)
    }
}

/// A second chance that a circumstance gives a test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    #[default]
    None,
    /// Roll twice, keep the better.
    ToPass,
    /// Roll twice, keep the worse ("two chances to fail").
    ToFail,
}

impl Chance {
    pub fn text(self) -> &'static str {
        match self {
            Chance::None => "",
            Chance::ToPass => "second chance to pass",
            Chance::ToFail => "second chance to fail",
        }
    }
}

/// One more circumstance of a test beyond the main modifier: a condition, aiming, a
/// maneuver, the player's own. Any number add up; their second chances join the
/// test's own (and a chance to pass with one to fail still cancel to one die).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Circumstance {
    /// What it is, as the breakdown names it: "Prone", "Aiming high".
    pub source: String,
    pub amount: i32,
    #[serde(default)]
    pub chance: Chance,
}

impl Circumstance {
    pub fn new(source: impl Into<String>, amount: i32, chance: Chance) -> Self {
        Circumstance {
            source: source.into(),
            amount,
            chance,
        }
    }

    /// "Prone −2", "Blinded: second chance to fail", "Aiming −2, second chance to pass".
    pub fn text(&self) -> String {
        match (self.amount, self.chance) {
            (0, Chance::None) => format!("{} 0", self.source),
            (0, c) => format!("{}: {}", self.source, c.text()),
            (n, Chance::None) => format!("{} {}", self.source, fmt_plus(n)),
            (n, c) => format!("{} {}, {}", self.source, fmt_plus(n), c.text()),
        }
    }
}

/// Everything needed to make one success test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestSpec {
    pub tested: Stat,
    /// The effective value of `tested` (base + modifiers; for Defense the derived value).
    pub score: i32,
    pub modifier: TestModifier,
    pub advantage: bool,
    /// The situation that gives the Advantage, when the player named one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advantage_from: Option<AdvantageFrom>,
    pub second_chance_to_pass: bool,
    pub second_chance_to_fail: bool,
    /// Further circumstances, in the order the breakdown shows them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extras: Vec<Circumstance>,
}

impl TestSpec {
    /// A plain test of `tested` at `score`.
    pub fn new(tested: Stat, score: i32) -> Self {
        TestSpec {
            tested,
            score,
            modifier: TestModifier::None,
            advantage: false,
            advantage_from: None,
            second_chance_to_pass: false,
            second_chance_to_fail: false,
            extras: Vec::new(),
        }
    }

    /// Adds a circumstance (a condition, aiming, the player's own modifier).
    pub fn with(mut self, c: Circumstance) -> Self {
        self.extras.push(c);
        self
    }

    pub fn with_modifier(mut self, m: TestModifier) -> Self {
        self.modifier = m;
        self
    }

    pub fn with_advantage(mut self, advantage: bool) -> Self {
        self.advantage = advantage;
        self
    }

    /// The Advantage, from a situation the seeds name (or none).
    pub fn with_advantage_from(mut self, from: Option<AdvantageFrom>) -> Self {
        if from.is_some() {
            self.advantage = true;
        }
        self.advantage_from = from;
        self
    }

    /// "Advantage" or "Advantage (target flanked)".
    fn advantage_name(&self) -> String {
        match self.advantage_from {
            Some(f) => format!("Advantage ({})", f.text()),
            None => "Advantage".into(),
        }
    }

    pub fn with_second_chance_to_pass(mut self, on: bool) -> Self {
        self.second_chance_to_pass = on;
        self
    }

    pub fn with_second_chance_to_fail(mut self, on: bool) -> Self {
        self.second_chance_to_fail = on;
        self
    }

    /// target = score + modifier (+2 with Advantage) + every circumstance. May lie
    /// outside 1–20.
    pub fn target(&self) -> i32 {
        let extras: i32 = self.extras.iter().map(|c| c.amount).sum();
        self.score
            + self.modifier.value()
            + if self.advantage { ADVANTAGE_BONUS } else { 0 }
            + extras
    }

    /// Whether a second chance to pass (and to fail) applies, from the test's own
    /// flags or any circumstance.
    fn chances(&self) -> (bool, bool) {
        let any = |k: Chance| self.extras.iter().any(|c| c.chance == k);
        (
            self.second_chance_to_pass || any(Chance::ToPass),
            self.second_chance_to_fail || any(Chance::ToFail),
        )
    }

    pub fn mode(&self) -> RollMode {
        let (pass, fail) = self.chances();
        RollMode::from_chances(pass, fail)
    }

    /// How the target is reached, a line each: the value tested, the main modifier,
    /// Advantage, every circumstance ("Prone −2", "Blinded: second chance to fail").
    pub fn breakdown(&self, l: &Labels) -> Vec<String> {
        let name = self.tested.label(l);
        let mut lines = vec![format!("{name} {}", fmt_signed(self.score))];
        match self.modifier {
            TestModifier::None => {}
            TestModifier::Difficulty { amount } => {
                lines.push(format!("Difficulty {}", fmt_plus(amount)))
            }
            TestModifier::Opposition { against, score } => lines.push(format!(
                "Opposing {} {} (10 − {}) {}",
                against.label(l),
                fmt_signed(score),
                fmt_signed(score),
                fmt_plus(opposition_modifier(score))
            )),
            TestModifier::Passive { amount } => {
                lines.push(format!("Passive resistance {}", fmt_plus(-amount)))
            }
        }
        if self.advantage {
            lines.push(format!(
                "{} {}",
                self.advantage_name(),
                fmt_plus(ADVANTAGE_BONUS)
            ));
        }
        lines.extend(self.extras.iter().map(Circumstance::text));
        lines
    }

    /// The exact chance to pass, before the roll.
    pub fn chance(&self) -> f64 {
        chance(self.target(), self.mode())
    }

    /// "Might test [Might←Might 12]", "Might test [Might −3]", "Agility test", followed
    /// by the circumstances: "Defense test [Defense←Exactitude 13], with Advantage,
    /// second chance to fail".
    pub fn describe(&self, l: &Labels) -> String {
        let name = self.tested.label(l);
        let mut s = match self.modifier {
            TestModifier::None => format!("{name} test"),
            TestModifier::Difficulty { amount } => {
                format!("{name} test [{name} {}]", fmt_plus(amount))
            }
            TestModifier::Opposition { against, score } => format!(
                "{name} test [{name}←{} {}]",
                against.label(l),
                fmt_signed(score)
            ),
            TestModifier::Passive { amount } => {
                format!("{name} test [{name} {}]", fmt_plus(-amount))
            }
        };
        if self.advantage {
            s.push_str(", with ");
            s.push_str(&self.advantage_name());
        }
        for c in &self.extras {
            s.push_str(", ");
            if c.amount == 0 {
                s.push_str(&c.source);
            } else {
                s.push_str(&format!("{} {}", c.source, fmt_plus(c.amount)));
            }
        }
        match self.chances() {
            (true, true) => s.push_str(", second chances cancel out"),
            (true, false) => s.push_str(", second chance to pass"),
            (false, true) => s.push_str(", second chance to fail"),
            (false, false) => {}
        }
        s
    }

    /// "roll 13 or lower (87.75%)", the line shown before the roll.
    pub fn target_text(&self) -> String {
        let t = self.target();
        let chance = format_percent(self.chance());
        let dice = match self.mode() {
            RollMode::Single => "roll",
            RollMode::KeepBetter => "roll 2d20, keep the lower,",
            RollMode::KeepWorse => "roll 2d20, keep the higher,",
        };
        if t <= 0 {
            format!("cannot pass: target {} ({chance})", fmt_signed(t))
        } else if t >= 20 {
            format!("passes on any roll: target {t} ({chance})")
        } else {
            format!("{dice} {t} or lower ({chance})")
        }
    }
}

/// The chance of passing with `target`: p = clamp(target, 0, 20) / 20 for one die;
/// 1 − (1 − p)² keeping the better of two; p² keeping the worse.
///
/// A roll of 20 passes when the target is 20 or more and a 1 fails when the target is
/// 0 or less: neither RULES.md nor the seeds have automatic passes or failures.
pub fn chance(target: i32, mode: RollMode) -> f64 {
    let p = target.clamp(0, 20) as f64 / 20.0;
    match mode {
        RollMode::Single => p,
        RollMode::KeepBetter => 1.0 - (1.0 - p) * (1.0 - p),
        RollMode::KeepWorse => p * p,
    }
}

/// A chance as the sheet shows it, exactly: test chances are multiples of 0.25%
/// (a d20, once or twice), so two decimals always suffice and none is rounded away
/// ("87.75%", "42.25%", "65%", "12.5%"). Anything else is rounded half up to
/// hundredths. Values outside 0–1 are clamped.
pub fn format_percent(p: f64) -> String {
    let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
    // Hundredths of a percent; the small epsilon keeps float noise (0.877499…) exact.
    let hundredths = (p * 10_000.0 + 1e-6 + 0.5).floor() as i64;
    let (whole, frac) = (hundredths / 100, hundredths % 100);
    match frac {
        0 => format!("{whole}%"),
        f if f % 10 == 0 => format!("{whole}.{}%", f / 10),
        f => format!("{whole}.{f:02}%"),
    }
}

/// What happened when a test was rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestOutcome {
    /// Every d20 rolled, in order (one or two).
    pub dice: Vec<u32>,
    /// Index into `dice` of the die that counts.
    pub kept_index: usize,
    pub kept: u32,
    pub target: i32,
    pub mode: RollMode,
    pub passed: bool,
}

impl TestOutcome {
    /// "rolled 7 and 15, kept 7 against 13: passed"
    pub fn text(&self) -> String {
        let rolled = match self.dice.as_slice() {
            [one] => format!("rolled {one}"),
            [a, b] => format!("rolled {a} and {b}, kept {}", self.kept),
            _ => format!("rolled {:?}", self.dice),
        };
        format!(
            "{rolled} against {}: {}",
            fmt_signed(self.target),
            if self.passed { "passed" } else { "failed" }
        )
    }
}

/// Rolls the d20(s) of a test. With two dice and equal faces the first one is kept.
pub fn roll_test(rng: &mut dyn Rng, spec: &TestSpec) -> TestOutcome {
    let mode = spec.mode();
    let target = spec.target();
    let dice: Vec<u32> = match mode {
        RollMode::Single => vec![dice::roll(rng, 20)],
        _ => vec![dice::roll(rng, 20), dice::roll(rng, 20)],
    };
    let kept_index = match mode {
        RollMode::Single => 0,
        RollMode::KeepBetter => usize::from(dice[1] < dice[0]),
        RollMode::KeepWorse => usize::from(dice[1] > dice[0]),
    };
    let kept = dice[kept_index];
    TestOutcome {
        passed: kept as i32 <= target,
        dice,
        kept_index,
        kept,
        target,
        mode,
    }
}

/// An attack `[Exactitude←Defense]`: the attacker's Exactitude against the opponent's
/// Defense as opposition.
pub fn attack(exactitude: i32, opponent_defense: i32) -> TestSpec {
    attack_with(Attr::Exactitude, exactitude, opponent_defense)
}

/// An attack tested with another attribute `[Attr←Defense]`, for a weapon the player
/// has set to attack with it (an ability that lets them: the core rules have several,
/// the seeds none, so the sheet does not guess).
pub fn attack_with(attr: Attr, score: i32, opponent_defense: i32) -> TestSpec {
    TestSpec::new(Stat::Attr(attr), score).with_modifier(TestModifier::Opposition {
        against: Stat::Defense,
        score: opponent_defense,
    })
}

/// A Defense test `[Defense←Exactitude]`: the character's Defense against the
/// attacker's Exactitude as opposition.
pub fn defense_test(defense: i32, attacker_exactitude: i32) -> TestSpec {
    TestSpec::new(Stat::Defense, defense).with_modifier(TestModifier::Opposition {
        against: Stat::Attr(Attr::Exactitude),
        score: attacker_exactitude,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::{FixedDice, SeededRng};
    use crate::rules::symbaroum::labels;
    use crate::rules::Ruleset;

    #[test]
    fn opposition_follows_the_table_and_continues_linearly() {
        let table = [
            (5, 5),
            (6, 4),
            (7, 3),
            (8, 2),
            (9, 1),
            (10, 0),
            (11, -1),
            (12, -2),
            (13, -3),
            (14, -4),
            (15, -5),
        ];
        for (score, m) in table {
            assert_eq!(opposition_modifier(score), m, "score {score}");
        }
        assert_eq!(opposition_modifier(16), -6);
        assert_eq!(opposition_modifier(4), 6);
        assert_eq!(opposition_modifier(20), -10);
    }

    #[test]
    fn modifier_values() {
        assert_eq!(TestModifier::None.value(), 0);
        assert_eq!(TestModifier::Difficulty { amount: 5 }.value(), 5);
        assert_eq!(TestModifier::Difficulty { amount: -7 }.value(), -7);
        assert_eq!(TestModifier::Passive { amount: 3 }.value(), -3);
        let opp = TestModifier::Opposition {
            against: Stat::Attr(Attr::Resolve),
            score: 9,
        };
        assert_eq!(opp.value(), 1);
    }

    #[test]
    fn grumpa_confusion_example_from_seed_001() {
        // [Resolute←Resolute]: Resolute 15 against Resolute 9 (+1) → roll 16 or lower.
        let spec =
            TestSpec::new(Stat::Attr(Attr::Resolve), 15).with_modifier(TestModifier::Opposition {
                against: Stat::Attr(Attr::Resolve),
                score: 9,
            });
        assert_eq!(spec.target(), 16);
        // Mira rolls 11: the enemy is confused.
        let out = roll_test(&mut FixedDice::new(&[(11, 20)]), &spec);
        assert!(out.passed);
        assert_eq!(out.dice, vec![11]);
        assert_eq!(
            spec.describe(labels(Ruleset::Symbaroum)),
            "Resolute test [Resolute←Resolute 9]"
        );
        assert_eq!(spec.target_text(), "roll 16 or lower (80%)");
    }

    #[test]
    fn grumpa_defense_example_from_seed_001() {
        // Defense 6 against Accurate 11 (−1): effective 5; Mira rolls 9 and is hit.
        let spec = defense_test(6, 11);
        assert_eq!(spec.target(), 5);
        assert_eq!(spec.tested, Stat::Defense);
        let out = roll_test(&mut FixedDice::new(&[(9, 20)]), &spec);
        assert!(!out.passed);
        assert_eq!(out.text(), "rolled 9 against 5: failed");
        assert_eq!(
            spec.describe(labels(Ruleset::Symbaroum)),
            "Defense test [Defense←Accurate 11]"
        );
    }

    #[test]
    fn attack_is_exactitude_against_defense() {
        let spec = attack(13, 12);
        assert_eq!(spec.tested, Stat::Attr(Attr::Exactitude));
        assert_eq!(spec.target(), 11);
        assert_eq!(
            spec.describe(labels(Ruleset::Homebrew)),
            "Exactitude test [Exactitude←Defense 12]"
        );
        // Advantage: +2.
        assert_eq!(spec.with_advantage(true).target(), 13);
    }

    #[test]
    fn descriptions_use_the_ruleset_labels() {
        let hb = labels(Ruleset::Homebrew);
        let sy = labels(Ruleset::Symbaroum);
        let might =
            TestSpec::new(Stat::Attr(Attr::Might), 13).with_modifier(TestModifier::Opposition {
                against: Stat::Attr(Attr::Might),
                score: 12,
            });
        assert_eq!(might.describe(hb), "Might test [Might←Might 12]");
        assert_eq!(might.describe(sy), "Strong test [Strong←Strong 12]");
        let lock = TestSpec::new(Stat::Attr(Attr::Wit), 12)
            .with_modifier(TestModifier::Passive { amount: 3 });
        assert_eq!(lock.describe(hb), "Wit test [Wit −3]");
        assert_eq!(lock.target(), 9);
        let easy = TestSpec::new(Stat::Attr(Attr::Agility), 10)
            .with_modifier(TestModifier::Difficulty { amount: 5 })
            .with_advantage(true)
            .with_second_chance_to_fail(true);
        assert_eq!(
            easy.describe(hb),
            "Agility test [Agility +5], with Advantage, second chance to fail"
        );
        assert_eq!(easy.target(), 17);
        let plain = TestSpec::new(Stat::Attr(Attr::Agility), 10)
            .with_second_chance_to_pass(true)
            .with_second_chance_to_fail(true);
        assert_eq!(plain.describe(sy), "Quick test, second chances cancel out");
        assert_eq!(plain.mode(), RollMode::Single);
    }

    #[test]
    fn circumstances_add_up_and_join_the_second_chances() {
        let l = labels(Ruleset::Homebrew);
        // An attack against Defense 12 (−2), with Advantage (+2), prone foe's own
        // modifier of the player's (+1), aiming high (−2), while blinded.
        let spec = attack(13, 12)
            .with_advantage(true)
            .with(Circumstance::new("Own", 1, Chance::None))
            .with(Circumstance::new("Aiming high", -2, Chance::None))
            .with(Circumstance::new("Blinded", 0, Chance::ToFail));
        assert_eq!(spec.target(), 13 - 2 + 2 + 1 - 2);
        assert_eq!(spec.mode(), RollMode::KeepWorse);
        assert!((spec.chance() - 0.36).abs() < 1e-12);
        assert_eq!(
            spec.breakdown(l),
            vec![
                "Exactitude 13",
                "Opposing Defense 12 (10 − 12) −2",
                "Advantage +2",
                "Own +1",
                "Aiming high −2",
                "Blinded: second chance to fail",
            ]
        );
        assert_eq!(
            spec.describe(l),
            "Exactitude test [Exactitude←Defense 12], with Advantage, Own +1, Aiming high −2, Blinded, second chance to fail"
        );
        // A condition's chance to fail and the player's chance to pass cancel out.
        let both = spec.clone().with_second_chance_to_pass(true);
        assert_eq!(both.mode(), RollMode::Single);
        assert!(both.describe(l).ends_with("second chances cancel out"));
        // Two chances to pass from two sources are still one second chance.
        let twice = TestSpec::new(Stat::Defense, 10)
            .with(Circumstance::new("Full Defense", 0, Chance::ToPass))
            .with_second_chance_to_pass(true);
        assert_eq!(twice.chance(), 0.75);
        let out = roll_test(&mut FixedDice::new(&[(14, 20), (9, 20)]), &twice);
        assert_eq!((out.kept, out.passed), (9, true));
    }

    #[test]
    fn an_attack_can_use_another_attribute() {
        let spec = attack_with(Attr::Might, 15, 11);
        assert_eq!(spec.target(), 14);
        assert_eq!(
            spec.describe(labels(Ruleset::Symbaroum)),
            "Strong test [Strong←Defense 11]"
        );
    }

    #[test]
    fn circumstance_texts() {
        assert_eq!(
            Circumstance::new("Prone", -2, Chance::None).text(),
            "Prone −2"
        );
        assert_eq!(Circumstance::new("Aim", 0, Chance::None).text(), "Aim 0");
        assert_eq!(
            Circumstance::new("Careful Aiming", 0, Chance::ToPass).text(),
            "Careful Aiming: second chance to pass"
        );
        assert_eq!(
            Circumstance::new("Hurt arm", -1, Chance::ToFail).text(),
            "Hurt arm −1, second chance to fail"
        );
    }

    #[test]
    fn chances_are_exact() {
        assert_eq!(chance(13, RollMode::Single), 0.65);
        assert!((chance(13, RollMode::KeepBetter) - 0.8775).abs() < 1e-12);
        assert!((chance(13, RollMode::KeepWorse) - 0.4225).abs() < 1e-12);
        assert_eq!(chance(10, RollMode::Single), 0.5);
        assert_eq!(chance(10, RollMode::KeepBetter), 0.75);
        assert_eq!(chance(10, RollMode::KeepWorse), 0.25);
        // Clamped at both ends.
        assert_eq!(chance(25, RollMode::Single), 1.0);
        assert_eq!(chance(20, RollMode::KeepWorse), 1.0);
        assert_eq!(chance(0, RollMode::KeepBetter), 0.0);
        assert_eq!(chance(-4, RollMode::Single), 0.0);
        assert_eq!(chance(1, RollMode::Single), 0.05);
    }

    #[test]
    fn chance_follows_the_spec() {
        let spec = TestSpec::new(Stat::Attr(Attr::Might), 11).with_advantage(true);
        assert_eq!(spec.chance(), 0.65);
        assert_eq!(
            spec.clone().with_second_chance_to_pass(true).target_text(),
            "roll 2d20, keep the lower, 13 or lower (87.75%)"
        );
        assert_eq!(
            spec.with_second_chance_to_pass(true)
                .with_second_chance_to_fail(true)
                .chance(),
            0.65
        );
        let hopeless = TestSpec::new(Stat::Attr(Attr::Might), 5)
            .with_modifier(TestModifier::Difficulty { amount: -6 });
        assert_eq!(hopeless.target_text(), "cannot pass: target −1 (0%)");
        let sure = TestSpec::new(Stat::Attr(Attr::Might), 18)
            .with_modifier(TestModifier::Difficulty { amount: 3 });
        assert_eq!(sure.target_text(), "passes on any roll: target 21 (100%)");
    }

    #[test]
    fn percent_text_rule() {
        assert_eq!(format_percent(0.65), "65%");
        assert_eq!(format_percent(0.8775), "87.75%"); // exact, not 87.8%
        assert_eq!(format_percent(0.4225), "42.25%");
        assert_eq!(format_percent(1.0 - 0.95 * 0.95), "9.75%");
        assert_eq!(format_percent(0.05 * 0.05), "0.25%"); // never "0%" when possible
        assert_eq!(format_percent(1.0 - 0.05 * 0.05), "99.75%"); // never "100%" unless sure
        assert_eq!(format_percent(0.125), "12.5%");
        assert_eq!(format_percent(0.0), "0%");
        assert_eq!(format_percent(1.0), "100%");
        assert_eq!(format_percent(0.123), "12.3%");
        assert_eq!(format_percent(0.12345), "12.35%"); // not a test chance: hundredths
        assert_eq!(format_percent(1.7), "100%");
        assert_eq!(format_percent(-0.2), "0%");
        assert_eq!(format_percent(f64::NAN), "0%");
        // Every possible chance shows exactly: read back, it is the chance itself.
        for t in 0..=20 {
            for mode in [RollMode::Single, RollMode::KeepBetter, RollMode::KeepWorse] {
                let p = chance(t, mode);
                let s = format_percent(p);
                let back: f64 = s.trim_end_matches('%').parse().unwrap();
                assert!((back / 100.0 - p).abs() < 1e-12, "{s} for {p}");
            }
        }
    }

    #[test]
    fn passes_on_roll_equal_to_target_and_fails_above() {
        let spec = TestSpec::new(Stat::Attr(Attr::Agility), 12);
        assert!(roll_test(&mut FixedDice::new(&[(12, 20)]), &spec).passed);
        assert!(!roll_test(&mut FixedDice::new(&[(13, 20)]), &spec).passed);
        // Target 20 or more: even 20 passes. Target 0: even 1 fails.
        let sure = TestSpec::new(Stat::Attr(Attr::Agility), 20);
        assert!(roll_test(&mut FixedDice::new(&[(20, 20)]), &sure).passed);
        let none = TestSpec::new(Stat::Attr(Attr::Agility), 3)
            .with_modifier(TestModifier::Difficulty { amount: -3 });
        assert!(!roll_test(&mut FixedDice::new(&[(1, 20)]), &none).passed);
    }

    #[test]
    fn second_chances_keep_the_right_die() {
        let spec = TestSpec::new(Stat::Attr(Attr::Agility), 10);
        let better = spec.clone().with_second_chance_to_pass(true);
        let out = roll_test(&mut FixedDice::new(&[(15, 20), (7, 20)]), &better);
        assert_eq!(out.dice, vec![15, 7]);
        assert_eq!((out.kept_index, out.kept), (1, 7));
        assert!(out.passed);
        assert_eq!(out.text(), "rolled 15 and 7, kept 7 against 10: passed");

        let worse = spec.with_second_chance_to_fail(true);
        let out = roll_test(&mut FixedDice::new(&[(7, 20), (15, 20)]), &worse);
        assert_eq!((out.kept_index, out.kept), (1, 15));
        assert!(!out.passed);
        let out = roll_test(&mut FixedDice::new(&[(9, 20), (3, 20)]), &worse);
        assert_eq!((out.kept_index, out.kept), (0, 9));
        assert!(out.passed);

        // Both cancel: one die only.
        let both = better.clone().with_second_chance_to_fail(true);
        let out = roll_test(&mut FixedDice::new(&[(11, 20)]), &both);
        assert_eq!(out.dice, vec![11]);
        assert_eq!(out.mode, RollMode::Single);
        assert!(!out.passed);
    }

    #[test]
    fn seeded_rolls_match_the_computed_chance() {
        let mut rng = SeededRng::new(42);
        let spec = TestSpec::new(Stat::Attr(Attr::Might), 13).with_second_chance_to_pass(true);
        let n = 40_000;
        let passed = (0..n).filter(|_| roll_test(&mut rng, &spec).passed).count();
        let rate = passed as f64 / n as f64;
        assert!((rate - 0.8775).abs() < 0.01, "rate {rate}");
    }

    #[test]
    fn spec_serialises_with_stable_names() {
        let spec = defense_test(6, 11);
        let json = serde_json::to_string(&spec).unwrap();
        assert!(json.contains("\"kind\":\"opposition\""), "{json}");
        assert!(
            json.contains("\"against\":{\"kind\":\"attr\",\"attr\":\"exactitude\"}"),
            "{json}"
        );
        let back: TestSpec = serde_json::from_str(&json).unwrap();
        assert_eq!(back, spec);
    }

    #[test]
    fn an_advantage_named_by_its_situation_is_plus_2_and_says_why() {
        let l = crate::rules::symbaroum::labels(crate::rules::Ruleset::Symbaroum);
        let spec = attack(12, 10).with_advantage_from(Some(AdvantageFrom::Flanked));
        assert!(spec.advantage);
        assert_eq!(spec.target(), 14);
        assert!(spec
            .breakdown(l)
            .contains(&"Advantage (target flanked) +2".to_string()));
        assert!(
            spec.describe(l)
                .contains(", with Advantage (target flanked)"),
            "{}",
            spec.describe(l)
        );
        // None named: the plain Advantage stays as the player ticked it.
        let plain = attack(12, 10)
            .with_advantage(true)
            .with_advantage_from(None);
        assert!(plain.advantage);
        assert!(plain.breakdown(l).contains(&"Advantage +2".to_string()));
        assert!(AdvantageFrom::LyingDown.melee_only() && AdvantageFrom::Flanked.melee_only());
        assert!(!AdvantageFrom::LowerGround.melee_only() && !AdvantageFrom::Unaware.melee_only());
    }
}
