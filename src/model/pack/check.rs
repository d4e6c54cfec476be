//! What is wrong with a pack, entry by entry: each problem with where it is ("Abilities
//! › #2 “Robust” › adept › effect 1") and what is wrong, in a game master's words. A
//! pack with any problem is refused whole on import; the editor shows each at its
//! field.

use super::*;
use crate::model::character::{check_id, TIME_MAX};
use crate::model::heimr::POOL_LIMIT;
use crate::rules::heimr::abilities::{
    standard_abilities, MAX_BASE_CONSISTENCY, MIN_BASE_CONSISTENCY,
};
use crate::rules::input::name_problem;
use crate::rules::symbaroum::experience::Level;
use rustc_hash::FxHashSet as HashSet;

/// One problem: where, and what.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    pub at: String,
    pub what: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.at.is_empty() {
            write!(f, "{}", self.what)
        } else {
            write!(f, "{}: {}", self.at, self.what)
        }
    }
}

/// A list's name as the editor shows it, by its saved key.
pub fn list_name(key: &str) -> String {
    match key {
        "abilities" => "Abilities",
        "qualities" => "Weapon qualities",
        "items" => "Items",
        "weapons" => "Weapons",
        "armor" => "Armor",
        "heimr_abilities" => "Heimr abilities",
        "conditions" => "Conditions",
        "heimr_weapons" => "Heimr weapons",
        "heimr_shields" => "Heimr shields",
        "hp_max" => "HP maximum",
        "willpower_max" => "Willpower maximum",
        "about" => "Description",
        other => return other.replace('_', " "),
    }
    .to_string()
}

/// Where entry `i` (from 0) of list `key` is: "Abilities › #2 “Robust”".
pub fn entry_at(key: &str, i: usize, name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        format!("{} › #{}", list_name(key), i + 1)
    } else {
        format!(
            "{} › #{} “{}”",
            list_name(key),
            i + 1,
            crate::model::migrate::shorten(name)
        )
    }
}

/// Every problem of `p`, in the order the editor shows the pack.
pub fn problems(p: &Pack) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut say = |at: &str, what: String| {
        out.push(Problem {
            at: at.to_string(),
            what,
        })
    };
    if p.format != PACK_FORMAT {
        say(
            "",
            format!("it is not a pack (its format is “{}”)", p.format),
        );
    }
    if check_id(&p.id).is_err() {
        say("", "the pack's id is missing or malformed".into());
    }
    if let Some(why) = name_problem(&p.name, true) {
        say("Name", why);
    }
    if !(0.0..=TIME_MAX).contains(&p.updated) {
        say("", "the time it was last changed is not a date".into());
    }
    if p.version == 0 {
        say("Version", "versions count from 1".into());
    }
    if p.about.chars().count() > ABOUT_MAX {
        say("Description", format!("at most {ABOUT_MAX} characters"));
    }
    for (key, max) in [("hp_max", p.hp_max), ("willpower_max", p.willpower_max)] {
        if let Some(n) = max.filter(|n| !(1..=POOL_LIMIT).contains(n)) {
            say(&list_name(key), format!("from 1 to {POOL_LIMIT} (got {n})"));
        }
    }
    let heimr = p.family == Family::Heimr;
    let foreign = |key: &str, len: usize, for_heimr: bool| {
        (len > 0 && for_heimr != heimr).then(|| Problem {
            at: list_name(key),
            what: format!(
                "a pack for {} holds no {}",
                p.family.name(),
                list_name(key).to_lowercase()
            ),
        })
    };
    out.extend(
        [
            foreign("abilities", p.abilities.len(), false),
            foreign("qualities", p.qualities.len(), false),
            foreign("items", p.items.len(), false),
            foreign("weapons", p.weapons.len(), false),
            foreign("armor", p.armor.len(), false),
            foreign("heimr_abilities", p.heimr_abilities.len(), true),
            foreign("conditions", p.conditions.len(), true),
            foreign("heimr_weapons", p.heimr_weapons.len(), true),
            foreign("heimr_shields", p.heimr_shields.len(), true),
            foreign("hp_max", p.hp_max.iter().len(), true),
            foreign("willpower_max", p.willpower_max.iter().len(), true),
        ]
        .into_iter()
        .flatten(),
    );
    list(
        &mut out,
        "abilities",
        &p.abilities,
        |e| (e.id, &e.name, &e.says),
        ability,
    );
    list(
        &mut out,
        "qualities",
        &p.qualities,
        |e| (e.id, &e.name, &e.says),
        |e, at, out| effects(&e.effects, at, out),
    );
    list(
        &mut out,
        "items",
        &p.items,
        |e| (e.id, &e.name, &e.says),
        |e, at, out| price(e.value, at, out),
    );
    list(
        &mut out,
        "weapons",
        &p.weapons,
        |e| (e.id, &e.name, &e.says),
        |e, at, out| {
            if e.damage.dice.is_empty() {
                out.push(problem(at, "a weapon's damage needs dice, like 1d8"));
            }
            price(e.value, at, out)
        },
    );
    list(
        &mut out,
        "armor",
        &p.armor,
        |e| (e.id, &e.name, &e.says),
        |e, at, out| {
            if !(0..=IMPEDING_MAX).contains(&e.impeding) {
                out.push(problem(
                    at,
                    &format!("Impeding from 0 to {IMPEDING_MAX} (got {})", e.impeding),
                ));
            }
            if e.qualities.iter().any(|q| name_problem(q, true).is_some()) {
                out.push(problem(
                    at,
                    "each quality needs a name of at most 80 characters",
                ));
            }
            price(e.value, at, out)
        },
    );
    let standard: Vec<String> = standard_abilities()
        .into_iter()
        .map(|a| a.name.to_lowercase())
        .collect();
    list(
        &mut out,
        "heimr_abilities",
        &p.heimr_abilities,
        |e| (e.id, &e.name, &e.says),
        |e, at, out| {
            if standard.contains(&e.name.trim().to_lowercase()) {
                out.push(problem(at, "every sheet has this standard ability already"));
            }
            if e.attributes
                .iter()
                .enumerate()
                .any(|(i, a)| e.attributes[..i].contains(a))
            {
                out.push(problem(at, "an attribute is listed twice"));
            }
            if let Some(n) = e
                .base_consistency
                .filter(|n| !(MIN_BASE_CONSISTENCY..=MAX_BASE_CONSISTENCY).contains(n))
            {
                out.push(problem(
                    at,
                    &format!("base consistency from −2 to +3 (got {n})"),
                ));
            }
        },
    );
    list(
        &mut out,
        "conditions",
        &p.conditions,
        |e| (e.id, &e.name, &e.says),
        |_, _, _| {},
    );
    list(
        &mut out,
        "heimr_weapons",
        &p.heimr_weapons,
        |e| (e.id, &e.name, &e.says),
        |e, at, out| {
            heimr_gear(e.potential_bonus, &e.hands, &e.abilities, at, out);
            if e.damage > HEIMR_DAMAGE_MAX {
                out.push(problem(
                    at,
                    &format!("damage from 0 to {HEIMR_DAMAGE_MAX} (got {})", e.damage),
                ));
            }
            if e.range.is_some_and(|r| r == 0 || r > HEIMR_RANGE_MAX) {
                out.push(problem(
                    at,
                    &format!("a range of 1 to {HEIMR_RANGE_MAX} squares, or none for melee"),
                ));
            }
        },
    );
    list(
        &mut out,
        "heimr_shields",
        &p.heimr_shields,
        |e| (e.id, &e.name, &e.says),
        |e, at, out| {
            heimr_gear(e.potential_bonus, &e.hands, &e.abilities, at, out);
            if e.penalty.chars().count() > NAME_MAX {
                out.push(problem(at, "the penalty is at most 80 characters"));
            }
        },
    );
    out
}

/// The largest Impeding an armor entry may have.
pub const IMPEDING_MAX: i32 = 20;
/// The largest price of one, in ortegs.
pub const PRICE_MAX: u32 = 10_000_000;
/// A Heimr weapon's damage and range, at most.
pub const HEIMR_DAMAGE_MAX: u32 = 20;
pub const HEIMR_RANGE_MAX: u32 = 100;
/// A Heimr weapon's or shield's potential bonus, either way.
pub const HEIMR_BONUS_MAX: i32 = 10;
use crate::rules::input::NAME_MAX;

fn problem(at: &str, what: &str) -> Problem {
    Problem {
        at: at.to_string(),
        what: what.to_string(),
    }
}

/// The checks every list shares (ids, names, length, what it says), then `each`.
fn list<T>(
    out: &mut Vec<Problem>,
    key: &str,
    rows: &[T],
    head: impl Fn(&T) -> (u32, &String, &String),
    each: impl Fn(&T, &str, &mut Vec<Problem>),
) {
    if rows.len() > ENTRIES_MAX {
        out.push(problem(
            &list_name(key),
            &format!("at most {ENTRIES_MAX} entries (got {})", rows.len()),
        ));
        return;
    }
    let mut ids = HashSet::default();
    let mut names = HashSet::default();
    for (i, row) in rows.iter().enumerate() {
        let (id, name, says) = head(row);
        let at = entry_at(key, i, name);
        if id == 0 || !ids.insert(id) {
            out.push(problem(
                &at,
                "its id is missing or the same as another entry's",
            ));
        }
        if let Some(why) = name_problem(name, true) {
            out.push(problem(&at, &why));
        } else if !names.insert(name.trim().to_lowercase()) {
            out.push(problem(&at, "another entry of this list has the same name"));
        }
        if says.chars().count() > SAYS_MAX {
            out.push(problem(
                &at,
                &format!("what it says is at most {SAYS_MAX} characters"),
            ));
        }
        each(row, &at, out);
    }
}

fn ability(e: &AbilityEntry, at: &str, out: &mut Vec<Problem>) {
    effects(&e.effects, at, out);
    for level in Level::ALL {
        let Some(l) = e.level(level) else { continue };
        let at = format!("{at} › {}", level.name());
        if !e.kind.has_levels() {
            out.push(problem(
                &at,
                &format!("a {} has no levels", e.kind.name().to_lowercase()),
            ));
        }
        if l.says.chars().count() > SAYS_MAX {
            out.push(problem(
                &at,
                &format!("what it says is at most {SAYS_MAX} characters"),
            ));
        }
        effects(&l.effects, &at, out);
    }
}

fn effects(list: &[SavedEffect], at: &str, out: &mut Vec<Problem>) {
    if list.len() > EFFECTS_MAX {
        out.push(problem(
            at,
            &format!("at most {EFFECTS_MAX} effects (got {})", list.len()),
        ));
        return;
    }
    for (i, e) in list.iter().enumerate() {
        if let Some(why) = e.effect.as_ref().and_then(|e| e.problem()) {
            out.push(problem(&format!("{at} › effect {}", i + 1), &why));
        }
    }
}

fn price(value: Option<u32>, at: &str, out: &mut Vec<Problem>) {
    if let Some(v) = value.filter(|v| *v > PRICE_MAX) {
        out.push(problem(
            at,
            &format!("a price of at most {PRICE_MAX} ortegs (got {v})"),
        ));
    }
}

fn heimr_gear(
    bonus: Option<i32>,
    hands: &str,
    abilities: &[String],
    at: &str,
    out: &mut Vec<Problem>,
) {
    if let Some(b) = bonus.filter(|b| b.abs() > HEIMR_BONUS_MAX) {
        out.push(problem(
            at,
            &format!("a potential bonus from −{HEIMR_BONUS_MAX} to +{HEIMR_BONUS_MAX} (got {b})"),
        ));
    }
    if let Some(why) = name_problem(hands, true) {
        out.push(problem(
            at,
            &format!("how it is held: {}", why.to_lowercase()),
        ));
    }
    if abilities.iter().any(|a| name_problem(a, true).is_some()) {
        out.push(problem(
            at,
            "each ability that wields it needs a name of at most 80 characters",
        ));
    }
}
