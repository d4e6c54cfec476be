//! Toughness in a fight: taking a hit (a number or dice, less the worn armor's roll
//! unless the damage ignores armor, with the Pain Threshold and, under Hit Locations,
//! the hit part's effect) and healing (rest, herbal cure, Medicus, or any amount or
//! dice), with the life state that follows.

use super::{log_roll, spend_reroll};
use crate::model::combat::LIST_MAX;
use crate::model::log::{push, LogEntry};
use crate::model::Character;
use crate::rules::dice::{self, Rng};
use crate::rules::symbaroum::abilities::Known;
use crate::rules::symbaroum::combat::{
    against_armor, heal, healing_amount, roll_hit_location, take_damage, Aim, HealingSource,
    HitLocation, PainEffect,
};
use crate::rules::symbaroum::conditions::{for_turns, presets, touching, TestKind};
use crate::rules::symbaroum::dice_notation::{DiceExpr, DiceRoll};
use crate::rules::symbaroum::dying::{stabilise, Healer, LifeState};
use crate::rules::symbaroum::labels;
use crate::rules::symbaroum::roll_input::dice_text;
use crate::rules::symbaroum::success::{roll_test, Stat, TestSpec};
use crate::rules::symbaroum::Attr;

/// Sets current Toughness to `current` (for max `max`) and the life state that follows.
pub fn set_toughness(c: &mut Character, max: i32, current: i32) {
    c.combat.damage = (max - current).max(0);
    // Every character on this sheet is a player character (there is no NPC flag).
    c.combat.life = c.combat.life.after_toughness(current, true);
}

/// The body parts a hit can land on, in the order the "Hit on" picker lists them.
pub const LOCATIONS: [HitLocation; 6] = [
    HitLocation::Head,
    HitLocation::Torso,
    HitLocation::RightArm,
    HitLocation::LeftArm,
    HitLocation::RightLeg,
    HitLocation::LeftLeg,
];

/// Where a hit landed, as the player says: not known, rolled now (a d10 on the Hit
/// Locations table, the foe having aimed normally), or a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitOn {
    Unknown,
    Roll,
    Part(HitLocation),
}

/// "Hit taken on the left arm": `what`, with the part when it is known.
pub fn named_at(what: &str, at: Option<HitLocation>) -> String {
    match at {
        Some(p) => format!("{what} on the {}", p.name().to_lowercase()),
        None => what.to_string(),
    }
}

/// Where a hit lands when the character uses Hit Locations (`HitOn::Roll`: the d10
/// rolled now), and how the log names it: "Hit taken on the left arm (d10: 8)".
pub fn hit_on(
    c: &Character,
    choice: HitOn,
    what: &str,
    rng: &mut dyn Rng,
) -> (Option<HitLocation>, String) {
    if !c.combat.hit_locations {
        return (None, what.to_string());
    }
    let (d10, at) = match choice {
        HitOn::Unknown => (None, None),
        HitOn::Part(p) => (None, Some(p)),
        HitOn::Roll => {
            let (d, p) = roll_hit_location(rng, Aim::Normal);
            (d, Some(p))
        }
    };
    let mut what = named_at(what, at);
    if let Some(d) = d10 {
        what = format!("{what} (d10: {d})");
    }
    (at, what)
}

/// A hit to take.
#[derive(Clone, Debug)]
pub struct Hit {
    /// The damage as rolled from `expr`.
    pub damage: DiceRoll,
    pub expr: DiceExpr,
    /// Fire, fumes, poison, bleeding: no armor roll.
    pub no_armor: bool,
    /// The part it landed on, when known (Hit Locations).
    pub at: Option<HitLocation>,
    /// How the log names it: "Hit taken on the head".
    pub what: String,
    /// A head hit's 1d6 and 1d4 already rolled: a re-roll of the armor replays the
    /// hit and keeps them.
    pub head: Option<(u32, u32)>,
}

/// What a hit taken did, as the sheet shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct HitTaken {
    /// "5 damage taken (1d8: 7; Armor 1d4: 2). Toughness 13 → 8."
    pub text: String,
    pub pain: PainEffect,
    /// Hit Locations, the part known: what the hit on it did at the Pain Threshold.
    pub effect: Option<String>,
    /// Whether armor was rolled.
    pub armored: bool,
    /// A head hit at the Pain Threshold: its +1d6 damage and 1d4 turns, as rolled.
    pub head: Option<(u32, u32)>,
}

/// Takes `hit` against the worn armor's roll, unless it ignores armor: lowers
/// Toughness, sets the life state that follows, and logs it. The Toughness card and
/// the Defense test's "Take hit" both come here.
pub fn take_hit(c: &mut Character, hit: Hit, rng: &mut dyn Rng, now: f64) -> HitTaken {
    let Hit {
        damage,
        expr,
        no_armor,
        at,
        mut what,
        head,
    } = hit;
    let d = c.derived();
    let (l, max) = (labels(c.ruleset), d.toughness.value);
    let armor = if no_armor {
        DiceExpr::default()
    } else {
        c.worn_protection_at(at)
    };
    // The Pain Threshold flag stays for damage that ignores armor: whether a burn or a
    // poison knocks down is the table's call, and the flag says what the rules give
    // for an attack.
    let o = against_armor(
        rng,
        damage,
        &armor,
        d.pain_threshold.value,
        c.combat.hit_locations,
    );
    let before = c.combat.current_toughness(max);
    let mut dealt = o.dealt;
    let mut head_rolled = None;
    // Hit Locations with the part known and the Pain Threshold reached: the part's
    // effect, for this character's main hand. A head hit's +1d6 is more damage of the
    // same hit (armor was rolled once, against the hit); its 1d4 turns out are said.
    // A leg or an arm leaves a condition on the list, applied to the tests it touches.
    let effect = at
        .filter(|_| o.pain == PainEffect::HitLocation)
        .map(|part| {
            // The table's "Quick test" in the ruleset's words.
            let mut e = format!(
                "{} reached: {}",
                l.pain_threshold,
                part.effect_on(c.combat.main_hand)
                    .replace("Quick", l.attr(Attr::Agility))
            );
            if part == HitLocation::Head {
                let (d6, turns) = head.unwrap_or_else(|| (dice::roll(rng, 6), dice::roll(rng, 4)));
                head_rolled = Some((d6, turns));
                dealt += d6 as i32;
                e.push_str(&format!(
                    " Rolled: +{d6} damage (1d6), unconscious {turns} turns (1d4)."
                ));
            }
            // The torso's turn and the head's 1d4 turns are kept as conditions that
            // "Next turn" counts down and ends.
            let known = presets(l)
                .into_iter()
                .find(|k| Some(k.name.as_str()) == part.condition())
                .or_else(|| for_turns(part, head_rolled.map_or(1, |h| h.1)));
            if let Some(mut k) = known {
                let list = &mut c.combat.conditions;
                let at = list.iter().position(|x| x.name == k.name);
                if let Some(hand) = part.hand(c.combat.main_hand) {
                    k.note = format!("{} ({hand}). {}", part.name(), k.note);
                }
                // One that lasts turns, already there, takes the longer count.
                match at {
                    Some(i) if list[i].turns().is_some_and(|t| Some(t) < k.turns()) => {
                        e.push_str(&format!(" {} lasts longer.", k.name));
                        list[i] = k;
                    }
                    None if list.len() < LIST_MAX => {
                        e.push_str(&format!(" {} added to the conditions.", k.name));
                        list.push(k);
                    }
                    _ => {}
                }
            }
            e
        });
    let after = take_damage(before, dealt);
    set_toughness(c, max, after);
    let mut parts = Vec::new();
    if !expr.dice.is_empty() {
        parts.push(format!("{expr}: {}", o.damage.text()));
    }
    if let Some(a) = &o.armor {
        parts.push(format!("{} {armor}: {}", l.armor, a.text()));
    }
    let dice = parts.join("; ");
    let how = if dice.is_empty() {
        String::new()
    } else {
        format!(" ({dice})")
    };
    let ignoring = if no_armor { ", ignoring armor" } else { "" };
    let text = format!(
        "{dealt} damage taken{ignoring}{how}. {} {before} → {after}.",
        l.toughness
    );
    let dice = if dice.is_empty() {
        o.damage.text()
    } else {
        dice
    };
    if no_armor {
        what.push_str(" (ignores armor)");
    }
    log_roll(c, now, what, dice, format!("{dealt} damage"));
    HitTaken {
        text,
        pain: o.pain,
        effect,
        armored: o.armor.is_some(),
        head: head_rolled,
    }
}

/// Hit Locations, Table 9, an arm hit at the Pain Threshold: "Drops item held if
/// failing a Quick test." Rolls the character's Agility test (Quick in Symbaroum's
/// words) with the conditions in force that touch an attribute test, except the hurt
/// arm: its second chance to fail is for the rolls after the hit (the app's reading of
/// the table's "Also"). Logs it, and says whether the item held in that arm's hand is
/// dropped: (dropped, the sentence to show).
pub fn keep_hold(
    c: &mut Character,
    arm: HitLocation,
    rng: &mut dyn Rng,
    now: f64,
) -> (bool, String) {
    let l = labels(c.ruleset);
    let mut spec = TestSpec::new(
        Stat::Attr(Attr::Agility),
        c.derived().attrs[Attr::Agility.index()].value,
    );
    let conditions = &c.combat.conditions;
    for i in touching(conditions, TestKind::Attr) {
        if conditions[i].name != "Hurt arm" {
            spec = spec.with(conditions[i].circumstance());
        }
    }
    let out = roll_test(rng, &spec);
    let hand = arm.hand(c.combat.main_hand).unwrap_or("hand");
    let part = arm.name().to_lowercase();
    let said = if out.passed {
        format!("you keep hold of what your {part} ({hand}) holds.")
    } else {
        format!("you drop the item held in your {part} ({hand}).")
    };
    let said = format!(
        "{} test {}: {} against {}: {said}",
        l.attr(Attr::Agility),
        if out.passed { "passed" } else { "failed" },
        out.kept,
        out.target
    );
    push(
        &mut c.roll_log,
        LogEntry {
            time: now,
            what: format!("Keep hold, {part} ({hand}): {}", spec.describe(l)),
            dice: dice_text(&out),
            target: Some(out.target),
            passed: Some(out.passed),
            outcome: if out.passed {
                "Keeps hold"
            } else {
                "Drops the item"
            }
            .into(),
        },
    );
    c.updated = now;
    (!out.passed, said)
}

/// A hit as it was taken: what the sheet shows of it, and what taking it again with
/// the armor rolled anew (a Re-roll for Experience) needs.
#[derive(Clone, Debug, PartialEq)]
pub struct TakenHit {
    pub taken: HitTaken,
    /// The part it landed on, when known (Hit Locations).
    pub at: Option<HitLocation>,
    /// The fight state (life, damage) before and after it: its armor re-roll is
    /// offered only while nothing else has changed that state since.
    pub before: (LifeState, i32),
    pub after: (LifeState, i32),
    /// The damage as rolled, which a re-roll of the armor keeps.
    pub damage: DiceRoll,
    pub expr: DiceExpr,
    /// Taken again with the armor re-rolled (a second re-roll is not offered).
    pub rerolled: bool,
}

/// Takes incoming damage as the player enters it: `expr` rolled now, landing on the
/// part `on` (Hit Locations; `HitOn::Roll` rolls the d10), against the worn armor
/// unless it ignores armor. The Toughness card and the Defense test's "Take hit" both
/// come here.
pub fn take_incoming(
    c: &mut Character,
    expr: DiceExpr,
    no_armor: bool,
    on: HitOn,
    rng: &mut dyn Rng,
    now: f64,
) -> TakenHit {
    let damage = expr.roll(rng);
    let (at, what) = hit_on(c, on, "Hit taken", rng);
    let hit = Hit {
        damage,
        expr,
        no_armor,
        at,
        what,
        head: None,
    };
    take(c, hit, false, rng, now)
}

/// Takes `last` again with only the armor rolled anew, for one Experience (booked in
/// the ledger): the fight state goes back to what it was before `last`, and the same
/// damage lands on the same part (a head hit keeps its 1d6 and 1d4).
pub fn reroll_armor(c: &mut Character, last: &TakenHit, rng: &mut dyn Rng, now: f64) -> TakenHit {
    let note = format!("{} roll", labels(c.ruleset).armor);
    let title = spend_reroll(c.advance_mut(), &note);
    (c.combat.life, c.combat.damage) = last.before;
    let hit = Hit {
        damage: last.damage.clone(),
        expr: last.expr.clone(),
        no_armor: false,
        at: last.at,
        what: named_at(&format!("{title}, hit taken"), last.at),
        head: last.taken.head,
    };
    take(c, hit, true, rng, now)
}

fn take(c: &mut Character, hit: Hit, rerolled: bool, rng: &mut dyn Rng, now: f64) -> TakenHit {
    let before = (c.combat.life, c.combat.damage);
    let (at, damage, expr) = (hit.at, hit.damage.clone(), hit.expr.clone());
    let taken = take_hit(c, hit, rng, now);
    TakenHit {
        taken,
        at,
        before,
        after: (c.combat.life, c.combat.damage),
        damage,
        expr,
        rerolled,
    }
}

/// Healing to apply.
#[derive(Clone, Debug)]
pub struct Healing {
    pub source: HealingSource,
    /// How the sheet and the log name it: "Medicus", "Recovery".
    pub name: String,
    /// The amount or dice entered, as rolled ("1d6: 4"), for healing entered by hand.
    pub rolled: Option<String>,
    /// Who gives it: a dying character's own healing does not stabilise them.
    pub by: Healer,
}

/// Heals: stabilises a dying character when the healing can (someone else's herbal
/// cure, Medicus or mystical healing; never the character's own), else raises Toughness
/// up to its max. Rolled healing and healing entered by hand go to the log; the fixed
/// amounts (a day of rest, an herbal cure) are plain to see on the sheet. Returns the
/// sheet's message ("Medicus (d4: 3): Toughness 5 → 8 of 13."), or why nothing
/// happened.
pub fn heal_by(
    c: &mut Character,
    healing: Healing,
    rng: &mut dyn Rng,
    now: f64,
) -> Result<String, String> {
    let Healing {
        source,
        name,
        rolled,
        by,
    } = healing;
    let max = c.derived().toughness.value;
    let (l, before) = (labels(c.ruleset), c.combat.current_toughness(max));
    let (roll, after, note) = if c.combat.life.is_dying() {
        let aid = stabilise(rng, c.combat.life, before, max, source, by)?;
        c.combat.life = aid.state;
        (aid.heal, aid.toughness, " Stabilised: no longer dying.")
    } else {
        let h = healing_amount(rng, source);
        (h, heal(before, max, h.amount), "")
    };
    set_toughness(c, max, after);
    let dice = rolled.or(roll.d4.map(|d| format!("d4: {d}")));
    let shown = dice.as_ref().map(|d| format!(" ({d})")).unwrap_or_default();
    let text = format!(
        "{name}{shown}: {} {before} → {after} of {max}.{note}",
        l.toughness
    );
    match dice {
        Some(d) => {
            let outcome = format!("+{} {}", after - before, l.toughness);
            log_roll(c, now, name, d, outcome);
        }
        None => c.updated = now,
    }
    Ok(text)
}

/// Healing the player enters by hand: an amount or dice (`expr`, rolled now), from a
/// source they name (`from`: "Lay on Hands"; "Healing" when empty), given `by` the
/// character or someone else. Like mystical healing, someone else's stabilises a dying
/// character; Recovery is always the character's own, so it never does.
pub fn heal_entered(
    c: &mut Character,
    expr: &DiceExpr,
    from: &str,
    by: Healer,
    rng: &mut dyn Rng,
    now: f64,
) -> Result<String, String> {
    let roll = expr.roll(rng);
    let from = from.trim();
    let name = if from.is_empty() { "Healing" } else { from };
    let rolled = if expr.dice.is_empty() {
        expr.to_string()
    } else {
        format!("{expr}: {}", roll.text())
    };
    // Recovery heals the one who has it: seed 000 names it beside the mystical powers
    // ("Mystical powers, such as Lay on Hands, and the Recovery ability both heal
    // Toughness") but not among what stabilises the dying ("someone else … with an
    // herbal cure, the Medicus ability or mystical healing").
    let by = match Known::of(name) {
        Some(Known::Recovery) => Healer::Themself,
        _ => by,
    };
    let healing = Healing {
        source: HealingSource::Other { amount: roll.total },
        name: name.to_string(),
        rolled: Some(rolled),
        by,
    };
    heal_by(c, healing, rng, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::symbaroum::combat::Armor;
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::dying::LifeState;
    use crate::rules::Ruleset;

    /// Homebrew, Might 13 (Toughness 13, Pain Threshold 7).
    fn fighter() -> Character {
        let mut c = Character::new("Fighter".into(), Ruleset::Homebrew, 0.0);
        c.attributes.set(Attr::Might, 13);
        c
    }

    fn wear(c: &mut Character, protection: &str) {
        c.combat.armor.push(Armor {
            id: 0,
            name: "Leather".into(),
            protection: parse_dice(protection).unwrap(),
            impeding: 0,
            worn: true,
            qualities: vec![],
            segments: None,
            value: None,
            from: None,
        });
    }

    fn hit(expr: &str, rng: &mut dyn Rng) -> Hit {
        let expr = parse_dice(expr).unwrap();
        Hit {
            damage: expr.roll(rng),
            expr,
            no_armor: false,
            at: None,
            what: "Hit taken".into(),
            head: None,
        }
    }

    #[test]
    fn a_hit_is_lowered_by_the_worn_armor_and_logged() {
        let mut c = fighter();
        wear(&mut c, "1d4");
        // 1d8 rolls 7, the armor's 1d4 rolls 2.
        let mut dice = FixedDice::new(&[(7, 8), (2, 4)]);
        let h = hit("1d8", &mut dice);
        let taken = take_hit(&mut c, h, &mut dice, 1000.0);
        assert_eq!(
            taken.text,
            "5 damage taken (1d8: 7; Armor 1d4: 2). Toughness 13 → 8."
        );
        assert!(taken.armored);
        assert_eq!(taken.pain, PainEffect::None);
        assert_eq!(c.combat.damage, 5);
        let entry = &c.roll_log[0];
        assert_eq!(
            (entry.what.as_str(), entry.outcome.as_str()),
            ("Hit taken", "5 damage")
        );
        assert_eq!((entry.time, c.updated), (1000.0, 1000.0));
    }

    #[test]
    fn with_hit_locations_off_a_suit_in_segments_protects_only_with_its_cuirass() {
        use crate::rules::symbaroum::combat::Segment;
        // RULES.md, Armor segments: "a segment protects only its part"; the app's
        // reading for a hit on no named part: the cuirass's (a helmet alone is not the
        // whole suit).
        let mut c = fighter();
        c.combat.armor_segments = true;
        wear(&mut c, "1d4");
        c.combat.armor[0].segments = Some(vec![Segment::Helmet]);
        // 1d8 rolls 6 and no armor is rolled: the whole 6 is taken.
        let mut dice = FixedDice::new(&[(6, 8)]);
        let h = hit("1d8", &mut dice);
        let taken = take_hit(&mut c, h, &mut dice, 0.0);
        assert!(!taken.armored, "{}", taken.text);
        assert_eq!(c.combat.damage, 6);
        // With the cuirass worn too, the armor's 1d4 is rolled against the hit.
        c.combat.armor[0].segments = Some(vec![Segment::Helmet, Segment::Cuirass]);
        let mut dice = FixedDice::new(&[(6, 8), (4, 4)]);
        let h = hit("1d8", &mut dice);
        let taken = take_hit(&mut c, h, &mut dice, 0.0);
        assert!(taken.armored);
        assert_eq!(c.combat.damage, 6 + 2);
    }

    #[test]
    fn a_hit_that_ignores_armor_rolls_none_and_the_pain_threshold_is_flagged() {
        let mut c = fighter();
        wear(&mut c, "1d4");
        let mut dice = FixedDice::new(&[]);
        let mut h = hit("8", &mut dice);
        h.no_armor = true;
        let taken = take_hit(&mut c, h, &mut dice, 0.0);
        assert_eq!(
            taken.text,
            "8 damage taken, ignoring armor. Toughness 13 → 5."
        );
        assert!(!taken.armored);
        assert_ne!(
            taken.pain,
            PainEffect::None,
            "8 is over the Pain Threshold of 7"
        );
        assert_eq!(c.roll_log[0].what, "Hit taken (ignores armor)");
    }

    #[test]
    fn a_head_hit_at_the_pain_threshold_adds_its_1d6_and_says_its_1d4_turns() {
        let mut c = fighter();
        c.combat.hit_locations = true;
        let mut dice = FixedDice::new(&[(4, 6), (3, 4)]);
        let mut h = hit("7", &mut dice);
        h.at = Some(HitLocation::Head);
        let taken = take_hit(&mut c, h, &mut dice, 0.0);
        assert_eq!(taken.head, Some((4, 3)));
        assert_eq!(c.combat.current_toughness(13), 13 - 7 - 4);
        let effect = taken.effect.expect("the head's effect");
        assert!(
            effect.contains("+4 damage (1d6), unconscious 3 turns (1d4)"),
            "{effect}"
        );
        // Replayed (a re-roll of the armor), the same 1d6 and 1d4 are kept.
        let mut c = fighter();
        c.combat.hit_locations = true;
        let mut none = FixedDice::new(&[]);
        let mut h = hit("7", &mut none);
        h.at = Some(HitLocation::Head);
        h.head = Some((4, 3));
        assert_eq!(take_hit(&mut c, h, &mut none, 0.0).head, Some((4, 3)));
    }

    #[test]
    fn a_torso_or_head_hit_at_the_pain_threshold_is_a_condition_next_turn_ends() {
        // Seed 000, Table 9: "3–5 Torso Loses breath; incapacitated for a turn." and
        // "10 Head +1D6 damage and the target is rendered unconscious for 1D4 turns".
        let mut c = fighter();
        c.combat.hit_locations = true;
        let mut none = FixedDice::new(&[]);
        let mut h = hit("7", &mut none);
        h.at = Some(HitLocation::Torso);
        let taken = take_hit(&mut c, h, &mut none, 0.0);
        assert!(taken
            .effect
            .unwrap()
            .ends_with("Incapacitated added to the conditions."),);
        // In force in the character's next turn, gone at the Next turn after it.
        c.combat.next_turn();
        assert!(c
            .combat
            .conditions
            .iter()
            .any(|k| k.name == "Incapacitated"));
        // Hit on the torso again in that turn: a turn more.
        let mut h = hit("7", &mut none);
        h.at = Some(HitLocation::Torso);
        assert!(take_hit(&mut c, h, &mut none, 0.0)
            .effect
            .unwrap()
            .ends_with("Incapacitated lasts longer."));
        c.combat.next_turn();
        assert!(c
            .combat
            .conditions
            .iter()
            .any(|k| k.name == "Incapacitated"));
        c.combat.next_turn();
        assert!(c.combat.conditions.is_empty(), "ended by itself");

        // A head hit: the seeded 1d4 (after the 1d6) decides the turns out.
        let mut c = fighter();
        c.combat.hit_locations = true;
        let mut dice = FixedDice::new(&[(2, 6), (3, 4)]);
        let mut h = hit("7", &mut dice);
        h.at = Some(HitLocation::Head);
        let effect = take_hit(&mut c, h, &mut dice, 0.0).effect.unwrap();
        assert!(
            effect.ends_with("unconscious 3 turns (1d4). Unconscious added to the conditions."),
            "{effect}"
        );
        let out = |c: &Character| c.combat.conditions.iter().any(|k| k.name == "Unconscious");
        for turn in 1..=3 {
            c.combat.next_turn();
            assert!(out(&c), "unconscious in turn {turn}");
        }
        c.combat.next_turn();
        assert!(!out(&c), "awake in the fourth");
        // Under the Pain Threshold (7), a head hit leaves nothing.
        let mut h = hit("6", &mut none);
        h.at = Some(HitLocation::Head);
        take_hit(&mut c, h, &mut none, 0.0);
        assert!(c.combat.conditions.is_empty());
    }

    #[test]
    fn an_arm_hit_at_the_pain_threshold_rolls_the_quick_test_that_keeps_the_item() {
        // Seed 000, Table 9: "6–7 Right Arm Drops item held if failing a Quick test.
        // Also, a second chance to fail all rolls requiring the use of the arm for the
        // rest of the scene."
        let mut c = Character::new("Quick".into(), Ruleset::Symbaroum, 0.0);
        c.attributes.set(Attr::Agility, 12);
        c.combat.hit_locations = true;
        let mut none = FixedDice::new(&[]);
        let mut h = hit("10", &mut none);
        h.at = Some(HitLocation::RightArm);
        take_hit(&mut c, h, &mut none, 0.0);
        assert!(c.combat.conditions.iter().any(|k| k.name == "Hurt arm"));
        // Quick 12: a 12 keeps hold (one d20: the hurt arm's second chance to fail is
        // for the rolls after the hit).
        let (dropped, said) = keep_hold(
            &mut c,
            HitLocation::RightArm,
            &mut FixedDice::new(&[(12, 20)]),
            5.0,
        );
        assert!(!dropped);
        assert_eq!(
            said,
            "Quick test passed: 12 against 12: you keep hold of what your right arm (main hand) holds."
        );
        let e = &c.roll_log[0];
        assert_eq!(
            (e.what.as_str(), e.dice.as_str(), e.outcome.as_str(), e.time),
            (
                "Keep hold, right arm (main hand): Quick test",
                "d20: 12",
                "Keeps hold",
                5.0
            )
        );
        // A 13 drops it; on the left arm of someone right-handed, the off hand.
        let (dropped, said) = keep_hold(
            &mut c,
            HitLocation::LeftArm,
            &mut FixedDice::new(&[(13, 20)]),
            6.0,
        );
        assert!(dropped);
        assert!(
            said.ends_with("you drop the item held in your left arm (off hand)."),
            "{said}"
        );
        assert_eq!(c.roll_log[0].outcome, "Drops the item");
        // Other conditions in force still touch it: Blinded's second chance to fail.
        c.combat
            .conditions
            .push(presets(labels(c.ruleset)).remove(1));
        let (dropped, _) = keep_hold(
            &mut c,
            HitLocation::RightArm,
            &mut FixedDice::new(&[(4, 20), (15, 20)]),
            7.0,
        );
        assert!(dropped, "keeps the higher die, 15");
        // In homebrew's words, the hit's effect and the test alike.
        let mut h = Character::new("Quick".into(), Ruleset::Homebrew, 0.0);
        h.combat.hit_locations = true;
        let mut arm = hit("10", &mut none);
        arm.at = Some(HitLocation::LeftArm);
        let effect = take_hit(&mut h, arm, &mut none, 0.0).effect.unwrap();
        assert!(
            effect.contains("Drops item held on a failed Agility test."),
            "{effect}"
        );
        let said = keep_hold(
            &mut h,
            HitLocation::RightArm,
            &mut FixedDice::new(&[(1, 20)]),
            0.0,
        )
        .1;
        assert!(said.starts_with(&format!(
            "{} test passed",
            labels(Ruleset::Homebrew).attr(Attr::Agility)
        )));
    }

    #[test]
    fn a_leg_hit_at_the_pain_threshold_leaves_the_character_prone() {
        let mut c = fighter();
        c.combat.hit_locations = true;
        let mut dice = FixedDice::new(&[]);
        let mut h = hit("7", &mut dice);
        h.at = Some(HitLocation::LeftLeg);
        let taken = take_hit(&mut c, h, &mut dice, 0.0);
        assert!(taken.effect.unwrap().contains("added to the conditions"));
        assert!(c.combat.conditions.iter().any(|k| k.name == "Prone"));
    }

    #[test]
    fn where_a_hit_lands_is_rolled_only_under_hit_locations() {
        let mut c = fighter();
        let mut dice = FixedDice::new(&[]);
        assert_eq!(
            hit_on(&c, HitOn::Roll, "Hit taken", &mut dice),
            (None, "Hit taken".into())
        );
        c.combat.hit_locations = true;
        // A d10 of 1 on the Hit Locations table.
        let mut dice = FixedDice::new(&[(1, 10)]);
        let (at, what) = hit_on(&c, HitOn::Roll, "Hit taken", &mut dice);
        let part = at.expect("a part");
        assert_eq!(
            what,
            format!("Hit taken on the {} (d10: 1)", part.name().to_lowercase())
        );
        assert_eq!(
            hit_on(&c, HitOn::Part(HitLocation::Torso), "Hit taken", &mut dice),
            (Some(HitLocation::Torso), "Hit taken on the torso".into())
        );
    }

    #[test]
    fn incoming_damage_is_rolled_placed_and_taken_and_its_armor_can_be_rerolled_once() {
        let mut c = fighter();
        c.combat.hit_locations = true;
        c.advance_mut().reroll.enabled = true;
        wear(&mut c, "1d4");
        // 1d8 rolls 6; the d10 on the Hit Locations table rolls 5; the armor rolls 1.
        let mut dice = FixedDice::new(&[(6, 8), (5, 10), (1, 4)]);
        let expr = parse_dice("1d8").unwrap();
        let first = take_incoming(&mut c, expr, false, HitOn::Roll, &mut dice, 100.0);
        let part = first.at.expect("a part rolled");
        assert_eq!(
            first.taken.text,
            "5 damage taken (1d8: 6; Armor 1d4: 1). Toughness 13 → 8."
        );
        assert_eq!(first.before, (LifeState::Alive, 0));
        assert_eq!(first.after, (LifeState::Alive, 5));
        assert_eq!(
            c.roll_log[0].what,
            format!("Hit taken on the {} (d10: 5)", part.name().to_lowercase())
        );
        // The armor re-rolled: 4 this time. The same 6 damage on the same part.
        let mut dice = FixedDice::new(&[(4, 4)]);
        let again = reroll_armor(&mut c, &first, &mut dice, 200.0);
        assert_eq!(
            again.taken.text,
            "2 damage taken (1d8: 6; Armor 1d4: 4). Toughness 13 → 11."
        );
        assert_eq!((again.at, again.rerolled), (first.at, true));
        assert_eq!(c.combat.damage, 2, "the first hit's 5 are undone");
        assert_eq!(
            c.roll_log[0].what,
            format!(
                "Re-roll for 1 XP: Armor roll, hit taken on the {}",
                part.name().to_lowercase()
            )
        );
        assert!(c.advance().xp.iter().any(|e| matches!(
            e,
            crate::rules::symbaroum::experience::XpEntry::Reroll { .. }
        )));
    }

    #[test]
    fn healing_entered_by_hand_rolls_its_dice_and_names_its_source() {
        let mut c = fighter();
        set_toughness(&mut c, 13, 4);
        let mut dice = FixedDice::new(&[(5, 6)]);
        let expr = parse_dice("1d6+1").unwrap();
        let text = heal_entered(
            &mut c,
            &expr,
            " Lay on Hands ",
            Healer::Themself,
            &mut dice,
            50.0,
        )
        .unwrap();
        assert_eq!(
            text,
            "Lay on Hands (1d6+1: 5 + 1 = 6): Toughness 4 → 10 of 13."
        );
        assert_eq!(c.roll_log[0].what, "Lay on Hands");
        let mut none = FixedDice::new(&[]);
        let text = heal_entered(
            &mut c,
            &parse_dice("2").unwrap(),
            "",
            Healer::SomeoneElse,
            &mut none,
            60.0,
        )
        .unwrap();
        assert_eq!(text, "Healing (2): Toughness 10 → 12 of 13.");
    }

    #[test]
    fn healing_raises_toughness_up_to_its_max_and_logs_what_was_rolled() {
        let mut c = fighter();
        set_toughness(&mut c, 13, 5);
        let mut dice = FixedDice::new(&[(3, 4)]);
        let medicus = Healing {
            source: HealingSource::Medicus,
            name: "Medicus".into(),
            rolled: None,
            by: Healer::SomeoneElse,
        };
        let text = heal_by(&mut c, medicus, &mut dice, 7.0).unwrap();
        assert_eq!(text, "Medicus (d4: 3): Toughness 5 → 8 of 13.");
        assert_eq!(c.roll_log[0].outcome, "+3 Toughness");
        // A day of rest: +1, not logged.
        let rest = Healing {
            source: HealingSource::Natural { days: 1 },
            name: "A day of rest".into(),
            rolled: None,
            by: Healer::SomeoneElse,
        };
        let mut none = FixedDice::new(&[]);
        assert_eq!(
            heal_by(&mut c, rest, &mut none, 8.0).unwrap(),
            "A day of rest: Toughness 8 → 9 of 13."
        );
        assert_eq!(c.roll_log.len(), 1);
        // Never past the max.
        let lots = Healing {
            source: HealingSource::Other { amount: 40 },
            name: "Elixir".into(),
            rolled: Some("40".into()),
            by: Healer::SomeoneElse,
        };
        assert_eq!(
            heal_by(&mut c, lots, &mut none, 9.0).unwrap(),
            "Elixir (40): Toughness 9 → 13 of 13."
        );
    }

    #[test]
    fn healing_a_dying_character_stabilises_it_or_says_why_not() {
        let mut c = fighter();
        set_toughness(&mut c, 13, 0);
        assert!(c.combat.life.is_dying());
        let mut none = FixedDice::new(&[]);
        let rest = Healing {
            source: HealingSource::Natural { days: 1 },
            name: "A day of rest".into(),
            rolled: None,
            by: Healer::SomeoneElse,
        };
        let before = c.clone();
        assert!(
            heal_by(&mut c, rest, &mut none, 1.0).is_err(),
            "rest does not stabilise"
        );
        assert_eq!(c, before, "nothing changed");
        let herbs = Healing {
            source: HealingSource::HerbalCure,
            name: "Herbal cure".into(),
            rolled: None,
            by: Healer::SomeoneElse,
        };
        let text = heal_by(&mut c, herbs, &mut none, 2.0).unwrap();
        assert!(text.ends_with("Stabilised: no longer dying."), "{text}");
        assert_eq!(c.combat.life, LifeState::Alive);
    }

    #[test]
    fn a_dying_character_cannot_heal_themself_but_someone_else_stabilises_them() {
        // Seed 000: "they cannot help themself in any way … until someone else either
        // stabilizes the dying character with an herbal cure, the Medicus ability or
        // mystical healing".
        let mut c = fighter();
        set_toughness(&mut c, 13, 0);
        let mut dice = FixedDice::new(&[(3, 4)]);
        let before = c.clone();
        // Their own Medicus: refused, nothing changes, nothing logged.
        let own = Healing {
            source: HealingSource::Medicus,
            name: "Medicus".into(),
            rolled: None,
            by: Healer::Themself,
        };
        let why = heal_by(&mut c, own, &mut dice, 1.0).unwrap_err();
        assert!(
            why.starts_with("A dying character cannot help themself"),
            "{why}"
        );
        assert_eq!(c, before);
        // Recovery is always their own, whoever the player names as giving it.
        let two = parse_dice("2").unwrap();
        for by in [Healer::Themself, Healer::SomeoneElse] {
            assert!(heal_entered(&mut c, &two, "Recovery", by, &mut dice, 2.0).is_err());
            assert_eq!(c, before, "Recovery by {by:?}");
        }
        // Their own Lay on Hands: refused too.
        assert!(heal_entered(
            &mut c,
            &two,
            "Lay on Hands",
            Healer::Themself,
            &mut dice,
            3.0
        )
        .is_err());
        assert!(c.combat.life.is_dying());
        // Someone else's Medicus stabilises and heals.
        let other = Healing {
            source: HealingSource::Medicus,
            name: "Medicus".into(),
            rolled: None,
            by: Healer::SomeoneElse,
        };
        let text = heal_by(&mut c, other, &mut dice, 4.0).unwrap();
        assert_eq!(
            text,
            "Medicus (d4: 3): Toughness 0 → 3 of 13. Stabilised: no longer dying."
        );
        assert_eq!(c.combat.life, LifeState::Alive);
        // Someone else's mystical healing, entered by hand, stabilises too.
        let mut c = before.clone();
        let text = heal_entered(
            &mut c,
            &two,
            "Lay on Hands",
            Healer::SomeoneElse,
            &mut dice,
            5.0,
        )
        .unwrap();
        assert!(text.ends_with("Stabilised: no longer dying."), "{text}");
    }
}
