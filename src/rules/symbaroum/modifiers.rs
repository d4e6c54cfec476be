//! Modifiers: every number that changes an attribute or a derived value comes through
//! one list (abilities, equipment, conditions and free-form entries alike).

use super::Attr;
use serde::{Deserialize, Serialize};

/// What a modifier changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    rename_all = "snake_case",
    tag = "kind",
    content = "attr",
    try_from = "SavedTarget"
)]
pub enum Target {
    Attr(Attr),
    Toughness,
    PainThreshold,
    Defense,
    CorruptionThreshold,
    /// The encumbrance threshold is multiplied, not added to: see RULES.md (Pack-mule).
    EncumbranceThreshold,
}

/// How a target is read (`{"kind": "attr", "attr": "might"}`, `{"kind": "defense"}`):
/// both fields in one pass. serde's own reader of a `tag`/`content` enum keeps a buffer
/// of its own for an `attr` written before its `kind`, with code for reading from it.
#[derive(Deserialize)]
pub(crate) struct SavedTarget {
    kind: TargetKind,
    #[serde(default)]
    attr: Option<Attr>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum TargetKind {
    Attr,
    Toughness,
    PainThreshold,
    Defense,
    CorruptionThreshold,
    EncumbranceThreshold,
}

impl TryFrom<SavedTarget> for Target {
    type Error = &'static str;

    fn try_from(t: SavedTarget) -> Result<Target, &'static str> {
        Ok(match t.kind {
            TargetKind::Attr => Target::Attr(t.attr.ok_or("missing field `attr`")?),
            TargetKind::Toughness => Target::Toughness,
            TargetKind::PainThreshold => Target::PainThreshold,
            TargetKind::Defense => Target::Defense,
            TargetKind::CorruptionThreshold => Target::CorruptionThreshold,
            TargetKind::EncumbranceThreshold => Target::EncumbranceThreshold,
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{from_value, json, to_value};

    #[test]
    fn every_target_reads_back_as_saved_whichever_field_comes_first() {
        for t in [
            Target::Attr(Attr::Might),
            Target::Toughness,
            Target::PainThreshold,
            Target::Defense,
            Target::CorruptionThreshold,
            Target::EncumbranceThreshold,
        ] {
            assert_eq!(from_value::<Target>(to_value(t).unwrap()).unwrap(), t);
        }
        assert_eq!(
            to_value(Target::Defense).unwrap(),
            json!({"kind": "defense"})
        );
        let attr_first: Target =
            serde_json::from_str(r#"{"attr": "vigilance", "kind": "attr"}"#).unwrap();
        assert_eq!(attr_first, Target::Attr(Attr::Vigilance));
    }

    #[test]
    fn a_target_that_does_not_fit_is_refused_in_serde_s_words() {
        let said = |v| from_value::<Target>(v).unwrap_err().to_string();
        assert_eq!(said(json!({"kind": "attr"})), "missing field `attr`");
        assert!(said(json!({"kind": "luck"})).starts_with("unknown variant `luck`"));
        assert_eq!(said(json!({"attr": "might"})), "missing field `kind`");
    }
}
