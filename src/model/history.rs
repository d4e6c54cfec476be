//! Undo and redo for this tab's edits on one sheet. Rolls are not edits: the roll log
//! is never undone, and a change that only adds a roll makes no undo step. Another
//! tab's edits are no steps here, and undo never takes them back.

use super::merge::try_merge_with;
use super::Character;
use std::sync::Arc;

/// How many steps are kept.
pub const HISTORY_MAX: usize = 100;
/// Changes closer together than this (ms) are one step: typing a name is one undo.
pub const COALESCE_MS: f64 = 800.0;

/// One undo step: the character before and after this tab's edit. Shared with the
/// sheet's own copy of the last version, so an edit of a long inventory copies the
/// character once, not three times.
#[derive(Debug, Clone)]
struct Step {
    before: Arc<Character>,
    after: Arc<Character>,
}

/// This tab's own edits, as steps. Undo takes back only the fields a step changed,
/// on top of whatever the character is now, so another tab's edit made since is
/// kept (and an edit made since to the same field wins over the undo).
#[derive(Default, Debug, Clone)]
pub struct History {
    past: Vec<Step>,
    future: Vec<Step>,
    last_change: f64,
    /// The version the next step starts from ([`History::start_at`]).
    base: Option<Arc<Character>>,
    /// This tab edited the sheet since: a step waits to be recorded.
    waiting: bool,
}

/// True when two versions differ in more than their roll log and edit time. Compared
/// part by part, not by copying both (a long roll log made each change slow); the
/// pattern names every field, so a new one cannot be left out.
fn differs(a: &Character, b: &Character) -> bool {
    let Character {
        schema,
        id,
        name,
        ruleset,
        updated: _,
        attributes,
        modifiers,
        combat,
        advance,
        heimr,
        about,
        notes,
        roll_log: _,
        saved_over: _,
        kept: _,
    } = a;
    *schema != b.schema
        || *id != b.id
        || *name != b.name
        || *ruleset != b.ruleset
        || *attributes != b.attributes
        || *modifiers != b.modifiers
        || *combat != b.combat
        || *advance != b.advance
        || *heimr != b.heimr
        || *about != b.about
        || *notes != b.notes
}

/// `current` with the change from `from` to `to` applied where `current` still
/// shows `from`; the roll log stays as it is now.
fn apply(from: &Character, to: &Character, current: &Character) -> Character {
    let mut out = try_merge_with(from, current, to, true)
        .map(|m| m.character)
        .unwrap_or_else(|| to.clone());
    out.roll_log = current.roll_log.clone();
    out
}

impl History {
    /// Records that this tab changed the sheet from `before` to `after` at `now`. The
    /// versions may be kept without their roll logs (`Character::without_log`): an
    /// undo keeps the log as it is now.
    pub fn record(&mut self, before: &Arc<Character>, after: &Arc<Character>, now: f64) {
        if before.id != after.id {
            // A different character: history never crosses characters.
            *self = History::default();
            return;
        }
        if !differs(before, after) {
            return;
        }
        let coalesce =
            !self.past.is_empty() && self.future.is_empty() && now - self.last_change < COALESCE_MS;
        match self.past.last_mut() {
            Some(step) if coalesce => step.after = Arc::clone(after),
            _ => {
                self.past.push(Step {
                    before: Arc::clone(before),
                    after: Arc::clone(after),
                });
                if self.past.len() > HISTORY_MAX {
                    self.past.remove(0);
                }
            }
        }
        self.future.clear();
        self.last_change = now;
    }

    /// The version to show after undoing this tab's last step from `current`.
    pub fn undo(&mut self, current: &Character) -> Option<Character> {
        let step = self.past.pop()?;
        let back = apply(&step.after, &step.before, current);
        self.future.push(step);
        self.last_change = 0.0;
        Some(back)
    }

    pub fn redo(&mut self, current: &Character) -> Option<Character> {
        let step = self.future.pop()?;
        let again = apply(&step.before, &step.after, current);
        self.past.push(step);
        self.last_change = 0.0;
        Some(again)
    }

    /// No step yet; the first starts from `version` (the sheet as opened).
    pub fn starting_at(version: Arc<Character>) -> History {
        History {
            base: Some(version),
            ..History::default()
        }
    }

    /// The next step starts from `version` (the sheet as an undo, a redo or another
    /// tab left it: no step of this tab's).
    pub fn start_at(&mut self, version: Arc<Character>) {
        self.base = Some(version);
    }

    /// This tab edited the sheet. True for the first edit since the last step was
    /// recorded: the caller has [`History::record_to`] called later (edits made
    /// meanwhile join the step).
    pub fn edited(&mut self) -> bool {
        !std::mem::replace(&mut self.waiting, true)
    }

    /// Records this tab's edits since the last step (or [`History::start_at`]) as a
    /// step to the version they made (`now_is`, asked only when an edit waits), at
    /// `now`; the next starts there.
    pub fn record_to(&mut self, now_is: impl FnOnce() -> Arc<Character>, now: f64) {
        if !std::mem::take(&mut self.waiting) {
            return;
        }
        let now_is = now_is();
        if let Some(before) = self.base.take() {
            self.record(&before, &now_is, now);
        }
        self.base = Some(now_is);
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::log::{push, LogEntry};
    use crate::rules::symbaroum::Attr;
    use crate::rules::Ruleset;

    /// Records a step between two versions.
    fn record(h: &mut History, before: &Character, after: &Character, now: f64) {
        h.record(&Arc::new(before.clone()), &Arc::new(after.clone()), now);
    }

    fn with_might(m: i32) -> Character {
        let mut c = Character::new("a".into(), Ruleset::Homebrew, 0.0);
        c.attributes.set(Attr::Might, m);
        c
    }

    #[test]
    fn steps_run_from_where_the_last_one_ended() {
        let named = |c: &Character, n: &str| Character {
            name: n.into(),
            ..c.clone()
        };
        let (a, b) = (with_might(10), with_might(11));
        let mut h = History::starting_at(Arc::new(a.clone()));
        // Nothing edited: nothing recorded.
        h.record_to(|| unreachable!("no edit waits"), 4000.0);
        assert!(h.edited());
        assert!(!h.edited(), "a second edit joins the waiting step");
        h.record_to(|| Arc::new(b.clone()), 5000.0);
        assert!(h.can_undo());
        // Another tab names it: no step; the next starts from that version.
        let c = named(&b, "Other");
        h.start_at(Arc::new(c.clone()));
        let mut d = c.clone();
        d.attributes.set(Attr::Might, 12);
        assert!(h.edited());
        h.record_to(|| Arc::new(d.clone()), 9000.0);
        assert_eq!(h.undo(&d), Some(c.clone()));
        // The first step is taken back; the other tab's name stays.
        assert_eq!(h.undo(&c), Some(named(&a, "Other")));
        assert!(!h.can_undo());
    }

    #[test]
    fn undo_and_redo_walk_the_steps() {
        let mut h = History::default();
        let (a, b, c) = (with_might(10), with_might(11), with_might(12));
        record(&mut h, &a, &b, 1000.0);
        record(&mut h, &b, &c, 5000.0);
        assert_eq!(h.undo(&c), Some(b.clone()));
        assert_eq!(h.undo(&b), Some(a.clone()));
        assert_eq!(h.undo(&a), None);
        assert_eq!(h.redo(&a), Some(b.clone()));
        assert_eq!(h.redo(&b), Some(c.clone()));
        assert!(!h.can_redo());
    }

    #[test]
    fn keeps_at_least_fifty_steps() {
        let mut h = History::default();
        for i in 0..60 {
            record(
                &mut h,
                &with_might(i),
                &with_might(i + 1),
                i as f64 * 10_000.0,
            );
        }
        let mut cur = with_might(60);
        for i in (0..60).rev() {
            cur = h.undo(&cur).expect("sixty steps back");
            assert_eq!(cur.attributes.get(Attr::Might), i);
        }
    }

    #[test]
    fn quick_changes_are_one_step_and_a_new_edit_clears_redo() {
        let mut h = History::default();
        record(&mut h, &with_might(1), &with_might(13), 0.0);
        record(&mut h, &with_might(13), &with_might(14), 300.0);
        assert_eq!(
            h.undo(&with_might(14)).unwrap().attributes.get(Attr::Might),
            1
        );
        record(&mut h, &with_might(1), &with_might(5), 10_000.0);
        assert!(!h.can_redo());
    }

    #[test]
    fn rolls_are_not_undone_and_make_no_step() {
        let mut h = History::default();
        let a = with_might(10);
        let mut rolled = a.clone();
        push(
            &mut rolled.roll_log,
            LogEntry {
                time: 1.0,
                what: "Might test".into(),
                dice: "d20: 3".into(),
                target: Some(10),
                passed: Some(true),
                outcome: "Pass".into(),
            },
        );
        record(&mut h, &a, &rolled, 0.0);
        assert!(!h.can_undo(), "a roll alone is no step");
        let mut edited = rolled.clone();
        edited.attributes.set(Attr::Might, 12);
        record(&mut h, &rolled, &edited, 5000.0);
        let back = h.undo(&edited).unwrap();
        assert_eq!(back.attributes.get(Attr::Might), 10);
        assert_eq!(back.roll_log.len(), 1, "the roll stays in the log");
    }

    #[test]
    fn a_change_to_any_part_but_the_log_and_time_is_a_step() {
        let a = with_might(10);
        type Change = fn(&mut Character);
        let changes: Vec<(&str, Change)> = vec![
            ("name", |c| c.name = "Ylva".into()),
            ("ruleset", |c| c.ruleset = Ruleset::Symbaroum),
            ("attributes", |c| c.attributes.set(Attr::Wit, 15)),
            ("modifiers", |c| {
                c.modifiers.push(crate::rules::symbaroum::Modifier::new(
                    "Ring",
                    crate::rules::symbaroum::Target::Defense,
                    1,
                ))
            }),
            ("combat", |c| c.combat.damage = 3),
            ("advance", |c| c.advance_mut().encumbrance_off = true),
            ("heimr", |c| {
                c.heimr_mut();
            }),
            ("notes", |c| c.notes = "Owes the smith".into()),
            ("schema", |c| c.schema += 1),
        ];
        for (part, change) in changes {
            let mut b = a.clone();
            change(&mut b);
            b.updated = 99.0;
            let mut h = History::default();
            record(&mut h, &a, &b, 0.0);
            assert!(h.can_undo(), "a change of {part} is a step");
        }
        let mut only_time = a.clone();
        only_time.updated = 99.0;
        let mut h = History::default();
        record(&mut h, &a, &only_time, 0.0);
        assert!(!h.can_undo(), "a new edit time alone is no step");
    }

    #[test]
    fn never_crosses_characters() {
        let mut h = History::default();
        record(&mut h, &with_might(1), &with_might(2), 0.0);
        let mut other = with_might(3);
        other.id = "b".into();
        record(&mut h, &with_might(2), &other, 5000.0);
        assert!(!h.can_undo());
    }

    #[test]
    fn undo_takes_back_only_this_tabs_step() {
        let mut h = History::default();
        let a = with_might(10);
        let b = with_might(13);
        record(&mut h, &a, &b, 1000.0);
        // Another tab changes Wit meanwhile (not a step here).
        let mut now = b.clone();
        now.attributes.set(Attr::Wit, 12);
        let back = h.undo(&now).unwrap();
        assert_eq!(
            back.attributes.get(Attr::Might),
            10,
            "our Might edit is undone"
        );
        assert_eq!(back.attributes.get(Attr::Wit), 12, "their Wit edit stays");
        let again = h.redo(&back).unwrap();
        assert_eq!(again.attributes.get(Attr::Might), 13);
        assert_eq!(again.attributes.get(Attr::Wit), 12);
    }
}
