//! What the open dice panel holds: the roll it is for, every choice the player has
//! made, and what they add up to (C and P with how they are reached, the chance).
//! One `DiceForm` per opened panel, in context for its parts.

use super::state::{read, Panel, RollSource};
use crate::model::play::heimr_roll::{setup, Inputs, Outcome, RollFor, Setup};
use crate::rules::heimr::attack::{AttackWith, BrawlOpening};
use crate::rules::heimr::challenge::{success_probability, Against};
use crate::rules::heimr::injuries::BodyPart;
use crate::rules::heimr::situation::Observing;
use crate::ui::Live;
use leptos::prelude::*;

/// What the roll is against.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Cr,
    Attacking,
    Defending,
}

/// The choices C and P depend on (not what the roll is against).
#[derive(Clone, Copy)]
pub(super) struct SetUp {
    pub source: StoredValue<RollSource>,
    pub penalty: RwSignal<i64>,
    /// An attribute roll's consistency, set by the GM.
    pub attr_c: RwSignal<i64>,
    pub roll_for: RwSignal<RollFor>,
    pub aim: RwSignal<Option<BodyPart>>,
    pub ranged_incoming: RwSignal<bool>,
    pub charging: RwSignal<bool>,
    /// Observation: a Perception roll on a square.
    pub observing: RwSignal<Observing>,
    /// A brawl attack: the melee weapon attack it offered, and whether it was dodged.
    pub brawl_opening: RwSignal<BrawlOpening>,
    /// A shot into a combat cluster: how many of it have dodged (the re-roll's count).
    pub cluster_dodged: RwSignal<u32>,
}

impl SetUp {
    /// The roll's inputs but what it is against (tracked where it is called).
    pub fn inputs(&self) -> Inputs {
        Inputs {
            source: self.source.get_value(),
            penalty: self.penalty.get() as i32,
            attr_c: self.attr_c.get() as i32,
            roll_for: self.roll_for.get(),
            aim: self.aim.get(),
            ranged_in: self.ranged_incoming.get(),
            charging: self.charging.get(),
            observing: self.observing.get(),
            brawl_opening: self.brawl_opening.get(),
            cluster_dodged: self.cluster_dodged.get(),
            intercepting: false,
            against: Against::Cr(0),
        }
    }
}

#[derive(Clone, Copy)]
pub(super) struct DiceForm {
    pub character: Live,
    pub is_defence: bool,
    /// What an attack is made with.
    pub attack: Option<AttackWith>,
    pub set_up: SetUp,
    /// C and P and how they are reached. They do not depend on what the roll is
    /// against, so typing the CR does not work them out again.
    pub current: Memo<Setup>,
    /// The CR typed; None until it is (no chance shown, no roll).
    pub cr: RwSignal<Option<i64>>,
    /// The opponent's result (the panel's, kept while the sheet is open).
    pub opponent: RwSignal<Option<i64>>,
    pub mode: RwSignal<Mode>,
    pub intercepting: RwSignal<bool>,
    pub outcome: RwSignal<Option<Outcome>>,
    pub message: RwSignal<Option<String>>,
}

impl DiceForm {
    pub fn new(character: Live, source: RollSource) -> Self {
        let panel = expect_context::<Panel>();
        let is_defence = matches!(source, RollSource::Defence(..));
        let attack = match &source {
            RollSource::Attack(with, _) => Some(*with),
            _ => None,
        };
        let mode = if is_defence {
            Mode::Defending
        } else if attack.is_some() {
            Mode::Attacking
        } else {
            Mode::Cr
        };
        let set_up = SetUp {
            source: StoredValue::new(source),
            penalty: RwSignal::new(0),
            attr_c: RwSignal::new(0),
            roll_for: RwSignal::new(RollFor::Other),
            aim: RwSignal::new(None),
            ranged_incoming: RwSignal::new(false),
            charging: RwSignal::new(false),
            observing: RwSignal::new(Observing::Nothing),
            brawl_opening: RwSignal::new(BrawlOpening::Open),
            cluster_dodged: RwSignal::new(0),
        };
        DiceForm {
            character,
            is_defence,
            attack,
            set_up,
            current: Memo::new(move |_| {
                let i = set_up.inputs();
                read(character, |h| setup(h, &i))
            }),
            cr: RwSignal::new(panel.cr.get_untracked()),
            opponent: panel.opponent,
            mode: RwSignal::new(mode),
            intercepting: RwSignal::new(false),
            outcome: RwSignal::new(None),
            message: RwSignal::new(None),
        }
    }
    /// What the roll is against (read where it is called: tracked in a memo,
    /// untracked in a roll); None while the CR or the opponent's result is not typed
    /// yet.
    pub fn against(&self) -> Option<Against> {
        let opponent = |defending| {
            self.opponent.get().map(|r| Against::Opponent {
                result: r as i32,
                defending,
            })
        };
        match self.mode.get() {
            Mode::Cr => self.cr.get().map(|cr| Against::Cr(cr as i32)),
            Mode::Attacking => opponent(false),
            Mode::Defending => opponent(true),
        }
    }

    /// What is still to be typed before the chance can be shown and the roll made.
    pub fn waiting_for(&self) -> &'static str {
        if self.mode.get() == Mode::Cr {
            "the CR"
        } else {
            "the opponent's result"
        }
    }

    /// The whole roll, once there is something to roll against.
    pub fn inputs(&self) -> Option<Inputs> {
        self.against().map(|against| Inputs {
            intercepting: self.intercepting.get(),
            against,
            ..self.set_up.inputs()
        })
    }

    /// (the percentage, the exact fraction), once there is something to roll against.
    pub fn chance(&self) -> Option<(String, String)> {
        let s = self.current.get();
        self.against().map(|a| {
            let p = success_probability(s.c, s.p, a, s.physical.then_some(s.fatigue));
            (
                p.percent_text(),
                format!("{}/{}", p.numerator, p.denominator),
            )
        })
    }
}
