//! Turn order: highest Agility first, ties by Vigilance, full ties by a d20 roll-off
//! (highest goes first), rolled again among those still tied (RULES.md; seed 001).

use super::{Attr, Labels};
use crate::rules::dice::{self, Rng};

/// One combatant as the order needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combatant {
    pub name: String,
    pub agility: i32,
    pub vigilance: i32,
    /// Added to Agility for the order only: +5 for a successful Take the Initiative.
    pub bonus: i32,
}

impl Combatant {
    pub fn new(name: impl Into<String>, agility: i32, vigilance: i32) -> Self {
        Combatant {
            name: name.into(),
            agility,
            vigilance,
            bonus: 0,
        }
    }
}

/// A place in the order with the roll-offs that decided it (empty when none was needed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub combatant: Combatant,
    /// Every d20 this combatant rolled in roll-offs, in order.
    pub rolloffs: Vec<u32>,
}

impl Placed {
    /// "Brigand: Quick 10, Vigilant 11", plus "(+5), roll-off 14, 7" when they apply.
    pub fn text(&self, l: &Labels) -> String {
        let c = &self.combatant;
        let mut s = format!("{}: {} {}", c.name, l.attr(Attr::Agility), c.agility);
        if c.bonus != 0 {
            s.push_str(&format!(" ({:+})", c.bonus));
        }
        s.push_str(&format!(", {} {}", l.attr(Attr::Vigilance), c.vigilance));
        if !self.rolloffs.is_empty() {
            let rolls: Vec<String> = self.rolloffs.iter().map(|r| r.to_string()).collect();
            s.push_str(&format!(", roll-off {}", rolls.join(", ")));
        }
        s
    }
}

/// What places a combatant: Agility with its bonus, then Vigilance (highest first).
fn key(c: &Combatant) -> (i32, i32) {
    (c.agility + c.bonus, c.vigilance)
}

/// The indices of `keys`, highest key first, equal keys in list order.
fn highest_first(keys: impl Iterator<Item = (i32, i32)>) -> Vec<usize> {
    let keys: Vec<(i32, i32)> = keys.collect();
    crate::order::places(keys.len(), &|a, b| keys[b].cmp(&keys[a]))
}

/// The order as shown before any roll-off (viewing it rolls no dice): by [`key`],
/// full ties in list order. Each place with its index in `combatants`, and whether
/// any are fully tied (a roll-off would settle them).
pub fn order_without_rolls(combatants: &[Combatant]) -> (Vec<(usize, Placed)>, bool) {
    let idx = highest_first(combatants.iter().map(key));
    let ties = idx
        .windows(2)
        .any(|w| key(&combatants[w[0]]) == key(&combatants[w[1]]));
    let placed = idx
        .into_iter()
        .map(|i| {
            let p = Placed {
                combatant: combatants[i].clone(),
                rolloffs: Vec::new(),
            };
            (i, p)
        })
        .collect();
    (placed, ties)
}

/// [`initiative_order`], each place with its index in `combatants`.
pub fn rolled_order(rng: &mut dyn Rng, combatants: &[Combatant]) -> Vec<(usize, Placed)> {
    let mut used = vec![false; combatants.len()];
    initiative_order(rng, combatants)
        .into_iter()
        .map(|p| {
            let i = (0..combatants.len())
                .find(|&i| !used[i] && combatants[i] == p.combatant)
                .unwrap_or(0);
            used[i] = true;
            (i, p)
        })
        .collect()
}

/// The initiative order, first to act first.
pub fn initiative_order(rng: &mut dyn Rng, combatants: &[Combatant]) -> Vec<Placed> {
    let sorted: Vec<Placed> = highest_first(combatants.iter().map(key))
        .into_iter()
        .map(|i| Placed {
            combatant: combatants[i].clone(),
            rolloffs: Vec::new(),
        })
        .collect();
    let mut out = Vec::with_capacity(sorted.len());
    let mut rest = sorted.as_slice();
    while let Some(first) = rest.first() {
        let n = rest
            .iter()
            .take_while(|p| key(&p.combatant) == key(&first.combatant))
            .count();
        let mut group = rest[..n].to_vec();
        roll_off(rng, &mut group);
        out.extend(group);
        rest = &rest[n..];
    }
    out
}

/// Orders a tied group by d20, highest first, rolling again among any still tied.
fn roll_off(rng: &mut dyn Rng, group: &mut [Placed]) {
    if group.len() < 2 {
        return;
    }
    for p in group.iter_mut() {
        p.rolloffs.push(dice::roll(rng, 20));
    }
    let last = |p: &Placed| *p.rolloffs.last().unwrap_or(&0);
    let sorted: Vec<Placed> = highest_first(group.iter().map(|p| (last(p) as i32, 0)))
        .into_iter()
        .map(|i| group[i].clone())
        .collect();
    group.clone_from_slice(&sorted);
    let mut i = 0;
    while i < group.len() {
        let r = last(&group[i]);
        let n = group[i..].iter().take_while(|p| last(p) == r).count();
        roll_off(rng, &mut group[i..i + n]);
        i += n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::{FixedDice, SeededRng};
    use crate::rules::symbaroum::labels;
    use crate::rules::Ruleset;

    fn names(order: &[Placed]) -> Vec<&str> {
        order.iter().map(|p| p.combatant.name.as_str()).collect()
    }

    #[test]
    fn grumpa_and_the_brigand_from_seed_001() {
        // Both Quick 10; the brigand has Vigilant 11 against Grumpa's 9: brigand first.
        let order = initiative_order(
            &mut FixedDice::new(&[]),
            &[
                Combatant::new("Grumpa", 10, 9),
                Combatant::new("Brigand", 10, 11),
            ],
        );
        assert_eq!(names(&order), ["Brigand", "Grumpa"]);
        assert!(order.iter().all(|p| p.rolloffs.is_empty()));
        assert_eq!(
            order[0].text(labels(Ruleset::Symbaroum)),
            "Brigand: Quick 10, Vigilant 11"
        );
    }

    #[test]
    fn shown_without_rolls_full_ties_keep_list_order_and_are_marked() {
        let list = [
            Combatant::new("Ana", 10, 9),
            Combatant::new("Bo", 12, 5),
            Combatant::new("Cy", 10, 9),
        ];
        let (placed, ties) = order_without_rolls(&list);
        let order: Vec<(usize, &str)> = placed
            .iter()
            .map(|(i, p)| (*i, p.combatant.name.as_str()))
            .collect();
        assert_eq!(order, [(1, "Bo"), (0, "Ana"), (2, "Cy")]);
        assert!(ties);
        // Rolled: the tie is settled by d20 (Ana 4, Cy 17), the indices kept.
        let rolled = rolled_order(&mut FixedDice::new(&[(4, 20), (17, 20)]), &list);
        let order: Vec<usize> = rolled.iter().map(|(i, _)| *i).collect();
        assert_eq!(order, [1, 2, 0]);
        let (_, ties) = order_without_rolls(&list[..2]);
        assert!(!ties);
    }

    #[test]
    fn agility_first_then_vigilance() {
        let order = initiative_order(
            &mut FixedDice::new(&[]),
            &[
                Combatant::new("Slow", 7, 15),
                Combatant::new("Quick", 14, 5),
                Combatant::new("Mid sharp", 10, 12),
                Combatant::new("Mid dull", 10, 8),
            ],
        );
        assert_eq!(names(&order), ["Quick", "Mid sharp", "Mid dull", "Slow"]);
    }

    #[test]
    fn full_ties_roll_off_and_reroll_while_tied() {
        // A, B, C all 12/10. First roll-off: A 5, B 17, C 5 → B first; A and C roll
        // again: 9 and 9, again: 3 and 16 → C, then A. D is alone and rolls nothing.
        let mut dice = FixedDice::new(&[
            (5, 20),
            (17, 20),
            (5, 20),
            (9, 20),
            (9, 20),
            (3, 20),
            (16, 20),
        ]);
        let order = initiative_order(
            &mut dice,
            &[
                Combatant::new("A", 12, 10),
                Combatant::new("B", 12, 10),
                Combatant::new("C", 12, 10),
                Combatant::new("D", 11, 18),
            ],
        );
        assert_eq!(names(&order), ["B", "C", "A", "D"]);
        assert_eq!(order[0].rolloffs, vec![17]);
        assert_eq!(order[1].rolloffs, vec![5, 9, 16]);
        assert_eq!(order[2].rolloffs, vec![5, 9, 3]);
        assert!(order[3].rolloffs.is_empty());
        assert_eq!(
            order[1].text(labels(Ruleset::Homebrew)),
            "C: Agility 12, Vigilance 10, roll-off 5, 9, 16"
        );
    }

    #[test]
    fn take_the_initiative_bonus_counts() {
        let mut bold = Combatant::new("Bold", 9, 9);
        bold.bonus = 5;
        let order = initiative_order(
            &mut FixedDice::new(&[]),
            &[Combatant::new("Fast", 13, 9), bold],
        );
        assert_eq!(names(&order), ["Bold", "Fast"]);
        assert_eq!(
            order[0].text(labels(Ruleset::Homebrew)),
            "Bold: Agility 9 (+5), Vigilance 9"
        );
    }

    #[test]
    fn seeded_ties_always_resolve_to_a_strict_order() {
        let mut rng = SeededRng::new(77);
        let many: Vec<Combatant> = (0..8)
            .map(|i| Combatant::new(format!("N{i}"), 10, 10))
            .collect();
        for _ in 0..200 {
            let order = initiative_order(&mut rng, &many);
            assert_eq!(order.len(), 8);
            // Adjacent entries differ at the first roll-off where they differ, higher first.
            for w in order.windows(2) {
                let (a, b) = (&w[0].rolloffs, &w[1].rolloffs);
                let i = a.iter().zip(b).position(|(x, y)| x != y).expect("resolved");
                assert!(a[i] > b[i]);
            }
        }
        assert!(initiative_order(&mut rng, &[]).is_empty());
    }
}
