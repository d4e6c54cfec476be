//! Encumbrance (optional rule, on by default): items are counted, not weighed
//! (RULES.md, "Encumbrance"; seeds 000 and 003).
//!
//! Items are a flat list; an item may sit `inside` another (to any depth). Each row
//! reports what it counts, so the sheet can show the number beside it.
//!
//! Choices where the rules are silent (players would expect these):
//! - **Quantity** multiplies the per-unit count: 3 daggers sheathed = 3, 2 Massive
//!   axes packed = 4, 2 chests = 2 + their contents, carried unworn armor = Impeding per
//!   suit. A container's contents belong to the row as a whole and are not multiplied.
//! - **Massive** replaces the "1 per unit" of ordinary items, sheathed or packed
//!   weapons and bulky containers with 2 per unit. Rows with a rule of their own ignore
//!   it: a held weapon is 0 (held beats Massive), worn armor 0, carried armor its
//!   Impeding, clothing and light containers 0, small objects by the 50.
//! - **Small objects** are pooled across every carried row before the floor: 30 coins
//!   in a purse and 30 in a pack are 60 pieces, which count 1. Their rows show 0 and the
//!   report gives the pooled count.
//! - An item counts only when it and every container around it are `carried` (a chest
//!   left at the inn takes its contents with it).
//! - A container that is missing, or containers inside each other in a loop, are
//!   ignored for that item: it counts as carried on its own and its row has a warning.

use super::combat::{Armor, Weapon, WeaponQuality, WeaponState};
use super::derived::{fmt_signed, Breakdown};
use super::dice_notation::DiceExpr;
use super::modifiers::{active_for, sum_for, Target};
use super::{labels, Attr, Modifier};
use crate::rules::Ruleset;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Small objects count 1 per full this many pieces.
pub const SMALL_OBJECTS_PER_ITEM: u32 = 50;

/// What kind of thing an item is, for counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ItemKind {
    /// Clothing, belts, boots: 0.
    Clothing,
    /// Backpack, sack, shoulder-bag: 0; only its contents count.
    LightContainer,
    /// Barrel, chest, box: 1 + its contents.
    BulkyContainer,
    /// Coins, pendants, jewels: `quantity` is the number of pieces.
    SmallObjects,
    /// Worn: 0 (Impeding goes to Defense). Carried: its Impeding.
    Armor {
        #[serde(default)]
        impeding: i32,
        #[serde(default)]
        worn: bool,
    },
    /// Held: 0. Sheathed or packed: 1 (Massive 2).
    Weapon {
        #[serde(default)]
        state: WeaponState,
    },
    /// Anything else: 1 per unit (Massive 2).
    #[default]
    Other,
}

impl ItemKind {
    pub fn is_container(self) -> bool {
        matches!(self, ItemKind::LightContainer | ItemKind::BulkyContainer)
    }
}

/// One row of the inventory, saved with the character: its kind's fields sit beside
/// the others (`{"kind": "armor", "impeding": 2, "id": 6, …}`); an absent quantity
/// is 1 and an absent `carried` is true.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "saved::Item")]
pub struct Item {
    /// Unique within the character; containers are referred to by it.
    pub id: u32,
    #[serde(default)]
    pub name: String,
    #[serde(flatten)]
    pub kind: ItemKind,
    #[serde(default = "one")]
    pub quantity: u32,
    #[serde(default)]
    pub massive: bool,
    /// False for things left behind (at camp, on the mule).
    #[serde(default = "yes")]
    pub carried: bool,
    /// The id of the container it is in, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inside: Option<u32>,
    /// An armor's protection dice, rolled against a hit while it is worn: the same
    /// suit as on the Combat tab, wherever it was added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protection: Option<DiceExpr>,
    /// The listed price of one unit, in ortegs (see [`super::trade`]), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// The campaign pack entry it was taken from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<super::pack_effects::Taken>,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

/// How a row of the inventory is read: its kind and the fields of every kind beside the
/// row's own, in one pass. serde's own reader of a flattened `tag = "kind"` enum copies
/// the object into a buffer of its own and reads it a second time from there: code for
/// every type under it twice over, in the documents' chunk every sheet loads.
mod saved {
    use super::super::combat::WeaponState;
    use super::super::dice_notation::DiceExpr;
    use super::super::pack_effects::Taken;
    use super::{one, yes, ItemKind};
    use serde::Deserialize;

    #[derive(Deserialize)]
    pub struct Item {
        id: u32,
        #[serde(default)]
        name: String,
        kind: Kind,
        #[serde(default)]
        impeding: i32,
        #[serde(default)]
        worn: bool,
        #[serde(default)]
        state: WeaponState,
        #[serde(default = "one")]
        quantity: u32,
        #[serde(default)]
        massive: bool,
        #[serde(default = "yes")]
        carried: bool,
        #[serde(default)]
        inside: Option<u32>,
        #[serde(default)]
        protection: Option<DiceExpr>,
        #[serde(default)]
        value: Option<u32>,
        #[serde(default)]
        from: Option<Taken>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Clothing,
        LightContainer,
        BulkyContainer,
        SmallObjects,
        Armor,
        Weapon,
        Other,
    }

    impl From<Item> for super::Item {
        fn from(i: Item) -> Self {
            let kind = match i.kind {
                Kind::Clothing => ItemKind::Clothing,
                Kind::LightContainer => ItemKind::LightContainer,
                Kind::BulkyContainer => ItemKind::BulkyContainer,
                Kind::SmallObjects => ItemKind::SmallObjects,
                Kind::Armor => ItemKind::Armor {
                    impeding: i.impeding,
                    worn: i.worn,
                },
                Kind::Weapon => ItemKind::Weapon { state: i.state },
                Kind::Other => ItemKind::Other,
            };
            super::Item {
                id: i.id,
                name: i.name,
                kind,
                quantity: i.quantity,
                massive: i.massive,
                carried: i.carried,
                inside: i.inside,
                protection: i.protection,
                value: i.value,
                from: i.from,
            }
        }
    }
}

impl Item {
    pub fn new(id: u32, name: impl Into<String>, kind: ItemKind) -> Self {
        Item {
            id,
            name: name.into(),
            kind,
            quantity: 1,
            massive: false,
            carried: true,
            inside: None,
            protection: None,
            value: None,
            from: None,
        }
    }

    /// The listed price of one unit, in ortegs.
    pub fn value(mut self, ortegs: u32) -> Self {
        self.value = Some(ortegs);
        self
    }

    pub fn quantity(mut self, q: u32) -> Self {
        self.quantity = q;
        self
    }

    pub fn massive(mut self, m: bool) -> Self {
        self.massive = m;
        self
    }

    pub fn inside(mut self, container: u32) -> Self {
        self.inside = Some(container);
        self
    }

    pub fn carried(mut self, c: bool) -> Self {
        self.carried = c;
        self
    }

    /// A weapon's row: its state, Massive from its qualities.
    pub fn from_weapon(id: u32, w: &Weapon) -> Self {
        Item::new(id, w.name.clone(), ItemKind::Weapon { state: w.state })
            .massive(w.has(&WeaponQuality::Massive))
    }

    /// An armor's row: worn or carried, with its Impeding and protection.
    pub fn from_armor(id: u32, a: &Armor) -> Self {
        let mut it = Item::new(
            id,
            a.name.clone(),
            ItemKind::Armor {
                impeding: a.impeding,
                worn: a.worn,
            },
        );
        it.protection = Some(a.protection.clone());
        it.value = a.value;
        it
    }

    /// An armor item as the Combat tab's suit: its name, protection (none entered:
    /// no dice), Impeding and whether it is worn (only while carried). `None` for
    /// anything but armor.
    pub fn as_armor(&self) -> Option<Armor> {
        match self.kind {
            ItemKind::Armor { impeding, worn } => Some(Armor {
                // Not a row of the Combat tab's own list: no id there.
                id: 0,
                name: self.name.clone(),
                protection: self.protection.clone().unwrap_or_default(),
                impeding,
                worn: worn && self.carried,
                qualities: Vec::new(),
                segments: None,
                value: self.value,
                from: None,
            }),
            _ => None,
        }
    }

    /// What one unit counts on its own (contents are their own rows; small objects are
    /// pooled, so they count 0 here).
    fn per_unit(&self) -> i32 {
        match self.kind {
            ItemKind::Clothing
            | ItemKind::LightContainer
            | ItemKind::SmallObjects
            | ItemKind::Armor { worn: true, .. }
            | ItemKind::Weapon {
                state: WeaponState::Held,
            } => 0,
            ItemKind::Armor { impeding, .. } => impeding.max(0),
            _ if self.massive => 2,
            _ => 1,
        }
    }

    /// What this row counts on its own.
    pub fn own(&self) -> i32 {
        self.per_unit().saturating_mul(self.quantity as i32)
    }

    /// Why this row counts what it does on its own (its kind, Massive, quantity).
    pub fn why_own(&self) -> Why {
        Why::Own {
            kind: self.kind,
            massive: self.massive,
            quantity: self.quantity,
            per_unit: self.per_unit(),
        }
    }
}

/// Why a row counts what it does: worded (`Display`) only where a row shows it, so
/// counting a 500-item inventory on every change of the gear words none of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    RuleOff,
    NotCarried,
    ContainerNotCarried,
    /// What the row counts on its own, from its kind, Massive and quantity.
    Own {
        kind: ItemKind,
        massive: bool,
        quantity: u32,
        per_unit: i32,
    },
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (kind, m, q, n) = match *self {
            Why::RuleOff => return f.write_str("encumbrance rule is off"),
            Why::NotCarried => return f.write_str("not carried"),
            Why::ContainerNotCarried => return f.write_str("its container is not carried"),
            Why::Own {
                kind,
                massive,
                quantity,
                per_unit,
            } => (kind, massive, quantity, per_unit),
        };
        // What a row counts, in words: "ordinary item: counts 1", "Massive weapon:
        // 3 × 2" (the badge beside it says the total).
        let each = |f: &mut std::fmt::Formatter<'_>, what: &str| {
            if q == 1 {
                write!(f, "{what}: counts {n}")
            } else {
                write!(f, "{what}: {q} × {n}")
            }
        };
        match kind {
            ItemKind::Clothing => f.write_str("clothing: does not count"),
            ItemKind::LightContainer => f.write_str("light container: only its contents count"),
            ItemKind::BulkyContainer => {
                each(
                    f,
                    if m {
                        "Massive bulky container"
                    } else {
                        "bulky container"
                    },
                )?;
                f.write_str(", plus what is inside")
            }
            ItemKind::SmallObjects => write!(
                f,
                "{q} small pieces: counted together, 1 per full {SMALL_OBJECTS_PER_ITEM}"
            ),
            ItemKind::Armor { worn: true, .. } => {
                f.write_str("worn armor: its Impeding lowers Defense instead")
            }
            ItemKind::Armor { .. } => each(f, "carried armor, by its Impeding"),
            ItemKind::Weapon {
                state: WeaponState::Held,
            } => f.write_str("weapon in hand: does not count"),
            ItemKind::Weapon { .. } => each(
                f,
                if m {
                    "Massive weapon"
                } else {
                    "weapon sheathed or packed"
                },
            ),
            ItemKind::Other => each(f, if m { "Massive item" } else { "ordinary item" }),
        }
    }
}

/// What one row counts, for display beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemCount {
    pub id: u32,
    /// What the row adds to the total (0 when not counted).
    pub counts: i32,
    /// False when it, or a container around it, is not carried (or the rule is off).
    pub counted: bool,
    /// Why: "ordinary item: 3 × 1", "worn armor: …", "not carried" (its `Display`).
    pub why: Why,
    /// Set when the row's container is missing, not a container, or in a loop.
    pub warning: Option<String>,
    /// How deep it is nested (0 = carried loose), for indenting.
    pub depth: usize,
    /// Small objects counted in the pool of every carried small object
    /// ([`ItemCounts::small_pieces`]), which is what counts, not the row.
    pub pooled: bool,
}

/// What the inventory counts, row by row: made from the gear alone, so a change of
/// Might (which only moves the threshold) leaves it as it is.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ItemCounts {
    pub rows: Vec<ItemCount>,
    /// Carried small pieces, pooled, and what they count.
    pub small_pieces: u32,
    pub small_count: i32,
    pub total: i32,
}

/// The whole count and what it does to the character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encumbrance {
    pub enabled: bool,
    /// Shared, not copied, between versions that differ only in Might or modifiers.
    pub items: Arc<ItemCounts>,
    pub total: i32,
    pub threshold: Breakdown,
    /// Carrying limit = Might × 2.
    pub limit: i32,
    /// Items above the threshold: −1 Defense each ([`super::derived::Inputs::encumbrance_over`]).
    pub over_threshold: i32,
    /// Items above the carrying limit: a march counts one tier worse.
    pub over_limit: i32,
}

/// Encumbrance threshold: Might, or floor(Might × 1.5) with Pack-mule (the boon
/// multiplies Might). Modifiers naming [`Target::EncumbranceThreshold`] are then added;
/// RULES.md names no other, so this is the least surprising reading.
pub fn threshold(might: i32, pack_mule: bool, mods: &[Modifier], ruleset: Ruleset) -> Breakdown {
    let l = labels(ruleset);
    let m = l.attr(Attr::Might);
    let base = threshold_base(might, pack_mule);
    let base_text = if pack_mule {
        format!("{m} {} × 1.5, rounded down (Pack-mule)", fmt_signed(might))
    } else {
        format!("{m} {}", fmt_signed(might))
    };
    let mut b = Breakdown {
        name: l.encumbrance_threshold.to_string(),
        value: base,
        base_text,
        base,
        terms: Vec::new(),
    };
    for md in active_for(mods, Target::EncumbranceThreshold) {
        if md.amount != 0 {
            b.terms.push(super::Term {
                source: md.source.clone(),
                amount: md.amount,
            });
            b.value += md.amount;
        }
    }
    b
}

/// The threshold before modifiers: Might, or floor(Might × 1.5) with Pack-mule.
fn threshold_base(might: i32, pack_mule: bool) -> i32 {
    if pack_mule {
        (might * 3).div_euclid(2)
    } else {
        might
    }
}

/// The total the items count ([`ItemCounts::total`]), without the per-row report (and
/// its words) that only the inventory shows: what Defense needs on every page.
pub fn carried_total(items: &[&Item], enabled: bool) -> i32 {
    if !enabled {
        return 0;
    }
    let mut total = 0i32;
    let mut small: u32 = 0;
    let by_id = ById::new(items);
    for item in items.iter().filter(|i| chain(i, &by_id).carried) {
        total = total.saturating_add(item.own());
        if item.kind == ItemKind::SmallObjects {
            small = small.saturating_add(item.quantity);
        }
    }
    total + (small / SMALL_OBJECTS_PER_ITEM) as i32
}

/// How far `total` items are above the threshold (0 with the rule off).
pub fn over_by(total: i32, might: i32, pack_mule: bool, mods: &[Modifier], enabled: bool) -> i32 {
    if !enabled {
        return 0;
    }
    let threshold = threshold_base(might, pack_mule) + sum_for(mods, Target::EncumbranceThreshold);
    (total - threshold).max(0)
}

/// Carrying limit = Might × 2.
pub fn carrying_limit(might: i32) -> i32 {
    might * 2
}

/// Counts `items` for a character with effective `might`. With the rule off, nothing
/// counts and nothing is over.
pub fn encumbrance(
    items: &[Item],
    might: i32,
    pack_mule: bool,
    mods: &[Modifier],
    enabled: bool,
    ruleset: Ruleset,
) -> Encumbrance {
    let rows: Vec<&Item> = items.iter().collect();
    let counts = Arc::new(count_items(&rows, enabled));
    weigh(counts, might, pack_mule, mods, enabled, ruleset)
}

/// What each row counts and why, and the total (no Might needed). The rows are
/// borrowed: the sheet counts its 500 items on every change of the gear.
pub fn count_items(items: &[&Item], enabled: bool) -> ItemCounts {
    let mut rows = Vec::with_capacity(items.len());
    let mut small_pieces: u32 = 0;
    let mut sum = 0;
    let by_id = ById::new(items);
    for item in items {
        let Chain {
            carried: all_carried,
            issue,
            depth,
        } = chain(item, &by_id);
        let warning = issue.map(|i| match i {
            ChainIssue::Missing => {
                "Its container no longer exists: counted as carried loose.".to_string()
            }
            ChainIssue::Loop => {
                "Containers are inside each other in a loop: counted as carried loose.".into()
            }
            ChainIssue::NotContainer(name) => format!("“{name}” is not a container."),
        });
        let own = item.own();
        let counted = enabled && all_carried;
        if counted && item.kind == ItemKind::SmallObjects {
            small_pieces = small_pieces.saturating_add(item.quantity);
        }
        let counts = if counted { own } else { 0 };
        sum += counts;
        let why = if !enabled {
            Why::RuleOff
        } else if !item.carried {
            Why::NotCarried
        } else if !all_carried {
            Why::ContainerNotCarried
        } else {
            item.why_own()
        };
        rows.push(ItemCount {
            id: item.id,
            counts,
            counted,
            why,
            warning,
            depth,
            pooled: counted && item.kind == ItemKind::SmallObjects,
        });
    }
    let small_count = (small_pieces / SMALL_OBJECTS_PER_ITEM) as i32;
    ItemCounts {
        rows,
        small_pieces,
        small_count,
        total: sum + small_count,
    }
}

/// What `counts` does to a character with effective `might`: the threshold, the
/// carrying limit and how far over each the total is.
pub fn weigh(
    counts: Arc<ItemCounts>,
    might: i32,
    pack_mule: bool,
    mods: &[Modifier],
    enabled: bool,
    ruleset: Ruleset,
) -> Encumbrance {
    let total = counts.total;
    let threshold = threshold(might, pack_mule, mods, ruleset);
    let limit = carrying_limit(might);
    let (over_threshold, over_limit) = if enabled {
        ((total - threshold.value).max(0), (total - limit).max(0))
    } else {
        (0, 0)
    };
    Encumbrance {
        enabled,
        items: counts,
        total,
        threshold,
        limit,
        over_threshold,
        over_limit,
    }
}

/// Why a row's containers could not be followed.
enum ChainIssue<'a> {
    /// Its container no longer exists: counted as carried loose.
    Missing,
    /// Containers inside each other in a loop: counted as carried loose.
    Loop,
    /// Put inside something that is not a container (still followed).
    NotContainer(&'a str),
}

/// What the containers around an item say about it.
struct Chain<'a> {
    /// It and every container around it are carried.
    carried: bool,
    issue: Option<ChainIssue<'a>>,
    depth: usize,
}

/// The rows by id, to find a container among 500 items without going through them
/// all for each: the first row of an id, as a search in list order finds it.
struct ById<'a> {
    items: &'a [&'a Item],
    /// Each id's first place + 1 (0: none), by id. Ids are numbered from 1
    /// (`model::ids::number`), so the table is short; for ids far apart it is empty,
    /// and a search in list order does.
    table: Vec<u32>,
}

impl<'a> ById<'a> {
    fn new(items: &'a [&'a Item]) -> Self {
        let max = items.iter().map(|i| i.id as usize).max().unwrap_or(0);
        let mut table = Vec::new();
        if max <= 4 * items.len() + 64 {
            table.resize(max + 1, 0);
            // From the end, so that the first row of an id is the one kept.
            for (i, it) in items.iter().enumerate().rev() {
                table[it.id as usize] = i as u32 + 1;
            }
        }
        ById { items, table }
    }

    fn get(&self, id: u32) -> Option<&'a Item> {
        if self.table.is_empty() {
            return self.items.iter().find(|i| i.id == id).copied();
        }
        let at = *self.table.get(id as usize)?;
        (at > 0).then(|| self.items[at as usize - 1])
    }
}

/// Walks the containers around `item`.
fn chain<'a>(item: &Item, items: &ById<'a>) -> Chain<'a> {
    let mut carried = item.carried;
    let mut depth = 0;
    let mut issue = None;
    let mut next = item.inside;
    while let Some(cid) = next {
        let broken = |issue| Chain {
            carried: item.carried,
            issue: Some(issue),
            depth: 0,
        };
        let Some(c) = items.get(cid) else {
            return broken(ChainIssue::Missing);
        };
        // Back at the item, or through more containers than there are items (so
        // through one of them twice): a loop. Counted rather than each container
        // remembered, so that counting a 500-item inventory on each change of the
        // gear makes no list per item.
        if cid == item.id || depth >= items.items.len() {
            return broken(ChainIssue::Loop);
        }
        if depth == 0 && !c.kind.is_container() {
            // Still followed: the player put it there, so it goes where that goes.
            issue = Some(ChainIssue::NotContainer(&c.name));
        }
        carried &= c.carried;
        depth += 1;
        next = c.inside;
    }
    Chain {
        carried,
        issue,
        depth,
    }
}

impl Encumbrance {
    /// Items above the carrying limit that weigh on a march (none while the
    /// encumbrance rule is off).
    pub fn load_over(&self) -> i32 {
        if self.enabled {
            self.over_limit
        } else {
            0
        }
    }

    /// What the load takes from a harmful march's Might test, 1 per item: seed 000
    /// (homebrew, symbaroum) counts every "extra item", those above the threshold;
    /// the draft (003) those above the Carrying Limit (RULES.md). None while the
    /// encumbrance rule is off.
    pub fn march_penalty(&self, ruleset: Ruleset) -> i32 {
        match (self.enabled, ruleset) {
            (false, _) => 0,
            (true, Ruleset::HomebrewDraft) => self.over_limit,
            (true, _) => self.over_threshold,
        }
        .max(0)
    }

    /// The line under the total: "14 items; Encumbrance threshold 12, Carrying limit 24:
    /// 2 over the threshold (−2 Defense)."
    pub fn summary(&self, ruleset: Ruleset) -> String {
        let l = labels(ruleset);
        if !self.enabled {
            return "Encumbrance is not used.".into();
        }
        let mut s = format!(
            "{} {}; {} {}, {} {}",
            self.total,
            if self.total == 1 { "item" } else { "items" },
            l.encumbrance_threshold,
            self.threshold.value,
            l.carrying_limit,
            self.limit
        );
        let n = self.over_threshold;
        if n > 0 {
            // homebrew-draft counts the penalty as Impedance (seed 003).
            let penalty = if ruleset == Ruleset::HomebrewDraft {
                format!("{} −{n}: −{n} {}", l.impeding, l.defense)
            } else {
                format!("−{n} {}", l.defense)
            };
            s.push_str(&format!(": {n} over the threshold ({penalty})"));
        }
        s.push('.');
        s
    }

    /// What being over the carrying limit does, in the ruleset's words; None when not
    /// over it.
    pub fn over_limit_text(&self, ruleset: Ruleset) -> Option<String> {
        if self.over_limit <= 0 {
            return None;
        }
        let l = labels(ruleset);
        let might = l.attr(Attr::Might);
        let lead = format!(
            "Over the {} by {}: moves only short distances at a time.",
            l.carrying_limit, self.over_limit
        );
        let n = self.march_penalty(ruleset);
        let march = match ruleset {
            Ruleset::HomebrewDraft => format!(
                "A {easy} suffers the detriments of a {hard}; no {hard} is possible. −{n} to the {might} test against the {hard}'s extra 1d6 damage.",
                easy = l.easy_march,
                hard = l.hard_march,
            ),
            _ => format!(
                "A {easy} counts as a {hard} and a {hard} as a Death March; no true Death March is possible. −{n} to the {might} test against Death March damage.",
                easy = l.easy_march,
                hard = l.hard_march,
            ),
        };
        Some(format!("{lead} {march}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::symbaroum::derived::{defense, Inputs};
    use crate::rules::symbaroum::dice_notation::parse_dice;
    use crate::rules::symbaroum::Scores;

    fn count(items: &[Item], might: i32) -> Encumbrance {
        encumbrance(items, might, false, &[], true, Ruleset::Homebrew)
    }

    fn row(e: &Encumbrance, id: u32) -> &ItemCount {
        e.items.rows.iter().find(|r| r.id == id).unwrap()
    }

    #[test]
    fn each_row_says_why_it_counts_what_it_does() {
        let items = [
            Item::new(1, "Cloak", ItemKind::Clothing),
            Item::new(2, "Sack", ItemKind::LightContainer),
            Item::new(3, "Chest", ItemKind::BulkyContainer)
                .quantity(2)
                .massive(true),
            Item::new(4, "Coins", ItemKind::SmallObjects).quantity(120),
            Item::new(
                5,
                "Sword",
                ItemKind::Weapon {
                    state: WeaponState::Held,
                },
            ),
        ];
        let rows: Vec<&Item> = items.iter().collect();
        let why = |enabled, id| {
            let counts = count_items(&rows, enabled);
            counts
                .rows
                .iter()
                .find(|r| r.id == id)
                .unwrap()
                .why
                .to_string()
        };
        assert_eq!(why(true, 1), "clothing: does not count");
        assert_eq!(why(true, 2), "light container: only its contents count");
        assert_eq!(
            why(true, 3),
            "Massive bulky container: 2 × 2, plus what is inside"
        );
        assert_eq!(
            why(true, 4),
            "120 small pieces: counted together, 1 per full 50"
        );
        assert_eq!(why(true, 5), "weapon in hand: does not count");
        assert_eq!(why(false, 3), "encumbrance rule is off");
    }

    #[test]
    fn a_container_is_found_by_id_whatever_the_ids() {
        let count = |items: &[Item]| {
            let rows: Vec<&Item> = items.iter().collect();
            (count_items(&rows, true).total, carried_total(&rows, true))
        };
        // Two rows of one id (an old document): the first is the container.
        let sack = |id| Item::new(id, "Sack", ItemKind::LightContainer);
        let stone = |id, inside| Item::new(id, "Stone", ItemKind::Other).inside(inside);
        let dup = [sack(1).carried(false), stone(2, 1), sack(1)];
        assert_eq!(count(&dup), (0, 0), "in the first Sack, left behind");
        // Ids far apart (no table by id): still found.
        let far = [sack(4_000_000_000), stone(7, 4_000_000_000).quantity(3)];
        assert_eq!(count(&far), (3, 3));
        let far_behind = [sack(4_000_000_000).carried(false), stone(7, 4_000_000_000)];
        assert_eq!(count(&far_behind), (0, 0));
        // A container id past every row's: missing, the item counted loose.
        let missing = [sack(1), stone(2, 90)];
        assert_eq!(count(&missing), (1, 1));
    }

    #[test]
    fn each_kind_counts_per_the_table() {
        let items = [
            Item::new(1, "Boots", ItemKind::Clothing),
            Item::new(2, "Backpack", ItemKind::LightContainer),
            Item::new(3, "Chest", ItemKind::BulkyContainer),
            Item::new(
                4,
                "Leather",
                ItemKind::Armor {
                    impeding: 2,
                    worn: true,
                },
            ),
            Item::new(
                5,
                "Chainmail",
                ItemKind::Armor {
                    impeding: 3,
                    worn: false,
                },
            ),
            Item::new(
                6,
                "Sword",
                ItemKind::Weapon {
                    state: WeaponState::Held,
                },
            ),
            Item::new(
                7,
                "Knife",
                ItemKind::Weapon {
                    state: WeaponState::Sheathed,
                },
            ),
            Item::new(
                8,
                "Bow",
                ItemKind::Weapon {
                    state: WeaponState::Packed,
                },
            ),
            Item::new(
                9,
                "Greataxe",
                ItemKind::Weapon {
                    state: WeaponState::Sheathed,
                },
            )
            .massive(true),
            Item::new(10, "Rope", ItemKind::Other),
            Item::new(11, "Torch", ItemKind::Other).quantity(3),
        ];
        let e = count(&items, 10);
        let counts: Vec<i32> = e.items.rows.iter().map(|r| r.counts).collect();
        assert_eq!(counts, [0, 0, 1, 0, 3, 0, 1, 1, 2, 1, 3]);
        assert_eq!(e.total, 12);
        assert_eq!(row(&e, 11).why.to_string(), "ordinary item: 3 × 1");
        assert_eq!(row(&e, 10).why.to_string(), "ordinary item: counts 1");
        assert_eq!(
            row(&e, 3).why.to_string(),
            "bulky container: counts 1, plus what is inside"
        );
        assert_eq!(row(&e, 9).why.to_string(), "Massive weapon: counts 2");
        assert_eq!(
            row(&e, 5).why.to_string(),
            "carried armor, by its Impeding: counts 3"
        );
        assert!(row(&e, 4).why.to_string().contains("Defense"));
    }

    #[test]
    fn contents_count_inside_light_and_bulky_containers_at_any_depth() {
        let items = [
            Item::new(1, "Backpack", ItemKind::LightContainer),
            Item::new(2, "Box", ItemKind::BulkyContainer).inside(1),
            Item::new(3, "Sack", ItemKind::LightContainer).inside(2),
            Item::new(4, "Rations", ItemKind::Other)
                .quantity(4)
                .inside(3),
            Item::new(
                5,
                "Dagger",
                ItemKind::Weapon {
                    state: WeaponState::Packed,
                },
            )
            .inside(1),
        ];
        let e = count(&items, 10);
        assert_eq!(e.total, 1 + 4 + 1);
        assert_eq!(row(&e, 4).depth, 3);
        assert_eq!(row(&e, 1).depth, 0);
        assert!(e.items.rows.iter().all(|r| r.warning.is_none()));
    }

    #[test]
    fn left_behind_containers_take_their_contents() {
        let items = [
            Item::new(1, "Chest", ItemKind::BulkyContainer).carried(false),
            Item::new(2, "Sack", ItemKind::LightContainer).inside(1),
            Item::new(3, "Gold bar", ItemKind::Other)
                .quantity(5)
                .inside(2),
            Item::new(4, "Lantern", ItemKind::Other),
        ];
        let e = count(&items, 10);
        assert_eq!(e.total, 1);
        assert!(!row(&e, 3).counted);
        assert_eq!(row(&e, 3).why.to_string(), "its container is not carried");
        assert_eq!(row(&e, 1).why.to_string(), "not carried");
    }

    #[test]
    fn quantity_and_massive() {
        let items = [
            Item::new(1, "Chest", ItemKind::BulkyContainer).quantity(2),
            Item::new(2, "Anvil", ItemKind::Other)
                .massive(true)
                .quantity(2),
            Item::new(
                3,
                "Maul",
                ItemKind::Weapon {
                    state: WeaponState::Held,
                },
            )
            .massive(true),
            Item::new(
                4,
                "Spare mail",
                ItemKind::Armor {
                    impeding: 2,
                    worn: false,
                },
            )
            .quantity(2),
            Item::new(5, "Cloak", ItemKind::Clothing).massive(true),
        ];
        let e = count(&items, 10);
        let counts: Vec<i32> = e.items.rows.iter().map(|r| r.counts).collect();
        assert_eq!(counts, [2, 4, 0, 4, 0]);
    }

    #[test]
    fn small_objects_pool_and_count_per_full_fifty() {
        let one = |n: u32| {
            count(
                &[Item::new(1, "Coins", ItemKind::SmallObjects).quantity(n)],
                10,
            )
        };
        assert_eq!(one(49).total, 0);
        assert_eq!(one(50).total, 1);
        assert_eq!(one(99).total, 1);
        assert_eq!(one(100).total, 2);
        let items = [
            Item::new(1, "Purse", ItemKind::SmallObjects).quantity(30),
            Item::new(2, "Pack", ItemKind::LightContainer),
            Item::new(3, "Coins", ItemKind::SmallObjects)
                .quantity(30)
                .inside(2),
            Item::new(4, "Stash", ItemKind::SmallObjects)
                .quantity(500)
                .carried(false),
        ];
        let e = count(&items, 10);
        assert_eq!(
            (e.items.small_pieces, e.items.small_count, e.total),
            (60, 1, 1)
        );
        assert_eq!(row(&e, 1).counts, 0);
        assert!(
            row(&e, 1).pooled && row(&e, 3).pooled,
            "carried: in the pool"
        );
        assert!(!row(&e, 4).pooled, "left behind: not in the pool");
    }

    #[test]
    fn broken_containers_are_guarded() {
        let items = [
            Item::new(1, "A", ItemKind::LightContainer).inside(2),
            Item::new(2, "B", ItemKind::BulkyContainer).inside(1),
            Item::new(3, "Lost", ItemKind::Other).inside(99),
            Item::new(4, "Rope", ItemKind::Other).inside(5),
            Item::new(
                5,
                "Sword",
                ItemKind::Weapon {
                    state: WeaponState::Held,
                },
            ),
            Item::new(6, "Self", ItemKind::BulkyContainer).inside(6),
            // Not in the loop itself, but inside it.
            Item::new(7, "Purse", ItemKind::Other).inside(1),
        ];
        let e = count(&items, 10);
        assert!(row(&e, 7).warning.as_deref().unwrap().contains("loop"));
        assert!(row(&e, 1).warning.as_deref().unwrap().contains("loop"));
        assert!(row(&e, 2).warning.as_deref().unwrap().contains("loop"));
        assert!(row(&e, 3)
            .warning
            .as_deref()
            .unwrap()
            .contains("no longer exists"));
        assert!(row(&e, 4)
            .warning
            .as_deref()
            .unwrap()
            .contains("not a container"));
        assert!(row(&e, 6).warning.is_some());
        // Everything still counts: B 1, Lost 1, Rope 1, Self 1, Purse 1.
        assert_eq!(e.total, 5);
    }

    #[test]
    fn threshold_limit_and_pack_mule() {
        assert_eq!(threshold(13, false, &[], Ruleset::Homebrew).value, 13);
        let t = threshold(13, true, &[], Ruleset::Homebrew);
        assert_eq!(t.value, 19);
        assert_eq!(
            t.text(),
            "Encumbrance threshold 19 = Might 13 × 1.5, rounded down (Pack-mule)"
        );
        assert_eq!(threshold(10, true, &[], Ruleset::Homebrew).value, 15);
        assert_eq!(threshold(7, true, &[], Ruleset::Symbaroum).value, 10);
        let mods = [Modifier::new(
            "Sturdy frame",
            Target::EncumbranceThreshold,
            2,
        )];
        assert_eq!(
            threshold(10, false, &mods, Ruleset::HomebrewDraft).text(),
            "Encumbrance Threshold 12 = Might 10 + Sturdy frame 2"
        );
        assert_eq!(carrying_limit(13), 26);
    }

    fn stuff(n: u32) -> Vec<Item> {
        vec![Item::new(1, "Stuff", ItemKind::Other).quantity(n)]
    }

    #[test]
    fn over_the_threshold_lowers_defense() {
        let e = count(&stuff(13), 10);
        assert_eq!((e.total, e.over_threshold, e.over_limit), (13, 3, 0));
        assert_eq!(e.summary(Ruleset::Homebrew), "13 items; Encumbrance threshold 10, Carrying limit 20: 3 over the threshold (−3 Defense).");
        assert_eq!(e.summary(Ruleset::HomebrewDraft), "13 items; Encumbrance Threshold 10, Carrying Limit 20: 3 over the threshold (Impedance −3: −3 Defense).");
        let mut scores = Scores::default();
        scores.set(Attr::Agility, 12);
        let inp = Inputs {
            scores,
            encumbrance_over: e.over_threshold,
            ..Default::default()
        };
        let l = labels(Ruleset::Homebrew);
        assert_eq!(defense(&inp, l).value, 9);
        assert_eq!(count(&stuff(10), 10).over_threshold, 0);
        assert_eq!(
            count(&stuff(10), 10).over_limit_text(Ruleset::Homebrew),
            None
        );
    }

    #[test]
    fn over_the_limit_march_text_per_ruleset() {
        let e = count(&stuff(23), 10);
        // Seed 000: −1 per extra item (over the threshold); the draft: per item over
        // the Carrying Limit.
        assert_eq!(
            (
                e.over_threshold,
                e.over_limit,
                e.march_penalty(Ruleset::Homebrew),
                e.march_penalty(Ruleset::HomebrewDraft)
            ),
            (13, 3, 13, 3)
        );
        assert_eq!(
            e.over_limit_text(Ruleset::Homebrew).unwrap(),
            "Over the Carrying limit by 3: moves only short distances at a time. A Day's March counts as a Forced March and a Forced March as a Death March; no true Death March is possible. −13 to the Might test against Death March damage."
        );
        assert!(e
            .over_limit_text(Ruleset::Symbaroum)
            .unwrap()
            .contains("−13 to the Strong test"));
        let e = encumbrance(&stuff(23), 10, false, &[], true, Ruleset::HomebrewDraft);
        assert_eq!(
            e.over_limit_text(Ruleset::HomebrewDraft).unwrap(),
            "Over the Carrying Limit by 3: moves only short distances at a time. A Cautious March suffers the detriments of a Hasty March; no Hasty March is possible. −3 to the Might test against the Hasty March's extra 1d6 damage."
        );
        // Exactly at the limit is not over it.
        assert_eq!(count(&stuff(20), 10).over_limit, 0);
    }

    #[test]
    fn the_quick_count_agrees_with_the_full_report() {
        let scenes: Vec<Vec<Item>> = vec![
            stuff(14),
            vec![
                Item::new(1, "Pack", ItemKind::LightContainer),
                Item::new(2, "Chest", ItemKind::BulkyContainer).carried(false),
                Item::new(3, "Gold", ItemKind::SmallObjects)
                    .quantity(120)
                    .inside(1),
                Item::new(4, "Silver", ItemKind::SmallObjects)
                    .quantity(30)
                    .inside(2),
                Item::new(5, "Axe", ItemKind::Other)
                    .massive(true)
                    .quantity(3)
                    .inside(1),
                Item::new(6, "Lost", ItemKind::Other).inside(99),
                Item::new(7, "Loop a", ItemKind::LightContainer).inside(8),
                Item::new(8, "Loop b", ItemKind::LightContainer).inside(7),
                Item::new(
                    9,
                    "Mail",
                    ItemKind::Armor {
                        impeding: 3,
                        worn: false,
                    },
                ),
            ],
        ];
        let mods = [Modifier::new("Strap", Target::EncumbranceThreshold, 1)];
        for items in &scenes {
            let refs: Vec<&Item> = items.iter().collect();
            for might in [3, 5, 9, 10] {
                for pack_mule in [false, true] {
                    for on in [false, true] {
                        let full =
                            encumbrance(items, might, pack_mule, &mods, on, Ruleset::Homebrew);
                        assert_eq!(
                            over_by(carried_total(&refs, on), might, pack_mule, &mods, on),
                            full.over_threshold,
                            "Might {might}, Pack-mule {pack_mule}, on {on}"
                        );
                        assert_eq!(carried_total(&refs, on), full.total);
                    }
                }
            }
        }
    }

    #[test]
    fn the_rule_can_be_switched_off() {
        let e = encumbrance(&stuff(40), 10, false, &[], false, Ruleset::Homebrew);
        assert_eq!((e.total, e.over_threshold, e.over_limit), (0, 0, 0));
        assert!(e.items.rows.iter().all(|r| !r.counted && r.counts == 0));
        assert_eq!(e.summary(Ruleset::Homebrew), "Encumbrance is not used.");
        assert_eq!(e.over_limit_text(Ruleset::Homebrew), None);
    }

    #[test]
    fn weapons_and_armor_become_rows() {
        let mut w = Weapon::new("Greatsword", parse_dice("1d12").unwrap());
        w.qualities = vec![WeaponQuality::Massive];
        w.state = WeaponState::Packed;
        let a = Armor {
            id: 0,
            name: "Plate".into(),
            protection: parse_dice("1d8").unwrap(),
            impeding: 4,
            worn: false,
            segments: None,
            value: None,
            from: None,
            qualities: vec![],
        };
        let items = [Item::from_weapon(1, &w), Item::from_armor(2, &a)];
        assert_eq!(count(&items, 10).total, 2 + 4);
    }
}
