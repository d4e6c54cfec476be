//! Dice: an unbiased die roll from any source of random 32-bit words.
//!
//! Rules code never reaches for a global random source. It takes a `&mut dyn Rng`, so
//! the app can pass [`CryptoRng`], backed by the browser's crypto (getrandom), and tests
//! can pass [`SeededRng`] or `FixedDice` and get the same dice every run.

/// A source of uniformly random 32-bit words.
pub trait Rng {
    fn next_u32(&mut self) -> u32;
}

/// Rolls one die with `sides` faces (1..=sides), without modulo bias: words from the
/// short top end of the range are rejected and drawn again.
///
/// `sides` of 0 is treated as 1 so the function is total; callers validate die sizes.
pub fn roll(rng: &mut dyn Rng, sides: u32) -> u32 {
    let sides = sides.max(1);
    // The largest multiple of `sides` that fits in u32 arithmetic (zone = 2^32 - (2^32 % sides)).
    let rem = ((u32::MAX % sides) + 1) % sides;
    let zone = u32::MAX - rem; // accept words <= zone
    loop {
        let w = rng.next_u32();
        if w <= zone {
            return w % sides + 1;
        }
    }
}

/// The app's dice: the platform's crypto source through getrandom
/// (`crypto.getRandomValues` in the browser; the system's source natively).
pub struct CryptoRng;

impl Rng for CryptoRng {
    fn next_u32(&mut self) -> u32 {
        let mut buf = [0u8; 4];
        getrandom::fill(&mut buf).expect("the platform's crypto source is available");
        u32::from_le_bytes(buf)
    }
}

/// A small deterministic generator (SplitMix64) for tests and reproducible examples.
/// Not for the app's dice: the app uses the browser's crypto source.
#[derive(Clone, Debug)]
pub struct SeededRng(u64);

impl SeededRng {
    pub fn new(seed: u64) -> Self {
        SeededRng(seed)
    }
}

impl Rng for SeededRng {
    fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 32) as u32
    }
}

/// Fixed dice for tests: returns the given faces in order (each must be in range for
/// the die that is rolled next). Panics when it runs out, which is a test bug.
#[cfg(test)]
pub struct FixedDice {
    faces: Vec<u32>,
    sides: Vec<u32>,
}

#[cfg(test)]
impl FixedDice {
    /// `rolls` are (face, sides) pairs in the order the rule will roll them.
    pub fn new(rolls: &[(u32, u32)]) -> Self {
        FixedDice {
            faces: rolls.iter().rev().map(|r| r.0).collect(),
            sides: rolls.iter().rev().map(|r| r.1).collect(),
        }
    }
}

#[cfg(test)]
impl Rng for FixedDice {
    fn next_u32(&mut self) -> u32 {
        // roll() maps w to w % sides + 1, and face-1 < sides is always accepted.
        let face = self.faces.pop().expect("FixedDice ran out of faces");
        let sides = self.sides.pop().expect("FixedDice ran out of faces");
        assert!(
            face >= 1 && face <= sides,
            "face {face} is not on a d{sides}"
        );
        face - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_stay_on_the_die() {
        let mut rng = SeededRng::new(7);
        for sides in [1, 2, 4, 6, 8, 10, 12, 20, 100] {
            for _ in 0..1000 {
                let r = roll(&mut rng, sides);
                assert!((1..=sides).contains(&r), "d{sides} gave {r}");
            }
        }
    }

    #[test]
    fn d20_is_uniform_by_chi_square() {
        // 100 000 seeded rolls; 19 degrees of freedom; the 0.999 quantile is 43.82.
        let mut rng = SeededRng::new(20_260_101);
        let mut counts = [0u32; 20];
        let n = 100_000;
        for _ in 0..n {
            counts[(roll(&mut rng, 20) - 1) as usize] += 1;
        }
        let expected = n as f64 / 20.0;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        assert!(
            chi2 < 43.82,
            "chi-square {chi2} says the d20 is biased: {counts:?}"
        );
        assert!(counts.iter().all(|&c| c > 0));
    }

    #[test]
    fn rejection_removes_modulo_bias() {
        // A generator that always returns the top word would bias a d6 toward low faces
        // if it were accepted; roll() must reject it and take the next word.
        struct Seq(Vec<u32>);
        impl Rng for Seq {
            fn next_u32(&mut self) -> u32 {
                self.0.remove(0)
            }
        }
        // u32::MAX % 6 == 3, so 2^32 % 6 == 4: the top 4 words are rejected.
        let mut seq = Seq(vec![u32::MAX, u32::MAX - 3, 5]);
        assert_eq!(roll(&mut seq, 6), 6);
        let mut seq = Seq(vec![u32::MAX - 4]);
        assert_eq!(roll(&mut seq, 6), ((u32::MAX - 4) % 6) + 1);
    }

    #[test]
    fn fixed_dice_give_the_faces_asked_for() {
        let mut d = FixedDice::new(&[(20, 20), (1, 6), (4, 4)]);
        assert_eq!(roll(&mut d, 20), 20);
        assert_eq!(roll(&mut d, 6), 1);
        assert_eq!(roll(&mut d, 4), 4);
    }

    #[test]
    fn the_apps_crypto_dice_stay_on_the_die_and_vary() {
        let mut rng = CryptoRng;
        let rolls: Vec<u32> = (0..200).map(|_| roll(&mut rng, 20)).collect();
        assert!(rolls.iter().all(|r| (1..=20).contains(r)));
        let mut seen = rolls.clone();
        seen.sort_unstable();
        seen.dedup();
        assert!(
            seen.len() > 10,
            "200 d20s show more than 10 faces: {seen:?}"
        );
    }
}
