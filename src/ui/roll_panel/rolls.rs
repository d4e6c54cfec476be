//! What the roll panel is open for and its state, shared by the buttons that open it
//! (on every tab) and the panel's parts.

use crate::rules::symbaroum::combat::{Weapon, WeaponState};
use crate::rules::symbaroum::conditions::TestKind;
use crate::rules::symbaroum::maneuvers::SetTest;
use crate::rules::symbaroum::{Attr, Labels};
use crate::ui::focus::focus_id;
use leptos::prelude::*;

/// What the panel is open for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollKind {
    /// A test of one attribute, with any modifier.
    Attr(Attr),
    /// `[Exactitude←Defense]`: asks only for the opponent's Defense.
    Attack,
    /// `[Defense←Exactitude]`: asks only for the attacker's Exactitude.
    Defense,
}

impl RollKind {
    /// The id of the button that opens the panel for this kind (focus returns there).
    pub fn opener_id(self) -> String {
        match self {
            RollKind::Attr(a) => format!("roll-{}", a.key()),
            RollKind::Attack => "roll-attack".into(),
            RollKind::Defense => "roll-defense".into(),
        }
    }

    /// The panel's title; an Attack tests `attack_attr` (Exactitude unless the weapon
    /// says otherwise).
    pub(super) fn title(self, l: &Labels, attack_attr: Attr) -> String {
        let exactitude = l.attr(Attr::Exactitude);
        match self {
            RollKind::Attr(a) => format!("{} test", l.attr(a)),
            RollKind::Attack => format!("Attack [{}←{}]", l.attr(attack_attr), l.defense),
            RollKind::Defense => format!("Defense [{}←{exactitude}]", l.defense),
        }
    }

    /// The kind of test, for the conditions it touches (an attack with a ranged
    /// weapon or not; a Defense against a ranged attack or not).
    pub(super) fn test_kind(self, ranged: bool) -> TestKind {
        match self {
            RollKind::Attr(_) => TestKind::Attr,
            RollKind::Attack => TestKind::Attack { ranged },
            RollKind::Defense => TestKind::Defense { ranged },
        }
    }
}

/// Which weapon an Attack uses: the one the player picked (by its id, so the pick
/// stays with that weapon when one above it is removed), none, or (until they pick,
/// or once the picked weapon is gone) the first weapon in hand, else the first on
/// the sheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeaponChoice {
    #[default]
    Auto,
    Unarmed,
    Weapon(u32),
}

/// The roll panel's state, shared by the buttons that open it (on every tab).
#[derive(Clone, Copy)]
pub struct Rolls {
    pub(super) open: RwSignal<Option<RollKind>>,
    /// The weapon the next Attack rolls damage with.
    pub weapon: RwSignal<WeaponChoice>,
    /// The maneuver or optional rule the open test is for, if any (set up for it when
    /// it opens).
    pub(super) set_test: RwSignal<Option<SetTest>>,
    /// The opponent's Defense last typed for an Attack, and the attacker's value last
    /// typed for a Defense: offered again while the sheet is open (the encounter's).
    pub(super) last_opponent: StoredValue<[String; 2]>,
    /// The target's armor and Pain Threshold last typed for an Attack: offered again
    /// while the sheet is open, as the opponent's Defense is.
    pub(super) last_target: StoredValue<(String, String)>,
    /// The next Attack's Advantage, set by a passed sneak (taken by that Attack).
    unaware_next: StoredValue<bool>,
}

impl Default for Rolls {
    fn default() -> Self {
        Self::new()
    }
}

impl Rolls {
    pub fn new() -> Self {
        Rolls {
            open: RwSignal::new(None),
            weapon: RwSignal::new(WeaponChoice::Auto),
            set_test: RwSignal::new(None),
            last_opponent: StoredValue::new(Default::default()),
            last_target: StoredValue::new(Default::default()),
            unaware_next: StoredValue::new(false),
        }
    }

    /// Whether this Attack follows a passed sneak (asked once, by the Attack it opens).
    pub(super) fn take_unaware(&self) -> bool {
        let on = self.unaware_next.get_value();
        self.unaware_next.set_value(false);
        on
    }

    /// Opens an Attack on a target a passed sneak left unaware: with the Advantage, as
    /// a Free Attack (the first turn's).
    pub fn attack_unaware(&self) {
        self.unaware_next.set_value(true);
        self.open(RollKind::Attack);
    }

    /// The index of the weapon among `weapons` (the sheet's) an Attack uses, if any.
    pub fn attack_weapon(choice: WeaponChoice, weapons: &[Weapon]) -> Option<usize> {
        match choice {
            WeaponChoice::Unarmed => None,
            WeaponChoice::Weapon(id) => weapons
                .iter()
                .position(|w| w.id == id)
                .or_else(|| Self::attack_weapon(WeaponChoice::Auto, weapons)),
            WeaponChoice::Auto => weapons
                .iter()
                .position(|w| w.state == WeaponState::Held)
                .or((!weapons.is_empty()).then_some(0)),
        }
    }

    pub fn open(&self, kind: RollKind) {
        self.set_test.set(None);
        self.open.set(Some(kind));
    }

    /// Opens the test a maneuver or an optional rule calls for, set up for it.
    pub fn open_set(&self, t: SetTest) {
        self.open.set(None);
        self.set_test.set(Some(t));
        self.open.set(Some(RollKind::Attr(t.tested)));
    }

    /// The panel is closed: forget it and put focus back on the button that opened it.
    pub fn closed(&self) {
        if let Some(kind) = self.open.get_untracked() {
            self.open.set(None);
            focus_id(&kind.opener_id());
        }
    }
}
