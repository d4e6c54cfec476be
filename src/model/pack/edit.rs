//! A game master's edits to a pack (the pack editor's play layer): each edit is made
//! on a copy and kept only when it brings no new problem (`check`), so the editor
//! never holds a pack that an import would refuse, and a refused edit says why in the
//! words the import uses. Text a game master types is read by the app's one reading
//! of a number (`rules::input`).

use super::check::{problems, Problem};
use super::*;
use crate::rules::input::parse_whole;
use crate::rules::symbaroum::dice_notation::parse_dice;
use crate::rules::symbaroum::experience::{AbilityKind, Level};
use crate::rules::symbaroum::modifier_input::{parse_modifier_amount, target_from_key};
use crate::rules::symbaroum::pack_effects::Effect;
use rustc_hash::FxHashSet as HashSet;

/// `change` made on a copy of `p`: the copy, unless it has a problem `p` had not
/// (then that problem, in words).
pub fn edited(p: &Pack, change: impl FnOnce(&mut Pack)) -> Result<Pack, String> {
    let before: HashSet<Problem> = problems(p).into_iter().collect();
    let mut next = p.clone();
    change(&mut next);
    match problems(&next).into_iter().find(|x| !before.contains(x)) {
        Some(new) => Err(capital(&new.what)),
        None => Ok(next),
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    let mut out: String = c
        .next()
        .map(|f| f.to_uppercase().collect())
        .unwrap_or_default();
    out.extend(c);
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// An id no entry of the list has.
pub fn next_id(ids: impl Iterator<Item = u32>) -> u32 {
    ids.max().unwrap_or(0) + 1
}

/// A new ability of `kind` named `name`, at the end of the list; its id.
pub fn add_ability(p: &Pack, name: &str, kind: AbilityKind) -> Result<(Pack, u32), String> {
    let id = next_id(p.abilities.iter().map(|e| e.id));
    let next = edited(p, |p| {
        p.abilities.push(AbilityEntry::new(id, name.trim(), kind))
    })?;
    Ok((next, id))
}

/// A new item named `name`; its id.
pub fn add_item(p: &Pack, name: &str) -> Result<(Pack, u32), String> {
    let id = next_id(p.items.iter().map(|e| e.id));
    let item = ItemEntry {
        id,
        name: name.trim().to_string(),
        class: ItemClass::Other,
        massive: false,
        value: None,
        says: String::new(),
        unknown: Unknown::new(),
    };
    let next = edited(p, |p| p.items.push(item))?;
    Ok((next, id))
}

/// A new Heimr ability named `name` (the player picks its attributes when none are
/// set); its id.
pub fn add_heimr_ability(p: &Pack, name: &str) -> Result<(Pack, u32), String> {
    let id = next_id(p.heimr_abilities.iter().map(|e| e.id));
    let entry = HeimrAbilityEntry {
        id,
        name: name.trim().to_string(),
        attributes: Vec::new(),
        base_consistency: None,
        says: String::new(),
        unknown: Unknown::new(),
    };
    let next = edited(p, |p| p.heimr_abilities.push(entry))?;
    Ok((next, id))
}

/// A new Heimr condition named `name`; its id.
pub fn add_condition(p: &Pack, name: &str) -> Result<(Pack, u32), String> {
    let id = next_id(p.conditions.iter().map(|e| e.id));
    let entry = ConditionEntry {
        id,
        name: name.trim().to_string(),
        says: String::new(),
        unknown: Unknown::new(),
    };
    let next = edited(p, |p| p.conditions.push(entry))?;
    Ok((next, id))
}

/// A whole number from `min` to `max` for the box `what`, or none when left empty.
pub fn parse_optional(what: &str, text: &str, min: i32, max: i32) -> Result<Option<i32>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse_whole(what, text, min as i64, max as i64).map(|n| Some(n as i32))
}

/// A new weapon named `name` with its damage as typed ("1d8"); its id.
pub fn add_weapon(p: &Pack, name: &str, damage: &str) -> Result<(Pack, u32), String> {
    let damage = parse_dice(damage)?;
    let id = next_id(p.weapons.iter().map(|e| e.id));
    let entry = WeaponEntry {
        id,
        name: name.trim().to_string(),
        damage,
        qualities: Vec::new(),
        ranged: false,
        attack_with: None,
        value: None,
        says: String::new(),
        unknown: Unknown::new(),
    };
    let next = edited(p, |p| p.weapons.push(entry))?;
    Ok((next, id))
}

/// A new suit of armor named `name` with its protection as typed ("1d4") and its
/// Impeding; its id.
pub fn add_armor(
    p: &Pack,
    name: &str,
    protection: &str,
    impeding: &str,
) -> Result<(Pack, u32), String> {
    let protection = parse_dice(protection)?;
    let impeding = parse_whole("Impeding", impeding, 0, check::IMPEDING_MAX as i64)? as i32;
    let id = next_id(p.armor.iter().map(|e| e.id));
    let entry = ArmorEntry {
        id,
        name: name.trim().to_string(),
        protection,
        impeding,
        qualities: Vec::new(),
        value: None,
        says: String::new(),
        unknown: Unknown::new(),
    };
    let next = edited(p, |p| p.armor.push(entry))?;
    Ok((next, id))
}

/// A new weapon quality named `name`; its id.
pub fn add_quality(p: &Pack, name: &str) -> Result<(Pack, u32), String> {
    let id = next_id(p.qualities.iter().map(|e| e.id));
    let entry = QualityEntry {
        id,
        name: name.trim().to_string(),
        says: String::new(),
        effects: Vec::new(),
        unknown: Unknown::new(),
    };
    let next = edited(p, |p| p.qualities.push(entry))?;
    Ok((next, id))
}

/// A list of names as typed, one per comma: "Long, Jagged".
pub fn parse_names(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

/// Changes the ability with id `id`.
pub fn ability(p: &Pack, id: u32, change: impl FnOnce(&mut AbilityEntry)) -> Result<Pack, String> {
    change_entry(p, |p| &mut p.abilities, id, change)
}

/// Changes the item with id `id`.
pub fn item(p: &Pack, id: u32, change: impl FnOnce(&mut ItemEntry)) -> Result<Pack, String> {
    change_entry(p, |p| &mut p.items, id, change)
}

/// An entry of a pack's list, known by its id.
pub trait Entry {
    fn id(&self) -> u32;
    fn name(&self) -> &str;
}

macro_rules! entries_have_ids {
    ($($t:ty),*) => {
        $(impl Entry for $t {
            fn id(&self) -> u32 {
                self.id
            }
            fn name(&self) -> &str {
                &self.name
            }
        })*
    };
}

entries_have_ids!(
    AbilityEntry,
    QualityEntry,
    ItemEntry,
    WeaponEntry,
    ArmorEntry,
    HeimrAbilityEntry,
    ConditionEntry,
    HeimrWeaponEntry,
    HeimrShieldEntry
);

/// Changes the entry with id `id` of the list `list` picks (nothing when it is gone).
pub fn change_entry<T: Entry>(
    p: &Pack,
    list: fn(&mut Pack) -> &mut Vec<T>,
    id: u32,
    change: impl FnOnce(&mut T),
) -> Result<Pack, String> {
    edited(p, |p| {
        if let Some(e) = list(p).iter_mut().find(|e| e.id() == id) {
            change(e);
        }
    })
}

/// An ability's kind; a kind without levels is refused while a level says or does
/// something (it would be lost).
pub fn set_kind(p: &Pack, id: u32, kind: AbilityKind) -> Result<Pack, String> {
    let has_levels = p
        .abilities
        .iter()
        .find(|e| e.id == id)
        .is_some_and(|e| Level::ALL.iter().any(|l| e.level(*l).is_some()));
    if has_levels && !kind.has_levels() {
        return Err(format!(
            "A {} has no levels: clear what its levels say and do first.",
            kind.name().to_lowercase()
        ));
    }
    ability(p, id, |e| e.kind = kind)
}

/// What a level (None: the entry itself) says, and does: the level's place in the
/// entry, made when first written, dropped when emptied.
pub fn level_mut(
    e: &mut AbilityEntry,
    level: Option<Level>,
) -> (&mut String, &mut Vec<SavedEffect>) {
    let slot = match level {
        None => return (&mut e.says, &mut e.effects),
        Some(Level::Novice) => &mut e.novice,
        Some(Level::Adept) => &mut e.adept,
        Some(Level::Master) => &mut e.master,
    };
    let l = slot.get_or_insert_with(LevelEntry::default);
    (&mut l.says, &mut l.effects)
}

/// Drops the levels that say and do nothing (and keep nothing a newer version wrote).
pub fn tidy(e: &mut AbilityEntry) {
    for slot in [&mut e.novice, &mut e.adept, &mut e.master] {
        if slot
            .as_ref()
            .is_some_and(|l| l.says.is_empty() && l.effects.is_empty() && l.unknown.is_empty())
        {
            *slot = None;
        }
    }
}

/// A modifier effect added to a level (None: every level): its target by the modifier
/// editor's key, its amount as typed.
pub fn add_modifier(
    p: &Pack,
    id: u32,
    level: Option<Level>,
    target: &str,
    amount: &str,
) -> Result<Pack, String> {
    let target = target_from_key(target).ok_or("Pick what it changes.")?;
    // The encumbrance threshold is multiplied, never added to: Pack-mule's effect.
    let effect = if target == crate::rules::symbaroum::Target::EncumbranceThreshold {
        Effect::PackMule
    } else {
        Effect::Modifier {
            target,
            amount: parse_modifier_amount(amount)?,
        }
    };
    ability(p, id, |e| level_mut(e, level).1.push(effect.into()))
}

/// Removes effect `n` of a level (None: of the entry).
pub fn remove_effect(p: &Pack, id: u32, level: Option<Level>, n: usize) -> Result<Pack, String> {
    ability(p, id, |e| {
        let list = level_mut(e, level).1;
        if n < list.len() {
            list.remove(n);
        }
        tidy(e);
    })
}

/// What an entry or a level says, as typed: at most [`SAYS_MAX`] characters.
pub fn check_says(text: &str) -> Result<(), String> {
    if text.chars().count() > SAYS_MAX {
        return Err(format!("At most {SAYS_MAX} characters."));
    }
    Ok(())
}

/// A price as typed: empty for none, else whole ortegs.
pub fn parse_price(text: &str) -> Result<Option<u32>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse_whole("The price", text, 0, check::PRICE_MAX as i64).map(|n| Some(n as u32))
}

/// Two tabs' edits of one pack, against the version both saw (`base`): what only one
/// of them changed is taken from it, field by field and entry by entry (an entry's
/// price edited in one tab and another entry's name in the other both survive); where
/// both changed the same field, the later edit is kept, and the fields are returned.
/// None when the merge would not be a sound pack (the caller then shows the arriving
/// version as it is).
pub fn merge_packs(base: &Pack, ours: &Pack, theirs: &Pack) -> Option<(Pack, Vec<String>)> {
    let tree = |p: &Pack| serde_json::to_value(p).ok();
    let later = ours.updated > theirs.updated;
    let (merged, conflicts) =
        crate::model::merge::merge_rows(&tree(base)?, &tree(ours)?, &tree(theirs)?, later);
    let mut p = super::read::read_pack(&merged.to_string()).ok()?;
    p.updated = ours.updated.max(theirs.updated);
    Some((p, conflicts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::Target;

    fn pack() -> Pack {
        Pack::new("p1".into(), "The Marches", Family::Symbaroum, 0.0)
    }

    #[test]
    fn two_tabs_edits_of_one_pack_merge_field_by_field_and_entry_by_entry() {
        let (base, rope) = add_item(&pack(), "Rope").unwrap();
        let (base, torch) = add_item(&base, "Torch").unwrap();
        // Tab A: the pack's name and the rope's price; tab B, at the same moment: the
        // description and the torch's name.
        let mut ours = edited(&base, |p| p.name = "The Border".into()).unwrap();
        ours = item(&ours, rope, |e| e.value = Some(120)).unwrap();
        ours.updated = 10.0;
        let mut theirs = edited(&base, |p| p.about = "Smiths' wares".into()).unwrap();
        theirs = item(&theirs, torch, |e| e.name = "Pitch torch".into()).unwrap();
        theirs.updated = 11.0;
        let (m, conflicts) = merge_packs(&base, &ours, &theirs).unwrap();
        assert_eq!(conflicts, Vec::<String>::new());
        assert_eq!(
            (m.name.as_str(), m.about.as_str()),
            ("The Border", "Smiths' wares")
        );
        assert_eq!(m.items[0].value, Some(120));
        assert_eq!(m.items[1].name, "Pitch torch");
        // The other way round, the same pack.
        let (back, _) = merge_packs(&base, &theirs, &ours).unwrap();
        assert_eq!(back, m);
        // An entry added in one and another removed in the other: both done.
        let (added, _) = add_item(&ours, "Lantern").unwrap();
        let removed = edited(&ours, |p| p.items.retain(|e| e.id != torch)).unwrap();
        let (m, _) = merge_packs(&ours, &added, &removed).unwrap();
        let names: Vec<&str> = m.items.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Rope", "Lantern"]);
        // The same field in both: the later edit is kept, and named.
        let a = edited(&base, |p| p.name = "A".into()).unwrap();
        let mut b = edited(&base, |p| p.name = "B".into()).unwrap();
        b.updated = 99.0;
        let (m, conflicts) = merge_packs(&base, &a, &b).unwrap();
        assert_eq!(
            (m.name.as_str(), conflicts),
            ("B", vec!["name".to_string()])
        );
    }

    #[test]
    fn entries_are_added_with_ids_of_their_own_and_a_name_each() {
        let p = pack();
        let (p, a) = add_ability(&p, " Iron Hide ", AbilityKind::Trait).unwrap();
        let (p, b) = add_ability(&p, "Gifted", AbilityKind::Ability).unwrap();
        assert_eq!((a, b), (1, 2));
        assert_eq!(p.abilities[0].name, "Iron Hide");
        assert_eq!(
            add_ability(&p, "iron hide", AbilityKind::Boon).unwrap_err(),
            "Another entry of this list has the same name."
        );
        assert_eq!(
            add_ability(&p, "  ", AbilityKind::Boon).unwrap_err(),
            "Enter a name."
        );
        let (p, i) = add_item(&p, "Rope").unwrap();
        assert_eq!((i, p.items.len()), (1, 1));
        // A Symbaroum-family pack holds no Heimr entries.
        assert!(add_condition(&p, "Seasick")
            .unwrap_err()
            .contains("holds no conditions"));
        let h = Pack::new("h".into(), "North", Family::Heimr, 0.0);
        let (h, c) = add_condition(&h, "Seasick").unwrap();
        let (h, a) = add_heimr_ability(&h, "Sailing").unwrap();
        assert_eq!((c, a, h.len()), (1, 1, 2));
        assert!(add_heimr_ability(&h, "Brawl")
            .unwrap_err()
            .contains("standard ability"));
    }

    #[test]
    fn a_level_modifier_acts_at_its_level_and_a_bad_amount_is_refused_in_words() {
        let (p, id) = add_ability(&pack(), "Iron Hide", AbilityKind::Trait).unwrap();
        let p = add_modifier(&p, id, Some(Level::Adept), "toughness", "+4").unwrap();
        assert_eq!(
            p.abilities[0].effects_at(Some(Level::Adept)),
            [Effect::Modifier {
                target: Target::Toughness,
                amount: 4
            }]
        );
        assert!(p.abilities[0].effects_at(Some(Level::Novice)).is_empty());
        assert!(add_modifier(&p, id, None, "toughness", "lots")
            .unwrap_err()
            .contains("whole number"));
        assert_eq!(
            add_modifier(&p, id, None, "toughness", "0").unwrap_err(),
            "The amount must be from −99 to +99, and not 0 (got 0)."
        );
        assert_eq!(
            add_modifier(&p, id, None, "", "1").unwrap_err(),
            "Pick what it changes."
        );
        // Removing the last effect of a level drops the level.
        let p = remove_effect(&p, id, Some(Level::Adept), 0).unwrap();
        assert_eq!(p.abilities[0].adept, None);
    }

    #[test]
    fn a_kind_without_levels_is_refused_while_a_level_says_something() {
        let (p, id) = add_ability(&pack(), "Mule Blood", AbilityKind::Ability).unwrap();
        let p = ability(&p, id, |e| {
            *level_mut(e, Some(Level::Novice)).0 = "Carries.".into()
        })
        .unwrap();
        assert!(set_kind(&p, id, AbilityKind::Burden)
            .unwrap_err()
            .contains("A burden has no levels"));
        let p = ability(&p, id, |e| {
            level_mut(e, Some(Level::Novice)).0.clear();
            tidy(e);
        })
        .unwrap();
        assert_eq!(
            set_kind(&p, id, AbilityKind::Burden).unwrap().abilities[0].kind,
            AbilityKind::Burden
        );
    }

    #[test]
    fn weapons_armor_and_qualities_are_added_with_their_numbers_checked() {
        let (p, w) = add_weapon(&pack(), "Border spear", "1d8").unwrap();
        assert_eq!((w, p.weapons[0].damage.to_string()), (1, "1d8".to_string()));
        assert!(add_weapon(&p, "Club", "")
            .unwrap_err()
            .contains("Enter dice"));
        let (p, a) = add_armor(&p, "Boiled leather", "1d4", "2").unwrap();
        assert_eq!((a, p.armor[0].impeding), (1, 2));
        assert!(add_armor(&p, "Plate", "1d8", "40")
            .unwrap_err()
            .contains("between 0 and 20"));
        let (p, q) = add_quality(&p, "Jagged").unwrap();
        assert_eq!((q, p.qualities[0].name.as_str()), (1, "Jagged"));
        assert_eq!(parse_names(" Long, ,Jagged "), ["Long", "Jagged"]);
    }

    #[test]
    fn an_edit_is_refused_only_for_a_problem_it_brings() {
        // A pack the editor opened with a problem already (a long description) still
        // takes other edits.
        let mut p = pack();
        p.about = "x".repeat(ABOUT_MAX + 1);
        assert!(edited(&p, |p| p.name = "Other".into()).is_ok());
        assert_eq!(edited(&p, |p| p.name.clear()).unwrap_err(), "Enter a name.");
        assert_eq!(parse_price(" "), Ok(None));
        assert!(check_says(&"x".repeat(SAYS_MAX)).is_ok());
        assert_eq!(
            check_says(&"x".repeat(SAYS_MAX + 1)),
            Err(format!("At most {SAYS_MAX} characters."))
        );
        assert_eq!(
            parse_optional("Base consistency", "−2", -2, 3),
            Ok(Some(-2))
        );
        assert!(parse_optional("Base consistency", "4", -2, 3)
            .unwrap_err()
            .contains("between"));
        assert_eq!(parse_price("12"), Ok(Some(12)));
        assert!(parse_price("-1").is_err());
    }
}
