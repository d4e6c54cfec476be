//! What abilities do. Those that change numbers act through the modifier list, like
//! every other change (issue #6): Exceptional Attribute (+1/+2/+3 to the chosen
//! attribute), Robust (Defense −2/−3/−4), Pack-mule (encumbrance threshold × 1.5,
//! rounded down), and any modifier a player gives an ability. The others the seeds
//! name act where they are used: Trapper and Pyrotechnics on the Traps card, Medicus,
//! Lay on Hands and Recovery under Heal, Acrobatics when getting up, Sixth Sense against
//! Blind Fighting, Polearm Mastery on a Long weapon's damage (`roll_effects`), Confusion as a test set up
//! in one tap, Ritualist for rituals.
//!
//! They are recognised by name, ignoring case, spaces and hyphens, because that is how
//! a player writes them on a sheet ("Pack mule", "pack-mule").

use super::experience::{Ability, AbilityKind, Level};
use super::maneuvers::SetTest;
use super::pack_effects::taken_numbers;
use super::{Attr, Labels, Modifier, Target};

/// The modifiers that come from abilities, and whether Pack-mule applies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    pub modifiers: Vec<Modifier>,
    pub pack_mule: bool,
}

/// The name with only its letters and digits, lower case: "Pack-mule" → "packmule".
/// Compared letter by letter, without building a string: the derived values ask this of
/// every ability on each change of the gear (100 abilities on a heavy sheet).
fn key(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
}

/// [`key`] of each name of [`Known::ALL`], in that order (a test checks them).
const KEYS: [&str; 13] = [
    "exceptionalattribute",
    "robust",
    "packmule",
    "ritualist",
    "trapper",
    "pyrotechnics",
    "medicus",
    "recovery",
    "acrobatics",
    "sixthsense",
    "polearmmastery",
    "layonhands",
    "confusion",
];

/// The thirteen abilities the seeds name, each recognised by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    ExceptionalAttribute,
    Robust,
    PackMule,
    /// Needed to learn rituals (the ability list warns of a ritual without it).
    Ritualist,
    /// Sets every kind of trap; disarms with `[Wit←Wit]` (the Traps rule).
    Trapper,
    /// Sets alchemical mines (the Traps rule).
    Pyrotechnics,
    /// First aid: 1d4 Toughness, and stabilises another who is dying (seed 000: the
    /// dying "cannot help themself in any way").
    Medicus,
    /// Heals Toughness; the seeds give no amount.
    Recovery,
    /// Adept: gets up as a Free Action with a passed Agility test.
    Acrobatics,
    /// Master: no penalty from Blind Fighting.
    SixthSense,
    /// Novice: 1d8 damage with a Long weapon.
    PolearmMastery,
    /// Mystical healing; the seeds give no amount.
    LayOnHands,
    /// A mystical power tested `[Resolute←Resolute]`.
    Confusion,
}

impl Known {
    pub const ALL: [Known; 13] = [
        Known::ExceptionalAttribute,
        Known::Robust,
        Known::PackMule,
        Known::Ritualist,
        Known::Trapper,
        Known::Pyrotechnics,
        Known::Medicus,
        Known::Recovery,
        Known::Acrobatics,
        Known::SixthSense,
        Known::PolearmMastery,
        Known::LayOnHands,
        Known::Confusion,
    ];

    // One copy, in the file every chunk that asks has loaded.
    #[inline(never)]
    pub fn of(name: &str) -> Option<Known> {
        // The name's key once, then compared whole with each one's (length first).
        let mut buf = [0u8; 20];
        let mut n = 0;
        for c in key(name) {
            // Longer than the longest key: none of them.
            *buf.get_mut(n)? = c as u8;
            n += 1;
        }
        KEYS.iter()
            .position(|k| k.as_bytes() == &buf[..n])
            .map(|i| Known::ALL[i])
    }

    /// As the seeds write it.
    pub fn name(self) -> &'static str {
        match self {
            Known::ExceptionalAttribute => "Exceptional Attribute",
            Known::Robust => "Robust",
            Known::PackMule => "Pack-mule",
            Known::Ritualist => "Ritualist",
            Known::Trapper => "Trapper",
            Known::Pyrotechnics => "Pyrotechnics",
            Known::Medicus => "Medicus",
            Known::Recovery => "Recovery",
            Known::Acrobatics => "Acrobatics",
            Known::SixthSense => "Sixth Sense",
            Known::PolearmMastery => "Polearm Mastery",
            Known::LayOnHands => "Lay on Hands",
            Known::Confusion => "Confusion",
        }
    }

    /// The kind the seeds give it: Robust is a trait (001: "her Robust trait"; 003:
    /// "The Feature Robust"), Pack-mule a boon (RULES.md), Lay on Hands and Confusion
    /// mystical powers (000, 001); the rest "the … ability".
    pub fn kind(self) -> AbilityKind {
        match self {
            Known::Robust => AbilityKind::Trait,
            Known::PackMule => AbilityKind::Boon,
            Known::LayOnHands | Known::Confusion => AbilityKind::MysticalPower,
            _ => AbilityKind::Ability,
        }
    }

    /// What the seeds (or RULES.md) say it does, and where the sheet applies it, in
    /// the ruleset's words.
    pub fn says(self, l: &Labels) -> String {
        let t = l.toughness;
        match self {
            Known::ExceptionalAttribute => {
                "+1 / +2 / +3 to the attribute you choose (novice / adept / master).".into()
            }
            Known::Robust => format!(
                "{} −2 / −3 / −4; +2 / +4 / +8 to Hold and +2 / +4 / +6 to Tackle, for you and against you.",
                l.defense
            ),
            Known::PackMule => format!(
                "{} = {} × 1.5, rounded down.",
                l.encumbrance_threshold,
                l.attr(Attr::Might)
            ),
            Known::Ritualist => "Needed to learn rituals.".into(),
            Known::Trapper => format!(
                "Sets mechanical traps, alchemical mines and improvised traps; disarms with [{w}←{w}] (Traps card).",
                w = l.attr(Attr::Wit)
            ),
            Known::Pyrotechnics => "Sets alchemical mines (Traps card).".into(),
            Known::Medicus => format!(
                "First aid, a Combat Action: heals 1d4 {t} and stabilises the dying (Heal, on the Combat tab)."
            ),
            Known::Recovery => format!(
                "Heals {t}; the seeds give no amount: enter it under Heal."
            ),
            Known::Acrobatics => format!(
                "Adept: gets up as a Free Action with a passed {} test (Stand up, under Prone).",
                l.attr(Attr::Agility)
            ),
            Known::SixthSense => {
                "Master: no second chance to fail from Blind Fighting (the roll panel leaves Blinded out).".into()
            }
            Known::PolearmMastery => {
                "Novice: 1d8 damage with a Long weapon, Free Attacks too (the Attack panel).".into()
            }
            Known::LayOnHands => format!(
                "Mystical healing: heals {t} and stabilises the dying; the seeds give no amount: enter it under Heal."
            ),
            Known::Confusion => format!(
                "Tested [{r}←{r}]: the foe stops, confused.",
                r = l.attr(Attr::Resolve)
            ),
        }
    }

    /// The test it is used with, set up for the roll panel (Confusion).
    pub fn test(self) -> Option<SetTest> {
        (self == Known::Confusion)
            .then(|| SetTest::new("Confusion", Attr::Resolve, Some(Attr::Resolve)))
    }
}

/// The level at which the character has a named ability, if it does (novice for an
/// entry without a level).
pub fn level_of(abilities: &[Ability], known: Known) -> Option<Level> {
    abilities
        .iter()
        .find(|a| Known::of(&a.name) == Some(known))
        .map(rank)
}

/// Whether a condition is Blind Fighting's (the preset "Blinded", or one the player
/// named so).
fn is_blind_fighting(name: &str) -> bool {
    ["blinded", "blind", "blindfighting"]
        .into_iter()
        .any(|k| key(name).eq(k.chars()))
}

/// Why a condition in force does not touch this character's tests, if an ability
/// says so: Sixth Sense at master "removes any negative modifications from Blind
/// Fighting" (seeds 000, 001, 003, 004).
pub fn cancels(abilities: &[Ability], condition: &str) -> Option<&'static str> {
    (is_blind_fighting(condition) && level_of(abilities, Known::SixthSense) == Some(Level::Master))
        .then_some("Sixth Sense (master) removes it")
}

/// Getting up from lying down (seeds 000, 001 "Stand up"): a passed Agility test makes
/// it a Movement Action, a failed one takes the whole turn (no Combat Action); an adept
/// or master of Acrobatics gets up as a Free Action on a pass (000 "Special Actions").
pub fn stand_up(abilities: &[Ability], passed: bool) -> &'static str {
    let acrobat = level_of(abilities, Known::Acrobatics).is_some_and(|l| l >= Level::Adept);
    match (passed, acrobat) {
        (true, true) => "You are up, as a Free Action (Acrobatics).",
        (true, false) => "You are up, with a Movement Action.",
        (false, _) => "You are up, but it took the whole turn: no Combat Action.",
    }
}

/// What a trained or untrained character may set with the Traps rule (seed 000):
/// untrained, mechanical traps only; Trapper, every kind, improvised ones too;
/// Pyrotechnics, alchemical mines besides the mechanical traps anyone may set.
pub fn may_set(abilities: &[Ability]) -> &'static str {
    let has = |k| level_of(abilities, k).is_some();
    match (has(Known::Trapper), has(Known::Pyrotechnics)) {
        (true, _) => "Trapper: mechanical traps, alchemical mines and improvised traps.",
        (false, true) => "Mechanical traps, and alchemical mines (Pyrotechnics).",
        (false, false) => "Untrained: mechanical traps only.",
    }
}

/// The level an ability counts at (novice when it has none).
fn rank(a: &Ability) -> Level {
    a.level.unwrap_or(Level::Novice)
}

/// Exceptional Attribute: +1 novice, +2 adept, +3 master.
pub fn exceptional_bonus(level: Level) -> i32 {
    match level {
        Level::Novice => 1,
        Level::Adept => 2,
        Level::Master => 3,
    }
}

/// Robust: Defense −2 novice, −3 adept, −4 master.
pub fn robust_defense(level: Level) -> i32 {
    match level {
        Level::Novice => -2,
        Level::Adept => -3,
        Level::Master => -4,
    }
}

/// Every modifier the abilities carry, named after them ("Robust (adept)").
pub fn effects(abilities: &[Ability]) -> Effects {
    let mut e = Effects::default();
    for a in abilities {
        // Worded only for an ability that carries a modifier.
        let source = || a.title();
        // A row taken from a campaign pack does what its entry says, not what its name
        // would: the built-in pack's Robust is not counted twice.
        if let Some(from) = &a.from {
            let level = a.level.filter(|_| a.kind.has_levels());
            taken_numbers(&from.effects, level, &source(), a.attr, &mut e);
        } else {
            match Known::of(&a.name) {
                Some(Known::ExceptionalAttribute) => {
                    // Without a chosen attribute it raises nothing; the sheet asks for one.
                    if let Some(attr) = a.attr {
                        e.modifiers.push(Modifier::new(
                            source(),
                            Target::Attr(attr),
                            exceptional_bonus(rank(a)),
                        ));
                    }
                }
                Some(Known::Robust) => e.modifiers.push(Modifier::new(
                    source(),
                    Target::Defense,
                    robust_defense(rank(a)),
                )),
                Some(Known::PackMule) => e.pack_mule = true,
                // The others act where they are used, not on the numbers.
                _ => {}
            }
        }
        if let Some(m) = a.modifier {
            e.modifiers
                .push(Modifier::new(source(), m.target, m.amount));
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::experience::{AbilityKind, AbilityModifier};
    use crate::rules::symbaroum::Attr;

    fn at(name: &str, kind: AbilityKind, level: Level) -> Ability {
        Ability::new(name, kind, Some(level))
    }

    #[test]
    fn named_abilities_are_known_however_a_player_writes_them() {
        for (name, known) in [
            ("Pack mule", Some(Known::PackMule)),
            ("pack-mule", Some(Known::PackMule)),
            (" Trapper ", Some(Known::Trapper)),
            ("TRAPPER", Some(Known::Trapper)),
            ("Exceptional attribute", Some(Known::ExceptionalAttribute)),
            ("Trapper's friend", None),
            ("Exceptional Attribute, twice over", None),
            (
                "Exceptional -- Attribute!",
                Some(Known::ExceptionalAttribute),
            ),
            ("", None),
        ] {
            assert_eq!(Known::of(name), known, "{name}");
        }
        // Trapper changes no number.
        let e = effects(&[at("Trapper", AbilityKind::Ability, Level::Master)]);
        assert_eq!(e, Effects::default());
    }

    #[test]
    fn the_thirteen_named_abilities_are_known_by_name_with_the_seeds_kinds() {
        assert_eq!(Known::ALL.len(), 13);
        for k in Known::ALL {
            assert_eq!(Known::of(k.name()), Some(k));
            assert_eq!(KEYS[k as usize], key(k.name()).collect::<String>());
            assert_eq!(
                Known::of(&k.name().to_uppercase().replace(' ', "")),
                Some(k)
            );
        }
        assert_eq!(Known::of("sixth-sense"), Some(Known::SixthSense));
        assert_eq!(Known::of("Lay on hands"), Some(Known::LayOnHands));
        assert_eq!(Known::Robust.kind(), AbilityKind::Trait);
        assert_eq!(Known::PackMule.kind(), AbilityKind::Boon);
        assert_eq!(Known::Confusion.kind(), AbilityKind::MysticalPower);
        assert_eq!(Known::LayOnHands.kind(), AbilityKind::MysticalPower);
        assert_eq!(Known::Medicus.kind(), AbilityKind::Ability);
    }

    #[test]
    fn what_each_named_ability_does_is_said_in_the_rulesets_words() {
        use crate::rules::symbaroum::labels;
        use crate::rules::Ruleset;
        let sym = labels(Ruleset::Symbaroum);
        let home = labels(Ruleset::Homebrew);
        assert_eq!(
            Known::Confusion.says(sym),
            "Tested [Resolute←Resolute]: the foe stops, confused."
        );
        assert_eq!(
            Known::Confusion.says(home),
            "Tested [Resolve←Resolve]: the foe stops, confused."
        );
        assert!(Known::Acrobatics.says(sym).contains("passed Quick test"));
        assert!(Known::Medicus
            .says(labels(Ruleset::HomebrewDraft))
            .contains("1d4 Health"));
        for k in Known::ALL {
            assert!(!k.says(sym).is_empty(), "{k:?}");
        }
        let t = Known::Confusion.test().unwrap();
        assert_eq!((t.tested, t.against), (Attr::Resolve, Some(Attr::Resolve)));
        assert!(Known::Medicus.test().is_none());
    }

    #[test]
    fn sixth_sense_at_master_cancels_blind_fighting_and_nothing_else() {
        let mut abilities = vec![at("Sixth Sense", AbilityKind::Ability, Level::Adept)];
        assert_eq!(cancels(&abilities, "Blinded"), None, "only at master");
        abilities[0].level = Some(Level::Master);
        assert_eq!(
            cancels(&abilities, "Blinded"),
            Some("Sixth Sense (master) removes it")
        );
        assert!(cancels(&abilities, "blind").is_some());
        assert_eq!(
            cancels(&abilities, "Foe blinded"),
            None,
            "the foe's blindness helps"
        );
        assert_eq!(cancels(&abilities, "Prone"), None);
        assert_eq!(cancels(&[], "Blinded"), None);
    }

    #[test]
    fn getting_up_and_setting_traps_follow_the_abilities() {
        let acro = |lv| [at("Acrobatics", AbilityKind::Ability, lv)];
        assert_eq!(stand_up(&[], true), "You are up, with a Movement Action.");
        assert_eq!(
            stand_up(&acro(Level::Novice), true),
            "You are up, with a Movement Action."
        );
        assert_eq!(
            stand_up(&acro(Level::Adept), true),
            "You are up, as a Free Action (Acrobatics)."
        );
        assert_eq!(
            stand_up(&acro(Level::Master), false),
            "You are up, but it took the whole turn: no Combat Action."
        );
        assert_eq!(may_set(&[]), "Untrained: mechanical traps only.");
        let pyro = [at("Pyrotechnics", AbilityKind::Ability, Level::Novice)];
        assert_eq!(
            may_set(&pyro),
            "Mechanical traps, and alchemical mines (Pyrotechnics)."
        );
        let both = [
            pyro[0].clone(),
            at("Trapper", AbilityKind::Ability, Level::Novice),
        ];
        assert!(may_set(&both).starts_with("Trapper: "));
    }

    #[test]
    fn exceptional_attribute_raises_the_chosen_attribute_by_level() {
        for (level, n) in [(Level::Novice, 1), (Level::Adept, 2), (Level::Master, 3)] {
            let mut a = at("Exceptional Attribute", AbilityKind::Ability, level);
            assert!(
                effects(std::slice::from_ref(&a)).modifiers.is_empty(),
                "no attribute chosen yet"
            );
            a.attr = Some(Attr::Might);
            let e = effects(&[a]);
            assert_eq!(e.modifiers.len(), 1);
            let m = &e.modifiers[0];
            assert_eq!((m.target, m.amount), (Target::Attr(Attr::Might), n));
            assert_eq!(
                m.source,
                format!("Exceptional Attribute ({})", level.name())
            );
        }
    }

    #[test]
    fn robust_lowers_defense_by_level_whatever_its_kind() {
        for (level, n) in [(Level::Novice, -2), (Level::Adept, -3), (Level::Master, -4)] {
            let e = effects(&[at("robust", AbilityKind::Trait, level)]);
            assert_eq!(e.modifiers[0].target, Target::Defense);
            assert_eq!(e.modifiers[0].amount, n);
        }
    }

    #[test]
    fn pack_mule_is_recognised_however_it_is_written() {
        for name in ["Pack-mule", "Pack mule", "PACKMULE"] {
            let e = effects(&[Ability::new(name, AbilityKind::Boon, None)]);
            assert!(e.pack_mule, "{name}");
            assert!(e.modifiers.is_empty());
        }
        assert!(!effects(&[Ability::new("Pack", AbilityKind::Boon, None)]).pack_mule);
    }

    #[test]
    fn any_ability_may_carry_a_player_modifier() {
        let mut a = Ability::new("Steadfast", AbilityKind::Ability, Some(Level::Adept));
        assert!(effects(std::slice::from_ref(&a)).modifiers.is_empty());
        a.modifier = Some(AbilityModifier {
            target: Target::PainThreshold,
            amount: 1,
        });
        let e = effects(&[a]);
        assert_eq!(
            e.modifiers,
            vec![Modifier::new("Steadfast (adept)", Target::PainThreshold, 1)]
        );
    }
}
