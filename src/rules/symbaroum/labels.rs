//! What each Symbaroum-family ruleset calls things. One table per ruleset; the engine
//! never branches on the ruleset to pick a word.

use super::Attr;
use crate::rules::Ruleset;

/// The words a ruleset uses for the engine's values.
#[derive(Debug, PartialEq, Eq)]
pub struct Labels {
    /// Attribute names, indexed by [`Attr::index`].
    pub attrs: [&'static str; 8],
    pub toughness: &'static str,
    pub pain_threshold: &'static str,
    pub defense: &'static str,
    pub corruption_threshold: &'static str,
    pub corruption_max: &'static str,
    pub armor: &'static str,
    pub impeding: &'static str,
    pub encumbrance_threshold: &'static str,
    /// What the Defense breakdown calls the encumbrance penalty (homebrew-draft counts
    /// it as Impedance: seed 003).
    pub encumbrance_penalty: &'static str,
    pub carrying_limit: &'static str,
    /// The ordinary march and the harsher one (homebrew-draft: Cautious / Hasty).
    pub easy_march: &'static str,
    pub hard_march: &'static str,
    /// What the character is born as. The homebrew seeds (000, 004) say race ("as
    /// dictated by race"); the draft (003) and the Symbaroum player rules (001) name
    /// no word, so they keep the family's.
    pub kin: &'static str,
    /// The ability kind for what one is born with: "Trait"; the draft (003) says
    /// "Feature" ("The Feature Robust").
    pub trait_kind: &'static str,
}

impl Labels {
    pub fn attr(&self, a: Attr) -> &'static str {
        self.attrs[a.index()]
    }

    /// "an Agility test", "a Quick test": a test of `a` with its article.
    pub fn a_test(&self, a: Attr) -> String {
        let name = self.attr(a);
        let an = name.starts_with(['A', 'E', 'I', 'O', 'U']);
        format!("{} {name} test", if an { "an" } else { "a" })
    }
}

const HOMEBREW_ATTRS: [&str; 8] = [
    "Agility",
    "Charisma",
    "Exactitude",
    "Resolve",
    "Might",
    "Subtlety",
    "Vigilance",
    "Wit",
];

pub static HOMEBREW: Labels = Labels {
    attrs: HOMEBREW_ATTRS,
    toughness: "Toughness",
    pain_threshold: "Pain Threshold",
    defense: "Defense",
    corruption_threshold: "Corruption Threshold",
    corruption_max: "Corruption maximum",
    armor: "Armor",
    impeding: "Impeding",
    encumbrance_threshold: "Encumbrance threshold",
    encumbrance_penalty: "encumbrance",
    carrying_limit: "Carrying limit",
    easy_march: "Day's March",
    hard_march: "Forced March",
    kin: "Race",
    trait_kind: "Trait",
};

pub static HOMEBREW_DRAFT: Labels = Labels {
    attrs: HOMEBREW_ATTRS,
    toughness: "Health",
    pain_threshold: "Pain Tolerance",
    defense: "Defense",
    corruption_threshold: "Corruption Threshold",
    corruption_max: "Corruption maximum",
    armor: "Toughness",
    impeding: "Impedance",
    encumbrance_threshold: "Encumbrance Threshold",
    encumbrance_penalty: "Impedance from encumbrance",
    carrying_limit: "Carrying Limit",
    easy_march: "Cautious March",
    hard_march: "Hasty March",
    kin: "Race",
    trait_kind: "Feature",
};

pub static SYMBAROUM: Labels = Labels {
    attrs: [
        "Quick",
        "Persuasive",
        "Accurate",
        "Resolute",
        "Strong",
        "Discreet",
        "Vigilant",
        "Cunning",
    ],
    toughness: "Toughness",
    pain_threshold: "Pain Threshold",
    defense: "Defense",
    corruption_threshold: "Corruption Threshold",
    corruption_max: "Corruption maximum",
    armor: "Armor",
    impeding: "Impeding",
    encumbrance_threshold: "Encumbrance threshold",
    encumbrance_penalty: "encumbrance",
    carrying_limit: "Carrying limit",
    easy_march: "Day's March",
    hard_march: "Forced March",
    kin: "Race",
    trait_kind: "Trait",
};

/// The label table of a Symbaroum-family ruleset. Heimr has its own sheet and never
/// asks; it gets the homebrew words so that the function is total.
pub fn labels(r: Ruleset) -> &'static Labels {
    match r {
        Ruleset::Homebrew | Ruleset::Heimr => &HOMEBREW,
        Ruleset::HomebrewDraft => &HOMEBREW_DRAFT,
        Ruleset::Symbaroum => &SYMBAROUM,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    #[test]
    fn each_ruleset_says_which_game_it_is_in_its_own_names() {
        for r in [Ruleset::Homebrew, Ruleset::Symbaroum] {
            let l = labels(r);
            for a in [Attr::Might, Attr::Agility, Attr::Wit] {
                assert!(
                    r.about().contains(l.attr(a)),
                    "{}: {}",
                    r.about(),
                    l.attr(a)
                );
            }
        }
        let draft = labels(Ruleset::HomebrewDraft);
        for name in [draft.toughness, draft.pain_threshold, draft.impeding] {
            assert!(Ruleset::HomebrewDraft.about().contains(name), "{name}");
        }
        assert!(Ruleset::Heimr.about().contains("d6 + d10"));
    }

    #[test]
    fn a_test_takes_the_article_its_word_needs() {
        assert_eq!(
            labels(Ruleset::Homebrew).a_test(Attr::Agility),
            "an Agility test"
        );
        assert_eq!(
            labels(Ruleset::Symbaroum).a_test(Attr::Agility),
            "a Quick test"
        );
        assert_eq!(
            labels(Ruleset::Symbaroum).a_test(Attr::Resolve),
            "a Resolute test"
        );
    }

    #[test]
    fn symbaroum_names_map_one_to_one() {
        let s = labels(Ruleset::Symbaroum);
        assert_eq!(s.attr(Attr::Agility), "Quick");
        assert_eq!(s.attr(Attr::Charisma), "Persuasive");
        assert_eq!(s.attr(Attr::Exactitude), "Accurate");
        assert_eq!(s.attr(Attr::Resolve), "Resolute");
        assert_eq!(s.attr(Attr::Might), "Strong");
        assert_eq!(s.attr(Attr::Subtlety), "Discreet");
        assert_eq!(s.attr(Attr::Vigilance), "Vigilant");
        assert_eq!(s.attr(Attr::Wit), "Cunning");
    }

    #[test]
    fn draft_renames_the_derived_values() {
        let d = labels(Ruleset::HomebrewDraft);
        assert_eq!(d.toughness, "Health");
        assert_eq!(d.trait_kind, "Feature");
        assert_eq!(
            crate::rules::symbaroum::experience::AbilityKind::Trait.name_in(d),
            "Feature"
        );
        assert_eq!(HOMEBREW.trait_kind, "Trait");
        assert_eq!(d.pain_threshold, "Pain Tolerance");
        assert_eq!(d.armor, "Toughness");
        assert_eq!(d.impeding, "Impedance");
        assert_eq!(d.encumbrance_threshold, "Encumbrance Threshold");
        assert_eq!(d.carrying_limit, "Carrying Limit");
        assert_eq!(
            (d.easy_march, d.hard_march),
            ("Cautious March", "Hasty March")
        );
        assert_eq!(d.attr(Attr::Might), "Might");
        let h = labels(Ruleset::Homebrew);
        assert_eq!(h.toughness, "Toughness");
        assert_eq!(h.armor, "Armor");
    }
}
