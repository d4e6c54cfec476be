//! What another version of a pack would change, entry by entry and field by field, in
//! words: shown before a pack is updated or replaced ("Iron Hide: adept “Toughness
//! +4” → “Toughness +5”"), so nothing changes unseen. Entries are matched by their id
//! within their list, so a renamed entry is a change, not a removal and an addition.

use super::check::list_name;
use super::*;
use crate::rules::heimr::armoury::bonus_label;
use crate::rules::symbaroum::derived::fmt_signed;
use crate::rules::symbaroum::experience::Level;
use crate::rules::symbaroum::{Attr, Labels};

/// An entry's fields as words: (field, value).
type Facts = Vec<(&'static str, String)>;

fn said(effects: &[SavedEffect], l: &Labels) -> String {
    let mut parts: Vec<String> = known(effects).iter().map(|e| e.says(l)).collect();
    let unknown = effects.iter().filter(|e| e.effect.is_none()).count();
    if unknown > 0 {
        parts.push(format!("{unknown} effect(s) a newer Sheetwright knows"));
    }
    parts.join("; ")
}

fn ability(e: &AbilityEntry, l: &Labels) -> Facts {
    let mut f = vec![
        ("name", e.name.clone()),
        ("kind", e.kind.name_in(l).to_string()),
        (
            "action",
            e.action.map(|a| a.key().to_string()).unwrap_or_default(),
        ),
        ("what it says", e.says.clone()),
        ("at every level", said(&e.effects, l)),
    ];
    for (level, name) in [
        (Level::Novice, "novice"),
        (Level::Adept, "adept"),
        (Level::Master, "master"),
    ] {
        let text = e.level(level).map(|at| {
            [at.says.clone(), said(&at.effects, l)]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        });
        f.push((name, text.unwrap_or_default()));
    }
    f
}

fn price(v: Option<u32>) -> String {
    v.map(|v| format!("{v} ortegs")).unwrap_or_default()
}

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

/// Each list's entries as (id, facts), with the list's key.
fn lists(p: &Pack, l: &Labels) -> Vec<(&'static str, Vec<(u32, Facts)>)> {
    let all = |xs: Vec<(u32, Facts)>| xs;
    vec![
        (
            "abilities",
            all(p.abilities.iter().map(|e| (e.id, ability(e, l))).collect()),
        ),
        (
            "qualities",
            p.qualities
                .iter()
                .map(|e| {
                    (
                        e.id,
                        vec![
                            ("name", e.name.clone()),
                            ("what it says", e.says.clone()),
                            ("effects", said(&e.effects, l)),
                        ],
                    )
                })
                .collect(),
        ),
        (
            "items",
            p.items
                .iter()
                .map(|e| {
                    (
                        e.id,
                        vec![
                            ("name", e.name.clone()),
                            ("counts as", e.class.label().to_string()),
                            ("Massive", yes(e.massive)),
                            ("price", price(e.value)),
                            ("what it says", e.says.clone()),
                        ],
                    )
                })
                .collect(),
        ),
        (
            "weapons",
            p.weapons
                .iter()
                .map(|e| {
                    (
                        e.id,
                        vec![
                            ("name", e.name.clone()),
                            ("damage", e.damage.to_string()),
                            ("qualities", e.quality_names()),
                            ("ranged", yes(e.ranged)),
                            (
                                "attacks with",
                                l.attr(e.attack_with.unwrap_or(Attr::Exactitude))
                                    .to_string(),
                            ),
                            ("price", price(e.value)),
                            ("what it says", e.says.clone()),
                        ],
                    )
                })
                .collect(),
        ),
        (
            "armor",
            p.armor
                .iter()
                .map(|e| {
                    (
                        e.id,
                        vec![
                            ("name", e.name.clone()),
                            ("protection", e.protection.to_string()),
                            ("Impeding", e.impeding.to_string()),
                            ("qualities", e.qualities.join(", ")),
                            ("price", price(e.value)),
                            ("what it says", e.says.clone()),
                        ],
                    )
                })
                .collect(),
        ),
        (
            "heimr_abilities",
            p.heimr_abilities
                .iter()
                .map(|e| {
                    let attrs: Vec<&str> = e.attributes.iter().map(|a| a.name()).collect();
                    (
                        e.id,
                        vec![
                            ("name", e.name.clone()),
                            ("attributes", attrs.join(" + ")),
                            (
                                "base consistency",
                                e.base_consistency.map(fmt_signed).unwrap_or_default(),
                            ),
                            ("what it is", e.says.clone()),
                        ],
                    )
                })
                .collect(),
        ),
        (
            "conditions",
            p.conditions
                .iter()
                .map(|e| {
                    (
                        e.id,
                        vec![("name", e.name.clone()), ("what it does", e.says.clone())],
                    )
                })
                .collect(),
        ),
        (
            "heimr_weapons",
            p.heimr_weapons
                .iter()
                .map(|e| {
                    (
                        e.id,
                        vec![
                            ("name", e.name.clone()),
                            (
                                "range",
                                e.range
                                    .map(|r| r.to_string())
                                    .unwrap_or_else(|| "melee".into()),
                            ),
                            ("damage", e.damage.to_string()),
                            ("bonus", bonus_label(e.potential_bonus)),
                            ("hands", e.hands.clone()),
                            ("abilities", e.abilities.join(", ")),
                            ("what it says", e.says.clone()),
                        ],
                    )
                })
                .collect(),
        ),
        (
            "heimr_shields",
            p.heimr_shields
                .iter()
                .map(|e| {
                    (
                        e.id,
                        vec![
                            ("name", e.name.clone()),
                            ("bonus", bonus_label(e.potential_bonus)),
                            ("penalty", e.penalty.clone()),
                            ("hands", e.hands.clone()),
                            ("abilities", e.abilities.join(", ")),
                            ("what it says", e.says.clone()),
                        ],
                    )
                })
                .collect(),
        ),
    ]
}

fn shown(v: &str) -> String {
    if v.is_empty() {
        "nothing".into()
    } else {
        format!("“{v}”")
    }
}

/// What `new` changes of `old`, one line each, in the order the editor shows a pack:
/// "Abilities: Iron Hide: adept “Toughness +4” → “Toughness +5”", "Items: added
/// Lantern", "Items: removed Rope".
pub fn changes(old: &Pack, new: &Pack, l: &Labels) -> Vec<String> {
    let mut out = Vec::new();
    let pool = |n: Option<i32>| n.map(|n| n.to_string()).unwrap_or_default();
    for (field, a, b) in [
        ("Name", old.name.clone(), new.name.clone()),
        ("Description", old.about.clone(), new.about.clone()),
        ("HP maximum", pool(old.hp_max), pool(new.hp_max)),
        (
            "Willpower maximum",
            pool(old.willpower_max),
            pool(new.willpower_max),
        ),
    ] {
        if a != b {
            out.push(format!("{field}: {} → {}", shown(&a), shown(&b)));
        }
    }
    for ((key, before), (_, after)) in lists(old, l).into_iter().zip(lists(new, l)) {
        let list = list_name(key);
        let name = |f: &Facts| f[0].1.clone();
        for (id, facts) in &after {
            match before.iter().find(|(i, _)| i == id) {
                None => out.push(format!("{list}: added {}", name(facts))),
                Some((_, was)) => {
                    for ((field, a), (_, b)) in was.iter().zip(facts) {
                        if a != b {
                            out.push(format!(
                                "{list}: {}: {field} {} → {}",
                                name(was),
                                shown(a),
                                shown(b)
                            ));
                        }
                    }
                }
            }
        }
        for (id, facts) in &before {
            if !after.iter().any(|(i, _)| i == id) {
                out.push(format!("{list}: removed {}", name(facts)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pack::read::read_pack;
    use crate::rules::symbaroum::labels;
    use crate::rules::Ruleset;

    fn fixture() -> Pack {
        read_pack(include_str!("../../../tests/fixtures/pack-v1.json")).unwrap()
    }

    #[test]
    fn a_new_version_is_said_field_by_field_and_entry_by_entry() {
        let old = fixture();
        let l = labels(Ruleset::Homebrew);
        assert_eq!(changes(&old, &old, l), Vec::<String>::new());
        let mut new = old.clone();
        new.version = 4;
        new.abilities[0].adept.as_mut().unwrap().effects[0] =
            crate::rules::symbaroum::pack_effects::Effect::Modifier {
                target: crate::rules::symbaroum::Target::Toughness,
                amount: 5,
            }
            .into();
        new.abilities[1].name = "Baron's Grace".into();
        new.items.retain(|i| i.name != "Rope, 10 paces");
        new.items.push(ItemEntry {
            id: 9,
            name: "Lantern".into(),
            ..new.items[0].clone()
        });
        new.weapons[0].value = None;
        new.about.clear();
        assert_eq!(
            changes(&old, &new, l),
            [
                "Description: “Our table's own: the border barons' gifts and the smiths of Karvosti.” → nothing",
                "Abilities: Iron Hide: adept “Toughness +4” → “Toughness +5”",
                "Abilities: Baron's Favour: name “Baron's Favour” → “Baron's Grace”",
                "Items: added Lantern",
                "Items: removed Rope, 10 paces",
                "Weapons: Border spear: price “30 ortegs” → nothing",
            ]
        );
    }

    #[test]
    fn a_heimr_pack_is_said_too() {
        let old = read_pack(include_str!("../../../tests/fixtures/pack-v1-heimr.json")).unwrap();
        let mut new = old.clone();
        new.hp_max = Some(14);
        new.heimr_abilities[0].base_consistency = Some(0);
        new.conditions.clear();
        let l = labels(Ruleset::Heimr);
        assert_eq!(
            changes(&old, &new, l),
            [
                "HP maximum: “12” → “14”",
                "Heimr abilities: Sailing: base consistency “−1” → “0”",
                "Conditions: removed Seasick",
            ]
        );
    }
}
