//! Modifiers: every number that changes an attribute or a derived value comes through
//! one list (abilities, equipment, conditions and free-form entries alike).

use super::Attr;
use serde::{Deserialize, Serialize};

/// What a modifier changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "attr")]
pub enum Target {
    Attr(Attr),
    Toughness,
    PainThreshold,
    Defense,
    CorruptionThreshold,
    /// The encumbrance threshold is multiplied, not added to: see RULES.md (Pack-mule).
    EncumbranceThreshold,
}

/// One entry of a character's modifier list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "ModifierDoc", into = "ModifierDoc")]
pub struct Modifier {
    /// Stable within the sheet's list, so the list is keyed by it (0: not yet given
    /// one; the sheet numbers its modifiers when it adds or loads them).
    pub id: u32,
    /// Where it comes from, as the player sees it in breakdowns ("Robust", "Ring").
    pub source: String,
    pub target: Target,
    pub amount: i32,
    pub active: bool,
}

/// A modifier as saved.
#[derive(Clone, Serialize, Deserialize)]
struct ModifierDoc {
    #[serde(default, skip_serializing_if = "crate::rules::no_id")]
    id: u32,
    source: String,
    target: Target,
    amount: i32,
    active: bool,
}

impl From<ModifierDoc> for Modifier {
    fn from(d: ModifierDoc) -> Self {
        Modifier {
            id: d.id,
            source: d.source,
            target: d.target,
            amount: d.amount,
            active: d.active,
        }
    }
}

impl From<Modifier> for ModifierDoc {
    fn from(m: Modifier) -> Self {
        ModifierDoc {
            id: m.id,
            source: m.source,
            target: m.target,
            amount: m.amount,
            active: m.active,
        }
    }
}

impl Modifier {
    pub fn new(source: impl Into<String>, target: Target, amount: i32) -> Self {
        Modifier {
            id: 0,
            source: source.into(),
            target,
            amount,
            active: true,
        }
    }
}

/// The active modifiers that name `target`, in list order.
pub fn active_for<'a>(
    mods: &'a [Modifier],
    target: Target,
) -> impl Iterator<Item = &'a Modifier> + 'a {
    mods.iter().filter(move |m| m.active && m.target == target)
}

/// The sum of the active modifiers that name `target`.
pub fn sum_for(mods: &[Modifier], target: Target) -> i32 {
    active_for(mods, target).map(|m| m.amount).sum()
}
