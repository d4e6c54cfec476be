//! Schema versions and migrations. Every saved or exported character carries the
//! `schema` it was written with; loading brings it forward one version at a time.
//!
//! To change the document's shape: bump [`SCHEMA_VERSION`], append a migration to
//! [`MIGRATIONS`] that turns the previous version's JSON into the new one, and add a
//! fixture of the previous version under `tests/fixtures/` with a test below that it
//! loads with every value intact.

use super::tree::Tree;
use super::Character;
use crate::rules::Ruleset;
use serde::Deserialize;
use serde_json::{Map, Value};

/// The schema version this build writes.
pub const SCHEMA_VERSION: u32 = 1;

/// One step: takes a document of version `n` to `n + 1`, in place.
type Migration = fn(&mut Map<String, Value>);

/// `MIGRATIONS[i]` takes version `i + 1` to `i + 2`. Version 1 is the first released
/// shape, so there is nothing to run yet.
const MIGRATIONS: &[Migration] = &[];

/// Why a document could not be loaded, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    NotJson(String),
    WrongShape(String),
    FutureVersion(u64),
    UnknownRuleset(String),
    Invalid(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotJson(e) => write!(f, "it is not valid JSON ({e})"),
            LoadError::WrongShape(e) => write!(f, "it is not a Sheetwright character ({e})"),
            LoadError::FutureVersion(v) => write!(
                f,
                "it was saved by a newer Sheetwright (schema {v}; this version reads up to {SCHEMA_VERSION})"
            ),
            LoadError::UnknownRuleset(r) => write!(
                f,
                "its ruleset “{r}” is unknown (known: homebrew, homebrew-draft, symbaroum, heimr)"
            ),
            LoadError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

/// Reads a stored or exported character from its JSON text.
pub fn load_document(text: &str) -> Result<Character, LoadError> {
    load_saved(text).map(|(c, _)| c)
}

/// Reads a stored character, and the version it was saved over if it names one.
///
/// The text is read into a tree once, and the character from the tree: the wasm then
/// carries one reader of characters, over trees, which the app needs anyway (another
/// tab's edits, migrations), instead of a second one over text.
pub fn load_saved(text: &str) -> Result<(Character, Option<String>), LoadError> {
    let doc: Value = serde_json::from_str(text).map_err(|e| LoadError::NotJson(e.to_string()))?;
    load_tree(doc, Some(text))
}

/// Reads a character from its document's tree (one held inside another document, as
/// a table's members are), as [`load_saved`] reads its text.
pub fn load_value(doc: Value) -> Result<Character, LoadError> {
    load_tree(doc, None).map(|(c, _)| c)
}

fn load_tree(doc: Value, text: Option<&str>) -> Result<(Character, Option<String>), LoadError> {
    let Value::Object(mut doc) = doc else {
        return Err(LoadError::WrongShape("expected an object".into()));
    };
    let version = match doc.get("schema") {
        Some(Value::Number(n)) => n
            .as_u64()
            .filter(|&v| v >= 1)
            .ok_or_else(|| LoadError::WrongShape(format!("schema {n} is not a version")))?,
        None | Some(Value::Null) => {
            return Err(LoadError::WrongShape("it has no schema version".into()))
        }
        Some(_) => return Err(LoadError::WrongShape("schema is not a number".into())),
    };
    if version > SCHEMA_VERSION as u64 {
        return Err(LoadError::FutureVersion(version));
    }
    if let Some(Value::String(r)) = doc.get("ruleset") {
        if Ruleset::from_id(r).is_none() {
            return Err(LoadError::UnknownRuleset(shorten(r)));
        }
    }
    for step in MIGRATIONS.get((version - 1) as usize..).unwrap_or_default() {
        step(&mut doc);
    }
    let doc = Value::Object(doc);
    let mut c = Character::deserialize(Tree(&doc))
        .map_err(|e| LoadError::WrongShape(super::explain::explain_read(&e)))?;
    c.schema = SCHEMA_VERSION;
    c.whole_times();
    super::ids::number_rows(&mut c);
    c.check().map_err(LoadError::Invalid)?;
    // What the document holds that this version's save of it would not write: nothing
    // when this version's save is the text read (a document it wrote), else found by
    // comparing the trees.
    let typed = super::write::json(&c)
        .ok()
        .filter(|t| Some(t.as_str()) != text);
    if let Some(typed) = typed.and_then(|t| serde_json::from_str::<Value>(&t).ok()) {
        c.kept = super::kept::Kept::between(&doc, &typed);
    }
    let over = c.saved_over.take();
    Ok((c, over))
}

pub(super) fn shorten(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        t.push('…');
    }
    t
}

#[cfg(test)]
mod tests {
    use super::super::tree::Step;
    use super::*;
    use crate::rules::symbaroum::{Attr, Target};
    use serde_json::json;

    #[test]
    fn times_read_back_exactly_as_saved() {
        let mut c = Character::new("a1".into(), Ruleset::Homebrew, 0.0);
        // A time with a fraction, as a hand-edited file may have: serde_json's quick
        // float reading can come back one step off such a number.
        c.updated = 1_013_351_686_286.582_1;
        let text = serde_json::to_string(&c).unwrap();
        let read = load_document(&text).unwrap();
        assert_eq!(
            read.updated, 1_013_351_686_287.0,
            "rounded to whole milliseconds"
        );
        let again = load_document(&serde_json::to_string(&read).unwrap()).unwrap();
        assert_eq!(again, read, "and then read back exactly");
        // Past the latest time a browser can show: not a time.
        c.updated = 1.013_351_686_286_582e18;
        let e = load_document(&serde_json::to_string(&c).unwrap()).unwrap_err();
        assert!(e.to_string().contains("not a valid time"), "{e}");
    }

    #[test]
    fn fixture_v1_loads_with_every_value_intact() {
        let c = load_document(include_str!("../../tests/fixtures/v1.json")).unwrap();
        assert_eq!(c.schema, SCHEMA_VERSION);
        assert_eq!(c.id, "0f3c2a9be1d84c7aa1b2c3d4e5f60718");
        assert_eq!(c.name, "Grumpa the Ogre");
        assert_eq!(c.ruleset, Ruleset::Symbaroum);
        assert_eq!(c.updated, 1_763_700_000_000.0);
        let want = [
            (Attr::Agility, 10),
            (Attr::Charisma, 7),
            (Attr::Exactitude, 11),
            (Attr::Resolve, 9),
            (Attr::Might, 15),
            (Attr::Subtlety, 5),
            (Attr::Vigilance, 13),
            (Attr::Wit, 10),
        ];
        for (a, v) in want {
            assert_eq!(c.attributes.get(a), v, "{a:?}");
        }
        assert_eq!(c.modifiers.len(), 1);
        assert_eq!(c.modifiers[0].source, "Robust");
        assert_eq!(c.modifiers[0].target, Target::Defense);
        assert_eq!(c.modifiers[0].amount, -2);
        assert!(c.modifiers[0].active);
        assert_eq!(c.notes, "Member of the White Dove.\nOwes Ylva 3 thaler.");
        assert_eq!(c.roll_log.len(), 1);
        assert_eq!(c.roll_log[0].what, "Strong test");
        assert_eq!(c.roll_log[0].target, Some(15));
        assert_eq!(c.roll_log[0].passed, Some(true));
    }

    #[test]
    fn fixture_v1_heimr_loads_with_every_value_intact() {
        use crate::rules::heimr::attributes::Attribute;
        use crate::rules::heimr::injuries::BodyPart;
        let c = load_document(include_str!("../../tests/fixtures/v1-heimr.json")).unwrap();
        assert_eq!(c.ruleset, Ruleset::Heimr);
        assert_eq!(c.name, "Brenna of the Fens");
        assert_eq!(c.notes, "Owes the ferryman.");
        let h = c.heimr().expect("the Heimr part");
        let want = [
            (Attribute::Strength, 2),
            (Attribute::Dexterity, 1),
            (Attribute::Stamina, -1),
            (Attribute::Intelligence, 3),
            (Attribute::Sociability, 0),
            (Attribute::Empathy, 0),
        ];
        for (a, v) in want {
            assert_eq!(h.attributes.get(a), v, "{a:?}");
        }
        assert_eq!((h.hp.current, h.hp.max), (7, 12));
        assert_eq!((h.willpower.current, h.willpower.max), (4, 6));
        assert_eq!((h.xp.earned, h.xp.spent, h.xp_carried), (40, 15, 2));
        assert_eq!(h.abilities.len(), 6);
        assert_eq!(h.abilities[0].name, "Brawl");
        assert_eq!(h.abilities[0].base_consistency, 1);
        assert_eq!(h.abilities[3].name, "Perception");
        assert_eq!(h.abilities[3].trained_consistency, 2);
        assert_eq!(h.fatigue.current, 6);
        assert_eq!(h.progress.intelligence, 2);
        assert_eq!(h.weapons, vec!["Medium weapon".to_string()]);
        assert_eq!(h.training_history.len(), 2);
        assert_eq!(h.injured_parts, vec![BodyPart::Torso]);
        assert_eq!(h.initiative, Some(9));
    }

    /// Written by the last main of the one-page-per-tab app: every part of a
    /// Symbaroum-family character (fight state, Experience ledger, abilities,
    /// inventory, purse, optional rules, modifiers, roll log).
    #[test]
    fn fixture_v1_full_loads_with_every_value_intact() {
        use crate::rules::symbaroum::combat::{ShieldKind, WeaponQuality, WeaponState};
        use crate::rules::symbaroum::dying::LifeState;
        use crate::rules::symbaroum::encumbrance::ItemKind;
        use crate::rules::symbaroum::experience::{
            AbilityKind, AbilityModifier, ActionType, Level, XpEntry,
        };
        let c = load_document(include_str!("../../tests/fixtures/v1-full.json")).unwrap();
        assert_eq!(c.ruleset, Ruleset::Homebrew);
        assert_eq!(c.name, "Stig of Thistle Hold");
        assert_eq!(c.attributes.get(Attr::Exactitude), 15);
        assert_eq!(c.modifiers.len(), 2);
        assert_eq!(c.modifiers[0].target, Target::Attr(Attr::Vigilance));
        assert!(!c.modifiers[1].active);
        assert_eq!(c.notes, "Hunts for the Iron Pact.\nOwes Ylva 3 thaler.");
        assert_eq!(c.roll_log.len(), 2);
        assert_eq!(c.roll_log[1].outcome, "6 damage");
        assert_eq!(c.roll_log[1].passed, None);
        // The fight state.
        let f = &c.combat;
        assert_eq!(f.damage, 4);
        assert_eq!(f.life, LifeState::Dying { steps: 1 });
        assert_eq!(f.weapons.len(), 2);
        assert_eq!(f.weapons[0].name, "Spear");
        assert_eq!(
            f.weapons[0].qualities,
            vec![WeaponQuality::Long, WeaponQuality::Other("Jagged".into())]
        );
        assert_eq!(f.weapons[0].state, WeaponState::Held);
        assert!(f.weapons[1].ranged);
        assert_eq!(f.weapons[1].state, WeaponState::Packed);
        assert_eq!(f.armor.len(), 2);
        assert!(f.armor[0].worn);
        assert_eq!(f.armor[0].qualities, vec!["Flexible".to_string()]);
        assert_eq!((f.armor[1].impeding, f.armor[1].worn), (3, false));
        assert_eq!(f.shields[0].kind, ShieldKind::Buckler);
        assert!(f.shields[0].in_use);
        assert_eq!((f.corruption.temporary, f.corruption.permanent), (3, 2));
        assert!(f.hit_locations);
        assert_eq!(f.encounter.len(), 2);
        assert!(f.encounter[0].me);
        assert_eq!(
            (f.encounter[1].name.as_str(), f.encounter[1].bonus),
            ("Goblin", 5)
        );
        // The Experience ledger: every kind of line.
        let g = c.advance();
        assert_eq!(
            g.xp,
            vec![
                XpEntry::Award {
                    amount: 30,
                    note: "The ruins of Karvosti".into(),
                    date: "2026-11-01".into()
                },
                XpEntry::Inherited {
                    amount: 12,
                    note: "Experience earned by Ulf".into()
                },
                XpEntry::Burden {
                    note: "Burden: Bloodthirst".into()
                },
                XpEntry::Purchase {
                    cost: 20,
                    note: "Marksman (Adept)".into(),
                    credits: 1
                },
                XpEntry::Refund {
                    amount: 5,
                    note: "Lowered Iron Fist".into(),
                    credits: 0
                },
                XpEntry::BurdenDropped {
                    note: "Gave up: Pariah".into()
                },
                XpEntry::Reroll {
                    note: "Re-roll: Accurate test".into()
                },
            ]
        );
        // Abilities: every kind, levels, actions, an attribute and a modifier.
        let kinds: Vec<AbilityKind> = g.abilities.iter().map(|a| a.kind).collect();
        use AbilityKind as K;
        assert_eq!(
            kinds,
            [
                K::Ability,
                K::Ability,
                K::Boon,
                K::Trait,
                K::Burden,
                K::MysticalPower,
                K::Ritual,
                K::PrincipleBond
            ]
        );
        let m = &g.abilities[0];
        assert_eq!((m.name.as_str(), m.level), ("Marksman", Some(Level::Adept)));
        assert_eq!(m.action, Some(ActionType::Active));
        assert_eq!(m.notes, "Ranged attacks deal +1d4.");
        assert_eq!((m.paid, m.credits), (20, 1));
        assert_eq!(g.abilities[1].attr, Some(Attr::Exactitude));
        assert_eq!(
            g.abilities[2].modifier,
            Some(AbilityModifier {
                target: Target::Defense,
                amount: 1
            })
        );
        assert_eq!(g.abilities[2].level, None);
        assert_eq!(g.abilities[5].level, Some(Level::Master));
        assert_eq!(g.abilities[5].action, Some(ActionType::Reaction));
        // Inventory: every kind of item, containers, quantities, carried, massive.
        assert_eq!(g.items.len(), 9);
        assert_eq!(g.items[0].kind, ItemKind::LightContainer);
        assert_eq!((g.items[1].quantity, g.items[1].inside), (2, Some(1)));
        assert_eq!(g.items[2].kind, ItemKind::Clothing);
        assert_eq!(g.items[3].kind, ItemKind::BulkyContainer);
        assert!(!g.items[3].carried);
        assert_eq!(
            (g.items[4].kind, g.items[4].quantity),
            (ItemKind::SmallObjects, 60)
        );
        assert_eq!(
            g.items[5].kind,
            ItemKind::Armor {
                impeding: 2,
                worn: false
            }
        );
        assert!(g.items[6].massive);
        assert_eq!(
            g.items[7].kind,
            ItemKind::Weapon {
                state: WeaponState::Held
            }
        );
        assert_eq!((g.items[8].inside, g.items[8].carried), (Some(4), false));
        assert_eq!(
            (g.money.thaler, g.money.shilling, g.money.orteg),
            (3, 14, 52)
        );
        assert!(!g.encumbrance_off);
        assert!(g.reroll.enabled && g.reroll.allow_death_tests);
        assert!(!g.reroll.allow_fumbled_defense);
        // Written again and read back, nothing changes.
        let again = load_document(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(again, c);
    }

    /// A newer Sheetwright (same schema) may add fields; saving here keeps them, at
    /// the top and inside every part.
    #[test]
    fn a_document_this_version_wrote_keeps_nothing_and_a_newer_one_its_fields() {
        let c = Character::new("k1".into(), Ruleset::Symbaroum, 5.0);
        let text = c.to_text();
        assert!(load_document(&text).unwrap().kept.is_empty());
        let newer = text.replacen('{', r#"{"zz_newer":1,"#, 1);
        let back = load_document(&newer).unwrap();
        assert!(!back.kept.is_empty());
        assert!(back.to_text().contains(r#""zz_newer":1"#));
    }

    #[test]
    fn unknown_fields_survive_a_save() {
        let mut v: Value =
            serde_json::from_str(include_str!("../../tests/fixtures/v1-full.json")).unwrap();
        v["portrait"] = serde_json::json!({"png": "iVBOR", "size": 256});
        v["combat"]["stance"] = Value::from("defensive");
        v["advance"]["silver_marks"] = Value::from(7);
        let c = load_document(&v.to_string()).unwrap();
        let saved: Value = serde_json::from_str(&c.to_text()).unwrap();
        assert_eq!(saved["portrait"], v["portrait"]);
        assert_eq!(saved["combat"]["stance"], "defensive");
        assert_eq!(saved["advance"]["silver_marks"], 7);
        assert_eq!(saved["advance"]["thaler"], 3, "known fields as before");
        let mut h: Value =
            serde_json::from_str(include_str!("../../tests/fixtures/v1-heimr.json")).unwrap();
        h["heimr"]["oaths"] = serde_json::json!(["to the ferryman"]);
        let c = load_document(&h.to_string()).unwrap();
        let saved: Value = serde_json::from_str(&c.to_text()).unwrap();
        assert_eq!(saved["heimr"]["oaths"][0], "to the ferryman");
    }

    #[test]
    fn rows_saved_before_they_had_ids_are_numbered_in_order_with_every_value_kept() {
        let text = include_str!("../../tests/fixtures/v1-full.json");
        let saved: Value = serde_json::from_str(text).unwrap();
        let c = load_document(text).unwrap();
        let ids: Vec<u32> = c.advance().abilities.iter().map(|a| a.id).collect();
        assert_eq!(ids, (1..=8).collect::<Vec<u32>>());
        // Every other value as saved.
        let as_saved: Vec<crate::rules::symbaroum::experience::Ability> =
            serde_json::from_value(saved["advance"]["abilities"].clone()).unwrap();
        let mut loaded = c.advance().abilities.clone();
        for a in &mut loaded {
            a.id = 0;
        }
        assert_eq!(loaded, as_saved);
        // The weapons too, each value kept.
        let weapons: Vec<u32> = c.combat.weapons.iter().map(|w| w.id).collect();
        assert_eq!(weapons, vec![1, 2]);
        let as_saved: Vec<crate::rules::symbaroum::combat::Weapon> =
            serde_json::from_value(saved["combat"]["weapons"].clone()).unwrap();
        let mut loaded = c.combat.weapons.clone();
        for w in &mut loaded {
            w.id = 0;
        }
        assert_eq!(loaded, as_saved);
        // The armor and shields.
        let armor: Vec<u32> = c.combat.armor.iter().map(|a| a.id).collect();
        assert_eq!(armor, vec![1, 2]);
        let as_saved: Vec<crate::rules::symbaroum::combat::Armor> =
            serde_json::from_value(saved["combat"]["armor"].clone()).unwrap();
        let mut loaded = c.combat.armor.clone();
        for a in &mut loaded {
            a.id = 0;
        }
        assert_eq!(loaded, as_saved);
        let shields: Vec<u32> = c.combat.shields.iter().map(|s| s.id).collect();
        assert_eq!(shields, vec![1]);
        let as_saved: Vec<crate::rules::symbaroum::combat::Shield> =
            serde_json::from_value(saved["combat"]["shields"].clone()).unwrap();
        let mut loaded = c.combat.shields.clone();
        loaded[0].id = 0;
        assert_eq!(loaded, as_saved);
        // The encounter's combatants.
        let encounter: Vec<u32> = c.combat.encounter.iter().map(|e| e.id).collect();
        assert_eq!(encounter, vec![1, 2]);
        let as_saved: Vec<crate::model::combat::Combatant> =
            serde_json::from_value(saved["combat"]["encounter"].clone()).unwrap();
        let mut loaded = c.combat.encounter.clone();
        for e in &mut loaded {
            e.id = 0;
        }
        assert_eq!(loaded, as_saved);
        // And the modifiers.
        let mods: Vec<u32> = c.modifiers.iter().map(|m| m.id).collect();
        assert_eq!(mods, (1..=c.modifiers.len() as u32).collect::<Vec<u32>>());
        assert!(!mods.is_empty());
        // Saved again and read back, the ids stay.
        let again = load_document(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(again, c);
    }

    #[test]
    fn every_fixture_has_a_test() {
        // One fixture per released schema version, v1 … vN.
        for v in 1..=SCHEMA_VERSION {
            // Cargo sets the variable when it runs the test, so a binary built in another
            // checkout (a shared target directory) still looks in this one.
            let root = std::env::var("CARGO_MANIFEST_DIR")
                .unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_string());
            let path = format!("{root}/tests/fixtures/v{v}.json");
            assert!(
                std::path::Path::new(&path).exists(),
                "missing fixture {path}"
            );
        }
    }

    #[test]
    fn refuses_what_it_cannot_read_with_a_reason() {
        assert!(matches!(
            load_document("{\"trunc"),
            Err(LoadError::NotJson(_))
        ));
        assert!(matches!(load_document("42"), Err(LoadError::WrongShape(_))));
        assert!(matches!(load_document("{}"), Err(LoadError::WrongShape(_))));
        assert!(matches!(
            load_document("{\"schema\":0}"),
            Err(LoadError::WrongShape(_))
        ));
        assert_eq!(
            load_document("{\"schema\":99,\"id\":\"a\"}"),
            Err(LoadError::FutureVersion(99))
        );
        let fixture = include_str!("../../tests/fixtures/v1.json");
        let dnd = fixture.replace("\"symbaroum\"", "\"dnd5e\"");
        assert_eq!(
            load_document(&dnd),
            Err(LoadError::UnknownRuleset("dnd5e".into()))
        );
        let wrong_type = fixture.replace("\"might\": 15", "\"might\": \"fifteen\"");
        assert!(matches!(
            load_document(&wrong_type),
            Err(LoadError::WrongShape(_))
        ));
        let out_of_range = fixture.replace("\"might\": 15", "\"might\": 45");
        let err = load_document(&out_of_range).unwrap_err().to_string();
        assert!(err.contains("Strong is 45"), "{err}");
    }

    /// Every place in `v` (a field of an object or an entry of a list), as paths.
    fn places(v: &serde_json::Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, child) in m {
                    at.push(Step::Field(k.clone()));
                    out.push(at.clone());
                    places(child, at, out);
                    at.pop();
                }
            }
            serde_json::Value::Array(a) => {
                for (i, child) in a.iter().enumerate() {
                    at.push(Step::Index(i));
                    out.push(at.clone());
                    places(child, at, out);
                    at.pop();
                }
            }
            _ => {}
        }
    }

    /// The value at `path` in `doc`, changed by `change` (given the parent and the
    /// last step).
    fn changed(
        doc: &serde_json::Value,
        path: &[Step],
        change: impl Fn(&mut serde_json::Value, &Step),
    ) -> serde_json::Value {
        let mut doc = doc.clone();
        let (last, parent) = path.split_last().unwrap();
        let mut node = &mut doc;
        for step in parent {
            node = match step {
                Step::Field(f) => node.get_mut(f.as_str()).unwrap(),
                Step::Index(i) => node.get_mut(*i).unwrap(),
            };
        }
        change(node, last);
        doc
    }

    /// Each fixture with every field taken out in turn, and every value in turn made
    /// null, a list or text: this reader and serde_json's own reader of trees (an
    /// object's keys in any order) read the same character, or fail with the same
    /// words; each character it reads is written as serde_json writes it.
    #[test]
    fn every_fixture_reads_as_serde_json_reads_it_with_any_field_left_out_or_wrong() {
        let (mut tried, mut written_too) = (0, 0);
        for text in [
            include_str!("../../tests/fixtures/v1.json"),
            include_str!("../../tests/fixtures/v1-full.json"),
            include_str!("../../tests/fixtures/v1-heimr.json"),
        ] {
            let doc: serde_json::Value = serde_json::from_str(text).unwrap();
            let mut all = Vec::new();
            places(&doc, &mut Vec::new(), &mut all);
            for path in all {
                let out = |node: &mut serde_json::Value, last: &Step| match (node, last) {
                    (serde_json::Value::Object(m), Step::Field(f)) => drop(m.remove(f)),
                    (serde_json::Value::Array(a), Step::Index(i)) => drop(a.remove(*i)),
                    _ => unreachable!(),
                };
                let set = |to: serde_json::Value| {
                    move |node: &mut serde_json::Value, last: &Step| match last {
                        Step::Field(f) => node[f.as_str()] = to.clone(),
                        Step::Index(i) => node[*i] = to.clone(),
                    }
                };
                for trial in [
                    changed(&doc, &path, out),
                    changed(&doc, &path, set(serde_json::Value::Null)),
                    changed(&doc, &path, set(json!([]))),
                    changed(&doc, &path, set(json!("x"))),
                ] {
                    let ours = Character::deserialize(Tree(&trial)).map_err(|e| e.to_string());
                    if let Ok(c) = &ours {
                        let written = crate::model::write::json(c).unwrap();
                        assert_eq!(written, serde_json::to_string(c).unwrap(), "at {path:?}");
                        written_too += 1;
                    }
                    let theirs =
                        serde_json::from_value::<Character>(trial).map_err(|e| e.to_string());
                    // serde_json also reads a group of fields from a list; this reader
                    // does not (see the top of this file).
                    let narrower = matches!(&ours, Err(e) if e.starts_with("invalid type: sequence, expected struct"));
                    // What was found is said in the same words; what was expected may
                    // be named otherwise ("enum Kind" where serde_json says "string
                    // or map").
                    let found = |r: Result<Character, String>| {
                        r.map_err(|e| e.split(", expected").next().unwrap_or("").to_string())
                    };
                    if !narrower {
                        assert_eq!(found(ours), found(theirs), "at {path:?}");
                    }
                    tried += 1;
                }
            }
        }
        assert!(tried > 1000, "only {tried} documents tried");
        assert!(written_too > 300, "only {written_too} characters written");
    }
}
