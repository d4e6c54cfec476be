//! Experience: ability kinds and levels, what they cost, the ledger of awards and
//! purchases with earned / spent / unspent, and the optional Re-roll for Experience
//! (RULES.md, "Experience"; seeds 001 and 004).

use super::{Attr, Target};
use crate::rules::dice::{roll, Rng};
use serde::{Deserialize, Serialize};

/// What kind of ability an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityKind {
    Ability,
    Boon,
    Burden,
    /// Racial, set at character creation, no Experience.
    Trait,
    MysticalPower,
    /// Needs the Ritualist ability.
    Ritual,
    PrincipleBond,
}

impl AbilityKind {
    pub const ALL: [AbilityKind; 7] = [
        AbilityKind::Ability,
        AbilityKind::Boon,
        AbilityKind::Burden,
        AbilityKind::Trait,
        AbilityKind::MysticalPower,
        AbilityKind::Ritual,
        AbilityKind::PrincipleBond,
    ];

    /// The word it is saved as.
    pub fn key(self) -> &'static str {
        match self {
            AbilityKind::Ability => "ability",
            AbilityKind::Boon => "boon",
            AbilityKind::Burden => "burden",
            AbilityKind::Trait => "trait",
            AbilityKind::MysticalPower => "mystical_power",
            AbilityKind::Ritual => "ritual",
            AbilityKind::PrincipleBond => "principle_bond",
        }
    }

    pub fn from_key(k: &str) -> Option<AbilityKind> {
        AbilityKind::ALL.into_iter().find(|a| a.key() == k)
    }

    /// Its name in a ruleset's words (a trait is a "Feature" in the draft).
    pub fn name_in(self, l: &super::Labels) -> &'static str {
        match self {
            AbilityKind::Trait => l.trait_kind,
            k => k.name(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            AbilityKind::Ability => "Ability",
            AbilityKind::Boon => "Boon",
            AbilityKind::Burden => "Burden",
            AbilityKind::Trait => "Trait",
            AbilityKind::MysticalPower => "Mystical power",
            AbilityKind::Ritual => "Ritual",
            AbilityKind::PrincipleBond => "Principle bond",
        }
    }

    /// Whether the kind has novice / adept / master levels. Traits do too (their levels
    /// come with the race); boons, burdens and rituals do not.
    pub fn has_levels(self) -> bool {
        matches!(
            self,
            AbilityKind::Ability
                | AbilityKind::MysticalPower
                | AbilityKind::PrincipleBond
                | AbilityKind::Trait
        )
    }
}

/// An ability's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Novice,
    Adept,
    Master,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Novice, Level::Adept, Level::Master];

    pub fn from_name(n: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == n)
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Adept => "adept",
            Level::Master => "master",
        }
    }

    /// As a heading or a line's start: "Novice".
    pub fn title(self) -> &'static str {
        match self {
            Level::Novice => "Novice",
            Level::Adept => "Adept",
            Level::Master => "Master",
        }
    }
}

/// How an ability is used in combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionType {
    Active,
    Free,
    Passive,
    Reaction,
    Special,
}

impl ActionType {
    pub const ALL: [ActionType; 5] = [
        ActionType::Active,
        ActionType::Free,
        ActionType::Passive,
        ActionType::Reaction,
        ActionType::Special,
    ];

    /// The word it is saved as.
    pub fn key(self) -> &'static str {
        match self {
            ActionType::Active => "active",
            ActionType::Free => "free",
            ActionType::Passive => "passive",
            ActionType::Reaction => "reaction",
            ActionType::Special => "special",
        }
    }

    pub fn from_key(k: &str) -> Option<ActionType> {
        ActionType::ALL.into_iter().find(|a| a.key() == k)
    }
}

/// One ability, boon, burden, trait, power, ritual or bond on the sheet (saved with
/// the character: absent fields read as empty, and its own modifier is saved flat as
/// `target` and `amount`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "saved::Ability")]
pub struct Ability {
    /// Stable within the sheet, so the list is keyed by it (0: not yet given one;
    /// the sheet numbers its abilities when it adds or loads them).
    #[serde(default, skip_serializing_if = "crate::rules::no_id")]
    pub id: u32,
    #[serde(default)]
    pub name: String,
    pub kind: AbilityKind,
    /// None for kinds without levels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<ActionType>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Experience paid for it so far: 0 for what came at creation, so lowering it
    /// never refunds Experience that was not spent.
    #[serde(default)]
    pub paid: i32,
    /// Burden credits applied to its purchases.
    #[serde(default)]
    pub credits: u32,
    /// Exceptional Attribute: the attribute it raises.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attr: Option<Attr>,
    /// A modifier the player gave it (any ability may carry one).
    #[serde(flatten, serialize_with = "flat_modifier::serialize")]
    pub modifier: Option<AbilityModifier>,
    /// The campaign pack entry it was taken from, with that entry's effects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<super::pack_effects::Taken>,
}

/// How an ability and a ledger line are read: every saved field side by side, read in
/// one pass. serde's own readers of a flattened field and of a `tag = "kind"` enum copy
/// the object into a buffer of their own and read it a second time from there: code for
/// every type under them twice over, in the documents' chunk every sheet loads.
mod saved {
    use super::super::modifier_input::target_from_key;
    use super::super::pack_effects::Taken;
    use super::{AbilityKind, AbilityModifier, ActionType, Attr, Level, XpEntry};
    use serde::Deserialize;

    #[derive(Deserialize)]
    pub struct Ability {
        #[serde(default)]
        id: u32,
        #[serde(default)]
        name: String,
        kind: AbilityKind,
        #[serde(default)]
        level: Option<Level>,
        #[serde(default)]
        action: Option<ActionType>,
        #[serde(default)]
        notes: String,
        #[serde(default)]
        paid: i32,
        #[serde(default)]
        credits: u32,
        #[serde(default)]
        attr: Option<Attr>,
        /// The ability's own modifier: its target by the modifier editor's key.
        #[serde(default)]
        target: Option<String>,
        #[serde(default)]
        amount: i32,
        #[serde(default)]
        from: Option<Taken>,
    }

    impl TryFrom<Ability> for super::Ability {
        type Error = String;

        fn try_from(a: Ability) -> Result<Self, String> {
            let modifier = match a.target {
                None => None,
                Some(key) => Some(AbilityModifier {
                    target: target_from_key(&key)
                        .ok_or_else(|| format!("unknown modifier target “{key}”"))?,
                    amount: a.amount,
                }),
            };
            Ok(super::Ability {
                id: a.id,
                name: a.name,
                kind: a.kind,
                level: a.level,
                action: a.action,
                notes: a.notes,
                paid: a.paid,
                credits: a.credits,
                attr: a.attr,
                modifier,
                from: a.from,
            })
        }
    }

    /// A ledger line: its kind, and the fields of every kind (absent ones read as empty).
    #[derive(Deserialize)]
    pub struct Line {
        kind: LineKind,
        #[serde(default)]
        amount: i32,
        #[serde(default)]
        note: String,
        #[serde(default)]
        date: String,
        #[serde(default)]
        credits: u32,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum LineKind {
        Award,
        Inherited,
        Burden,
        BurdenDropped,
        Purchase,
        Refund,
        Reroll,
    }

    impl From<Line> for XpEntry {
        fn from(l: Line) -> XpEntry {
            let (amount, note, credits) = (l.amount, l.note, l.credits);
            match l.kind {
                LineKind::Award => XpEntry::Award {
                    amount,
                    note,
                    date: l.date,
                },
                LineKind::Inherited => XpEntry::Inherited { amount, note },
                LineKind::Burden => XpEntry::Burden { note },
                LineKind::BurdenDropped => XpEntry::BurdenDropped { note },
                LineKind::Purchase => XpEntry::Purchase {
                    cost: amount,
                    note,
                    credits,
                },
                LineKind::Refund => XpEntry::Refund {
                    amount,
                    note,
                    credits,
                },
                LineKind::Reroll => XpEntry::Reroll { note },
            }
        }
    }
}

/// A player-defined modifier carried by an ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbilityModifier {
    pub target: Target,
    pub amount: i32,
}

/// An ability's own modifier, saved beside its other fields as `target` (the
/// modifier editor's key: "defense", "might") and `amount` (read by [`saved::Ability`],
/// which refuses an unknown target rather than drop it).
mod flat_modifier {
    use super::super::modifier_input::target_key;
    use super::AbilityModifier;
    use serde::{Serialize, Serializer};

    #[derive(Serialize)]
    struct Fields {
        #[serde(skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        #[serde(skip_serializing_if = "is_zero")]
        amount: i32,
    }

    fn is_zero(n: &i32) -> bool {
        *n == 0
    }

    pub fn serialize<S: Serializer>(m: &Option<AbilityModifier>, s: S) -> Result<S::Ok, S::Error> {
        Fields {
            target: m.map(|m| target_key(m.target).to_string()),
            amount: m.map_or(0, |m| m.amount),
        }
        .serialize(s)
    }
}

impl Ability {
    pub fn new(name: impl Into<String>, kind: AbilityKind, level: Option<Level>) -> Self {
        Ability {
            id: 0,
            name: name.into(),
            kind,
            level: if kind.has_levels() {
                level.or(Some(Level::Novice))
            } else {
                None
            },
            action: None,
            notes: String::new(),
            paid: 0,
            credits: 0,
            attr: None,
            modifier: None,
            from: None,
        }
    }

    /// What it is worth in Experience as it stands (see [`worth`]).
    pub fn worth(&self) -> i32 {
        worth(self.kind, self.level)
    }

    /// "Recovery (adept)", or the bare name for kinds without levels.
    pub fn title(&self) -> String {
        match self.level {
            Some(l) if self.kind.has_levels() => format!("{} ({})", self.name, l.name()),
            _ => self.name.clone(),
        }
    }
}

/// A boon costs 5.
pub const BOON_COST: i32 = 5;
/// A burden is a credit of 5 on one purchase.
pub const BURDEN_CREDIT: i32 = 5;

/// The Experience to reach `level` from the level below (novice from nothing):
/// novice 10, adept 20, master 30.
pub fn step_cost(level: Level) -> i32 {
    match level {
        Level::Novice => 10,
        Level::Adept => 20,
        Level::Master => 30,
    }
}

/// The total Experience an entry of `kind` at `level` is worth: ability at master 60.
/// Boons 5; rituals 10 (RULES.md gives no price: Symbaroum prices each ritual as a
/// novice ability); burdens and traits 0 (a burden's credit is handled in the ledger).
pub fn total_cost(kind: AbilityKind, level: Option<Level>) -> i32 {
    match kind {
        AbilityKind::Trait | AbilityKind::Burden => 0,
        AbilityKind::Boon => BOON_COST,
        AbilityKind::Ritual => step_cost(Level::Novice),
        _ => match level {
            None => 0,
            Some(l) => [Level::Novice, Level::Adept, Level::Master]
                .into_iter()
                .filter(|&s| s <= l)
                .map(step_cost)
                .sum(),
        },
    }
}

/// Where the price of a kind is the app's, not the seeds': a principle bond has novice,
/// adept and master like an ability, and no seed or RULES.md prices it, so it costs as
/// an ability (10 / 20 / 30), and the add form says so.
pub fn price_note(kind: AbilityKind) -> Option<&'static str> {
    (kind == AbilityKind::PrincipleBond).then_some(
        "The app's choice: the seeds give a principle bond no price, so it costs as an ability (10 / 20 / 30).",
    )
}

/// What an entry on the sheet is worth: kinds with levels by their level (novice when
/// none is set), the others at their one price.
pub fn worth(kind: AbilityKind, level: Option<Level>) -> i32 {
    total_cost(kind, Some(level.unwrap_or(Level::Novice)))
}

/// One line of a character's Experience ledger, saved with the character as
/// `{"kind": "award", "amount": …, "note": …, "date": …}` (absent fields read as
/// empty).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", from = "saved::Line")]
pub enum XpEntry {
    /// Experience awarded by the Game Master, on `date` (as the player gave it,
    /// `YYYY-MM-DD`).
    Award {
        amount: i32,
        note: String,
        date: String,
    },
    /// Experience carried over from a dead predecessor; counts as earned.
    Inherited { amount: i32, note: String },
    /// A burden taken: one credit of 5 for a later (or the same) purchase.
    Burden { note: String },
    /// A burden given up: its unused credit goes with it.
    BurdenDropped { note: String },
    /// A purchase; `credits` burden credits lower what is charged, never below 0.
    Purchase {
        #[serde(rename = "amount")]
        cost: i32,
        note: String,
        credits: u32,
    },
    /// Experience (and burden credits) given back for lowering or removing an ability.
    Refund {
        amount: i32,
        note: String,
        credits: u32,
    },
    /// 1 Experience spent on a re-roll (optional rule).
    Reroll { note: String },
}

impl XpEntry {
    /// What a purchase actually costs after burden credits.
    pub fn charged(cost: i32, credits: u32) -> i32 {
        (cost - BURDEN_CREDIT * credits as i32).max(0)
    }

    /// What the entry does to unspent Experience: +12, −20, 0.
    pub fn delta(&self) -> i32 {
        match self {
            XpEntry::Award { amount, .. } | XpEntry::Inherited { amount, .. } => *amount,
            XpEntry::Refund { amount, .. } => *amount,
            XpEntry::Purchase { cost, credits, .. } => -XpEntry::charged(*cost, *credits),
            XpEntry::Reroll { .. } => -REROLL_COST,
            XpEntry::Burden { .. } | XpEntry::BurdenDropped { .. } => 0,
        }
    }

    /// The line as the ledger shows it: "Award: first adventure", "Bought Recovery
    /// (novice), 1 burden credit".
    pub fn text(&self) -> String {
        let credit = |c: &u32, verb: &str| match c {
            0 => String::new(),
            1 => format!(", 1 burden credit {verb}"),
            n => format!(", {n} burden credits {verb}"),
        };
        match self {
            XpEntry::Award { note, .. } => format!("Award: {note}"),
            XpEntry::Inherited { note, .. } => note.clone(),
            XpEntry::Burden { note } => {
                format!("Burden {note}: a credit of {BURDEN_CREDIT}")
            }
            XpEntry::BurdenDropped { note } => format!("Burden {note} given up"),
            XpEntry::Purchase { note, credits, .. } => {
                format!("Bought {note}{}", credit(credits, "used"))
            }
            XpEntry::Refund { note, credits, .. } => {
                format!("Refund: {note}{}", credit(credits, "back"))
            }
            XpEntry::Reroll { note } => format!("Re-roll: {note}"),
        }
    }
}

/// Earned, spent and unspent Experience, always shown together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct XpTotals {
    pub earned: i32,
    pub spent: i32,
    pub unspent: i32,
    /// Burden credits not yet applied to a purchase.
    pub credits_left: i32,
}

/// Adds up a ledger.
pub fn totals(ledger: &[XpEntry]) -> XpTotals {
    let mut t = XpTotals::default();
    let mut credits = 0i32;
    for e in ledger {
        match e {
            XpEntry::Award { amount, .. } | XpEntry::Inherited { amount, .. } => t.earned += amount,
            XpEntry::Burden { .. } => credits += 1,
            XpEntry::BurdenDropped { .. } => credits -= 1,
            XpEntry::Purchase { credits: c, .. } => credits -= *c as i32,
            XpEntry::Refund { credits: c, .. } => credits += *c as i32,
            XpEntry::Reroll { .. } => {}
        }
        if !matches!(e, XpEntry::Award { .. } | XpEntry::Inherited { .. }) {
            t.spent -= e.delta();
        }
    }
    t.unspent = t.earned - t.spent;
    t.credits_left = credits;
    t
}

/// Makes a purchase entry, or refuses it with the message to show: not enough unspent
/// Experience ("Needs 20 Experience; 5 unspent: 15 missing."), or more burden credits
/// than are left.
pub fn purchase(
    ledger: &[XpEntry],
    note: impl Into<String>,
    cost: i32,
    credits: u32,
) -> Result<XpEntry, String> {
    let t = totals(ledger);
    if credits as i32 > t.credits_left {
        return Err(format!(
            "{} burden credit{} asked for; {} left.",
            credits,
            if credits == 1 { "" } else { "s" },
            t.credits_left.max(0)
        ));
    }
    let charged = XpEntry::charged(cost, credits);
    if charged > t.unspent {
        let needs = if credits > 0 {
            format!(
                "Needs {charged} Experience ({cost} − {} burden credit)",
                BURDEN_CREDIT * credits as i32
            )
        } else {
            format!("Needs {charged} Experience")
        };
        return Err(format!(
            "{needs}; {} unspent: {} missing.",
            t.unspent,
            charged - t.unspent.max(0)
        ));
    }
    Ok(XpEntry::Purchase {
        cost,
        note: note.into(),
        credits,
    })
}

/// Books a change of `ability` to what `to` is worth, and returns the ledger entry:
/// a purchase of the difference when it goes up (checked against unspent Experience;
/// `use_credit` applies one burden credit), a refund when it goes down. A refund
/// gives back Experience up to what was paid for the ability, then the burden credits
/// used on it, so what came free at creation is never refunded. Updates the ability's
/// `paid` and `credits`; on a refusal nothing changes.
pub fn rebook(
    ledger: &[XpEntry],
    ability: &mut Ability,
    from: i32,
    to: i32,
    use_credit: bool,
    what: String,
) -> Result<Option<XpEntry>, String> {
    let delta = to - from;
    if delta > 0 {
        let credits = use_credit as u32;
        let e = purchase(ledger, what, delta, credits)?;
        ability.paid += XpEntry::charged(delta, credits);
        ability.credits += credits;
        return Ok(Some(e));
    }
    let removed = -delta;
    let xp = removed.min(ability.paid).max(0);
    let credits = ((removed - xp) / BURDEN_CREDIT).clamp(0, ability.credits as i32) as u32;
    ability.paid -= xp;
    ability.credits -= credits;
    Ok((xp > 0 || credits > 0).then_some(XpEntry::Refund {
        amount: xp,
        note: what,
        credits,
    }))
}

/// Where a character stands: still being made (traits and what comes "at creation"
/// are free), or in play (every purchase goes through the ledger). RULES.md: creation
/// ends when the player says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Creation,
    Play,
}

/// Why a trait cannot be gained or raised once creation is over (seed 004).
pub const TRAITS_AT_CREATION_ONLY: &str =
    "Traits are gained and raised only during character creation.";
/// Why nothing comes free once creation is over.
pub const CREATION_OVER: &str = "Character creation is over: everything is bought with Experience.";

/// Adds `ability` to the sheet: bought with Experience (`free` false), or gained at
/// creation (`free` true: nothing booked; traits are always free). A burden adds its
/// credit instead. In play, traits are refused and nothing comes free (RULES.md:
/// after creation every purchase goes through the Experience ledger). The entry to
/// add to the ledger, or why not.
pub fn gain(
    ledger: &[XpEntry],
    ability: &mut Ability,
    stage: Stage,
    free: bool,
    use_credit: bool,
) -> Result<Option<XpEntry>, String> {
    if stage == Stage::Play {
        if ability.kind == AbilityKind::Trait {
            return Err(TRAITS_AT_CREATION_ONLY.into());
        }
        if free && ability.kind != AbilityKind::Burden {
            return Err(CREATION_OVER.into());
        }
    }
    if ability.kind == AbilityKind::Burden {
        return Ok(Some(XpEntry::Burden {
            note: ability.name.clone(),
        }));
    }
    if free {
        return Ok(None);
    }
    let to = ability.worth();
    rebook(ledger, ability, 0, to, use_credit, ability.title())
}

/// Raises or lowers an ability with levels to `to`: a purchase or a refund.
///
/// In play a trait is never raised (seed 004); lowering one is allowed (a correction
/// costs and refunds nothing, as traits are worth no Experience). During creation, an
/// ability nothing was paid for came at creation, and raising it is free too: the
/// player is still choosing what the character starts with (the rules are silent;
/// this is what a player expects). One bought with Experience is raised through the
/// ledger, as it was bought.
pub fn relevel(
    ledger: &[XpEntry],
    ability: &mut Ability,
    to: Level,
    stage: Stage,
    use_credit: bool,
) -> Result<Option<XpEntry>, String> {
    if !ability.kind.has_levels() {
        return Ok(None);
    }
    let raising = ability.level.is_none_or(|l| to > l);
    if raising && stage == Stage::Play && ability.kind == AbilityKind::Trait {
        return Err(TRAITS_AT_CREATION_ONLY.into());
    }
    if raising && stage == Stage::Creation && ability.paid == 0 && ability.credits == 0 {
        ability.level = Some(to);
        return Ok(None);
    }
    let from = ability.worth();
    let what = format!("{} ({})", ability.name, to.name());
    let entry = rebook(
        ledger,
        ability,
        from,
        worth(ability.kind, Some(to)),
        use_credit,
        what,
    )?;
    ability.level = Some(to);
    Ok(entry)
}

/// Removes an ability from the sheet: the refund of what was paid for it, or for a
/// burden the end of its credit (refused once that credit is spent).
pub fn lose(ledger: &[XpEntry], ability: &Ability) -> Result<Option<XpEntry>, String> {
    if ability.kind == AbilityKind::Burden {
        if totals(ledger).credits_left < 1 {
            return Err(format!(
                "{}'s burden credit is already used on a purchase: lower or remove that first.",
                ability.name
            ));
        }
        return Ok(Some(XpEntry::BurdenDropped {
            note: ability.name.clone(),
        }));
    }
    let mut a = ability.clone();
    let from = a.worth();
    rebook(
        ledger,
        &mut a,
        from,
        0,
        false,
        format!("{} removed", ability.title()),
    )
}

/// The ledger a successor starts with: all the Experience the dead character earned.
pub fn successor_ledger(ledger: &[XpEntry], predecessor: &str) -> Vec<XpEntry> {
    vec![XpEntry::Inherited {
        amount: totals(ledger).earned,
        note: format!("Experience earned by {predecessor}"),
    }]
}

/// Warnings about the ability list: rituals without the Ritualist ability.
pub fn ability_warnings(abilities: &[Ability]) -> Vec<String> {
    let has_ritualist = abilities
        .iter()
        .any(|a| a.name.trim().eq_ignore_ascii_case("ritualist") && a.kind != AbilityKind::Ritual);
    abilities
        .iter()
        .filter(|a| a.kind == AbilityKind::Ritual && !has_ritualist)
        .map(|a| {
            format!(
                "{}: learning rituals requires the Ritualist ability.",
                a.name
            )
        })
        .collect()
}

/// The table's settings for Re-roll for Experience. Both exceptions default to "no",
/// as the seed recommends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RerollRules {
    #[serde(rename = "reroll")]
    pub enabled: bool,
    #[serde(rename = "reroll_death_tests")]
    pub allow_death_tests: bool,
    #[serde(rename = "reroll_fumbled_defense")]
    pub allow_fumbled_defense: bool,
}

/// The kind of roll a re-roll is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollKind {
    Success,
    /// A Defense test; `fumbled` under the Perfect Hits and Fumbled Defense rule.
    Defense {
        fumbled: bool,
    },
    Damage,
    DeathTest,
    Other,
}

/// 1 Experience per re-roll.
pub const REROLL_COST: i32 = 1;

/// Whether a re-roll is offered, or why not. One re-roll per action
/// (`already_rerolled`), 1 unspent Experience needed. Death tests and fumbled Defense
/// only when the table allows them; an ordinary Defense test is a roll like any other
/// ("All rolls can be re-rolled").
pub fn reroll_offer(
    rules: RerollRules,
    kind: RollKind,
    already_rerolled: bool,
    unspent: i32,
) -> Result<(), String> {
    if !rules.enabled {
        return Err("Re-roll for Experience is not used at this table.".into());
    }
    if kind == RollKind::DeathTest && !rules.allow_death_tests {
        return Err("This table does not allow re-rolling death tests.".into());
    }
    if kind == (RollKind::Defense { fumbled: true }) && !rules.allow_fumbled_defense {
        return Err("This table does not allow re-rolling a fumbled Defense.".into());
    }
    if already_rerolled {
        return Err("Only one re-roll per action.".into());
    }
    if unspent < REROLL_COST {
        return Err("A re-roll costs 1 Experience; none is unspent.".into());
    }
    Ok(())
}

/// A scene's award as one Game Master of the homebrew gives it (seed 004: "1 per scene,
/// but I have my players roll 1d4 as a bonus if they do something really cool or
/// intense. Also, for the big bad boss I give out 1d10 extra xp"): 1, plus 1d4 for
/// something cool, plus 1d10 for the final foe. The total and how it was reached:
/// (6, "1 + cool 1d4: 2 + boss 1d10: 3").
pub fn scene_award(rng: &mut dyn Rng, cool: bool, boss: bool) -> (i32, String) {
    let mut total = SCENE_AWARD;
    let mut text = SCENE_AWARD.to_string();
    for (on, what, sides) in [(cool, "cool", 4), (boss, "boss", 10)] {
        if on {
            let n = roll(rng, sides) as i32;
            total += n;
            text.push_str(&format!(" + {what} 1d{sides}: {n}"));
        }
    }
    (total, text)
}

/// Seed 004's award for a scene, before its bonus dice.
pub const SCENE_AWARD: i32 = 1;

#[cfg(test)]
mod tests {
    use super::*;

    fn award(n: i32) -> XpEntry {
        XpEntry::Award {
            amount: n,
            note: "adventure".into(),
            date: "2026-11-22".into(),
        }
    }

    fn ability(name: &str, kind: AbilityKind, level: Option<Level>) -> Ability {
        Ability::new(name, kind, level)
    }

    /// Applies a booking to the ledger, as the sheet does.
    fn book(ledger: &mut Vec<XpEntry>, r: Result<Option<XpEntry>, String>) {
        if let Some(e) = r.unwrap() {
            ledger.push(e);
        }
    }

    #[test]
    fn level_costs() {
        use Level::*;
        assert_eq!(
            (step_cost(Novice), step_cost(Adept), step_cost(Master)),
            (10, 20, 30)
        );
        let a = AbilityKind::Ability;
        assert_eq!(total_cost(a, Some(Novice)), 10);
        assert_eq!(total_cost(a, Some(Adept)), 30);
        assert_eq!(total_cost(a, Some(Master)), 60);
        assert_eq!(worth(AbilityKind::MysticalPower, Some(Adept)), 30);
        assert_eq!(worth(AbilityKind::PrincipleBond, None), 10);
        // Priced by the app, and said so; the seeds' own prices are not marked.
        assert!(price_note(AbilityKind::PrincipleBond)
            .unwrap()
            .contains("app's choice"));
        assert_eq!(price_note(AbilityKind::Ability), None);
        assert_eq!(price_note(AbilityKind::Ritual), None);
        assert_eq!(worth(AbilityKind::Boon, None), 5);
        assert_eq!(worth(AbilityKind::Ritual, None), 10);
        assert_eq!(worth(AbilityKind::Trait, Some(Master)), 0);
        assert_eq!(worth(AbilityKind::Burden, None), 0);
        // Kinds without levels keep none; the others start at novice.
        assert_eq!(
            ability("Pack-mule", AbilityKind::Boon, Some(Adept)).level,
            None
        );
        assert_eq!(
            ability("Recovery", AbilityKind::Ability, None).level,
            Some(Novice)
        );
    }

    #[test]
    fn buying_and_raising_books_each_step() {
        use Level::*;
        let mut ledger = vec![award(60)];
        let mut a = ability("Iron Fist", AbilityKind::Ability, Some(Novice));
        let r = gain(&ledger, &mut a, Stage::Play, false, false);
        book(&mut ledger, r);
        assert_eq!(totals(&ledger).unspent, 50);
        for (to, left) in [(Adept, 30), (Master, 0)] {
            let r = relevel(&ledger, &mut a, to, Stage::Play, false);
            book(&mut ledger, r);
            assert_eq!(totals(&ledger).unspent, left, "after {to:?}");
        }
        assert_eq!((a.level, a.paid), (Some(Master), 60));
        assert_eq!(
            ledger.last().unwrap().text(),
            "Bought Iron Fist (master)".to_string()
        );
        // Gaining at master costs all three steps at once.
        let mut m = ability("Witchsight", AbilityKind::MysticalPower, Some(Master));
        assert_eq!(
            gain(&[award(59)], &mut m, Stage::Play, false, false).unwrap_err(),
            "Needs 60 Experience; 59 unspent: 1 missing."
        );
        assert_eq!(m.paid, 0, "a refused purchase changes nothing");
    }

    #[test]
    fn grumpa_example_from_seed_001() {
        // 12 awarded; then 9 more: 21. Raising an ability to adept costs 20: 1 left.
        let mut ledger = vec![award(12)];
        assert_eq!(totals(&ledger).unspent, 12);
        ledger.push(award(9));
        let mut stage = ability("Staff Fighting", AbilityKind::Ability, Some(Level::Novice));
        let e = relevel(&ledger, &mut stage, Level::Adept, Stage::Play, false)
            .unwrap()
            .unwrap();
        assert_eq!(
            e,
            XpEntry::Purchase {
                cost: 20,
                note: "Staff Fighting (adept)".into(),
                credits: 0
            }
        );
        ledger.push(e);
        assert_eq!(
            totals(&ledger),
            XpTotals {
                earned: 21,
                spent: 20,
                unspent: 1,
                credits_left: 0
            }
        );
    }

    #[test]
    fn overspending_is_refused_with_the_shortfall() {
        let ledger = vec![award(5)];
        assert_eq!(
            purchase(&ledger, "Adept", 20, 0).unwrap_err(),
            "Needs 20 Experience; 5 unspent: 15 missing."
        );
        assert!(purchase(&ledger, "Boon", 5, 0).is_ok());
        let broke: Vec<XpEntry> = vec![];
        assert_eq!(
            purchase(&broke, "Novice", 10, 0).unwrap_err(),
            "Needs 10 Experience; 0 unspent: 10 missing."
        );
    }

    #[test]
    fn burdens_are_a_credit_of_five_on_one_purchase() {
        let mut ledger = vec![
            award(5),
            XpEntry::Burden {
                note: "Bloodthirst".into(),
            },
        ];
        assert_eq!(totals(&ledger).credits_left, 1);
        // A novice ability (10) with the credit costs 5.
        let e = purchase(&ledger, "Recovery (novice)", 10, 1).unwrap();
        ledger.push(e);
        let t = totals(&ledger);
        assert_eq!((t.spent, t.unspent, t.credits_left), (5, 0, 0));
        // The credit is used up.
        assert_eq!(
            purchase(&ledger, "Boon", 5, 1).unwrap_err(),
            "1 burden credit asked for; 0 left."
        );
        // On a boon (5) it brings the cost to 0, never below: no Experience comes back.
        let ledger = vec![XpEntry::Burden {
            note: "Pariah".into(),
        }];
        let e = purchase(&ledger, "Pack-mule", BOON_COST, 1).unwrap();
        let ledger = [ledger, vec![e]].concat();
        assert_eq!(totals(&ledger).unspent, 0);
        assert_eq!(totals(&ledger).spent, 0);
        // Shortfall message with a credit.
        let ledger = vec![award(3), XpEntry::Burden { note: "x".into() }];
        assert_eq!(
            purchase(&ledger, "Adept", 20, 1).unwrap_err(),
            "Needs 15 Experience (20 − 5 burden credit); 3 unspent: 12 missing."
        );
    }

    #[test]
    fn lowering_gives_a_refund() {
        use Level::*;
        let mut ledger = vec![award(30)];
        let mut a = ability("Iron Fist", AbilityKind::Ability, Some(Adept));
        let r = gain(&ledger, &mut a, Stage::Play, false, false);
        book(&mut ledger, r);
        assert_eq!(totals(&ledger).unspent, 0);
        let e = relevel(&ledger, &mut a, Novice, Stage::Play, false)
            .unwrap()
            .unwrap();
        assert_eq!(
            e,
            XpEntry::Refund {
                amount: 20,
                note: "Iron Fist (novice)".into(),
                credits: 0
            }
        );
        ledger.push(e);
        assert_eq!(
            totals(&ledger),
            XpTotals {
                earned: 30,
                spent: 10,
                unspent: 20,
                credits_left: 0
            }
        );
        // Removing gives back the rest.
        let r = lose(&ledger, &a);
        book(&mut ledger, r);
        assert_eq!(totals(&ledger).unspent, 30);
        // Traits never cost or refund.
        let mut t = ability("Robust", AbilityKind::Trait, Some(Novice));
        assert_eq!(
            relevel(&ledger, &mut t, Adept, Stage::Creation, false),
            Ok(None)
        );
        assert_eq!(t.level, Some(Adept));
        assert_eq!(lose(&ledger, &t), Ok(None));
    }

    #[test]
    fn what_came_free_at_creation_is_never_refunded() {
        use Level::*;
        let mut ledger = vec![award(20)];
        let mut a = ability("Recovery", AbilityKind::Ability, Some(Novice));
        assert_eq!(
            gain(&ledger, &mut a, Stage::Creation, true, false),
            Ok(None)
        );
        // Creation is over: raising it goes through the ledger.
        let r = relevel(&ledger, &mut a, Adept, Stage::Play, false);
        book(&mut ledger, r);
        assert_eq!((totals(&ledger).unspent, a.paid), (0, 20));
        // Down to novice: the 20 paid come back; removing the free novice gives nothing.
        let r = relevel(&ledger, &mut a, Novice, Stage::Play, false);
        book(&mut ledger, r);
        assert_eq!(totals(&ledger).unspent, 20);
        assert_eq!(lose(&ledger, &a), Ok(None));
    }

    #[test]
    fn during_creation_abilities_and_traits_are_free() {
        use Level::*;
        let ledger = vec![award(5)];
        let mut t = ability("Robust", AbilityKind::Trait, Some(Novice));
        assert_eq!(
            gain(&ledger, &mut t, Stage::Creation, false, false),
            Ok(None)
        );
        assert_eq!(
            relevel(&ledger, &mut t, Master, Stage::Creation, false),
            Ok(None)
        );
        assert_eq!(t.level, Some(Master));
        let mut a = ability("Recovery", AbilityKind::Ability, Some(Novice));
        assert_eq!(
            gain(&ledger, &mut a, Stage::Creation, true, false),
            Ok(None)
        );
        // Raised while still being made: still free, nothing paid.
        assert_eq!(
            relevel(&ledger, &mut a, Adept, Stage::Creation, false),
            Ok(None)
        );
        assert_eq!((a.level, a.paid), (Some(Adept), 0));
        // Bought with Experience during creation (the box unticked): booked as bought,
        // and raised through the ledger too.
        let mut ledger = vec![award(30)];
        let mut b = ability("Iron Fist", AbilityKind::Ability, Some(Novice));
        let r = gain(&ledger, &mut b, Stage::Creation, false, false);
        book(&mut ledger, r);
        let r = relevel(&ledger, &mut b, Adept, Stage::Creation, false);
        book(&mut ledger, r);
        assert_eq!((totals(&ledger).unspent, b.paid), (0, 30));
    }

    #[test]
    fn after_creation_traits_are_refused_and_nothing_is_free() {
        use Level::*;
        let ledger = vec![award(50)];
        let mut t = ability("Robust", AbilityKind::Trait, Some(Novice));
        assert_eq!(
            gain(&ledger, &mut t, Stage::Play, false, false),
            Err(TRAITS_AT_CREATION_ONLY.to_string())
        );
        assert_eq!(
            relevel(&ledger, &mut t, Adept, Stage::Play, false),
            Err(TRAITS_AT_CREATION_ONLY.to_string())
        );
        assert_eq!(t.level, Some(Novice), "a refusal changes nothing");
        // Lowering a trait (a correction) is allowed and books nothing.
        let mut m = ability("Robust", AbilityKind::Trait, Some(Adept));
        assert_eq!(
            relevel(&ledger, &mut m, Novice, Stage::Play, false),
            Ok(None)
        );
        assert_eq!(m.level, Some(Novice));
        let mut a = ability("Recovery", AbilityKind::Ability, Some(Novice));
        assert_eq!(
            gain(&ledger, &mut a, Stage::Play, true, false),
            Err(CREATION_OVER.to_string())
        );
        // Bought: 10 Experience.
        let e = gain(&ledger, &mut a, Stage::Play, false, false)
            .unwrap()
            .unwrap();
        assert_eq!(e.delta(), -10);
        // A burden is still taken in play (it costs nothing and is no trait).
        let mut b = ability("Pariah", AbilityKind::Burden, None);
        assert!(matches!(
            gain(&ledger, &mut b, Stage::Play, false, false),
            Ok(Some(XpEntry::Burden { .. }))
        ));
    }

    #[test]
    fn refunds_give_back_burden_credits_after_experience() {
        use Level::*;
        let mut ledger = vec![
            award(25),
            XpEntry::Burden {
                note: "Pariah".into(),
            },
        ];
        let mut a = ability("Recovery", AbilityKind::Ability, Some(Novice));
        // Novice with the credit: 5 paid.
        let r = gain(&ledger, &mut a, Stage::Play, false, true);
        book(&mut ledger, r);
        assert_eq!((a.paid, a.credits), (5, 1));
        let r = relevel(&ledger, &mut a, Adept, Stage::Play, false);
        book(&mut ledger, r);
        let t = totals(&ledger);
        assert_eq!((t.spent, t.unspent, t.credits_left), (25, 0, 0));
        // Down to novice: 20 back, the credit stays used.
        let r = relevel(&ledger, &mut a, Novice, Stage::Play, false);
        book(&mut ledger, r);
        assert_eq!(totals(&ledger).credits_left, 0);
        assert_eq!(totals(&ledger).unspent, 20);
        // Removed: the 5 paid and the credit come back; nothing is gained or lost.
        let e = lose(&ledger, &a).unwrap().unwrap();
        assert_eq!(
            e.text(),
            "Refund: Recovery (novice) removed, 1 burden credit back"
        );
        ledger.push(e);
        let t = totals(&ledger);
        assert_eq!((t.spent, t.unspent, t.credits_left), (0, 25, 1));
        // A boon bought entirely with a credit gives the credit back.
        let mut b = ability("Pack-mule", AbilityKind::Boon, None);
        let r = gain(&ledger, &mut b, Stage::Play, false, true);
        book(&mut ledger, r);
        assert_eq!(
            (totals(&ledger).unspent, totals(&ledger).credits_left),
            (25, 0)
        );
        let r = lose(&ledger, &b);
        book(&mut ledger, r);
        assert_eq!(
            (totals(&ledger).unspent, totals(&ledger).credits_left),
            (25, 1)
        );
    }

    #[test]
    fn burdens_come_and_go_with_their_credit() {
        let mut ledger = vec![award(10)];
        let mut burden = ability("Bloodthirst", AbilityKind::Burden, None);
        let r = gain(&ledger, &mut burden, Stage::Play, false, false);
        book(&mut ledger, r);
        assert_eq!(totals(&ledger).credits_left, 1);
        assert_eq!(totals(&ledger).unspent, 10, "a burden costs nothing");
        // Given up before its credit is used: the credit goes.
        let r = lose(&ledger, &burden);
        book(&mut ledger, r);
        assert_eq!(totals(&ledger).credits_left, 0);
        // Taken again and spent: it cannot be given up until that purchase is undone.
        let r = gain(&ledger, &mut burden, Stage::Play, false, false);
        book(&mut ledger, r);
        let mut boon = ability("Contacts", AbilityKind::Boon, None);
        let r = gain(&ledger, &mut boon, Stage::Play, false, true);
        book(&mut ledger, r);
        assert!(lose(&ledger, &burden)
            .unwrap_err()
            .contains("already used on a purchase"));
        let r = lose(&ledger, &boon);
        book(&mut ledger, r);
        assert!(lose(&ledger, &burden).is_ok());
    }

    #[test]
    fn successor_inherits_everything_earned() {
        let ledger = vec![
            award(12),
            award(9),
            XpEntry::Purchase {
                cost: 20,
                note: "adept".into(),
                credits: 0,
            },
            XpEntry::Reroll {
                note: "attack".into(),
            },
        ];
        let t = totals(&ledger);
        assert_eq!((t.earned, t.spent, t.unspent), (21, 21, 0));
        let next = successor_ledger(&ledger, "Grumpa");
        assert_eq!(
            next,
            vec![XpEntry::Inherited {
                amount: 21,
                note: "Experience earned by Grumpa".into()
            }]
        );
        assert_eq!(totals(&next).unspent, 21);
    }

    #[test]
    fn ritual_without_ritualist_warns() {
        let ritual = ability("Holy Aura", AbilityKind::Ritual, None);
        assert_eq!(
            ability_warnings(std::slice::from_ref(&ritual)),
            vec!["Holy Aura: learning rituals requires the Ritualist ability.".to_string()]
        );
        let ritualist = ability("Ritualist", AbilityKind::Ability, Some(Level::Novice));
        assert!(ability_warnings(&[ritual, ritualist]).is_empty());
        assert!(ability_warnings(&[]).is_empty());
    }

    #[test]
    fn reroll_offers() {
        let on = RerollRules {
            enabled: true,
            ..Default::default()
        };
        assert_eq!(reroll_offer(on, RollKind::Success, false, 3), Ok(()));
        assert_eq!(reroll_offer(on, RollKind::Damage, false, 1), Ok(()));
        assert_eq!(
            reroll_offer(on, RollKind::Defense { fumbled: false }, false, 1),
            Ok(())
        );
        assert!(reroll_offer(on, RollKind::DeathTest, false, 5)
            .unwrap_err()
            .contains("death tests"));
        assert!(
            reroll_offer(on, RollKind::Defense { fumbled: true }, false, 5)
                .unwrap_err()
                .contains("fumbled")
        );
        assert!(reroll_offer(on, RollKind::Success, true, 5)
            .unwrap_err()
            .contains("one re-roll"));
        assert!(reroll_offer(on, RollKind::Success, false, 0)
            .unwrap_err()
            .contains("1 Experience"));
        let off = RerollRules::default();
        assert!(reroll_offer(off, RollKind::Success, false, 5)
            .unwrap_err()
            .contains("not used"));
        let lenient = RerollRules {
            enabled: true,
            allow_death_tests: true,
            allow_fumbled_defense: true,
        };
        assert_eq!(reroll_offer(lenient, RollKind::DeathTest, false, 1), Ok(()));
        assert_eq!(
            reroll_offer(lenient, RollKind::Defense { fumbled: true }, false, 1),
            Ok(())
        );
        // The re-roll is spent from the ledger.
        let ledger = vec![
            award(2),
            XpEntry::Reroll {
                note: "Defense".into(),
            },
        ];
        assert_eq!(totals(&ledger).unspent, 1);
    }

    #[test]
    fn a_scene_awards_1_with_1d4_for_something_cool_and_1d10_for_the_boss() {
        use crate::rules::dice::FixedDice;
        let mut dice = FixedDice::new(&[]);
        assert_eq!(scene_award(&mut dice, false, false), (1, "1".to_string()));
        let mut dice = FixedDice::new(&[(3, 4)]);
        assert_eq!(
            scene_award(&mut dice, true, false),
            (4, "1 + cool 1d4: 3".to_string())
        );
        let mut dice = FixedDice::new(&[(2, 4), (10, 10)]);
        assert_eq!(
            scene_award(&mut dice, true, true),
            (13, "1 + cool 1d4: 2 + boss 1d10: 10".to_string())
        );
        let mut dice = FixedDice::new(&[(1, 10)]);
        assert_eq!(
            scene_award(&mut dice, false, true),
            (2, "1 + boss 1d10: 1".to_string())
        );
    }
}
