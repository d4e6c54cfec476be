//! Derived values with their breakdowns. Each value is computed *as* a breakdown, so the
//! number on the sheet and the "how was this reached" text can never disagree.

use super::modifiers::{active_for, Target};
use super::{Attr, Labels, Modifier, Scores};

/// One added or subtracted part of a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    pub source: String,
    pub amount: i32,
}

/// A value, what it starts from, and each part added to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// The value's name in the character's ruleset ("Defense", "Health").
    pub name: String,
    pub value: i32,
    /// How the starting number was reached ("Agility 10", "Might 13 ÷ 2, rounded up").
    pub base_text: String,
    pub base: i32,
    pub terms: Vec<Term>,
}

impl Breakdown {
    fn start(name: &str, base: i32, base_text: String) -> Self {
        Breakdown {
            name: name.to_string(),
            value: base,
            base_text,
            base,
            terms: Vec::new(),
        }
    }

    fn add(&mut self, source: impl Into<String>, amount: i32) {
        if amount != 0 {
            self.terms.push(Term {
                source: source.into(),
                amount,
            });
            self.value += amount;
        }
    }

    fn add_modifiers(&mut self, mods: &[Modifier], target: Target) {
        for m in active_for(mods, target) {
            self.add(m.source.clone(), m.amount);
        }
    }

    /// "Defense 6 = Agility 10 − armor 2 − Robust 2"
    pub fn text(&self) -> String {
        let mut s = format!(
            "{} {} = {}",
            self.name,
            fmt_signed(self.value),
            self.base_text
        );
        for t in &self.terms {
            if t.amount < 0 {
                s.push_str(&format!(" − {} {}", t.source, -t.amount));
            } else {
                s.push_str(&format!(" + {} {}", t.source, t.amount));
            }
        }
        s
    }
}

/// Negative numbers with a real minus sign, as the rest of the sheet shows them.
pub fn fmt_signed(n: i32) -> String {
    if n < 0 {
        format!("−{}", -n)
    } else {
        n.to_string()
    }
}

/// A change, with its sign either way: "+3", "−2", "0".
pub fn fmt_plus(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        fmt_signed(n)
    }
}

/// Everything the derived values depend on besides the label table.
#[derive(Clone, Debug, Default)]
pub struct Inputs<'a> {
    pub scores: Scores,
    pub modifiers: &'a [Modifier],
    /// Worn armor as (name, Impeding) pairs; each lowers Defense by its Impeding.
    pub worn_armor: Vec<(String, i32)>,
    /// The shield or buckler in use, if any: +1 Defense.
    pub shield: Option<String>,
    /// Encumbrance above the threshold: −1 Defense each.
    pub encumbrance_over: i32,
}

/// ceil(n / 2) for any sign (Pain Threshold and Corruption Threshold round up).
pub fn half_up(n: i32) -> i32 {
    -((-n).div_euclid(2))
}

/// Effective attribute = base score + active modifiers that name it.
pub fn effective(inp: &Inputs, l: &Labels, a: Attr) -> Breakdown {
    let base = inp.scores.get(a);
    let mut b = Breakdown::start(l.attr(a), base, format!("base {}", fmt_signed(base)));
    b.add_modifiers(inp.modifiers, Target::Attr(a));
    b
}

/// max Toughness = max(Might, 10) + modifiers.
pub fn max_toughness(inp: &Inputs, l: &Labels) -> Breakdown {
    let might = effective(inp, l, Attr::Might).value;
    let (base, text) = if might >= 10 {
        (
            might,
            format!("{} {}", l.attr(Attr::Might), fmt_signed(might)),
        )
    } else {
        (
            10,
            format!(
                "at least 10 ({} {})",
                l.attr(Attr::Might),
                fmt_signed(might)
            ),
        )
    };
    let mut b = Breakdown::start(l.toughness, base, text);
    b.add_modifiers(inp.modifiers, Target::Toughness);
    b
}

/// Pain Threshold = ceil(Might / 2) + modifiers, from the actual Might even below 10.
pub fn pain_threshold(inp: &Inputs, l: &Labels) -> Breakdown {
    let might = effective(inp, l, Attr::Might).value;
    let base = half_up(might);
    let text = half_text(l.attr(Attr::Might), might);
    let mut b = Breakdown::start(l.pain_threshold, base, text);
    b.add_modifiers(inp.modifiers, Target::PainThreshold);
    b
}

fn half_text(attr: &str, score: i32) -> String {
    if score % 2 == 0 {
        format!("{attr} {} ÷ 2", fmt_signed(score))
    } else {
        format!("{attr} {} ÷ 2, rounded up", fmt_signed(score))
    }
}

/// Defense = Agility − worn armor's Impeding − encumbrance overage + 1 with a shield +
/// modifiers.
pub fn defense(inp: &Inputs, l: &Labels) -> Breakdown {
    let agility = effective(inp, l, Attr::Agility).value;
    let mut b = Breakdown::start(
        l.defense,
        agility,
        format!("{} {}", l.attr(Attr::Agility), fmt_signed(agility)),
    );
    for (name, impeding) in &inp.worn_armor {
        b.add(name.clone(), -impeding);
    }
    b.add(l.encumbrance_penalty, -inp.encumbrance_over.max(0));
    if let Some(shield) = &inp.shield {
        b.add(shield.clone(), 1);
    }
    b.add_modifiers(inp.modifiers, Target::Defense);
    b
}

/// Corruption Threshold = ceil(Resolve / 2) + modifiers.
pub fn corruption_threshold(inp: &Inputs, l: &Labels) -> Breakdown {
    let resolve = effective(inp, l, Attr::Resolve).value;
    let mut b = Breakdown::start(
        l.corruption_threshold,
        half_up(resolve),
        half_text(l.attr(Attr::Resolve), resolve),
    );
    b.add_modifiers(inp.modifiers, Target::CorruptionThreshold);
    b
}

/// Corruption maximum = Resolve: total corruption reaching it makes an abomination.
pub fn corruption_max(inp: &Inputs, l: &Labels) -> Breakdown {
    let resolve = effective(inp, l, Attr::Resolve).value;
    Breakdown::start(
        l.corruption_max,
        resolve,
        format!("{} {}", l.attr(Attr::Resolve), fmt_signed(resolve)),
    )
}

/// All derived values of a sheet at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derived {
    pub attrs: Vec<Breakdown>,
    pub toughness: Breakdown,
    pub pain_threshold: Breakdown,
    pub defense: Breakdown,
    pub corruption_threshold: Breakdown,
    pub corruption_max: Breakdown,
}

pub fn derive(inp: &Inputs, l: &Labels) -> Derived {
    Derived {
        attrs: Attr::ALL.iter().map(|&a| effective(inp, l, a)).collect(),
        toughness: max_toughness(inp, l),
        pain_threshold: pain_threshold(inp, l),
        defense: defense(inp, l),
        corruption_threshold: corruption_threshold(inp, l),
        corruption_max: corruption_max(inp, l),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_show_their_sign() {
        assert_eq!(
            [fmt_plus(3), fmt_plus(-2), fmt_plus(0)],
            ["+3", "−2", "0"].map(String::from)
        );
    }
    use crate::rules::symbaroum::{labels, Modifier};
    use crate::rules::Ruleset;

    fn with(a: Attr, v: i32) -> Scores {
        let mut s = Scores::default();
        s.set(a, v);
        s
    }

    fn hb() -> &'static Labels {
        labels(Ruleset::Homebrew)
    }

    #[test]
    fn toughness_is_might_with_a_floor_of_ten() {
        for (might, t) in [(13, 13), (10, 10), (7, 10), (1, 10), (15, 15), (30, 30)] {
            let inp = Inputs {
                scores: with(Attr::Might, might),
                ..Default::default()
            };
            assert_eq!(max_toughness(&inp, hb()).value, t, "Might {might}");
        }
    }

    #[test]
    fn pain_threshold_is_half_might_rounded_up_even_below_ten() {
        for (might, p) in [(13, 7), (7, 4), (10, 5), (1, 1), (2, 1), (15, 8), (30, 15)] {
            let inp = Inputs {
                scores: with(Attr::Might, might),
                ..Default::default()
            };
            assert_eq!(pain_threshold(&inp, hb()).value, p, "Might {might}");
        }
    }

    #[test]
    fn half_up_rounds_toward_positive_infinity() {
        assert_eq!(half_up(13), 7);
        assert_eq!(half_up(12), 6);
        assert_eq!(half_up(0), 0);
        assert_eq!(half_up(-1), 0);
        assert_eq!(half_up(-3), -1);
    }

    #[test]
    fn corruption_threshold_and_maximum_follow_resolve() {
        for (resolve, ct) in [(13, 7), (10, 5), (9, 5), (5, 3), (15, 8)] {
            let inp = Inputs {
                scores: with(Attr::Resolve, resolve),
                ..Default::default()
            };
            assert_eq!(corruption_threshold(&inp, hb()).value, ct);
            assert_eq!(corruption_max(&inp, hb()).value, resolve);
        }
    }

    #[test]
    fn defense_example_from_seed_001() {
        // Defense 10, −2 leather apron (worn armor), −2 Robust = 6.
        let mods = [Modifier::new("Robust", Target::Defense, -2)];
        let inp = Inputs {
            scores: with(Attr::Agility, 10),
            modifiers: &mods,
            worn_armor: vec![("leather apron".into(), 2)],
            ..Default::default()
        };
        let d = defense(&inp, hb());
        assert_eq!(d.value, 6);
        assert_eq!(
            d.text(),
            "Defense 6 = Agility 10 − leather apron 2 − Robust 2"
        );
    }

    #[test]
    fn defense_counts_shield_and_encumbrance() {
        let inp = Inputs {
            scores: with(Attr::Agility, 12),
            shield: Some("Buckler".into()),
            encumbrance_over: 3,
            ..Default::default()
        };
        let d = defense(&inp, hb());
        assert_eq!(d.value, 12 - 3 + 1);
        assert_eq!(
            d.text(),
            "Defense 10 = Agility 12 − encumbrance 3 + Buckler 1"
        );
        // homebrew-draft counts the penalty as Impedance.
        assert_eq!(
            defense(&inp, labels(Ruleset::HomebrewDraft)).text(),
            "Defense 10 = Agility 12 − Impedance from encumbrance 3 + Buckler 1"
        );
    }

    #[test]
    fn modifiers_feed_effective_attributes_and_what_derives_from_them() {
        let mut mods = vec![
            Modifier::new("Exceptional Attribute", Target::Attr(Attr::Might), 2),
            Modifier::new("Cursed ring", Target::Toughness, -1),
        ];
        let inp = Inputs {
            scores: with(Attr::Might, 11),
            modifiers: &mods,
            ..Default::default()
        };
        let d = derive(&inp, hb());
        assert_eq!(d.attrs[Attr::Might.index()].value, 13);
        assert_eq!(
            d.attrs[Attr::Might.index()].text(),
            "Might 13 = base 11 + Exceptional Attribute 2"
        );
        assert_eq!(d.toughness.value, 12);
        assert_eq!(
            d.toughness.text(),
            "Toughness 12 = Might 13 − Cursed ring 1"
        );
        assert_eq!(d.pain_threshold.value, 7);
        // An inactive modifier counts for nothing.
        mods[0].active = false;
        let inp = Inputs {
            scores: with(Attr::Might, 11),
            modifiers: &mods,
            ..Default::default()
        };
        assert_eq!(derive(&inp, hb()).pain_threshold.value, 6);
    }

    #[test]
    fn labels_change_numbers_do_not() {
        let inp = Inputs {
            scores: with(Attr::Might, 7),
            ..Default::default()
        };
        let a = derive(&inp, labels(Ruleset::Homebrew));
        let b = derive(&inp, labels(Ruleset::Symbaroum));
        let c = derive(&inp, labels(Ruleset::HomebrewDraft));
        assert_eq!(a.toughness.value, b.toughness.value);
        assert_eq!(a.toughness.value, c.toughness.value);
        assert_eq!(b.toughness.text(), "Toughness 10 = at least 10 (Strong 7)");
        assert_eq!(c.toughness.text(), "Health 10 = at least 10 (Might 7)");
        assert_eq!(
            c.pain_threshold.text(),
            "Pain Tolerance 4 = Might 7 ÷ 2, rounded up"
        );
    }
}
