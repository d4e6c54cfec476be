//! Trade (optional table in seed 000; RULES.md, "Trade"): used goods sell at half the
//! listed price, and 1 thaler = 10 shillings = 100 ortegs.
//!
//! Prices are kept in ortegs, the smallest coin, so every sum is a whole number.
//! Choices where the rules are silent (players would expect these):
//! - Half of an odd number of ortegs is rounded **down**: a merchant does not hand over
//!   half an orteg (a dagger listed at 5 ortegs sells used for 2).
//! - Money paid out or changed comes in the fewest coins (thalers first).
//! - Changing coins upward (ortegs into shillings, shillings into thalers) takes whole
//!   coins only: 25 ortegs are refused with what a multiple of 10 would give, rather
//!   than leaving a remainder the player did not ask for.

/// Ortegs in a shilling and in a thaler.
pub const ORTEGS_PER_SHILLING: u32 = 10;
pub const ORTEGS_PER_THALER: u32 = 100;
/// The highest price a sheet keeps: 100,000 thalers.
pub const PRICE_MAX: u32 = 100_000 * ORTEGS_PER_THALER;

/// A coin of the purse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Coin {
    Thaler,
    Shilling,
    Orteg,
}

impl Coin {
    pub const ALL: [Coin; 3] = [Coin::Thaler, Coin::Shilling, Coin::Orteg];

    /// What one coin is worth in ortegs.
    pub fn ortegs(self) -> u32 {
        match self {
            Coin::Thaler => ORTEGS_PER_THALER,
            Coin::Shilling => ORTEGS_PER_SHILLING,
            Coin::Orteg => 1,
        }
    }

    /// The word a form uses for it.
    pub fn key(self) -> &'static str {
        match self {
            Coin::Thaler => "thaler",
            Coin::Shilling => "shilling",
            Coin::Orteg => "orteg",
        }
    }

    pub fn from_key(k: &str) -> Option<Coin> {
        Coin::ALL.into_iter().find(|c| c.key() == k)
    }

    /// "1 thaler", "3 thalers", "1 shilling", "10 ortegs".
    pub fn count(self, n: u64) -> String {
        let word = self.key();
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    }
}

/// Coins by kind, in the order thalers, shillings, ortegs.
pub type Coins = [u32; 3];

/// What `coins` are worth together, in ortegs.
pub fn worth(coins: Coins) -> u64 {
    Coin::ALL
        .iter()
        .zip(coins)
        .map(|(c, n)| c.ortegs() as u64 * n as u64)
        .sum()
}

/// `ortegs` in the fewest coins.
pub fn fewest(ortegs: u64) -> [u64; 3] {
    let t = ortegs / ORTEGS_PER_THALER as u64;
    let rest = ortegs % ORTEGS_PER_THALER as u64;
    let s = rest / ORTEGS_PER_SHILLING as u64;
    [t, s, rest % ORTEGS_PER_SHILLING as u64]
}

/// A sum in coins, as a player says it: "1 thaler 5 shillings", "7 ortegs",
/// "nothing" for 0.
pub fn money_text(ortegs: u64) -> String {
    if ortegs == 0 {
        return "nothing".into();
    }
    Coin::ALL
        .into_iter()
        .zip(fewest(ortegs))
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| c.count(n))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A purse's worth in each coin: "In all: 1 thaler 5 shillings = 1.50 thalers =
/// 15 shillings = 150 ortegs." (a whole number of a coin is said as one, with the
/// coin's singular for exactly 1).
pub fn worth_text(ortegs: u64) -> String {
    let each = |per: u64, places: usize, one: &str, many: &str| {
        let n = if ortegs.is_multiple_of(per) {
            (ortegs / per).to_string()
        } else {
            let frac = format!("{:0w$}", ortegs % per, w = places);
            format!("{}.{frac}", ortegs / per)
        };
        let coin = if n == "1" { one } else { many };
        format!("{n} {coin}")
    };
    format!(
        "In all: {} = {} = {} = {}.",
        money_text(ortegs),
        each(100, 2, "thaler", "thalers"),
        each(10, 1, "shilling", "shillings"),
        each(1, 0, "orteg", "ortegs"),
    )
}

/// A price as typed: "15s", "1t 5s", "1 thaler 5 shillings", "2.5t" is refused; a
/// bare number is ortegs ("120"). Units: t / thaler(s), s / shilling(s), o / orteg(s).
/// The error is the message shown at the field.
pub fn parse_price(text: &str) -> Result<u32, String> {
    const HOW: &str =
        "Enter a price such as 15s, 1t 5s or 120 (ortegs): t = thaler, s = shilling, o = orteg.";
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Err(HOW.into());
    }
    // Split into runs of digits and runs of letters, ignoring spaces and commas.
    let mut tokens: Vec<String> = Vec::new();
    for ch in t.chars() {
        let kind = |c: char| c.is_ascii_digit();
        if ch.is_ascii_whitespace() || ch == ',' {
            tokens.push(String::new());
            continue;
        }
        if !ch.is_ascii_alphanumeric() {
            return Err(HOW.into());
        }
        match tokens.last_mut() {
            Some(last) if !last.is_empty() && last.chars().all(kind) == kind(ch) => last.push(ch),
            _ => tokens.push(ch.to_string()),
        }
    }
    tokens.retain(|s| !s.is_empty());
    let mut total: u64 = 0;
    let mut i = 0;
    while i < tokens.len() {
        let Ok(n) = tokens[i].parse::<u64>() else {
            return Err(HOW.into());
        };
        let unit = match tokens.get(i + 1).map(String::as_str) {
            None => Coin::Orteg,
            Some("t" | "th" | "thaler" | "thalers") => Coin::Thaler,
            Some("s" | "sh" | "shilling" | "shillings") => Coin::Shilling,
            Some("o" | "orteg" | "ortegs") => Coin::Orteg,
            Some(other) if other.chars().all(|c| c.is_ascii_digit()) => {
                // Two numbers in a row: only the last may go without a unit.
                return Err(HOW.into());
            }
            Some(other) => return Err(format!("“{other}” is not a coin. {HOW}")),
        };
        i += 2;
        total = total.saturating_add(n.saturating_mul(unit.ortegs() as u64));
    }
    if total > PRICE_MAX as u64 {
        return Err(format!(
            "A price is at most {} (a sheet keeps no more).",
            money_text(PRICE_MAX as u64)
        ));
    }
    Ok(total as u32)
}

/// What a used item listed at `price` ortegs sells for: half, rounded down (see the
/// module's notes).
pub fn used_price(price: u32) -> u32 {
    price / 2
}

/// `coins` with `count` coins of `from` changed into `to` at 1 thaler = 10 shillings =
/// 100 ortegs, no coin over `max`; or why not, in words for the player.
pub fn exchange(coins: Coins, from: Coin, to: Coin, count: u32, max: u32) -> Result<Coins, String> {
    let i = |c: Coin| Coin::ALL.iter().position(|x| *x == c).expect("a coin");
    if from == to {
        return Err("Choose two different coins.".into());
    }
    if count == 0 {
        return Err("Enter how many coins to change.".into());
    }
    let have = coins[i(from)];
    if count > have {
        return Err(format!(
            "The purse holds {}; {} asked for.",
            from.count(have as u64),
            from.count(count as u64)
        ));
    }
    let value = count as u64 * from.ortegs() as u64;
    let per = to.ortegs() as u64;
    if !value.is_multiple_of(per) {
        let whole = value / per;
        let needs = per / from.ortegs() as u64;
        return Err(format!(
            "{} make {} with {} over: change a multiple of {needs}.",
            from.count(count as u64),
            to.count(whole),
            money_text(value % per)
        ));
    }
    let got = value / per;
    let mut out = coins;
    out[i(from)] -= count;
    let new = out[i(to)] as u64 + got;
    if new > max as u64 {
        return Err(format!(
            "That makes {}, more than the {max} a purse keeps of one coin.",
            to.count(new)
        ));
    }
    out[i(to)] = new as u32;
    Ok(out)
}

/// `coins` plus `ortegs` paid in the fewest coins, no coin over `max`; or why not.
pub fn receive(coins: Coins, ortegs: u64, max: u32) -> Result<Coins, String> {
    let mut out = coins;
    for (slot, n) in out.iter_mut().zip(fewest(ortegs)) {
        let new = *slot as u64 + n;
        if new > max as u64 {
            return Err(format!("The purse would hold more than {max} of one coin."));
        }
        *slot = new as u32;
    }
    Ok(out)
}

/// All of `coins` in the fewest coins (no coin over `max`, which the fewest never
/// exceed when the purse did not).
pub fn make_change(coins: Coins, max: u32) -> Result<Coins, String> {
    receive([0; 3], worth(coins), max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_purse_is_said_in_every_coin_with_the_singular_for_one() {
        assert_eq!(
            worth_text(100),
            "In all: 1 thaler = 1 thaler = 10 shillings = 100 ortegs."
        );
        assert_eq!(
            worth_text(150),
            "In all: 1 thaler 5 shillings = 1.50 thalers = 15 shillings = 150 ortegs."
        );
        assert_eq!(
            worth_text(7),
            "In all: 7 ortegs = 0.07 thalers = 0.7 shillings = 7 ortegs."
        );
        assert_eq!(
            worth_text(1),
            "In all: 1 orteg = 0.01 thalers = 0.1 shillings = 1 orteg."
        );
    }

    const MAX: u32 = 10_000_000;

    #[test]
    fn one_thaler_is_ten_shillings_is_a_hundred_ortegs() {
        assert_eq!(worth([1, 0, 0]), worth([0, 10, 0]));
        assert_eq!(worth([0, 10, 0]), worth([0, 0, 100]));
        assert_eq!(worth([2, 3, 5]), 235);
        assert_eq!(fewest(235), [2, 3, 5]);
        assert_eq!(money_text(235), "2 thalers 3 shillings 5 ortegs");
        assert_eq!(money_text(150), "1 thaler 5 shillings");
        assert_eq!(money_text(1), "1 orteg");
        assert_eq!(money_text(0), "nothing");
    }

    #[test]
    fn prices_are_typed_in_any_coin() {
        assert_eq!(parse_price("15s"), Ok(150));
        assert_eq!(parse_price("1t 5s"), Ok(150));
        assert_eq!(parse_price("1 thaler 5 shillings"), Ok(150));
        assert_eq!(parse_price(" 1T5S "), Ok(150));
        assert_eq!(parse_price("120"), Ok(120), "a bare number is ortegs");
        assert_eq!(parse_price("3o"), Ok(3));
        assert_eq!(parse_price("2t, 7"), Ok(207));
        assert_eq!(parse_price("0"), Ok(0));
    }

    #[test]
    fn a_bad_price_says_how_to_write_one() {
        for bad in ["", "abc", "-5", "2.5t", "5 6", "1t 5q", "t"] {
            let e = parse_price(bad).unwrap_err();
            assert!(e.contains("15s"), "{bad}: {e}");
        }
        assert!(parse_price("5 gold")
            .unwrap_err()
            .starts_with("“gold” is not a coin"));
        assert!(parse_price("100001t")
            .unwrap_err()
            .contains("at most 100000 thalers"));
        assert_eq!(parse_price("100000t"), Ok(PRICE_MAX));
        assert!(
            parse_price("99999999999999999999999t").is_err(),
            "no overflow"
        );
    }

    #[test]
    fn used_goods_sell_at_half_rounded_down() {
        assert_eq!(
            used_price(100),
            50,
            "a sword at 1 thaler sells for 5 shillings"
        );
        assert_eq!(used_price(5), 2, "half an orteg is not paid");
        assert_eq!(used_price(1), 0);
        assert_eq!(used_price(0), 0);
    }

    #[test]
    fn coins_change_both_ways() {
        assert_eq!(
            exchange([1, 0, 0], Coin::Thaler, Coin::Shilling, 1, MAX),
            Ok([0, 10, 0])
        );
        assert_eq!(
            exchange([1, 2, 0], Coin::Thaler, Coin::Orteg, 1, MAX),
            Ok([0, 2, 100])
        );
        assert_eq!(
            exchange([0, 0, 30], Coin::Orteg, Coin::Shilling, 20, MAX),
            Ok([0, 2, 10])
        );
        assert_eq!(
            exchange([0, 20, 0], Coin::Shilling, Coin::Thaler, 20, MAX),
            Ok([2, 0, 0])
        );
        // The total never changes.
        let before = [3, 17, 240];
        let after = exchange(before, Coin::Orteg, Coin::Thaler, 200, MAX).unwrap();
        assert_eq!(worth(after), worth(before));
    }

    #[test]
    fn a_change_that_cannot_be_made_says_why_and_changes_nothing() {
        let p = [1, 3, 25];
        assert_eq!(
            exchange(p, Coin::Orteg, Coin::Shilling, 25, MAX),
            Err("25 ortegs make 2 shillings with 5 ortegs over: change a multiple of 10.".into())
        );
        assert_eq!(
            exchange(p, Coin::Thaler, Coin::Shilling, 2, MAX),
            Err("The purse holds 1 thaler; 2 thalers asked for.".into())
        );
        assert!(exchange(p, Coin::Orteg, Coin::Orteg, 1, MAX).is_err());
        assert!(exchange(p, Coin::Orteg, Coin::Shilling, 0, MAX).is_err());
        let e = exchange([200_000, 0, 0], Coin::Thaler, Coin::Orteg, 200_000, MAX).unwrap_err();
        assert!(e.contains("more than the 10000000"), "{e}");
    }

    #[test]
    fn making_change_gives_the_fewest_coins() {
        assert_eq!(make_change([0, 25, 137], MAX), Ok([3, 8, 7]));
        assert_eq!(receive([1, 9, 9], 50, MAX), Ok([1, 14, 9]));
        assert!(receive([0, 0, MAX], 1, MAX).is_err());
    }
}
