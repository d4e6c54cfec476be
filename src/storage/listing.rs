//! What the character list shows of the store: the order it sorts in, what a search
//! finds, the numbers on each card and the name a duplicate gets. Plain functions of
//! the characters, so they are tested natively; `ui::library_page` and
//! `ui::character_card` draw them.

use crate::model::heimr::HeimrSheet;
use crate::model::{Character, NAME_MAX};
use crate::rules::heimr::num;
use crate::rules::symbaroum::labels;
use crate::rules::Ruleset;

/// How the list is sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SortBy {
    /// Last edit, newest first.
    #[default]
    Edited,
    /// Name, A to Z (ignoring case).
    Name,
    /// Ruleset (by its name), then name.
    Ruleset,
}

impl SortBy {
    pub const ALL: [SortBy; 3] = [SortBy::Edited, SortBy::Name, SortBy::Ruleset];

    pub fn id(self) -> &'static str {
        match self {
            SortBy::Edited => "edited",
            SortBy::Name => "name",
            SortBy::Ruleset => "ruleset",
        }
    }

    /// What the choice is called on screen.
    pub fn label(self) -> &'static str {
        match self {
            SortBy::Edited => "Last edit",
            SortBy::Name => "Name",
            SortBy::Ruleset => "Ruleset",
        }
    }

    pub fn from_id(id: &str) -> Option<SortBy> {
        SortBy::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// What the list shows of one character, and sorts and searches by.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub id: String,
    /// The name as shown ([`Character::display_name`]).
    pub name: String,
    /// The name as typed (empty for an unnamed character): what Rename starts from.
    pub typed: String,
    pub ruleset: Ruleset,
    pub updated: f64,
    /// "Toughness 12/15 · Defense 13 · Experience 4" ([`numbers_line`]); empty until
    /// the whole document has been read.
    pub numbers: String,
}

impl Entry {
    pub fn of(c: &Character) -> Entry {
        Entry {
            numbers: numbers_line(c),
            ..Entry::head(&c.id, &c.name, c.ruleset, c.updated)
        }
    }

    fn head(id: &str, name: &str, ruleset: Ruleset, updated: f64) -> Entry {
        let typed = name.to_string();
        let shown = typed.trim();
        Entry {
            id: id.to_string(),
            name: if shown.is_empty() {
                "Unnamed character".to_string()
            } else {
                shown.to_string()
            },
            typed,
            ruleset,
            updated,
            numbers: String::new(),
        }
    }

    /// What the list can show of a stored character before its whole document is read
    /// (its name, ruleset and last edit, without the numbers), or None when the text
    /// does not even name those: reading the whole document later sets such an entry
    /// aside, with its reason.
    pub fn read(key: &str, text: &str) -> Option<Entry> {
        #[derive(serde::Deserialize)]
        struct Head {
            id: String,
            #[serde(default)]
            name: String,
            ruleset: Ruleset,
            updated: f64,
        }
        let h: Head = serde_json::from_str(text).ok()?;
        (super::character_id(key) == Some(h.id.as_str()))
            .then(|| Entry::head(&h.id, &h.name, h.ruleset, h.updated))
    }
}

/// Every stored character the list can show before the documents are read, newest
/// edit first.
pub fn read_entries<B: super::Backend>(backend: &B) -> Vec<Entry> {
    let mut out: Vec<Entry> = backend
        .keys()
        .into_iter()
        .filter(|k| super::character_id(k).is_some())
        .filter_map(|k| Entry::read(&k, &backend.get(&k)?))
        .collect();
    crate::order::sort_by(&mut out, |a, b| {
        b.updated.total_cmp(&a.updated).then(a.id.cmp(&b.id))
    });
    out
}

/// Whether `name` is found by the search `query`: every word of the query appears in
/// the name, ignoring case. An empty query finds everything.
pub fn matches(name: &str, query: &str) -> bool {
    let name = name.to_lowercase();
    query
        .split_whitespace()
        .all(|word| name.contains(&word.to_lowercase()))
}

/// The ids of the entries the search finds, in the chosen order. Ties are broken by
/// the id, so the order never changes between two draws of the same list.
pub fn arrange(mut entries: Vec<Entry>, query: &str, sort: SortBy) -> Vec<String> {
    entries.retain(|e| matches(&e.name, query));
    let by_name = |a: &Entry, b: &Entry| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then_with(|| a.name.cmp(&b.name))
    };
    crate::order::sort_by(&mut entries, |a, b| {
        match sort {
            SortBy::Edited => b.updated.total_cmp(&a.updated),
            SortBy::Name => by_name(a, b),
            SortBy::Ruleset => a
                .ruleset
                .name()
                .cmp(b.ruleset.name())
                .then_with(|| by_name(a, b)),
        }
        .then_with(|| a.id.cmp(&b.id))
    });
    entries.into_iter().map(|e| e.id).collect()
}

/// `name` without a copy number: "Ylva (3)" is ("Ylva", 3), "Ylva" is ("Ylva", 1).
fn split_number(name: &str) -> (&str, u32) {
    let name = name.trim();
    let numbered = name
        .strip_suffix(')')
        .and_then(|s| s.rsplit_once(" ("))
        .and_then(|(base, n)| {
            let ok = !base.trim().is_empty()
                && !n.is_empty()
                && !n.starts_with('0')
                && n.bytes().all(|b| b.is_ascii_digit());
            ok.then(|| n.parse::<u32>().ok().map(|n| (base, n)))
                .flatten()
        });
    match numbered {
        // A copy number is 2 to 99999; anything else is part of the name.
        Some((base, n)) if (2..100_000).contains(&n) => (base.trim_end(), n),
        _ => (name, 1),
    }
}

/// The name of a copy of `name`: "Name (2)", or the next number after the highest
/// copy of the same name in `taken` (the names already in the list). A copy of
/// "Name (2)" is "Name (3)", not "Name (2) (2)". Never longer than [`NAME_MAX`]: a
/// long name is shortened before its number.
pub fn duplicate_name<'a>(name: &str, taken: impl IntoIterator<Item = &'a str>) -> String {
    let (base, own) = split_number(name);
    let highest = taken
        .into_iter()
        .map(split_number)
        .filter(|(b, _)| *b == base)
        .map(|(_, n)| n)
        .fold(own, u32::max);
    let suffix = format!(" ({})", highest + 1);
    let room = NAME_MAX - suffix.chars().count();
    let base: String = base.chars().take(room).collect();
    format!("{}{suffix}", base.trim_end())
}

/// One number on a character's card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardNumber {
    /// What the number is, as the sheet of its ruleset calls it.
    pub label: &'static str,
    /// The number as shown: "12/15", "11" …
    pub value: String,
}

/// The numbers a player looks for on the list, computed by the same rules as the
/// sheet: the Symbaroum family's current/max Toughness, Defense and unspent Experience;
/// Heimr's HP and willpower (current/max) and unspent XP.
pub fn card_numbers(c: &Character) -> Vec<CardNumber> {
    let n = |label, value: String| CardNumber { label, value };
    if c.ruleset.is_symbaroum_family() {
        let l = labels(c.ruleset);
        let d = c.derived();
        let max = d.toughness.value;
        vec![
            n(
                l.toughness,
                format!("{}/{max}", c.combat.current_toughness(max)),
            ),
            n(l.defense, num(d.defense.value)),
            n("Experience", num(c.advance().totals().unspent)),
        ]
    } else {
        let fresh;
        let h = match c.heimr() {
            Some(h) => h,
            None => {
                fresh = HeimrSheet::default();
                &fresh
            }
        };
        vec![
            n("HP", format!("{}/{}", num(h.hp.current), h.hp.max)),
            n(
                "Willpower",
                format!("{}/{}", num(h.willpower.current), h.willpower.max),
            ),
            n("XP", h.xp.unspent().to_string()),
        ]
    }
}

/// The card's numbers in one line: "Toughness 12/15 · Defense 13 · Experience 4". A
/// number is tied to its label by a no-break space, so a narrow card breaks the line
/// between numbers, never "Experience" from its 0.
pub fn numbers_line(c: &Character) -> String {
    card_numbers(c)
        .into_iter()
        .map(|n| format!("{}\u{a0}{}", n.label, n.value))
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::Attr;

    fn entry(id: &str, name: &str, ruleset: Ruleset, updated: f64) -> Entry {
        Entry::head(id, name, ruleset, updated)
    }

    #[test]
    fn the_list_reads_a_stored_character_s_head_without_the_rest() {
        use crate::storage::{MemoryBackend, Store};
        let mut s = Store::new(MemoryBackend::default());
        let mut c = Character::new("a1".into(), Ruleset::Symbaroum, 5.0);
        c.name = "  Ylva ".into();
        s.save(&c).unwrap();
        let unnamed = Character::new("b2".into(), Ruleset::Heimr, 9.0);
        s.save(&unnamed).unwrap();
        // Damaged entries are left to the full read, which sets them aside.
        s.backend
            .map
            .insert("sheetwright.character.c3".into(), "{broken".into());
        let mut misfiled = c.clone();
        misfiled.id = "d4".into();
        let text = serde_json::to_string(&misfiled).unwrap();
        s.backend
            .map
            .insert("sheetwright.character.e5".into(), text);
        let e = read_entries(&s.backend);
        assert_eq!(e.len(), 2, "{e:?}");
        assert_eq!(
            (e[0].id.as_str(), e[0].name.as_str(), e[0].ruleset),
            ("b2", "Unnamed character", Ruleset::Heimr)
        );
        assert_eq!(
            (e[1].name.as_str(), e[1].typed.as_str(), e[1].updated),
            ("Ylva", "  Ylva ", 5.0)
        );
        assert_eq!(e[1].numbers, "", "the numbers wait for the whole document");
        assert_eq!(Entry::of(&c).numbers, numbers_line(&c));
    }

    fn sample() -> Vec<Entry> {
        vec![
            entry("a", "ylva", Ruleset::Symbaroum, 3.0),
            entry("b", "Grumpa", Ruleset::Heimr, 5.0),
            entry("c", "Aldo", Ruleset::Homebrew, 1.0),
            entry("d", "Björn the Bold", Ruleset::Heimr, 4.0),
        ]
    }

    #[test]
    fn sorts_by_last_edit_name_or_ruleset() {
        assert_eq!(arrange(sample(), "", SortBy::Edited), ["b", "d", "a", "c"]);
        assert_eq!(arrange(sample(), "", SortBy::Name), ["c", "d", "b", "a"]);
        assert_eq!(
            arrange(sample(), "", SortBy::Ruleset),
            ["d", "b", "c", "a"],
            "Heimr, Homebrew, Symbaroum; by name within one"
        );
    }

    #[test]
    fn ties_keep_one_order() {
        let e = vec![
            entry("z", "Same", Ruleset::Homebrew, 1.0),
            entry("m", "Same", Ruleset::Homebrew, 1.0),
        ];
        for s in SortBy::ALL {
            assert_eq!(arrange(e.clone(), "", s), ["m", "z"]);
        }
    }

    #[test]
    fn search_finds_every_word_ignoring_case() {
        assert_eq!(arrange(sample(), "  ", SortBy::Name).len(), 4);
        assert_eq!(arrange(sample(), "YL", SortBy::Name), ["a"]);
        assert_eq!(arrange(sample(), "bold björn", SortBy::Name), ["d"]);
        assert_eq!(arrange(sample(), "BJÖRN", SortBy::Name), ["d"]);
        assert!(arrange(sample(), "nobody", SortBy::Name).is_empty());
        assert!(matches("Unnamed character", "unnamed"));
    }

    #[test]
    fn sort_choices_round_trip() {
        for s in SortBy::ALL {
            assert_eq!(SortBy::from_id(s.id()), Some(s));
        }
        assert_eq!(SortBy::from_id("size"), None);
    }

    #[test]
    fn a_duplicate_is_numbered_not_stacked() {
        assert_eq!(duplicate_name("Ylva", ["Ylva"]), "Ylva (2)");
        assert_eq!(duplicate_name("Ylva", ["Ylva", "Ylva (2)"]), "Ylva (3)");
        assert_eq!(duplicate_name("Ylva (2)", ["Ylva", "Ylva (2)"]), "Ylva (3)");
        assert_eq!(duplicate_name("Ylva (2)", ["Ylva (2)"]), "Ylva (3)");
        assert_eq!(
            duplicate_name("Ylva", ["Ylva", "Ylva (2)", "Ylva (7)", "Ylvana (9)"]),
            "Ylva (8)"
        );
        assert_eq!(
            duplicate_name("Unnamed character", ["Unnamed character"]),
            "Unnamed character (2)"
        );
    }

    #[test]
    fn only_a_real_copy_number_counts() {
        // Not copy numbers: part of the name.
        assert_eq!(duplicate_name("Agent (007)", []), "Agent (007) (2)");
        assert_eq!(duplicate_name("Ylva (1)", []), "Ylva (1) (2)");
        assert_eq!(duplicate_name("(3)", []), "(3) (2)");
        assert_eq!(duplicate_name("Ylva (the Bold)", []), "Ylva (the Bold) (2)");
        assert_eq!(duplicate_name(" Ylva (4) ", []), "Ylva (5)");
        assert_eq!(
            duplicate_name("Ylva (4294967295)", []),
            "Ylva (4294967295) (2)"
        );
        assert_eq!(duplicate_name("Ylva (99999)", []), "Ylva (100000)");
        assert_eq!(duplicate_name("Ylva (100000)", []), "Ylva (100000) (2)");
    }

    #[test]
    fn a_long_name_is_shortened_to_fit_its_number() {
        let long = "x".repeat(NAME_MAX);
        let copy = duplicate_name(&long, [long.as_str()]);
        assert_eq!(copy.chars().count(), NAME_MAX);
        assert!(copy.ends_with("x (2)"));
        let again = duplicate_name(&copy, [long.as_str(), copy.as_str()]);
        assert!(again.ends_with("x (3)"), "{again}");
        assert_eq!(again.chars().count(), NAME_MAX);
    }

    #[test]
    fn symbaroum_cards_show_toughness_defense_and_unspent_experience() {
        let mut c = Character::new("a".into(), Ruleset::Symbaroum, 0.0);
        c.attributes.set(Attr::Might, 15);
        c.attributes.set(Attr::Agility, 13);
        c.combat.damage = 4;
        let d = c.derived();
        let shown = card_numbers(&c);
        let labels: Vec<_> = shown.iter().map(|n| n.label).collect();
        assert_eq!(labels, ["Toughness", "Defense", "Experience"]);
        assert_eq!(
            shown[0].value,
            format!("{}/{}", d.toughness.value - 4, d.toughness.value)
        );
        assert_eq!(shown[0].value, "11/15");
        assert_eq!(shown[1].value, d.defense.value.to_string());
        assert_eq!(shown[2].value, c.advance().totals().unspent.to_string());
        assert_eq!(
            numbers_line(&c),
            "Toughness\u{a0}11/15 · Defense\u{a0}13 · Experience\u{a0}0"
        );
    }

    #[test]
    fn each_ruleset_names_its_numbers_as_its_sheet_does() {
        for r in Ruleset::ALL.into_iter().filter(|r| r.is_symbaroum_family()) {
            let c = Character::new("a".into(), r, 0.0);
            let shown = card_numbers(&c);
            assert_eq!(shown[0].label, labels(r).toughness);
            assert_eq!(shown[1].label, labels(r).defense);
        }
    }

    #[test]
    fn heimr_cards_show_hp_willpower_and_unspent_xp() {
        let mut c = Character::new("h".into(), Ruleset::Heimr, 0.0);
        let h = c.heimr_mut();
        h.hp.max = 12;
        h.hp.current = 9;
        h.willpower.max = 6;
        h.willpower.current = 2;
        h.xp.earned = 30;
        h.xp.spent = 12;
        let shown = card_numbers(&c);
        let pairs: Vec<_> = shown.iter().map(|n| (n.label, n.value.as_str())).collect();
        assert_eq!(pairs, [("HP", "9/12"), ("Willpower", "2/6"), ("XP", "18")]);
        // A Heimr document without its sheet still shows numbers, not a panic.
        c.heimr = None;
        assert_eq!(card_numbers(&c).len(), 3);
    }
}
