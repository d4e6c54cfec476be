//! Heimr's dice panel: a challenge (an ability, an attribute, a defence or an attack)
//! set up from the sheet and the player's inputs, then rolled: every die, the result,
//! pass or fail against a CR or an opponent, fatigue, a re-roll for willpower, a
//! defence rolled ahead and kept, a luck shot at a hidden target, a guard's
//! interception, and what an attack does (both weapons' when dual wielding).

use crate::model::heimr::HeimrSheet;
use crate::model::log::LogEntry;
use crate::rules::dice::Rng;
use crate::rules::heimr::abilities::Ability;
use crate::rules::heimr::armoury::bonus_label;
use crate::rules::heimr::attack::{
    attack_bonus, reach, resolve, second_roll, AttackWith, BrawlEffect, BrawlOpening, Hit,
};
use crate::rules::heimr::attributes::Attribute;
use crate::rules::heimr::challenge::{dice_text, Against};
use crate::rules::heimr::combat::{
    defence_consistency, guard_intercept, luck_shot, DefenceKind, PreRolled, RollKind,
};
use crate::rules::heimr::dice::{apply_situational_penalty, roll_challenge, ChallengeRoll};
use crate::rules::heimr::fatigue::resolve_physical;
use crate::rules::heimr::injuries::{pay_for_reroll, BodyPart, AIMED_ATTACK_C_PENALTY};
use crate::rules::heimr::num;
use crate::rules::heimr::situation::Observing;

/// What the dice panel rolls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RollSource {
    /// An ability, by name.
    Ability(String),
    /// An attribute directly: the GM sets the consistency, the attribute is the potential.
    Attribute(Attribute),
    /// A defence rolled with this ability.
    Defence(DefenceKind, String),
    /// An attack with a weapon (or two, or the brawl attack) rolled with this ability.
    Attack(AttackWith, String),
}

impl RollSource {
    pub fn label(&self) -> String {
        match self {
            RollSource::Ability(n) => n.clone(),
            RollSource::Attribute(a) => a.name().to_string(),
            RollSource::Defence(k, n) => format!("{} with {n}", k.name()),
            RollSource::Attack(AttackWith::Weapon(w), n) => format!("{} with {n}", w.name),
            RollSource::Attack(AttackWith::Both(a, b), n) => {
                format!("{} and {} with {n}", a.name, b.name.to_lowercase())
            }
            RollSource::Attack(AttackWith::Brawl(BrawlEffect::Hit), _) => {
                "Brawl attack (hit 1)".into()
            }
            RollSource::Attack(AttackWith::Brawl(BrawlEffect::Bind), _) => {
                "Brawl attack (bind)".into()
            }
        }
    }
}

/// What an attribute or ability rolled directly is rolled for (an attack brings its
/// situational penalties).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollFor {
    Other,
    Melee,
    Ranged,
}

/// What the player set in the panel before rolling.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    pub source: RollSource,
    /// The GM's situational penalty to consistency.
    pub penalty: i32,
    /// An attribute rolled directly: the consistency the GM sets.
    pub attr_c: i32,
    pub roll_for: RollFor,
    /// An attack aimed at a body part.
    pub aim: Option<BodyPart>,
    /// The incoming attack is ranged (for a defence).
    pub ranged_in: bool,
    /// The attack is a charge.
    pub charging: bool,
    /// A defence made to intercept an attack on the one this character guards.
    pub intercepting: bool,
    /// Observation: a Perception roll on a square, and how near it is.
    pub observing: Observing,
    /// A brawl attack: whether it gave the opponent a melee weapon attack first, and
    /// whether that was dodged.
    pub brawl_opening: BrawlOpening,
    /// A ranged attack into a combat cluster: how many of its characters have dodged
    /// it so far (0: the first roll; each re-roll is at the next character).
    pub cluster_dodged: u32,
    pub against: Against,
}

impl Inputs {
    /// The attack rolled, if it is one.
    pub fn attack(&self) -> Option<AttackWith> {
        match &self.source {
            RollSource::Attack(with, _) => Some(*with),
            _ => None,
        }
    }
}

/// Everything the panel shows before the roll.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub title: String,
    pub c: i32,
    pub p: i32,
    pub c_text: String,
    pub p_text: String,
    pub physical: bool,
    pub kind: RollKind,
    pub fatigue: u32,
    pub missing: Option<String>,
    /// What the seed says comes with this roll, shown before it (a brawl attack's
    /// offered melee weapon attack).
    pub note: Option<String>,
}

/// What a roll did, as the panel shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub roll: ChallengeRoll,
    pub against: Against,
    pub success: bool,
    pub fatigue_failed: bool,
    pub fatigue_raised: bool,
    pub fatigue_before: u32,
    pub fatigue_now: u32,
    pub reroll: bool,
    /// A defence rolled ahead and kept for the next attack.
    pub pre: bool,
    /// An attack against a defence: what it did.
    pub hit: Option<String>,
    /// A ranged attack into a combat cluster that missed: if the target dodged, it is
    /// re-rolled for the next character (the panel offers it; see
    /// [`Inputs::cluster_dodged`]).
    pub cluster_next: bool,
}

impl Outcome {
    /// "Pass" or "Fail" against a CR, "Win" or "Lose" against an opponent.
    pub fn verdict(&self) -> &'static str {
        match (self.against, self.success) {
            (Against::Cr(_), true) => "Pass",
            (Against::Cr(_), false) => "Fail",
            (_, true) => "Win",
            (_, false) => "Lose",
        }
    }

    /// The verdict in words with its real cause: a roll failed on fatigue says so
    /// (whatever it was rolled against), a tie says the defence wins it, and any other
    /// result names what it was rolled against.
    pub fn verdict_line(&self) -> String {
        if self.pre {
            return "Pre-rolled: use it on the Defences card when the attack comes".into();
        }
        if self.fatigue_failed && !self.success {
            return format!(
                "{}: fails outright on fatigue {} ({} before potential is below it)",
                self.verdict(),
                self.fatigue_before,
                num(self.roll.before_potential())
            );
        }
        match self.against {
            Against::Opponent { result, defending } if result == self.roll.result => {
                let whose = if defending {
                    "opponent's attack"
                } else {
                    "opponent's defence"
                };
                format!(
                    "{}: {whose} {}, a tie, and the defence wins ties",
                    self.verdict(),
                    num(result)
                )
            }
            Against::Opponent {
                result,
                defending: true,
            } => format!("{}: opponent's attack {}", self.verdict(), num(result)),
            Against::Opponent {
                result,
                defending: false,
            } => format!("{}: opponent's defence {}", self.verdict(), num(result)),
            Against::Cr(_) => format!("{}: {}", self.verdict(), self.against.label()),
        }
    }

    /// What fatigue raised after the roll ("the d6 was below fatigue: …"), or nothing.
    pub fn fatigue_raised_note(&self) -> Option<String> {
        self.fatigue_raised.then(|| {
            format!(
                "The d6 was below fatigue: fatigue rose to {}.",
                self.fatigue_now
            )
        })
    }

    /// What fatigue did to the roll ("; fatigue 2: …"), or nothing.
    pub fn fatigue_note(&self) -> String {
        let mut s = String::new();
        if self.fatigue_failed {
            s.push_str(&format!(
                "; fatigue {}: {} before potential is below it, fails outright",
                self.fatigue_before,
                self.roll.before_potential()
            ));
        }
        if self.fatigue_raised {
            s.push_str(&format!(
                "; the d6 was below fatigue: fatigue rose to {}",
                self.fatigue_now
            ));
        }
        s
    }
}

fn minus(n: i32) -> String {
    if n < 0 {
        format!("+ {}", -n)
    } else {
        format!("− {n}")
    }
}

/// The roll as set up for `h`: consistency and potential with how they are reached.
pub fn setup(h: &HeimrSheet, i: &Inputs) -> Setup {
    let (src, penalty, attr_c, roll_for, aim) = (&i.source, i.penalty, i.attr_c, i.roll_for, i.aim);
    let (ranged_in, charging) = (i.ranged_in, i.charging);
    let kind_for = match roll_for {
        RollFor::Other => RollKind::Other,
        RollFor::Melee => RollKind::MeleeAttack,
        RollFor::Ranged => RollKind::RangedAttack,
    };
    let scores = &h.effective_attributes();
    let (title, base, base_label, mut p, mut p_text, physical, kind, attrs) = match src {
        RollSource::Ability(n) | RollSource::Defence(_, n) | RollSource::Attack(_, n) => {
            let Some(a) = h.ability(n) else {
                return Setup {
                    title: src.label(),
                    c: 0,
                    p: 0,
                    c_text: String::new(),
                    p_text: String::new(),
                    physical: false,
                    kind: RollKind::Other,
                    fatigue: h.fatigue.current,
                    missing: Some(format!("{n} is no longer on the sheet.")),
                    note: None,
                };
            };
            let mut p = a.potential(scores);
            let mut p_text = a.potential_breakdown(scores);
            let kind = match src {
                RollSource::Defence(k, _) => RollKind::Defence(*k),
                RollSource::Attack(AttackWith::Weapon(w) | AttackWith::Both(w, _), _)
                    if !w.is_melee() =>
                {
                    RollKind::RangedAttack
                }
                RollSource::Attack(..) => RollKind::MeleeAttack,
                _ => kind_for,
            };
            if let RollSource::Attack(AttackWith::Weapon(w) | AttackWith::Both(w, _), _) = src {
                let b = attack_bonus(*w);
                p += b;
                p_text = format!(
                    "{p_text}; {} {} → {}",
                    w.name,
                    bonus_label(w.potential_bonus),
                    num(p)
                );
            }
            if kind == RollKind::Defence(DefenceKind::Block) {
                if let Some(s) = h.picked_shield() {
                    if let Some(b) = s.potential_bonus {
                        p += b;
                        p_text = format!("{p_text}; {} P+{b} when blocking → {p}", s.name);
                    }
                }
            }
            (
                src.label(),
                a.consistency(),
                format!("{} {}", a.name, num(a.consistency())),
                p,
                p_text,
                a.is_physical(),
                kind,
                a.attributes.clone(),
            )
        }
        RollSource::Attribute(at) => {
            let v = scores.get(*at);
            (
                at.name().to_string(),
                attr_c,
                format!("GM's consistency {}", num(attr_c)),
                v,
                format!("Potential {0} = {1} {0}", num(v), at.name()),
                at.is_physical(),
                kind_for,
                vec![*at],
            )
        }
    };
    // The readied dodge against a ranged attack, or being hidden from the target of a
    // shot or a charge: P +2.
    let (bonus, why) = match kind {
        RollKind::Defence(k) => (h.defences.p_bonus(k, ranged_in), "readied dodge"),
        k => (h.situation.p_bonus(k, charging), "hidden from the target"),
    };
    if bonus != 0 {
        p += bonus;
        p_text = format!("{p_text}; {why} P+{bonus} → {}", num(p));
    }
    // Observation (a Free action): the square's nearness adds potential.
    let seen = i.observing.p_bonus();
    if seen != 0 {
        p += seen;
        p_text = format!("{p_text}; {} P+{seen} → {}", i.observing.reason(), num(p));
    }
    let mut parts = vec![base_label];
    if penalty != 0 {
        parts.push(format!("{} situational", minus(penalty)));
    }
    // Seed 002 (Situational penalties): "If a situation penalty is applied to an
    // attribute or attribute group, all abilities base on that attribute are also
    // effected." The sheet's penalties on the roll's attributes (or its groups).
    let mut on_attributes = 0;
    for (on, n) in h.situation.attribute_penalties().on_roll(&attrs) {
        on_attributes += n;
        parts.push(format!("{} situational on {}", minus(n), on.name()));
    }
    let after = apply_situational_penalty(base, penalty + on_attributes);
    let conditions = h.situation.conditions();
    let dodged = i.cluster_dodged;
    for (name, n) in h.situation.penalties_after(kind, dodged) {
        parts.push(format!("{} {name}", minus(n)));
    }
    let c = match kind {
        RollKind::Defence(k) => {
            let t = &h.defences;
            let repeats = match k {
                DefenceKind::Dodge => t.dodges,
                DefenceKind::Block => t.blocks,
                DefenceKind::Parry => 0,
            };
            if repeats > 0 {
                parts.push(format!(
                    "− {} for {repeats} earlier {}",
                    2 * repeats,
                    k.name().to_lowercase()
                ));
            }
            if t.ongoing_action {
                parts.push("− 2 ongoing action".into());
            }
            defence_consistency(after, k, t, &conditions)
        }
        _ => after - h.situation.c_penalty_after(kind, dodged),
    };
    let c = match aim {
        Some(part) if kind.is_attack() => {
            parts.push(format!(
                "− {AIMED_ATTACK_C_PENALTY} aiming at the {}",
                part.name().to_lowercase()
            ));
            c - AIMED_ATTACK_C_PENALTY
        }
        _ => c,
    };
    Setup {
        title,
        c,
        p,
        c_text: format!("Consistency {} = {}", num(c), parts.join(" ")),
        p_text,
        physical,
        kind,
        fatigue: h.fatigue.current,
        missing: None,
        note: matches!(src, RollSource::Attack(AttackWith::Brawl(_), _))
            .then(|| BrawlOpening::OFFER.to_string()),
    }
}

/// Why the roll cannot be made now, if it cannot: the ability is gone, the target is
/// out of the weapon's reach, no willpower is left for a re-roll, or the character
/// cannot defend (a position, the defence already used, nothing to block with).
pub fn refused(h: &HeimrSheet, i: &Inputs, reroll: bool, pre: bool) -> Option<String> {
    let s = setup(h, i);
    if let Some(m) = s.missing {
        return Some(m);
    }
    if let Some(AttackWith::Weapon(w) | AttackWith::Both(w, _)) = i.attack() {
        if let Err(e) = reach(w, h.situation.ranged_distance) {
            return Some(e);
        }
    }
    if i.cluster_dodged > 0 {
        if s.kind != RollKind::RangedAttack {
            return Some(
                "Only a ranged attack is re-rolled for another in a combat cluster.".into(),
            );
        }
        if let Err(e) = h.situation.cluster_reroll(i.cluster_dodged) {
            return Some(e);
        }
    }
    if reroll {
        let mut w = h.willpower.clone();
        return pay_for_reroll(&mut w).err();
    }
    if let RollKind::Defence(k) = s.kind {
        if let Some(p) = h.situation.positions.iter().find(|p| !p.can_defend()) {
            return Some(format!("{}: you cannot defend.", p.name()));
        }
        return h
            .defences
            .can_defend(k, h.wielding(), i.ranged_in && !pre)
            .err();
    }
    None
}

/// A roll of the dice panel, made or not.
#[derive(Clone, Debug, PartialEq)]
pub enum Rolled {
    /// Not made, and why ([`refused`]); nothing changed.
    Refused(String),
    /// No attack roll: a luck shot at a hidden target whose d10 did not show 10, or a
    /// brawl attack whose offered melee weapon attack was not dodged. What the panel
    /// says, and its log entry.
    NotRolled { text: String, entry: LogEntry },
    /// Made: what it did, and its log entry.
    Done(Outcome, LogEntry),
}

/// Rolls the challenge set up by `i` (`reroll`: a re-roll paid with willpower; `pre`:
/// a defence rolled ahead and kept for the next attack): counts a defence's use, the
/// fatigue of a physical roll, a charge's ongoing action and a guard's interception,
/// and resolves an attack against the opponent's result (the second weapon's own roll
/// when dual wielding). The log entry is made at `now`.
pub fn roll(
    h: &mut HeimrSheet,
    i: &Inputs,
    reroll: bool,
    pre: bool,
    rng: &mut dyn Rng,
    now: f64,
) -> Rolled {
    if let Some(why) = refused(h, i, reroll, pre) {
        return Rolled::Refused(why);
    }
    let s = setup(h, i);
    let (against, attack) = (i.against, i.attack());
    // A target known to be hidden: only a luck shot, a d10 showing 10 first.
    if attack.is_some() && !reroll && h.situation.target_hidden {
        let d10 = luck_shot(rng);
        if d10 != 10 {
            let text = format!("Luck shot: the d10 shows {d10}, not 10: no attack roll.");
            let entry = LogEntry {
                time: now,
                what: format!("{} at a hidden target", s.title),
                dice: format!("d10 {d10}"),
                target: Some(10),
                passed: Some(false),
                outcome: text.clone(),
            };
            return Rolled::NotRolled { text, entry };
        }
    }
    // A brawl attack whose offered melee weapon attack was not dodged: no brawl roll.
    if i.brawl_opening == BrawlOpening::OfferedNotDodged
        && matches!(attack, Some(AttackWith::Brawl(_)))
    {
        let text = BrawlOpening::FAILED.to_string();
        let entry = LogEntry {
            time: now,
            what: s.title.clone(),
            dice: "no roll".into(),
            target: None,
            passed: Some(false),
            outcome: text.clone(),
        };
        return Rolled::NotRolled { text, entry };
    }
    let roll = roll_challenge(rng, s.c, s.p);
    if i.charging {
        h.defences.start_ongoing_action();
    }
    if reroll {
        let _ = pay_for_reroll(&mut h.willpower);
    }
    // A pre-rolled defence counts (its use, its fatigue) only when used. Seed 002: "If
    // you use a ranged attack against a target in a combat cluster, and have to make
    // multiple dice challenge, only the first dice challenge can effect fatigue": a
    // cluster re-roll does not raise fatigue; it can still fail outright on it (the
    // app's choice: the seed's "effect fatigue" is its rise, and the fatigue
    // requirement is on "any roll based on a physical attribute").
    let (fatigue_failed, fatigue_raised) = if s.physical && !pre && i.cluster_dodged > 0 {
        (h.fatigue.fails_outright(&roll), false)
    } else if s.physical && !pre {
        let o = resolve_physical(&mut h.fatigue, &roll, None);
        (o.fatigue_failed, o.fatigue_raised)
    } else {
        (false, false)
    };
    if let RollKind::Defence(kind) = s.kind {
        if pre {
            h.defences.pre_rolled = Some(PreRolled {
                kind,
                result: roll.result,
                d6: roll.d6,
                before_potential: roll.before_potential(),
                physical: s.physical,
            });
        } else {
            h.defences.record(kind);
        }
    }
    let success = pre || (!fatigue_failed && against.succeeds(roll.result));
    let guard = match s.kind {
        RollKind::Defence(k) if !pre && i.intercepting && !h.situation.guarding.is_empty() => {
            h.situation.guarding.clear();
            Some(guard_intercept(k, i.ranged_in, success).to_string())
        }
        _ => None,
    };
    let hit = match (attack, against) {
        (
            Some(with),
            Against::Opponent {
                result,
                defending: false,
            },
        ) => Some(attack_text(
            h,
            i,
            with,
            &roll,
            fatigue_failed,
            s.physical,
            result,
            rng,
        )),
        _ => guard,
    };
    // A shot into a cluster that did not hit: if the target dodged, the attack is
    // re-rolled for the next character, one penalty lower (while one is left). Failed
    // on fatigue, "the opponent does not have to defend": nothing was dodged.
    let cluster_next = s.kind == RollKind::RangedAttack
        && matches!(
            against,
            Against::Opponent {
                defending: false,
                ..
            }
        )
        && !success
        && !fatigue_failed
        && h.situation.cluster_reroll(i.cluster_dodged + 1).is_ok();
    let o = Outcome {
        cluster_next,
        hit: hit.clone(),
        roll: roll.clone(),
        against,
        success,
        fatigue_failed,
        fatigue_raised,
        fatigue_before: s.fatigue,
        fatigue_now: h.fatigue.current,
        reroll,
        pre,
    };
    let entry = LogEntry {
        time: now,
        what: format!(
            "{}{}{} (C {}, P {}){}",
            if i.cluster_dodged > 0 {
                format!(
                    "Re-rolled at the next in the cluster ({} dodged): ",
                    i.cluster_dodged
                )
            } else {
                String::new()
            },
            if reroll {
                "Re-roll: "
            } else if pre {
                "Pre-rolled "
            } else {
                ""
            },
            s.title,
            num(roll.consistency),
            num(roll.potential),
            if pre {
                String::new()
            } else {
                format!(" vs {}", against.label())
            }
        ),
        dice: dice_text(&roll),
        target: (!pre).then_some(match against {
            Against::Cr(n) => n,
            Against::Opponent { result, .. } => result,
        }),
        passed: (!pre).then_some(success),
        outcome: format!(
            "{}: {}{}{}",
            if pre {
                "Kept for the next attack"
            } else {
                o.verdict()
            },
            roll.explain(),
            o.fatigue_note(),
            hit.map(|h| format!("; {h}")).unwrap_or_default()
        ),
    };
    Rolled::Done(o, entry)
}

/// What an attack rolled as `roll` did against the opponent's `result`; dual wielding,
/// the second weapon rolls its own attack, with its own bonus, against the same target.
#[allow(clippy::too_many_arguments)]
fn attack_text(
    h: &mut HeimrSheet,
    i: &Inputs,
    with: AttackWith,
    roll: &ChallengeRoll,
    fatigue_failed: bool,
    physical: bool,
    result: i32,
    rng: &mut dyn Rng,
) -> String {
    // A physical roll failed on fatigue: "the opponent does not have to defend", so it
    // is a miss whatever the result.
    let r = if fatigue_failed {
        i32::MIN
    } else {
        roll.result
    };
    let hit = resolve(with, r, result, roll.d6, i.aim);
    let mut text = hit.text(with);
    if matches!(hit, Hit::Hit { .. } | Hit::Graze(_)) && i.aim.is_none() {
        text = format!("{text} (the d6 shows {})", roll.d6);
    }
    let (AttackWith::Both(first, second), RollSource::Attack(_, n)) = (with, &i.source) else {
        return text;
    };
    let scores = h.effective_attributes();
    let cp = |a: &Ability| (a.consistency(), a.potential(&scores));
    let a1 = h.ability(n).map(cp).unwrap_or_default();
    let a2 = second
        .abilities
        .iter()
        .find_map(|w| h.abilities.iter().find(|a| a.name.eq_ignore_ascii_case(w)))
        .map_or(a1, cp);
    let (c2, p2) = second_roll((roll.consistency, roll.potential), a1, a2, (first, second));
    let r2 = roll_challenge(rng, c2, p2);
    // Physical like the first: fatigue can fail it, and its d6 can raise fatigue (still
    // at most once a turn).
    let failed = physical && h.fatigue.fails_outright(&r2);
    if physical {
        h.fatigue.after_physical_roll(r2.d6);
    }
    let w2 = AttackWith::Weapon(second);
    let r = if failed { i32::MIN } else { r2.result };
    let h2 = resolve(w2, r, result, r2.d6, i.aim);
    format!(
        "{text}. {} (C {}, P {}): {} → {}{}",
        second.name,
        num(c2),
        num(p2),
        dice_text(&r2),
        h2.text(w2),
        if failed { " (fails on fatigue)" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::FixedDice;
    use crate::rules::heimr::armoury::{Weapon, WEAPONS};

    /// Lore (Intelligence 3, base consistency 1): a mental ability; Fencing
    /// (Dexterity 3, base 0): a physical one.
    fn sheet() -> HeimrSheet {
        let mut h = HeimrSheet::default();
        h.attributes.set(Attribute::Intelligence, 3);
        h.attributes.set(Attribute::Dexterity, 3);
        h.abilities
            .push(Ability::new("Lore", &[Attribute::Intelligence], 1).unwrap());
        h.abilities
            .push(Ability::new("Fencing", &[Attribute::Dexterity], 0).unwrap());
        h.willpower.max = 3;
        h.willpower.current = 1;
        h
    }

    #[test]
    fn observing_a_square_adds_its_potential_with_the_reason() {
        let h = sheet();
        let mut i = inputs(RollSource::Ability("Perception".into()), Against::Cr(8));
        let plain = setup(&h, &i);
        i.observing = Observing::OwnLocation;
        let near = setup(&h, &i);
        assert_eq!(near.p, plain.p + 2);
        assert!(
            near.p_text
                .ends_with("observing a square in your location P+2 → 5"),
            "{}",
            near.p_text
        );
        i.observing = Observing::Bordering;
        assert_eq!(setup(&h, &i).p, plain.p + 1);
        i.observing = Observing::Farther;
        assert_eq!(setup(&h, &i).p, plain.p);
    }

    fn inputs(source: RollSource, against: Against) -> Inputs {
        Inputs {
            source,
            penalty: 0,
            attr_c: 0,
            roll_for: RollFor::Other,
            aim: None,
            observing: Observing::Nothing,
            brawl_opening: BrawlOpening::Open,
            cluster_dodged: 0,
            ranged_in: false,
            charging: false,
            intercepting: false,
            against,
        }
    }

    fn done(r: Rolled) -> (Outcome, LogEntry) {
        match r {
            Rolled::Done(o, e) => (o, e),
            other => panic!("not rolled: {other:?}"),
        }
    }

    #[test]
    fn a_challenge_against_a_cr_is_rolled_as_set_up_and_logged() {
        let mut h = sheet();
        let i = inputs(RollSource::Ability("Lore".into()), Against::Cr(6));
        let s = setup(&h, &i);
        assert_eq!((s.c, s.p, s.physical), (1, 3, false));
        // One consistency die: the d6 first, then a d10.
        let mut dice = FixedDice::new(&[(4, 6), (7, 10)]);
        let (o, entry) = done(roll(&mut h, &i, false, false, &mut dice, 9.0));
        let want = roll_challenge(&mut FixedDice::new(&[(4, 6), (7, 10)]), 1, 3);
        assert_eq!(o.roll, want);
        assert_eq!(o.success, want.result >= 6);
        assert_eq!(entry.what, "Lore (C 1, P 3) vs CR 6");
        assert_eq!(entry.dice, dice_text(&want));
        assert_eq!(
            (entry.target, entry.passed, entry.time),
            (Some(6), Some(o.success), 9.0)
        );
        assert!(entry.outcome.starts_with(o.verdict()), "{}", entry.outcome);
    }

    #[test]
    fn the_verdict_names_its_real_cause() {
        // Fencing is physical (Dexterity 3, C 0, P 3): the d6 alone, plus 3.
        let mut h = sheet();
        let mut verdict = |fatigue: u32, result: i32, defending: bool, d6: u32| {
            h.fatigue.current = fatigue;
            let against = Against::Opponent { result, defending };
            let i = inputs(RollSource::Ability("Fencing".into()), against);
            let dice = &mut FixedDice::new(&[(d6, 6)]);
            done(roll(&mut h, &i, false, false, dice, 0.0))
                .0
                .verdict_line()
        };
        // At fatigue 5 a d6 of 3 fails outright, though 3 + 3 = 6 beats a defence of 2.
        assert_eq!(
            verdict(5, 2, false, 3),
            "Lose: fails outright on fatigue 5 (3 before potential is below it)"
        );
        // Beaten outright: no word of ties.
        assert_eq!(verdict(1, 9, false, 4), "Lose: opponent's defence 9");
        // A tie: the defence wins it, either way round.
        assert_eq!(
            verdict(1, 7, false, 4),
            "Lose: opponent's defence 7, a tie, and the defence wins ties"
        );
        assert_eq!(
            verdict(1, 7, true, 4),
            "Win: opponent's attack 7, a tie, and the defence wins ties"
        );
    }

    #[test]
    fn a_reroll_costs_willpower_and_is_refused_without_any() {
        let mut h = sheet();
        let i = inputs(RollSource::Ability("Lore".into()), Against::Cr(6));
        let mut dice = FixedDice::new(&[(2, 6), (1, 10)]);
        let (o, entry) = done(roll(&mut h, &i, true, false, &mut dice, 0.0));
        assert!(o.reroll);
        assert_eq!(h.willpower.current, 0);
        assert!(entry.what.starts_with("Re-roll: Lore"));
        let mut none = FixedDice::new(&[]);
        assert_eq!(
            roll(&mut h, &i, true, false, &mut none, 0.0),
            Rolled::Refused(
                "Re-rolling a failed challenge costs 1 willpower; you have none left.".into()
            )
        );
        assert_eq!(refused(&h, &i, false, false), None, "a first roll is fine");
    }

    #[test]
    fn a_defence_rolled_ahead_is_kept_for_the_next_attack_and_not_yet_counted() {
        let mut h = sheet();
        let source = RollSource::Defence(DefenceKind::Dodge, "Fencing".into());
        let i = inputs(
            source,
            Against::Opponent {
                result: 8,
                defending: true,
            },
        );
        let mut dice = FixedDice::new(&[(5, 6)]);
        let (o, entry) = done(roll(&mut h, &i, false, true, &mut dice, 0.0));
        assert!(o.pre && o.success);
        let kept = h.defences.pre_rolled.expect("kept");
        assert_eq!(
            (kept.kind, kept.result),
            (DefenceKind::Dodge, o.roll.result)
        );
        assert_eq!(h.defences.dodges, 0, "counted only when used");
        assert!(entry.what.starts_with("Pre-rolled Dodge with Fencing"));
        assert!(entry.outcome.starts_with("Kept for the next attack"));
        assert_eq!((entry.target, entry.passed), (None, None));
    }

    #[test]
    fn an_attack_at_a_hidden_target_needs_a_luck_shot_first() {
        let mut h = sheet();
        h.situation.target_hidden = true;
        let source = RollSource::Attack(AttackWith::Weapon(WEAPONS[0]), "Fencing".into());
        let i = inputs(
            source,
            Against::Opponent {
                result: 8,
                defending: false,
            },
        );
        let mut dice = FixedDice::new(&[(7, 10)]);
        match roll(&mut h, &i, false, false, &mut dice, 3.0) {
            Rolled::NotRolled { text, entry } => {
                assert_eq!(text, "Luck shot: the d10 shows 7, not 10: no attack roll.");
                assert_eq!((entry.dice.as_str(), entry.passed), ("d10 7", Some(false)));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            h,
            {
                let mut s = sheet();
                s.situation.target_hidden = true;
                s
            },
            "nothing else changes"
        );
        // A 10: the attack is rolled (a hidden target lowers consistency: a d10 for
        // each point below 0), and says what it did.
        let c = setup(&h, &i).c;
        let mut faces = vec![(10, 10), (6, 6)];
        faces.extend(std::iter::repeat_n((5, 10), c.unsigned_abs() as usize));
        let mut dice = FixedDice::new(&faces);
        let (o, entry) = done(roll(&mut h, &i, false, false, &mut dice, 3.0));
        let text = o.hit.expect("what the attack did");
        assert!(entry.outcome.ends_with(&text), "{}", entry.outcome);
    }

    #[test]
    fn a_penalty_on_an_attribute_or_its_group_lowers_the_abilities_based_on_it() {
        // The sheet's record, read as a saved document holds it (so the test runs
        // against any version that reads a situation).
        let mut h = sheet();
        h.situation =
            serde_json::from_str(r#"{"attribute_penalties": {"dexterity": 2, "physical": 1}}"#)
                .unwrap();
        let fencing = inputs(RollSource::Ability("Fencing".into()), Against::Cr(6));
        let s = setup(&h, &fencing);
        assert_eq!(s.c, -3, "Fencing (Dexterity) C 0 − 2 − 1");
        assert_eq!(
            s.c_text,
            "Consistency −3 = Fencing 0 − 2 situational on Dexterity − 1 situational on physical attributes"
        );
        // An attack or a defence rolled with it takes the same penalty.
        let dodge = inputs(
            RollSource::Defence(DefenceKind::Dodge, "Fencing".into()),
            Against::Cr(6),
        );
        assert_eq!(setup(&h, &dodge).c, -3);
        // The attribute rolled directly too; a mental ability does not.
        let dex = inputs(RollSource::Attribute(Attribute::Dexterity), Against::Cr(6));
        assert_eq!(setup(&h, &dex).c, -3);
        let lore = inputs(RollSource::Ability("Lore".into()), Against::Cr(6));
        assert_eq!(setup(&h, &lore).c, 1);
        // And the roll is made at that consistency: three d10s, the lowest taken.
        let mut dice = FixedDice::new(&[(6, 6), (9, 10), (8, 10), (7, 10)]);
        let (o, entry) = done(roll(&mut h, &fencing, false, false, &mut dice, 0.0));
        assert_eq!(o.roll.consistency, -3);
        assert!(entry.what.starts_with("Fencing (C −3,"), "{}", entry.what);
    }

    #[test]
    fn a_brawl_attack_offers_the_opponent_a_melee_weapon_attack_first() {
        let mut h = sheet();
        let against = Against::Opponent {
            result: 3,
            defending: false,
        };
        let mut i = inputs(
            RollSource::Attack(AttackWith::Brawl(BrawlEffect::Hit), "Brawl".into()),
            against,
        );
        let note = setup(&h, &i).note.expect("the seed's offered attack");
        assert!(
            note.contains(
                "this brawl attack gives them a melee weapon attack on you first, as if readied"
            ),
            "{note}"
        );
        let weapon = inputs(
            RollSource::Attack(AttackWith::Weapon(WEAPONS[0]), "Fencing".into()),
            against,
        );
        assert_eq!(
            setup(&h, &weapon).note,
            None,
            "a weapon attack offers nothing"
        );
        // Not dodged: no brawl roll, the attack fails, nothing else changes.
        i.brawl_opening = BrawlOpening::OfferedNotDodged;
        let before = h.clone();
        match roll(&mut h, &i, false, false, &mut FixedDice::new(&[]), 2.0) {
            Rolled::NotRolled { text, entry } => {
                assert_eq!(text, BrawlOpening::FAILED);
                assert_eq!(
                    (entry.passed, entry.dice.as_str()),
                    (Some(false), "no roll")
                );
                assert_eq!(entry.what, "Brawl attack (hit 1)");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(h, before);
        // Dodged: the brawl ability is rolled.
        i.brawl_opening = BrawlOpening::OfferedDodged;
        let (o, _) = done(roll(
            &mut h,
            &i,
            false,
            false,
            &mut FixedDice::new(&[(6, 6)]),
            2.0,
        ));
        assert!(o.hit.is_some());
    }

    #[test]
    fn a_shot_into_a_cluster_is_rerolled_at_the_next_one_with_the_penalty_one_lower() {
        let mut h = sheet();
        h.situation.cluster = 3;
        let bow = Weapon::by_name("Bow").unwrap();
        let mut i = inputs(
            RollSource::Attack(AttackWith::Weapon(bow), "Fencing".into()),
            Against::Opponent {
                result: 30,
                defending: false,
            },
        );
        let first = setup(&h, &i);
        assert!(
            first.c_text.ends_with("− 3 Into a cluster of 3"),
            "{}",
            first.c_text
        );
        // Missed (the target dodged): offered again for the next in the cluster.
        // The d6, then a d10 of 10 for each point of consistency below 0.
        let faces = |d6: u32, c: i32| {
            let mut f = vec![(d6, 6)];
            f.extend(std::iter::repeat_n((10, 10), c.unsigned_abs() as usize));
            FixedDice::new(&f)
        };
        h.fatigue.current = 1;
        let (o, _) = done(roll(&mut h, &i, false, false, &mut faces(6, first.c), 0.0));
        assert!(!o.success && o.cluster_next);
        // The re-roll lowers the cluster's penalty by one itself.
        i.cluster_dodged = 1;
        let second = setup(&h, &i);
        assert_eq!(second.c, first.c + 1);
        assert!(
            second.c_text.ends_with("− 2 Into a cluster of 3, 1 dodged"),
            "{}",
            second.c_text
        );
        // Only the first roll can raise fatigue: a d6 of 1 below fatigue 3 does not.
        h.fatigue.current = 3;
        let (o, entry) = done(roll(&mut h, &i, false, false, &mut faces(1, second.c), 0.0));
        assert!(!o.fatigue_raised && h.fatigue.current == 3);
        assert!(o.fatigue_failed, "still fails outright on fatigue");
        assert!(!o.cluster_next, "failed on fatigue: nothing was dodged");
        assert!(
            entry
                .what
                .starts_with("Re-rolled at the next in the cluster (1 dodged): "),
            "{}",
            entry.what
        );
        // The last of the three, then nobody is left.
        h.fatigue.current = 1;
        i.cluster_dodged = 2;
        let third = setup(&h, &i);
        assert_eq!(third.c, first.c + 2);
        let (o, _) = done(roll(&mut h, &i, false, false, &mut faces(6, third.c), 0.0));
        assert!(!o.success && !o.cluster_next, "all three have dodged");
        i.cluster_dodged = 3;
        assert!(refused(&h, &i, false, false).is_some());
    }

    #[test]
    fn dual_wielding_rolls_the_second_weapon_against_the_same_target() {
        let mut h = sheet();
        let both = AttackWith::Both(WEAPONS[0], WEAPONS[1]);
        let i = inputs(
            RollSource::Attack(both, "Fencing".into()),
            Against::Opponent {
                result: 2,
                defending: false,
            },
        );
        let mut dice = FixedDice::new(&[(6, 6), (6, 6)]);
        let (o, _) = done(roll(&mut h, &i, false, false, &mut dice, 0.0));
        let text = o.hit.expect("both weapons' text");
        assert!(
            text.contains(&format!(". {} (C ", WEAPONS[1].name)),
            "{text}"
        );
    }
}
