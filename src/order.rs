//! Sorting through one function. Each call of the standard library's sort with a
//! comparison of its own builds a sort of its own (1–4 KB of wasm each, in whichever
//! chunk calls it); [`places`] sorts a list of places by a comparison handed over as a
//! `dyn` function, so the whole build holds one sort. Every sort here is stable.

use std::cmp::Ordering;

/// The places `0..n` in the order `cmp` gives them, equal places keeping theirs.
pub fn places(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// Sorts `v` by `cmp`, equal elements keeping their order.
pub fn sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let order = places(v.len(), &|a, b| cmp(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = std::mem::take(v).into_iter().map(Some).collect();
    v.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// Sorts `v` from least to greatest.
pub fn sort<T: Ord>(v: &mut Vec<T>) {
    sort_by(v, T::cmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        let words = ["pear", "Fig", "apple", "fig", "Apple", "kiwi", "pear"];
        let mut ours: Vec<(usize, &str)> = words.iter().copied().enumerate().collect();
        let mut theirs = ours.clone();
        let by_lowercase =
            |a: &(usize, &str), b: &(usize, &str)| a.1.to_lowercase().cmp(&b.1.to_lowercase());
        sort_by(&mut ours, by_lowercase);
        theirs.sort_by(by_lowercase);
        assert_eq!(ours, theirs);
        assert_eq!(ours[0], (2, "apple"), "equal keys keep their order");
        assert_eq!(ours[1], (4, "Apple"));
        let mut n = vec![3, -1, 2, 3, 0];
        sort(&mut n);
        assert_eq!(n, [-1, 0, 2, 3, 3]);
        assert_eq!(places(4, &|a, b| (b % 2).cmp(&(a % 2))), [1, 3, 0, 2]);
        let mut empty: Vec<u8> = Vec::new();
        sort(&mut empty);
        assert!(empty.is_empty());
    }
}
