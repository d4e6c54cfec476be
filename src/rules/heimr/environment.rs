//! The seed's environment tables as calculators: challenge requirements (crossing,
//! climbing, waking, jumping down, falling), movement limits, structural barriers
//! and their toughness, and concealment.

use super::injuries::BodyPart;

/// What failing a challenge means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fail {
    Cross,
    Climb,
    Wake,
    Jump,
    Fall,
}

impl Fail {
    pub fn text(self) -> &'static str {
        match self {
            Fail::Cross => "Failing: you can't cross the border and fall prone.",
            Fail::Climb => "Failing: you fall from the height you try to reach.",
            Fail::Wake => "Failing: you sleep on.",
            Fail::Jump | Fail::Fall => "Failing: HP down to 3 − the height; the legs are injured, the torso too at −4 or below. Armour doesn't help.",
        }
    }
}

/// One row of the seed's challenge tables. `cr` None: no roll needed; for a jump or
/// fall the CR comes from the height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Challenge {
    pub name: &'static str,
    pub cr: Option<i32>,
    pub fail: Fail,
}

const fn ch(name: &'static str, cr: i32, fail: Fail) -> Challenge {
    Challenge {
        name,
        cr: Some(cr),
        fail,
    }
}

/// The crossing and climbing tables, waking (the sleeping position), jumping down
/// and falling.
pub const CHALLENGES: [Challenge; 17] = [
    ch("Cross: window", 5, Fail::Cross),
    ch("Cross: 1.5 meter jump", 1, Fail::Cross),
    ch("Cross: 2 meter jump", 3, Fail::Cross),
    ch("Cross: 2.5 meter jump", 6, Fail::Cross),
    ch("Cross: 3 meter jump", 9, Fail::Cross),
    ch("Cross: rope swing", 4, Fail::Cross),
    Challenge {
        name: "Climb: ladder or stairs",
        cr: None,
        fail: Fail::Climb,
    },
    ch("Climb: rope ladder", 2, Fail::Climb),
    ch("Climb: rope", 4, Fail::Climb),
    ch("Climb: rock face", 6, Fail::Climb),
    ch("Climb: steep rock face", 9, Fail::Climb),
    ch("Climb: tree", 5, Fail::Climb),
    ch("Climb: stone wall", 11, Fail::Climb),
    ch("Wake: a soft sound", 9, Fail::Wake),
    ch("Wake: a louder sound", 5, Fail::Wake),
    Challenge {
        name: "Jump down (CR 2 × height)",
        cr: None,
        fail: Fail::Jump,
    },
    Challenge {
        name: "Fall (CR 2 + 2 × height)",
        cr: None,
        fail: Fail::Fall,
    },
];

impl Challenge {
    /// The CR to roll against, if any: a jump down from a height of two or more is
    /// 2 × height, a fall 2 + 2 × height; a height of one or less is no roll (you
    /// "can freely move around as long as the height difference is no more then one").
    pub fn cr_at(self, height: u32) -> Option<i32> {
        let h = height as i32;
        match self.fail {
            Fail::Jump if h >= 2 => Some(2 * h),
            Fail::Fall if h >= 2 => Some(2 + 2 * h),
            Fail::Jump | Fail::Fall => None,
            _ => self.cr,
        }
    }
}

/// A failed jump or fall from `height`: HP is reduced to 3 − height (never raised:
/// a character already lower stays where they are — the seed is silent; a player
/// expects a fall not to heal), and the parts injured: both legs, the torso too at
/// −4 or below. No parts when the HP left is above 0 (not injured).
pub fn fall(hp: i32, height: u32) -> (i32, Vec<BodyPart>) {
    let after = hp.min(3 - height as i32);
    let mut parts = Vec::new();
    if after <= 0 {
        parts.extend([BodyPart::RightLeg, BodyPart::LeftLeg]);
        if after <= -4 {
            parts.push(BodyPart::Torso);
        }
    }
    (after, parts)
}

/// Movement limits: how many may cross the border in one turn.
pub const MOVEMENT_LIMITS: [(&str, u32); 5] = [
    ("Single door", 2),
    ("Thick vegetation", 2),
    ("Double door", 4),
    ("Window", 1),
    ("Ladder", 1),
];

/// The turns `crossing` characters need through a border with this limit: the count
/// restarts each turn with the first to cross, so `limit` a turn.
pub fn turns_to_cross(limit: u32, crossing: u32) -> u32 {
    crossing.div_ceil(limit.max(1))
}

/// Structural barriers and their toughness.
pub const BARRIERS: [(&str, u32); 5] = [
    ("Regular door", 2),
    ("Strong door", 4),
    ("Regular gate", 6),
    ("Wooden wall", 4),
    ("Stone wall", 6),
];

/// Whether a Break effect of this number destroys a barrier: the seed says a break
/// "strong enough" destroys it and gives barriers a toughness so they can be broken;
/// a player expects a Break at least as high as the toughness to do it.
pub fn breaks(toughness: u32, strength: u32) -> bool {
    strength >= toughness
}

/// Concealment: name, effectiveness, height.
pub const CONCEALMENT: [(&str, u32, &str); 6] = [
    ("Thick tree", 2, "4 or more"),
    ("Wooden cart or crate", 2, "1"),
    ("Shrubbery", 1, "1"),
    ("Stone merlon", 5, "2"),
    ("Wooden table", 3, "1"),
    ("Tall grass", 1, "1"),
];

/// Darkness and extreme weather give 1 to 3 (3: no sight at all).
pub const DARKNESS_MAX: u32 = 3;

/// The concealment of someone behind `object` (0: none) in `darkness` (darkness or
/// extreme weather, 0–3). "Darkness or extreme weather improve the effectiveness of
/// other concealment": the seed gives no number, so they add up, as a player expects.
pub fn concealment(object: u32, darkness: u32) -> u32 {
    object + darkness.min(DARKNESS_MAX)
}

/// One row of any of the tables, for the one calculator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Challenge(Challenge),
    Limit(&'static str, u32),
    Barrier(&'static str, u32),
    Cover(&'static str, u32, &'static str),
}

/// Every row of the tables with the text of its pick list entry.
pub fn rows() -> Vec<(String, Row)> {
    let mut out: Vec<(String, Row)> = CHALLENGES
        .iter()
        .map(|c| {
            let t = match c.cr {
                Some(cr) => format!("{} (CR {cr})", c.name),
                None => c.name.to_string(),
            };
            (t, Row::Challenge(*c))
        })
        .collect();
    for (n, l) in MOVEMENT_LIMITS {
        out.push((format!("Limit: {n}, {l} a turn"), Row::Limit(n, l)));
    }
    for (n, t) in BARRIERS {
        out.push((format!("Barrier: {n}, toughness {t}"), Row::Barrier(n, t)));
    }
    out.push((
        "Cover: darkness or weather only".into(),
        Row::Cover("", 0, ""),
    ));
    for (n, e, h) in CONCEALMENT {
        out.push((format!("Cover: {n}, {e} (height {h})"), Row::Cover(n, e, h)));
    }
    out
}

/// The one number the calculator takes for this row.
pub fn number_meaning(row: Row) -> &'static str {
    match row {
        Row::Challenge(_) => "height (jump down, fall)",
        Row::Limit(..) => "characters crossing",
        Row::Barrier(..) => "the Break called",
        Row::Cover(..) => "darkness or weather (0–3)",
    }
}

/// The ability a challenge is rolled with: its name, C, P and, for a physical one,
/// the fatigue.
pub type Roller<'a> = (&'a str, i32, i32, Option<u32>);

/// The calculator: what the row comes to with the number `n` (and, for a challenge,
/// the chance of the ability `with`).
pub fn calculate(row: Row, n: u32, with: Option<Roller>) -> String {
    use super::challenge::{success_probability, Against};
    use super::num;
    match row {
        Row::Challenge(c) => match (c.cr_at(n), with) {
            (None, _) => format!("No roll needed. {}", c.fail.text()),
            (Some(cr), Some((name, cc, p, f))) => format!(
                "CR {cr} with {name} (C {}, P {}): {}. {}",
                num(cc),
                num(p),
                success_probability(cc, p, Against::Cr(cr), f).percent_text(),
                c.fail.text()
            ),
            (Some(cr), None) => format!("CR {cr}. {}", c.fail.text()),
        },
        Row::Limit(name, l) => format!(
            "{name}: {l} a turn, so {n} cross in {} turn(s).",
            turns_to_cross(l, n)
        ),
        Row::Barrier(name, t) if breaks(t, n) => {
            format!("Break {n} destroys the {}.", name.to_lowercase())
        }
        Row::Barrier(name, t) => {
            format!("The {} holds: it needs Break {t}.", name.to_lowercase())
        }
        Row::Cover(_, e, _) => {
            let c = concealment(e, n);
            format!(
                "Concealment {c}: attacks on them at C {}; if hidden, only a luck shot at C {}.",
                num(-(c as i32)),
                num(-(c as i32) - 1)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::SeededRng;
    use crate::rules::heimr::dice::{pass_probability, roll_challenge};

    fn find(name: &str) -> Challenge {
        *CHALLENGES.iter().find(|c| c.name.contains(name)).unwrap()
    }

    #[test]
    fn the_seed_tables() {
        assert_eq!(find("window").cr_at(0), Some(5));
        assert_eq!(find("3 meter").cr_at(0), Some(9));
        assert_eq!(find("stone wall").cr_at(7), Some(11));
        assert_eq!(find("ladder or stairs").cr_at(0), None);
        assert_eq!(find("soft").cr_at(0), Some(9));
        assert_eq!(find("louder").cr_at(0), Some(5));
        // Seed: with a height of 4, jumping needs 8 and falling 10.
        assert_eq!(find("Jump").cr_at(4), Some(8));
        assert_eq!(find("Fall").cr_at(4), Some(10));
        assert_eq!(find("Fall").cr_at(1), None, "one high: no roll");
        assert!(find("rope swing").fail.text().contains("prone"));
    }

    #[test]
    fn a_seeded_climb_against_the_table() {
        // Agility C 1, P 2 against the rope's CR 4, rolled with a seeded generator.
        let cr = find("Climb: rope").cr_at(0).unwrap();
        let mut rng = SeededRng::new(42);
        let passed = (0..600)
            .filter(|_| roll_challenge(&mut rng, 1, 2).passes(cr))
            .count();
        let p = pass_probability(1, 2, cr).as_f64();
        assert!(
            (passed as f64 / 600.0 - p).abs() < 0.06,
            "{passed}/600 vs {p}"
        );
    }

    #[test]
    fn falling_sets_hp_to_three_minus_the_height() {
        // Seed: falling from a height of six reduces you to −3 HP.
        assert_eq!(
            fall(10, 6),
            (-3, vec![BodyPart::RightLeg, BodyPart::LeftLeg])
        );
        assert_eq!(fall(10, 2), (1, vec![]), "1 HP: not injured");
        assert_eq!(fall(10, 7).1.len(), 3, "−4: the torso too");
        assert_eq!(fall(-1, 2).0, -1, "a fall never raises HP");
    }

    #[test]
    fn the_one_calculator() {
        let rows = rows();
        assert_eq!(rows.len(), CHALLENGES.len() + 5 + 5 + 7);
        let row = |t: &str| rows.iter().find(|r| r.0 == t).unwrap().1;
        assert_eq!(
            calculate(row("Climb: rope (CR 4)"), 0, Some(("Agility", 0, 0, Some(4)))),
            "CR 4 with Agility (C 0, P 0): 50%. Failing: you fall from the height you try to reach."
        );
        assert!(calculate(row("Fall (CR 2 + 2 × height)"), 6, None).starts_with("CR 14."));
        assert!(calculate(row("Climb: ladder or stairs"), 0, None).starts_with("No roll"));
        assert_eq!(
            calculate(row("Limit: Single door, 2 a turn"), 5, None),
            "Single door: 2 a turn, so 5 cross in 3 turn(s)."
        );
        assert_eq!(
            calculate(row("Barrier: Stone wall, toughness 6"), 5, None),
            "The stone wall holds: it needs Break 6."
        );
        assert_eq!(
            calculate(row("Cover: Stone merlon, 5 (height 2)"), 1, None),
            "Concealment 6: attacks on them at C −6; if hidden, only a luck shot at C −7."
        );
        assert!(calculate(row("Cover: darkness or weather only"), 0, None).contains("C 0;"));
        assert_eq!(
            number_meaning(row("Barrier: Stone wall, toughness 6")),
            "the Break called"
        );
    }

    #[test]
    fn limits_barriers_and_concealment() {
        assert_eq!(turns_to_cross(2, 5), 3);
        assert_eq!(turns_to_cross(1, 1), 1);
        assert_eq!(turns_to_cross(4, 0), 0);
        assert_eq!(turns_to_cross(0, 3), 3, "a zero limit is read as one");
        let (_, stone) = BARRIERS[4];
        assert!(!breaks(stone, 5));
        assert!(breaks(stone, 6));
        assert_eq!(concealment(5, 0), 5);
        assert_eq!(concealment(1, 2), 3);
        assert_eq!(concealment(0, 9), 3, "darkness gives at most 3");
    }
}
