//! Character creation guidance (RULES.md, "Attributes"; Symbaroum core rule): 80 points
//! over the eight attributes, each from 5 to 15 and at most one at 15, or the fixed
//! array 15, 13, 11, 10, 10, 9, 7, 5. Guidance only: nothing here refuses a score.

use super::{Attr, Labels, Scores};

/// The points to spread over the eight attributes.
pub const CREATION_POINTS: i32 = 80;
/// The lowest and highest score an attribute starts with.
pub const CREATION_MIN: i32 = 5;
pub const CREATION_MAX: i32 = 15;
/// The standard array, highest first.
pub const STANDARD_ARRAY: [i32; 8] = [15, 13, 11, 10, 10, 9, 7, 5];

/// The sum of the eight base scores.
pub fn points_used(s: &Scores) -> i32 {
    s.values().iter().sum()
}

/// "80 of 80 points used", "82 of 80 points used: 2 over", "78 of 80 points used: 2 left".
pub fn points_text(s: &Scores) -> String {
    let used = points_used(s);
    let head = format!("{used} of {CREATION_POINTS} points used");
    match used - CREATION_POINTS {
        0 => head,
        over if over > 0 => format!("{head}: {over} over"),
        under => format!("{head}: {} left", -under),
    }
}

/// What a creation-time sheet should look at, in words a player can act on. Empty when
/// the scores fit the creation rule (the points counter is separate: [`points_text`]).
pub fn warnings(s: &Scores, l: &Labels) -> Vec<String> {
    let mut out = Vec::new();
    for a in Attr::ALL {
        let v = s.get(a);
        if v > CREATION_MAX {
            out.push(format!(
                "{} {v} is above {CREATION_MAX}, the most an attribute starts with.",
                l.attr(a)
            ));
        } else if v < CREATION_MIN {
            out.push(format!(
                "{} {v} is below {CREATION_MIN}, the least an attribute starts with.",
                l.attr(a)
            ));
        }
    }
    let fifteens: Vec<&str> = Attr::ALL
        .into_iter()
        .filter(|&a| s.get(a) == CREATION_MAX)
        .map(|a| l.attr(a))
        .collect();
    if fifteens.len() > 1 {
        let (last, rest) = fifteens.split_last().expect("more than one");
        let both = if fifteens.len() == 2 { "both" } else { "all" };
        out.push(format!(
            "{} and {last} are {both} {CREATION_MAX}: only one attribute may start at {CREATION_MAX}.",
            rest.join(", ")
        ));
    }
    out
}

/// What creation still lacks, in words a player can act on: no name, attribute points
/// left of 80 (or spent over it), and the score warnings of [`warnings`]. Empty when
/// nothing is lacking. Guidance, as the rest: the player may finish creation anyway
/// (a table may have agreed on other scores).
pub fn lacking(name: &str, s: &Scores, l: &Labels) -> Vec<String> {
    let mut out = Vec::new();
    if name.trim().is_empty() {
        out.push("No name yet.".to_string());
    }
    match points_used(s) - CREATION_POINTS {
        0 => {}
        over if over > 0 => out.push(format!(
            "{over} attribute point{} over {CREATION_POINTS}.",
            if over == 1 { "" } else { "s" }
        )),
        under => out.push(format!(
            "{} attribute point{} left of {CREATION_POINTS}.",
            -under,
            if under == -1 { "" } else { "s" }
        )),
    }
    out.extend(warnings(s, l));
    out
}

/// True when the eight scores are the standard array in some order.
pub fn is_standard_array(p: &[i32; 8]) -> bool {
    let mut sorted = p.to_vec();
    crate::order::sort_by(&mut sorted, |a, b| b.cmp(a));
    sorted == STANDARD_ARRAY
}

/// The distinct values of the standard array, highest first (what a picker offers).
pub fn array_choices() -> Vec<i32> {
    let mut v = STANDARD_ARRAY.to_vec();
    v.dedup();
    v
}

/// A first placement of the array that follows the current scores: the highest score
/// gets 15, the next 13, and so on; ties go in attribute order. A fresh sheet (all 10)
/// gets the array in attribute order.
pub fn placement_by_rank(s: &Scores) -> [i32; 8] {
    let mut order: Vec<Attr> = Attr::ALL.to_vec();
    // A stable sort keeps attribute order among equal scores.
    crate::order::sort_by(&mut order, |a, b| s.get(*b).cmp(&s.get(*a)));
    let mut p = [0; 8];
    for (rank, a) in order.into_iter().enumerate() {
        p[a.index()] = STANDARD_ARRAY[rank];
    }
    p
}

/// Puts `value` on `attr` by swapping it with the attribute that holds it, so a
/// placement of the array stays a placement of the array. A value that is not in the
/// array, or a placement that does not hold it, leaves the placement unchanged.
pub fn place(p: [i32; 8], attr: Attr, value: i32) -> [i32; 8] {
    let slot = attr.index();
    if p[slot] == value {
        return p;
    }
    let Some(other) = (0..8).find(|&i| i != slot && p[i] == value) else {
        return p;
    };
    let mut out = p;
    out[other] = p[slot];
    out[slot] = value;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::labels;
    use crate::rules::Ruleset;

    fn scores(v: [i32; 8]) -> Scores {
        Scores::new(v)
    }

    #[test]
    fn the_standard_array_spends_exactly_80_points() {
        assert_eq!(STANDARD_ARRAY.iter().sum::<i32>(), CREATION_POINTS);
        assert_eq!(points_used(&scores(STANDARD_ARRAY)), 80);
        assert_eq!(points_text(&scores(STANDARD_ARRAY)), "80 of 80 points used");
        assert!(warnings(&scores(STANDARD_ARRAY), labels(Ruleset::Homebrew)).is_empty());
    }

    #[test]
    fn points_counter_says_over_and_left() {
        assert_eq!(points_used(&Scores::default()), 80);
        assert_eq!(
            points_text(&scores([15, 15, 11, 10, 10, 9, 7, 5])),
            "82 of 80 points used: 2 over"
        );
        assert_eq!(
            points_text(&scores([10, 10, 10, 10, 10, 10, 10, 7])),
            "77 of 80 points used: 3 left"
        );
    }

    #[test]
    fn warns_outside_5_to_15_with_the_ruleset_names() {
        let s = scores([16, 10, 10, 10, 4, 10, 10, 10]);
        let w = warnings(&s, labels(Ruleset::Homebrew));
        assert_eq!(
            w,
            vec![
                "Agility 16 is above 15, the most an attribute starts with.".to_string(),
                "Might 4 is below 5, the least an attribute starts with.".to_string(),
            ]
        );
        let w = warnings(&s, labels(Ruleset::Symbaroum));
        assert!(w[0].starts_with("Quick 16"), "{w:?}");
        assert!(w[1].starts_with("Strong 4"), "{w:?}");
        // The edges are fine.
        assert!(warnings(
            &scores([5, 15, 10, 10, 10, 10, 10, 10]),
            labels(Ruleset::Homebrew)
        )
        .is_empty());
    }

    #[test]
    fn warns_when_more_than_one_attribute_is_15() {
        let hb = labels(Ruleset::Homebrew);
        let w = warnings(&scores([15, 10, 10, 10, 15, 10, 10, 5]), hb);
        assert_eq!(
            w,
            vec!["Agility and Might are both 15: only one attribute may start at 15.".to_string()]
        );
        let w = warnings(&scores([15, 15, 10, 10, 15, 5, 5, 5]), hb);
        assert_eq!(
            w,
            vec![
                "Agility, Charisma and Might are all 15: only one attribute may start at 15."
                    .to_string()
            ]
        );
        assert!(warnings(&scores([15, 14, 10, 10, 10, 10, 6, 5]), hb).is_empty());
    }

    #[test]
    fn creation_lists_what_it_lacks() {
        let hb = labels(Ruleset::Homebrew);
        assert_eq!(
            lacking("", &scores([10, 10, 10, 10, 10, 10, 10, 7]), hb),
            vec![
                "No name yet.".to_string(),
                "3 attribute points left of 80.".to_string()
            ]
        );
        assert_eq!(
            lacking("  Ylva ", &scores([15, 15, 10, 10, 10, 10, 6, 5]), hb),
            vec![
                "1 attribute point over 80.".to_string(),
                "Agility and Charisma are both 15: only one attribute may start at 15.".to_string()
            ]
        );
        assert!(lacking("Ylva", &scores(STANDARD_ARRAY), hb).is_empty());
        assert_eq!(
            lacking("Ylva", &scores([10, 10, 10, 10, 10, 10, 10, 9]), hb),
            vec!["1 attribute point left of 80.".to_string()]
        );
    }

    #[test]
    fn recognises_the_array_in_any_order() {
        assert!(is_standard_array(&STANDARD_ARRAY));
        assert!(is_standard_array(&[5, 7, 9, 10, 10, 11, 13, 15]));
        assert!(!is_standard_array(&[10; 8]));
        assert!(!is_standard_array(&[15, 13, 11, 10, 9, 9, 8, 5]));
        assert_eq!(array_choices(), vec![15, 13, 11, 10, 9, 7, 5]);
    }

    #[test]
    fn first_placement_follows_the_current_scores() {
        assert_eq!(placement_by_rank(&Scores::default()), STANDARD_ARRAY);
        // Might highest, Wit second: they get 15 and 13; the rest in attribute order.
        let s = scores([10, 10, 10, 10, 14, 10, 10, 12]);
        let p = placement_by_rank(&s);
        assert_eq!(p[Attr::Might.index()], 15);
        assert_eq!(p[Attr::Wit.index()], 13);
        assert_eq!(p[Attr::Agility.index()], 11);
        assert!(is_standard_array(&p));
    }

    #[test]
    fn placing_swaps_and_keeps_the_array() {
        let p = STANDARD_ARRAY; // Agility 15 … Wit 5
        let q = place(p, Attr::Might, 15);
        assert_eq!(q[Attr::Might.index()], 15);
        assert_eq!(q[Attr::Agility.index()], 10, "Agility takes Might's old 10");
        assert!(is_standard_array(&q));
        // Placing the value already there, or one not in the array, changes nothing.
        assert_eq!(place(q, Attr::Might, 15), q);
        assert_eq!(place(q, Attr::Might, 12), q);
        // Every sequence of placements stays a permutation of the array.
        let mut p = STANDARD_ARRAY;
        for (i, v) in [13, 5, 10, 15, 9, 7, 11, 10, 5, 15].into_iter().enumerate() {
            p = place(p, Attr::ALL[(i * 3) % 8], v);
            assert!(is_standard_array(&p), "{p:?}");
            assert_eq!(p[Attr::ALL[(i * 3) % 8].index()], v);
        }
    }
}
