//! The built-in pack of each ruleset: what the seeds name and state, nothing more.
//! Symbaroum family: the thirteen abilities the seeds name (each with what the seeds
//! say it does, and the numbers it changes at each level) and the seven weapon
//! qualities they name; in the ruleset's own words. Heimr: seed 002's medieval
//! armoury (its weapons and shields) and the abilities that wield them. The seeds
//! list no items, weapons or armor of the Symbaroum family with their numbers, and no
//! Heimr conditions or pool maxima (those are "the campaign's own documents"), so the
//! built-in packs have none.

use super::*;
use crate::rules::heimr::armoury::{weapon_abilities, WeaponRange, SHIELDS, WEAPONS};
use crate::rules::symbaroum::abilities::{exceptional_bonus, robust_defense, Known};
use crate::rules::symbaroum::combat::WeaponQuality;
use crate::rules::symbaroum::experience::Level;
use crate::rules::symbaroum::labels;
use crate::rules::symbaroum::pack_effects::Effect;
use crate::rules::symbaroum::Target;

/// The built-in pack of `r` as the app ships it: [`builtin`]'s text, kept in
/// `src/model/pack/builtin/` (a test checks that it is `builtin`'s to the byte, and
/// writes it anew with `UPDATE_BUILTIN_PACKS=1`). The page reads this text instead of
/// running `builtin`, whose code (the seeds' texts in each ruleset's words) the sheets
/// share: in the packs' chunk it would move into the files every sheet loads.
pub fn builtin_text(r: Ruleset) -> &'static str {
    match r {
        Ruleset::Homebrew => include_str!("builtin/homebrew.json"),
        Ruleset::HomebrewDraft => include_str!("builtin/homebrew-draft.json"),
        Ruleset::Symbaroum => include_str!("builtin/symbaroum.json"),
        Ruleset::Heimr => include_str!("builtin/heimr.json"),
    }
}

/// The built-in pack's id for a ruleset: "builtin-homebrew".
pub fn builtin_id(r: Ruleset) -> String {
    format!("builtin-{}", r.id())
}

/// The built-in pack's name for a ruleset, so a player knows it at once: what the
/// rules give, shipped with the app ("Rules as written (Homebrew)").
pub fn builtin_name(r: Ruleset) -> String {
    format!("Rules as written ({})", r.name())
}

/// Why a pack from outside (a file, a link) may not be taken: it claims a built-in
/// pack's id (every id beginning "builtin-" is the app's) or its name, now or as an
/// earlier version called it, so that nothing can pass for the rules as written.
pub fn claims_builtin(p: &Pack) -> Option<String> {
    let name = p.name.trim().to_lowercase();
    let claimed = Ruleset::ALL.into_iter().find(|&r| {
        let old = format!("The seeds ({})", r.name());
        p.id == builtin_id(r)
            || name == builtin_name(r).to_lowercase()
            || name == old.to_lowercase()
    });
    let r = match claimed {
        Some(r) => r,
        None if p.id.starts_with("builtin-") => Ruleset::default(),
        None => return None,
    };
    Some(format!(
        "This pack calls itself “{}” ({}), which is a pack built into Sheetwright: every copy of the app has “{}” already, and no other pack may pass for it. Give the pack a name of its own and import it again.",
        crate::model::migrate::shorten(p.name.trim()),
        if p.id.starts_with("builtin-") { "the built-in pack's id" } else { "the built-in pack's name" },
        builtin_name(r)
    ))
}

/// The built-in pack of `r`. Its version rises when what it holds changes.
pub fn builtin(r: Ruleset) -> Pack {
    let mut p = Pack::new(builtin_id(r), builtin_name(r), Family::of(r), 0.0);
    p.about = "What the game's source documents name and state, built into Sheetwright.".into();
    match p.family {
        Family::Symbaroum => {
            p.abilities = symbaroum_abilities(r);
            p.qualities = qualities(r);
        }
        Family::Heimr => armoury(&mut p),
    }
    p
}

/// One level's effects.
fn at(effects: Vec<Effect>) -> Option<LevelEntry> {
    Some(LevelEntry {
        effects: effects.into_iter().map(SavedEffect::from).collect(),
        ..Default::default()
    })
}

fn symbaroum_abilities(r: Ruleset) -> Vec<AbilityEntry> {
    let l = labels(r);
    (1..)
        .zip(Known::ALL)
        .map(|(id, k)| {
            let mut e = AbilityEntry::new(id, k.name(), k.kind());
            e.says = k.says(l);
            let per_level = |f: fn(Level) -> Effect| {
                [
                    at(vec![f(Level::Novice)]),
                    at(vec![f(Level::Adept)]),
                    at(vec![f(Level::Master)]),
                ]
            };
            let levels = match k {
                Known::ExceptionalAttribute => Some(per_level(|lv| Effect::ChosenAttribute {
                    amount: exceptional_bonus(lv),
                })),
                Known::Robust => Some(per_level(|lv| Effect::Modifier {
                    target: Target::Defense,
                    amount: robust_defense(lv),
                })),
                _ => None,
            };
            if let Some([n, a, m]) = levels {
                (e.novice, e.adept, e.master) = (n, a, m);
            }
            e.effects = match k {
                Known::PackMule => vec![Effect::PackMule.into()],
                // Seed 001: "the 1D8 damage at novice level"; from novice up (the
                // app's reading, as on the Attack panel).
                Known::PolearmMastery => vec![Effect::LongWeaponDie { sides: 8 }.into()],
                _ => Vec::new(),
            };
            e
        })
        .collect()
}

/// The seven qualities the seeds name (Precise, which the app also offers, is not in
/// them).
fn qualities(r: Ruleset) -> Vec<QualityEntry> {
    let l = labels(r);
    (1..)
        .zip([
            WeaponQuality::Long,
            WeaponQuality::Short,
            WeaponQuality::Heavy,
            WeaponQuality::Massive,
            WeaponQuality::Balanced,
            WeaponQuality::DeepImpact,
            WeaponQuality::Wrecking,
        ])
        .map(|(id, q)| QualityEntry {
            id,
            name: q.name().to_string(),
            says: q
                .rule(l)
                .unwrap_or_else(|| "The seeds name it without saying what it does.".into()),
            effects: Vec::new(),
            unknown: Unknown::new(),
        })
        .collect()
}

fn armoury(p: &mut Pack) {
    p.heimr_weapons = (1..)
        .zip(WEAPONS)
        .map(|(id, w)| HeimrWeaponEntry {
            id,
            name: w.name.into(),
            range: match w.range {
                WeaponRange::Melee => None,
                WeaponRange::Squares(n) => Some(n),
            },
            damage: w.damage,
            potential_bonus: w.potential_bonus,
            hands: w.hands.label().into(),
            abilities: w.abilities.iter().map(|a| a.to_string()).collect(),
            says: String::new(),
            unknown: Unknown::new(),
        })
        .collect();
    p.heimr_shields = (1..)
        .zip(SHIELDS)
        .map(|(id, s)| HeimrShieldEntry {
            id,
            name: s.name.into(),
            potential_bonus: s.potential_bonus,
            penalty: s.penalty.label(),
            hands: s.hands.label().into(),
            abilities: s.abilities.iter().map(|a| a.to_string()).collect(),
            says: String::new(),
            unknown: Unknown::new(),
        })
        .collect();
    // The seed gives these abilities no attributes and no base consistency: the
    // player picks the attributes, the table sets the consistency.
    p.heimr_abilities = (1..)
        .zip(weapon_abilities())
        .map(|(id, name)| {
            let wields: Vec<&str> = WEAPONS
                .iter()
                .filter(|w| w.abilities.iter().any(|a| a.eq_ignore_ascii_case(name)))
                .map(|w| w.name)
                .chain(
                    SHIELDS
                        .iter()
                        .filter(|s| s.abilities.iter().any(|a| a.eq_ignore_ascii_case(name)))
                        .map(|s| s.name),
                )
                .collect();
            HeimrAbilityEntry {
                id,
                name: name.into(),
                attributes: Vec::new(),
                base_consistency: None,
                says: format!("Wields: {}.", wields.join(", ")),
                unknown: Unknown::new(),
            }
        })
        .collect();
}
