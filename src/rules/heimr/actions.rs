//! The combat actions of a turn (seed 002, "Combat Actions", "Action Types", "List of
//! combat actions"): one standard action a turn; free actions as many as you like,
//! but each once a turn; an ongoing action is a standard action that ends your turn
//! (C −2 on defences until your next turn, `combat::ONGOING_ACTION_C_PENALTY`); an
//! upcoming action is a free action that ends your turn and goes on as the next
//! turn's standard action, unless it is interrupted or you cancel it. One action a
//! turn may be simultaneous: drawing or putting away a weapon alongside a move (not a
//! charge).

/// How long an action takes (the seed's four types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionType {
    Standard,
    Free,
    Ongoing,
    Upcoming,
}

impl ActionType {
    pub fn name(self) -> &'static str {
        match self {
            ActionType::Standard => "Standard",
            ActionType::Free => "Free",
            ActionType::Ongoing => "Ongoing",
            ActionType::Upcoming => "Upcoming",
        }
    }
}

/// One of the seed's combat actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub name: &'static str,
    pub kind: ActionType,
    /// May be done alongside a Move, as the turn's one simultaneous action.
    pub with_move: bool,
}

const fn act(name: &'static str, kind: ActionType) -> Action {
    Action {
        name,
        kind,
        with_move: false,
    }
}

pub const MOVE: &str = "Move";
pub const BREATHER_ONGOING: &str = "Take a breather (ongoing)";
pub const BREATHER_UPCOMING: &str = "Take a breather (upcoming)";
pub const DROP_PRONE: &str = "Drop prone";
pub const CRAWL: &str = "Crawl";
pub const READY_DODGE: &str = "Ready a dodge";

/// The seed's list, in its order. "Use a skill" is left out: its type is the skill's.
/// A breather is "ongoing or upcoming", so it is listed as both.
pub const ACTIONS: [Action; 22] = [
    act("Weapon attack", ActionType::Standard),
    act("Brawl attack", ActionType::Standard),
    act("Charge", ActionType::Ongoing),
    act("Guard", ActionType::Free),
    act(MOVE, ActionType::Standard),
    act("Run", ActionType::Ongoing),
    act("Climb", ActionType::Ongoing),
    act("Jump down", ActionType::Free),
    act(DROP_PRONE, ActionType::Free),
    act(CRAWL, ActionType::Upcoming),
    act("Hide", ActionType::Free),
    act(READY_DODGE, ActionType::Standard),
    Action {
        name: "Draw a weapon or ammunition",
        kind: ActionType::Standard,
        with_move: true,
    },
    Action {
        name: "Put a weapon or ammunition away",
        kind: ActionType::Standard,
        with_move: true,
    },
    act("Drop items", ActionType::Free),
    act("Get an item", ActionType::Ongoing),
    act("Hide or conceal an item", ActionType::Ongoing),
    act("Swap items", ActionType::Free),
    act(BREATHER_ONGOING, ActionType::Ongoing),
    act(BREATHER_UPCOMING, ActionType::Upcoming),
    act("Observation", ActionType::Free),
    act("Speak", ActionType::Free),
];

/// The action of that name.
pub fn action(name: &str) -> Option<Action> {
    ACTIONS.into_iter().find(|a| a.name == name)
}

/// What goes on into the next turn of a turn that `ended_by` ended: an upcoming action,
/// as the next turn's standard action.
pub fn goes_on(ended_by: Option<&str>) -> Option<&'static str> {
    action(ended_by?)
        .filter(|a| a.kind == ActionType::Upcoming)
        .map(|a| a.name)
}

/// What the character has done this turn (saved with the character by the actions'
/// names: `model::heimr::HeimrSheet::turn`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnActions {
    /// What the standard action went to (an ongoing action's too).
    pub standard: Option<&'static str>,
    /// The one simultaneous action, alongside a Move.
    pub simultaneous: Option<&'static str>,
    /// The free actions used (each once a turn).
    pub free: Vec<&'static str>,
    /// The ongoing or upcoming action that ended the turn.
    pub ended_by: Option<&'static str>,
    /// An upcoming action begun last turn, going on as this turn's standard action
    /// until it is finished, interrupted or cancelled.
    pub continuing: Option<&'static str>,
}

impl TurnActions {
    /// What holds the standard action now, if anything.
    fn standard_use(&self) -> Option<&'static str> {
        self.standard.or(self.continuing)
    }

    /// Takes `a` this turn; what happened in words, or why it cannot be done now (and
    /// nothing changes).
    pub fn spend(&mut self, a: Action) -> Result<String, String> {
        let name = a.name;
        if let Some(end) = self.ended_by {
            return Err(format!(
                "Your turn ended with {end}: nothing more until your next turn."
            ));
        }
        let held = self.standard_use();
        let said = match (a.kind, held) {
            (ActionType::Free, _) => {
                if self.free.contains(&name) {
                    return Err(format!("{name} is a free action: once a turn."));
                }
                self.free.push(name);
                format!("{name}: a free action.")
            }
            (ActionType::Standard | ActionType::Ongoing, None) => {
                self.standard = Some(name);
                if a.kind == ActionType::Ongoing {
                    self.ended_by = Some(name);
                    format!("{name}: an ongoing action. Your turn ends; C −2 on your defences until your next turn.")
                } else {
                    format!("{name}: your standard action.")
                }
            }
            (ActionType::Standard, Some(held)) => {
                let with_move = |x: &str| action(x).is_some_and(|b| b.with_move);
                let pair = (held == MOVE && a.with_move) || (name == MOVE && with_move(held));
                if pair && self.simultaneous.is_none() && self.continuing.is_none() {
                    self.simultaneous = Some(name);
                    format!("{name}: simultaneous with {held}.")
                } else {
                    return Err(format!(
                        "Your standard action is spent this turn ({held})."
                    ));
                }
            }
            (ActionType::Ongoing, Some(held)) => {
                return Err(format!(
                    "{name} is an ongoing action: it takes your standard action, spent this turn ({held})."
                ))
            }
            (ActionType::Upcoming, _) => {
                self.ended_by = Some(name);
                format!("{name}: begun. Your turn ends; it goes on as your next turn's standard action unless it is interrupted.")
            }
        };
        Ok(said)
    }

    /// The start of the character's next turn: everything is free again, except that
    /// an upcoming action begun this turn holds the standard action.
    pub fn new_turn(&mut self) {
        *self = TurnActions {
            continuing: goes_on(self.ended_by),
            ..TurnActions::default()
        };
    }

    /// The upcoming action going on this turn is finished (it was this turn's standard
    /// action), or is cancelled or interrupted (the standard action is free again).
    pub fn end_continuing(&mut self, finished: bool) -> Option<&'static str> {
        let name = self.continuing.take()?;
        if finished {
            self.standard = Some(name);
        }
        Some(name)
    }

    /// Whether `name` was done this turn (or is going on from the last).
    pub fn did(&self, name: &str) -> bool {
        [
            self.standard,
            self.simultaneous,
            self.ended_by,
            self.continuing,
        ]
        .into_iter()
        .chain(self.free.iter().copied().map(Some))
        .any(|d| d == Some(name))
    }

    /// The action that took the character out of the square they started this turn
    /// in, if one did: a Move (simultaneous with a draw too), a Charge, a Run, or a
    /// crawl that enters its square this turn (going on from the last, or finished).
    pub fn left_square(&self) -> Option<&'static str> {
        const AWAY: [&str; 4] = [MOVE, "Charge", "Run", CRAWL];
        [self.continuing, self.standard, self.simultaneous]
            .into_iter()
            .flatten()
            .find(|name| AWAY.contains(name))
    }

    /// Whether the character may begin a crawl now, or why not. Seed 002, "Crawl
    /// Upcoming": "While prone, move to another square. … You can only use crawl if
    /// you have been in the same square from the start of your turn. Because of this
    /// you can only crawl once every two turns."
    pub fn may_crawl(&self, prone: bool) -> Result<(), String> {
        if !prone {
            return Err(format!(
                "{CRAWL}: only while prone. Drop prone first (a free action)."
            ));
        }
        match self.left_square() {
            Some(CRAWL) => Err(format!(
                "{CRAWL}: only from the square you have been in since the start of your turn, and your crawl enters its new square this turn: once every two turns."
            )),
            Some(how) => Err(format!(
                "{CRAWL}: only from the square you have been in since the start of your turn; you left it this turn ({how})."
            )),
            None => Ok(()),
        }
    }

    /// What is left of the turn, in words.
    pub fn left(&self) -> String {
        if let Some(end) = self.ended_by {
            return format!("Turn ended ({end}).");
        }
        match self.standard_use() {
            Some(held) if self.continuing.is_some() => {
                format!("{held} goes on as your standard action.")
            }
            Some(_) => "Standard action spent.".into(),
            None => "All actions left.".into(),
        }
    }
}

/// How many characters it takes to move one who does not move by themselves (seed
/// 002, "Forced movement and restraint"; the seed notes the chapter is unfinished).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moved {
    /// A willing character with a leg injury.
    WillingLegInjury,
    /// A character unable to stand and resist.
    UnableToStand,
    /// An unwilling character who is bound.
    UnwillingBound,
    /// An unwilling character.
    Unwilling,
}

impl Moved {
    pub const ALL: [Moved; 4] = [
        Moved::WillingLegInjury,
        Moved::UnableToStand,
        Moved::UnwillingBound,
        Moved::Unwilling,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Moved::WillingLegInjury => "A willing character with a leg injury",
            Moved::UnableToStand => "A character unable to stand and resist",
            Moved::UnwillingBound => "An unwilling bound character",
            Moved::Unwilling => "An unwilling character",
        }
    }

    /// The characters it takes to move them.
    pub fn movers(self) -> u32 {
        match self {
            Moved::WillingLegInjury => 1,
            Moved::UnableToStand => 2,
            Moved::UnwillingBound => 3,
            Moved::Unwilling => 4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(name: &str) -> Action {
        action(name).unwrap()
    }

    #[test]
    fn one_standard_action_a_turn_and_free_actions_once_each() {
        let mut t = TurnActions::default();
        assert_eq!(t.left(), "All actions left.");
        assert_eq!(
            t.spend(a("Weapon attack")),
            Ok("Weapon attack: your standard action.".into())
        );
        assert_eq!(t.left(), "Standard action spent.");
        assert_eq!(
            t.spend(a("Brawl attack")),
            Err("Your standard action is spent this turn (Weapon attack).".into())
        );
        assert_eq!(t.spend(a("Speak")), Ok("Speak: a free action.".into()));
        assert!(t.did("Speak") && t.did("Weapon attack") && !t.did("Guard"));
        assert_eq!(t.spend(a("Guard")), Ok("Guard: a free action.".into()));
        let before = t.clone();
        assert_eq!(
            t.spend(a("Speak")),
            Err("Speak is a free action: once a turn.".into())
        );
        assert_eq!(t, before, "a refused action changes nothing");
    }

    #[test]
    fn an_ongoing_action_takes_the_standard_action_and_ends_the_turn() {
        let mut t = TurnActions::default();
        t.spend(a("Run")).unwrap();
        assert_eq!(t.left(), "Turn ended (Run).");
        assert_eq!(
            t.spend(a("Speak")),
            Err("Your turn ended with Run: nothing more until your next turn.".into())
        );
        let mut t = TurnActions::default();
        t.spend(a(MOVE)).unwrap();
        assert_eq!(
            t.spend(a("Climb")),
            Err("Climb is an ongoing action: it takes your standard action, spent this turn (Move).".into())
        );
        t.new_turn();
        assert_eq!(
            t,
            TurnActions::default(),
            "an ongoing action ends with the turn"
        );
    }

    #[test]
    fn a_draw_goes_alongside_a_move_once_but_not_alongside_a_charge() {
        let mut t = TurnActions::default();
        t.spend(a(MOVE)).unwrap();
        assert_eq!(
            t.spend(a("Draw a weapon or ammunition")),
            Ok("Draw a weapon or ammunition: simultaneous with Move.".into())
        );
        assert_eq!(
            t.spend(a("Put a weapon or ammunition away")),
            Err("Your standard action is spent this turn (Move).".into()),
            "one simultaneous action a turn"
        );
        // The other way round: a draw first, then the move alongside it.
        let mut t = TurnActions::default();
        t.spend(a("Draw a weapon or ammunition")).unwrap();
        assert_eq!(
            t.spend(a(MOVE)),
            Ok("Move: simultaneous with Draw a weapon or ammunition.".into())
        );
        // A charge is an ongoing action: the turn is over.
        let mut t = TurnActions::default();
        t.spend(a("Charge")).unwrap();
        assert!(t.spend(a("Draw a weapon or ammunition")).is_err());
    }

    #[test]
    fn an_upcoming_action_ends_the_turn_and_holds_the_next_turns_standard_action() {
        let mut t = TurnActions::default();
        t.spend(a("Weapon attack")).unwrap();
        // An upcoming action is a free action: it needs no standard action.
        assert_eq!(
            t.spend(a("Crawl")),
            Ok("Crawl: begun. Your turn ends; it goes on as your next turn's standard action unless it is interrupted.".into())
        );
        t.new_turn();
        assert_eq!(t.continuing, Some("Crawl"));
        assert_eq!(t.left(), "Crawl goes on as your standard action.");
        assert_eq!(
            t.spend(a("Weapon attack")),
            Err("Your standard action is spent this turn (Crawl).".into())
        );
        assert!(t.spend(a("Speak")).is_ok(), "free actions stay open");
        // Interrupted or cancelled: the standard action is free again.
        assert_eq!(t.end_continuing(false), Some("Crawl"));
        assert!(t.spend(a("Weapon attack")).is_ok());
        // Finished: it was the standard action.
        let mut t = TurnActions::default();
        t.spend(a(BREATHER_UPCOMING)).unwrap();
        t.new_turn();
        t.end_continuing(true);
        assert_eq!(t.standard, Some(BREATHER_UPCOMING));
        assert!(t.spend(a(MOVE)).is_err());
        t.new_turn();
        assert_eq!(t.continuing, None, "it goes on one turn only");
    }

    #[test]
    fn a_crawl_only_while_prone_and_from_the_square_the_turn_began_in() {
        let mut t = TurnActions::default();
        assert_eq!(
            t.may_crawl(false),
            Err("Crawl: only while prone. Drop prone first (a free action).".into())
        );
        // Dropping prone moves nobody: the crawl may begin.
        t.spend(a(DROP_PRONE)).unwrap();
        assert_eq!(t.may_crawl(true), Ok(()));
        // After a Move (alone or with a draw alongside): not from the same square.
        let mut t = TurnActions::default();
        t.spend(a(MOVE)).unwrap();
        t.spend(a(DROP_PRONE)).unwrap();
        assert_eq!(
            t.may_crawl(true),
            Err("Crawl: only from the square you have been in since the start of your turn; you left it this turn (Move).".into())
        );
        let mut t = TurnActions::default();
        t.spend(a("Draw a weapon or ammunition")).unwrap();
        t.spend(a(MOVE)).unwrap();
        assert_eq!(t.left_square(), Some(MOVE));
        // A crawl begun enters its square next turn: no second crawl that turn, finished
        // or still going on; the turn after, one may begin again.
        let mut t = TurnActions::default();
        assert_eq!(t.may_crawl(true), Ok(()));
        t.spend(a(CRAWL)).unwrap();
        t.new_turn();
        assert!(t
            .may_crawl(true)
            .unwrap_err()
            .contains("once every two turns"));
        t.end_continuing(true);
        assert!(t
            .may_crawl(true)
            .unwrap_err()
            .contains("once every two turns"));
        t.new_turn();
        assert_eq!(t.may_crawl(true), Ok(()));
    }

    #[test]
    fn every_action_of_the_seeds_list_is_there_with_its_type() {
        use ActionType::*;
        for (name, kind) in [
            ("Weapon attack", Standard),
            ("Brawl attack", Standard),
            ("Charge", Ongoing),
            ("Guard", Free),
            ("Move", Standard),
            ("Run", Ongoing),
            ("Climb", Ongoing),
            ("Jump down", Free),
            ("Drop prone", Free),
            ("Crawl", Upcoming),
            ("Hide", Free),
            ("Ready a dodge", Standard),
            ("Drop items", Free),
            ("Get an item", Ongoing),
            ("Hide or conceal an item", Ongoing),
            ("Swap items", Free),
            ("Observation", Free),
            ("Speak", Free),
        ] {
            assert_eq!(a(name).kind, kind, "{name}");
        }
        assert_eq!(Moved::ALL.map(Moved::movers), [1, 2, 3, 4]);
    }
}
