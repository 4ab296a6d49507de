//! The game state (spec section 3.2): small and flat, integer ids into the [`Index`](crate::index::Index), cloned by
//! search and simulation millions of times. Components sit behind the `Arc`.
//!
//! The step the game is at ([`Step`]) holds the stage of the prompts that take several answers:
//! an attack (8, [`AttackStage`]), a German-action tie (16, [`GermanChoice`]) and a tank's move
//! (23.5, [`TankMove`]). The queries every layer asks of the state (a unit's name, the scenario's
//! sectors and last turn, the Hero with a unit) are here too.

use crate::data::{Division, OmahaData, Sector, VictoryKind};
use crate::index::{BoxId, DepthId, GerId, HexId, SlotId, UsId};
use overlord_engine::{Deck, GameRng, Outcome};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where a US counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UsLoc {
    /// Waiting on the Turn track for this turn (5.3).
    Track(u8),
    /// In a landing box (5.1).
    Box(BoxId),
    /// On the map.
    Hex(HexId),
    /// Eliminated (6.32); regular infantry counts toward catastrophic defeat (13.1).
    Eliminated,
    /// Not in this scenario, or removed from play (T1 "delayed to 7 June").
    OutOfPlay,
    /// Moved off the map through the lettered exit hex (20.3; the letter as an ASCII byte,
    /// `b'A'`..=`b'G'`). Scored at the end of turn 32; never comes back.
    Exited(u8),
}

/// Markers and per-turn facts of one US counter, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UsFlags(pub u16);

impl UsFlags {
    /// The flag of units checked with `sector`'s Landing card this turn (AMB-63).
    pub fn checked_by(sector: Sector) -> u16 {
        match sector {
            Sector::East => Self::CHECKED_EAST,
            Sector::West => Self::CHECKED_WEST,
        }
    }

    /// Disrupted marker (6.33).
    pub const DISRUPTED: u16 = 1;
    /// Disrupted during this Action Phase (7.7 timing).
    pub const DISRUPTED_NEW: u16 = 1 << 1;
    /// Climb marker (7.4).
    pub const CLIMB: u16 = 1 << 2;
    /// Climb Cliff marker (7.5).
    pub const CLIMB_CLIFF: u16 = 1 << 3;
    /// Action Taken this turn (7.2).
    pub const ACTED: u16 = 1 << 4;
    /// Command Transfer marker (5.22).
    pub const TRANSFERRED: u16 = 1 << 5;
    /// Was delayed, voluntarily or not (5.34).
    pub const DELAYED: u16 = 1 << 6;
    /// Lost a step in this German Fire Phase (6.34).
    pub const HIT_THIS_PHASE: u16 = 1 << 7;
    /// A General is wounded (11.3).
    pub const WOUNDED: u16 = 1 << 8;
    /// Already checked with this turn's East Landing card (5.1).
    pub const CHECKED_EAST: u16 = 1 << 9;
    /// Already checked with this turn's West Landing card (5.1).
    pub const CHECKED_WEST: u16 = 1 << 11;
    /// Under command of an HQ or General at the start of the Action Phase (7.1).
    pub const COMMANDED: u16 = 1 << 10;
    /// Infantry adjacent to and in the fire field of a German tank at the start of the Action
    /// Phase: it may move away for free (23.6 self-preservation).
    pub const NEAR_TANK: u16 = 1 << 12;
    /// Declared as a participant of the attack being built (8.1, A-ATTACK).
    pub const ATTACKING: u16 = 1 << 15;

    pub fn has(self, bit: u16) -> bool {
        self.0 & bit != 0
    }

    pub fn set(&mut self, bit: u16, on: bool) {
        if on {
            self.0 |= bit;
        } else {
            self.0 &= !bit;
        }
    }
}

/// One US counter (unit, HQ or General).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UsUnit {
    pub loc: UsLoc,
    pub steps: u8,
    pub flags: UsFlags,
    /// The division commanding it: printed, or the other after a sector crossing (5.22).
    pub command: Division,
}

/// A German box or pool (2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GerPool {
    Tactical,
    Division,
    Meyer,
    OptionalArmor,
    Artillery(Sector),
    /// Eliminated WN units, for Re-occupy (16.1).
    EliminatedWn,
}

/// Where a German unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GerLoc {
    Slot(SlotId),
    /// 23: a German tank on the map. Tanks are not tied to printed positions and stop on any
    /// road hex, a position's hex included (where only the tank acts, 23.43).
    Hex(HexId),
    Pool(GerPool),
    OutOfPlay,
}

/// One German unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct German {
    pub loc: GerLoc,
    pub revealed: bool,
    pub disrupted: bool,
    /// Off-map artillery: Active side up (6.51).
    pub active: bool,
    pub depth: Option<DepthId>,
}

/// A depth-marker box (2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DepthPool {
    Wn,
    Mobile,
    Building,
    Meyer,
    Armor,
}

/// Where a depth marker is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DepthLoc {
    Under(GerId),
    Pool(DepthPool),
    OutOfPlay,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Depth {
    pub loc: DepthLoc,
    pub revealed: bool,
}

/// Where the turn sequence stands (4.2). Steps that need a decision are prompts; the others
/// run on their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// I.1: landing check of a sector.
    LandingCheck(Sector),
    /// I.1: P-RANGER-DRIFT for this Ranger, then the rest of the sector's check.
    RangerDrift { sector: Sector, unit: UsId },
    /// I.1: P-MINE-VICTIM in this sector.
    MineVictim(Sector),
    /// I.1, P-LEADER-FOLLOW (5.12): units drifted out of `leader`'s box; it follows one of
    /// them (`Omaha::follow`) or stays.
    LeaderFollow { sector: Sector, leader: UsId },
    /// I.2: units in boxes land.
    Land,
    /// I.3: arriving units go into boxes; P-BOX / P-DELAY for this unit.
    Place(UsId),
    /// P-DEPLOY (21.1): before the first turn the player places this unit of the scenario,
    /// on a beach hex or in a landing box of its sector.
    Deploy(UsId),
    /// I.3: look for the next arriving unit.
    NextArrival,
    /// II: the Event Phase.
    Event,
    /// III: German fire in a sector.
    Fire(Sector),
    /// III, 16: the sector's positions are examined one by one for German actions (from turn
    /// 17, or 12 with 14.2); `Omaha::ger_done` holds those done.
    GermanActions(Sector),
    /// III, 16: a German action's tie left to the player, for `position`.
    GermanChoice {
        sector: Sector,
        position: crate::index::PosId,
        choice: GermanChoice,
    },
    /// III, G-FIRE-TIE (6.31): `position` hits `take` more of `Omaha::choices`, equal by
    /// 6.31's priorities; the sector's card is already drawn.
    FireTie {
        sector: Sector,
        position: crate::index::PosId,
        take: u8,
    },
    /// III, G-LEADER (11.41): `position`'s star hits `left` more of `Omaha::choices`, the
    /// nearest Leaders; the position fire is applied.
    LeaderHit {
        sector: Sector,
        position: crate::index::PosId,
        left: u8,
    },
    /// III, 16, G-FIRE-TIE (6.31 with 23.4): German tank `tank` hits `take` more of
    /// `Omaha::choices`, equal by 6.31's priorities; with `vs_leaders` its star hits follow
    /// (11.41). Its action is otherwise done; the answer resumes its fire, then
    /// [`Step::GermanActions`].
    TankFireTie {
        sector: Sector,
        tank: GerId,
        take: u8,
        vs_leaders: bool,
    },
    /// III, 16, G-LEADER (11.41 with 23.4): German tank `tank`'s star hits `left` more of
    /// `Omaha::choices`, the nearest Leaders; its hits on units are applied.
    TankLeaderHit {
        sector: Sector,
        tank: GerId,
        left: u8,
    },
    /// III, 16, G-TANK-TIE (23.5, AMB-52): German tank `tank`, moving `how`, goes on to one
    /// of `Omaha::hex_choices`, equal by 23.5's priorities; the answer resumes its move (and a
    /// 23.4 P fire after it), then [`Step::GermanActions`].
    TankMoveTie {
        sector: Sector,
        tank: GerId,
        how: TankMove,
    },
    /// III, G-ART-TIE (6.5): German artillery hits one of `Omaha::choices`, equal by 6.5's
    /// priorities; position and star fire are applied. With `event`, II: the German artillery
    /// event (19.33) asks the same, and the turn then goes on to the German Fire Phase.
    ArtilleryTie { sector: Sector, event: bool },
    /// IV: engineers clear obstacles in a sector (P-CLEAR); `left` clears remain.
    Engineers { sector: Sector, left: u8 },
    /// V.1: P-DIV-ORDER.
    DivisionOrder,
    /// V: a division's actions; `second` once the first division is done.
    Actions {
        division: Division,
        left: u8,
        second: bool,
    },
    /// 7.32 P-INFILTRATE-DONE: the unit (and `with`, moving with it, 7.21) lost a step
    /// infiltrating toward `to`.
    Infiltration {
        unit: UsId,
        #[serde(default)]
        with: Option<UsId>,
        to: HexId,
        division: Division,
        left: u8,
        second: bool,
    },
    /// 8: an attack on `target` being declared (A-ATTACK) or resolved (P-HERO-BONUS,
    /// P-ATTRITION); the participants carry [`UsFlags::ATTACKING`].
    Attack {
        division: Division,
        left: u8,
        second: bool,
        target: HexId,
        stage: AttackStage,
    },
    /// V.3: P-STACKING.
    Stacking,
    /// VI: end of turn.
    EndOfTurn,
    /// 15 V: the US Engineer and HQ Phase begins (extended game): CP ranges advance (18.2).
    EngineerHq,
    /// 15 V, P-ENG-BASE (19.1, 19.2, 19.21): `division` places a base, advances one, or
    /// neither.
    EngineerBase { division: Division },
    /// 15 V, P-CP (18.1): `division`'s HQs may become Command Posts (the 1st Division's,
    /// then the 29th's, so that in the two-player game each player decides for their own).
    CommandPosts(Division),
    /// The game has ended.
    Over,
    /// II, P-HERO (11.11): put the Hero on a unit of `division`; then, with `depth_marker`, a
    /// depth marker in the Hero's sector (9.23).
    HeroPlacement {
        division: Division,
        depth_marker: bool,
    },
    /// II, P-STEP-ADD (13.12): a 1-step regular infantry unit of `division` gets a step back.
    StepAdd { division: Division },
    /// II, G-PRISONER: reveal a face-down German unit of `sector` (German Prisoner Talks).
    Prisoner { sector: Sector },
    /// II, G-PATROL-REPORT-TIE: reveal one of the face-down units of `sector` nearest a US unit.
    PatrolReport { sector: Sector },
    /// II, G-MEEMIES: which of the eligible units with the most steps loses a step.
    Meemies,
    /// II, G-NAVALHIT: which US unit with `symbol` in `position` loses a step.
    NavalHit {
        position: crate::index::PosId,
        symbol: crate::data::Symbol,
    },
    /// P-HERO-SACRIFICE (11.14, AMB-19): `unit` must lose its last step to German fire; the
    /// turn goes on at `Omaha::hero_resume` once answered.
    HeroSacrifice { unit: UsId },
}

/// Where an attack stands (the `stage` of [`Step::Attack`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackStage {
    /// A-ATTACK: add participants, declare, or go back.
    Participants,
    /// A-ATTACK (8.51): use a Naval Gunfire marker?
    Naval,
    /// A-ATTACK: confirm or go back.
    Confirm { naval: bool },
    /// P-HERO-BONUS (8.23): the unit is revealed; how does the Hero help?
    HeroBonus { naval: bool },
    /// P-ATTRITION (T6): trade a step for the depth marker?
    Attrition,
}

/// A German-action tie the rules leave to the player (spec 5.2), asked as a prompt; the units
/// offered are in `Omaha::choices`, the positions and hexes are worked out again from the state
/// (nothing they depend on changes while the prompt shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GermanChoice {
    /// G-MORTAR-TIE (16.5): `left` more of the units with the most steps lose a step.
    Mortar { left: u8 },
    /// G-PATROL-TIE (16.6): which of the equally near units is disrupted.
    Patrol,
    /// G-GER-ARTILLERY-TIE (16.7): which unit loses a step to the artillery action.
    Artillery,
    /// G-AMBUSH-TIE (16.92): which unit the ambush hits (`lose_step`, else disrupts).
    Ambush { lose_step: bool },
    /// G-REDEPLOY-TIE (16.3): which of the equally good positions the unit redeploys to.
    Redeploy,
    /// P-ADVANCE-LOSS (16.82): which US unit on the path loses a step.
    AdvanceLoss,
    /// P-ADVANCE-DISPLACE (16.82): where `unit`, in the advance's destination, goes.
    Displace { unit: UsId },
}

/// How a tank's move was ordered (23.4, the T7 tank column): how far it goes, whether it
/// overruns, and whether it fires after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TankMove {
    /// M, A and the fallbacks: up to four hexes.
    Move,
    /// R: up to four hexes, through one US-occupied hex (23.4 R).
    Overrun,
    /// P: up to three hexes, then fire on adjacent US units (23.4 P).
    PositionAndFire,
}

impl TankMove {
    /// The most hexes the tank enters.
    pub fn hexes(self) -> u8 {
        match self {
            TankMove::Move | TankMove::Overrun => crate::tables::german_actions::TANK_MOVE,
            TankMove::PositionAndFire => 3,
        }
    }

    pub(crate) fn overrun(self) -> bool {
        self == TankMove::Overrun
    }
}

/// A Command Post (18): an HQ flipped to its CP side, and the space of its Command Range marker
/// on the HQ Range track (18.1, 18.22; the track's values are in `tracks.toml`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CommandPost {
    pub hq: UsId,
    /// 0 = the first space (18.1).
    pub space: u8,
}

/// An Engineer Base (19): its division, its beach hex, and the space of its Engineer Range
/// marker on the Engineer Range track (19.1, 19.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EngineerBase {
    pub division: Division,
    pub hex: HexId,
    /// 0 = the space "0" (19.1).
    pub space: u8,
}

/// Where a Hero marker is (11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HeroLoc {
    /// Not yet placed by an event.
    Unused,
    /// With this unit (11.11).
    On(UsId),
    /// Removed with its unit (11.11).
    Removed,
}

/// One Hero marker (11.1): where it is, and whether it shows its Inspired side (11.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeroState {
    pub loc: HeroLoc,
    pub inspired: bool,
}

/// Scenario options: the optional rules (22, 23, 14.2) and interpretation switches, each named
/// for what it does; the rule numbers (`22.1`) and the names records saved before the rename
/// used (`v22_1`) are read too, so those records still replay.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OmahaOptions {
    /// 22.1 Effective Allied bombardment.
    #[serde(alias = "22.1", alias = "v22_1")]
    pub effective_bombardment: bool,
    /// 22.2 First-wave tanks safe.
    #[serde(alias = "22.2", alias = "v22_2")]
    pub first_wave_tanks_safe: bool,
    /// 22.3 Rangers reinforce Pointe du Hoc.
    #[serde(alias = "22.3", alias = "v22_3")]
    pub rangers_reinforce_pointe_du_hoc: bool,
    /// 22.4 Improved German reaction.
    #[serde(alias = "22.4", alias = "v22_4")]
    pub improved_german_reaction: bool,
    /// 14.2 Early German actions: section 16 from turn 12.
    #[serde(alias = "14.2", alias = "v14_2")]
    pub early_german_actions: bool,
    /// 23 German armor: tank reinforcements from turn 17 (23.1-23.7).
    #[serde(alias = "23", alias = "v23")]
    pub german_armor: bool,
    /// The cooperative two-player game (P-SETUP, rule 1): one player per US division.
    #[serde(alias = "two-player")]
    pub two_player: bool,
}

/// A game of D-Day at Omaha Beach.
#[derive(Clone, Debug)]
pub struct Omaha {
    pub(crate) data: Arc<OmahaData>,
    pub(crate) scenario: u8,
    pub(crate) options: OmahaOptions,
    pub(crate) rng: GameRng,
    pub(crate) turn: u8,
    pub(crate) step: Step,
    pub(crate) deck: Deck<u8>,
    /// Cards drawn this turn, discarded at the end of the turn (VI.3).
    pub(crate) turn_cards: Vec<u8>,
    /// This turn's Landing card of each sector, East then West (5.1).
    pub(crate) landing_cards: [Option<u8>; 2],
    /// This turn's German Fire card of each sector, East then West (6, 10.1).
    pub(crate) fire_cards: [Option<u8>; 2],
    pub(crate) us: Vec<UsUnit>,
    pub(crate) germans: Vec<German>,
    pub(crate) depth: Vec<Depth>,
    /// Obstacle hexes with a Cleared marker (10.1), as a bit set over hex ids.
    pub(crate) cleared: Vec<u64>,
    pub(crate) outcome: Option<Outcome>,
    /// Cards drawn so far (6.1).
    pub(crate) draws: u32,
    /// German units and depth markers turned face up so far (9.1, 8.3 step 5). With the cards
    /// drawn, the engine driver's reveal counter: undo never crosses what either showed.
    pub(crate) flips: u32,
    /// Hexes attacked, by turn (8.16, AMB-14: once per hex per Action Phase).
    pub(crate) attacked: Vec<(u8, HexId)>,
    /// Hexes barraged by tanks or naval gunfire, by turn (8.16, 8.41, 8.53).
    pub(crate) barraged: Vec<(u8, HexId)>,
    /// Naval Gunfire markers held (8.5).
    pub(crate) naval_gunfire: u8,
    /// Hero markers, in roster order (11.1).
    pub(crate) heroes: Vec<HeroState>,
    /// Units whose last step German fire is taking while they carry a Hero (11.14, AMB-19):
    /// P-HERO-SACRIFICE is asked for each before the turn goes on.
    pub(crate) hero_pending: Vec<UsId>,
    /// The step the turn goes on at once P-HERO-SACRIFICE is answered.
    pub(crate) hero_resume: Step,
    /// Positions under a Smoke marker this turn (Smoke Obscures Beach; AMB-62).
    pub(crate) smoke: Vec<crate::index::PosId>,
    /// German Plunging Fire for the next German Fire Phase (event).
    pub(crate) plunging_fire: bool,
    /// Screaming Meemies! has occurred (event; German Rocket Artillery Destroyed).
    pub(crate) meemies_occurred: bool,
    /// German Artillery Limits Engineer Operations is in force this turn (event, 19.33).
    pub(crate) engineers_limited: bool,
    /// German artillery fire occurred this turn, East then West (19.33, AMB-30).
    pub(crate) artillery_fired: [bool; 2],
    /// 22.4: the one-time refill of the Mobile depth box has been made.
    pub(crate) mobile_refilled: bool,
    /// 15 IV: the Event Phase under way is the turn's second (after the German Fire Phase).
    pub(crate) second_event: bool,
    /// 16: the positions of this sector's card already examined for German actions.
    pub(crate) ger_done: crate::index::PosSet,
    /// 16.85: the positions whose Advance waits until every other action is done.
    pub(crate) ger_advances: crate::index::PosSet,
    /// 16: the position firing as its German action (G-FIRE-TIE and G-LEADER resume it).
    pub(crate) ger_acting: Option<crate::index::PosId>,
    /// The units a G-FIRE-TIE, G-LEADER or G-ART-TIE prompt offers, kept from when the fire
    /// was worked out so that the answers match it exactly (6.31, 11.41, 6.5).
    pub(crate) choices: Vec<UsId>,
    /// G-FIRE-TIE answers of this sector's fire so far: the position hits the unit (6.31). For
    /// a German tank's fire (23.4: one shooter, alone) the position is
    /// [`crate::armor::TANK_SHOOTER`].
    pub(crate) fire_picks: Vec<(crate::index::PosId, UsId)>,
    /// Star hits still to place this sector's fire, per position in SYS-GER-ORDER (11.41).
    pub(crate) star_slots: Vec<(crate::index::PosId, u8)>,
    /// This sector's landing check: (leader, unit that drifted out of the leader's box), for
    /// P-LEADER-FOLLOW (5.12).
    pub(crate) follow: Vec<(UsId, UsId)>,
    /// Command Posts (18), at most one per HQ.
    pub(crate) command_posts: Vec<CommandPost>,
    /// The HQ named by this turn's Snipers Target Runners: as a CP its range is 1 (event).
    pub(crate) snipers: Option<UsId>,
    /// Engineer Bases (19), at most two per division.
    pub(crate) bases: Vec<EngineerBase>,
    /// Positions with a US Garrison marker (19.3).
    pub(crate) garrisons: crate::index::PosSet,
    /// The hexes still to enter after a 7.32 infiltration interrupted a multi-hex move (17.1,
    /// 17.2); empty otherwise.
    pub(crate) move_rest: Vec<HexId>,
    /// 21.1: the units the scenario leaves to the player to place (P-DEPLOY), in the order they
    /// are asked; empty once the game is under way.
    pub(crate) deploy: Vec<UsId>,
    /// G-TANK-TIE answers of the German tank moving now, one per tie met on its way (23.5).
    pub(crate) tank_picks: Vec<HexId>,
    /// The hexes a G-TANK-TIE prompt offers, kept from when the move was worked out (23.5).
    pub(crate) hex_choices: Vec<HexId>,
    /// 23.7: German tanks that have entered the map (each +1 VP, even if later eliminated).
    pub(crate) tanks_entered: u8,
    /// 23.21: the turn of the last armored reinforcement (0: none yet); one per turn at most.
    pub(crate) armor_turn: u8,
}

impl PartialEq for Omaha {
    fn eq(&self, other: &Self) -> bool {
        // The components are the same `Arc` in every state of one game; compare what changes.
        Arc::ptr_eq(&self.data, &other.data)
            && self.scenario == other.scenario
            && self.options == other.options
            && self.rng == other.rng
            && self.turn == other.turn
            && self.step == other.step
            && self.deck == other.deck
            && self.turn_cards == other.turn_cards
            && self.landing_cards == other.landing_cards
            && self.fire_cards == other.fire_cards
            && self.us == other.us
            && self.germans == other.germans
            && self.depth == other.depth
            && self.cleared == other.cleared
            && self.outcome == other.outcome
            && self.draws == other.draws
            && self.flips == other.flips
            && self.attacked == other.attacked
            && self.barraged == other.barraged
            && self.naval_gunfire == other.naval_gunfire
            && self.heroes == other.heroes
            && self.hero_pending == other.hero_pending
            && self.hero_resume == other.hero_resume
            && self.smoke == other.smoke
            && self.plunging_fire == other.plunging_fire
            && self.meemies_occurred == other.meemies_occurred
            && self.engineers_limited == other.engineers_limited
            && self.artillery_fired == other.artillery_fired
            && self.mobile_refilled == other.mobile_refilled
            && self.second_event == other.second_event
            && self.ger_done == other.ger_done
            && self.ger_advances == other.ger_advances
            && self.ger_acting == other.ger_acting
            && self.choices == other.choices
            && self.fire_picks == other.fire_picks
            && self.star_slots == other.star_slots
            && self.follow == other.follow
            && self.command_posts == other.command_posts
            && self.snipers == other.snipers
            && self.bases == other.bases
            && self.garrisons == other.garrisons
            && self.move_rest == other.move_rest
            && self.deploy == other.deploy
            && self.tank_picks == other.tank_picks
            && self.hex_choices == other.hex_choices
            && self.tanks_entered == other.tanks_entered
            && self.armor_turn == other.armor_turn
    }
}

impl Omaha {
    /// The components.
    pub fn data(&self) -> &OmahaData {
        &self.data
    }

    pub fn turn(&self) -> u8 {
        self.turn
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn us_unit(&self, id: UsId) -> Option<&UsUnit> {
        self.us.get(usize::from(id))
    }

    /// Whether obstacle hex `hex` is clear of obstacles: a Cleared marker (10.1), or from turn
    /// 23 every obstacle (19.4, AMB-31).
    pub fn is_cleared(&self, hex: HexId) -> bool {
        if self.turn >= crate::tables::schedule::OBSTACLES_DEMOLISHED_FROM {
            return true;
        }
        let hex = usize::from(hex);
        self.cleared
            .get(hex / 64)
            .is_some_and(|w| w & (1 << (hex % 64)) != 0)
    }

    pub(crate) fn set_cleared(&mut self, hex: HexId) {
        let hex = usize::from(hex);
        if let Some(word) = self.cleared.get_mut(hex / 64) {
            *word |= 1 << (hex % 64);
        }
    }

    /// The German units, by id (their hidden faces are only for the engine and tests).
    pub fn german_counters(&self) -> &[German] {
        &self.germans
    }

    /// Cards drawn so far this game (2.1): the game's chance outcomes, which the benches count
    /// beside the decisions.
    pub fn cards_drawn(&self) -> u32 {
        self.draws
    }

    /// The hex of German unit `g` on the map: its slot's hex, or a tank's hex (23).
    pub fn german_hex(&self, g: GerId) -> Option<HexId> {
        match self.germans.get(usize::from(g))?.loc {
            GerLoc::Slot(s) => self.data.index.slots.get(usize::from(s)).map(|x| x.hex),
            GerLoc::Hex(h) => Some(h),
            GerLoc::Pool(_) | GerLoc::OutOfPlay => None,
        }
    }

    /// 23: the German tanks on the map, with their hexes, in counter order.
    pub fn tanks_on_map(&self) -> impl Iterator<Item = (GerId, HexId)> + '_ {
        self.germans
            .iter()
            .enumerate()
            .filter_map(|(g, x)| match x.loc {
                GerLoc::Hex(h) => Some((g as GerId, h)),
                _ => None,
            })
    }

    /// 23.7: the German tanks that have entered the map.
    pub fn tanks_entered(&self) -> u8 {
        self.tanks_entered
    }

    /// The US counters, by id.
    pub fn us_units(&self) -> &[UsUnit] {
        &self.us
    }

    /// The invariants every state keeps; the first broken one, described.
    pub fn check_invariants(&self) -> Result<(), String> {
        let index = &self.data.index;
        for (g, german) in self.germans.iter().enumerate() {
            if let Some(d) = german.depth
                && self.depth.get(usize::from(d)).map(|x| x.loc)
                    != Some(DepthLoc::Under(g as GerId))
            {
                return Err(format!(
                    "German unit {g} points at depth marker {d}, which is not under it"
                ));
            }
        }
        for (d, depth) in self.depth.iter().enumerate() {
            if let DepthLoc::Under(g) = depth.loc
                && self.germans.get(usize::from(g)).and_then(|x| x.depth) != Some(d as DepthId)
            {
                return Err(format!(
                    "depth marker {d} lies under unit {g}, which does not carry it"
                ));
            }
        }
        // 23: only tanks stand on a hex outside a position's slots; never two German units in
        // one hex (23.51), and only in a game with the variant.
        for (g, german) in self.germans.iter().enumerate() {
            let GerLoc::Hex(h) = german.loc else { continue };
            if index.germans.get(g).map(|x| x.kind) != Some(crate::index::GerKind::Tank) {
                return Err(format!(
                    "German unit {g} is on hex {h} but is not a tank (23)"
                ));
            }
            if !self.options.german_armor {
                return Err(format!("tank {g} is on the map without variant 23"));
            }
            if !german.revealed {
                return Err(format!("tank {g} is on the map face-down (23.41)"));
            }
            let shared = (0..self.germans.len())
                .filter(|&o| o != g && self.german_hex(o as GerId) == Some(h))
                .count();
            if shared > 0 {
                return Err(format!(
                    "tank {g} shares hex {h} with another German unit (23.51)"
                ));
            }
        }
        let tanks = index
            .germans
            .iter()
            .filter(|x| x.kind == crate::index::GerKind::Tank)
            .count();
        if usize::from(self.tanks_entered) > tanks {
            return Err(format!(
                "{} tanks entered; there are {tanks} (23.7)",
                self.tanks_entered
            ));
        }
        for (i, u) in self.us.iter().enumerate() {
            let max = index.us[i].steps;
            let eliminated = u.loc == UsLoc::Eliminated;
            if u.steps > max || (u.steps == 0) != eliminated {
                return Err(format!(
                    "{} has {} steps at {:?}",
                    index.us[i].name, u.steps, u.loc
                ));
            }
            if let UsLoc::Hex(h) = u.loc {
                let german_there =
                    (0..self.germans.len()).any(|g| self.german_hex(g as GerId) == Some(h));
                if german_there {
                    return Err(format!(
                        "{} shares a hex with a German unit (7.31)",
                        index.us[i].name
                    ));
                }
            }
        }
        Ok(())
    }

    /// US counters at a location.
    pub fn us_at(&self, loc: UsLoc) -> impl Iterator<Item = UsId> + '_ {
        self.us
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.loc == loc)
            .map(|(i, _)| i as UsId)
    }

    pub(crate) fn name(&self, unit: UsId) -> &str {
        self.data
            .index
            .us
            .get(usize::from(unit))
            .map_or("?", |u| u.name.as_str())
    }

    pub(crate) fn scenario_kind(&self) -> VictoryKind {
        self.data
            .scenarios
            .get(usize::from(self.scenario))
            .and_then(|s| s.victory.as_ref())
            .map_or(VictoryKind::FirstWave, |v| v.kind)
    }

    pub(crate) fn last_turn(&self) -> u8 {
        self.data
            .scenarios
            .get(usize::from(self.scenario))
            .map_or(16, |s| s.turns[1])
    }

    /// Sectors in play (Easy Fox: East only).
    pub(crate) fn in_play(&self, sector: Sector) -> bool {
        self.data
            .scenarios
            .get(usize::from(self.scenario))
            .is_some_and(|s| s.sectors.contains(&sector))
    }

    /// The Hero marker (Hero or Inspired side) with `unit`, if any.
    pub fn hero_with(&self, unit: UsId) -> Option<usize> {
        self.heroes.iter().position(|h| h.loc == HeroLoc::On(unit))
    }

    /// The name of Hero marker `hero`.
    pub(crate) fn hero_name(&self, hero: usize) -> &str {
        self.data
            .us
            .heroes
            .get(hero)
            .map_or("?", |h| h.name.as_str())
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

/// Where US unit `unit` stands on the map, if it is on the map (not in a box, on a track,
/// eliminated or off the map): the one place every chapter asks it.
pub(crate) fn hex_of(state: &Omaha, unit: UsId) -> Option<HexId> {
    match state.us.get(usize::from(unit))?.loc {
        UsLoc::Hex(h) => Some(h),
        _ => None,
    }
}

#[cfg(test)]
mod option_names {
    use super::OmahaOptions;

    /// 22, 23, 14.2: an option reads by its name, its rule number, or the name records saved
    /// before the rename used, so those records still replay.
    #[test]
    fn r22_options_read_by_name_rule_number_or_old_name() {
        let by_name: OmahaOptions = serde_json::from_value(serde_json::json!({
            "effective_bombardment": true, "early_german_actions": true, "german_armor": true
        }))
        .unwrap();
        let by_rule: OmahaOptions =
            serde_json::from_value(serde_json::json!({"22.1": true, "14.2": true, "23": true}))
                .unwrap();
        let by_old: OmahaOptions =
            serde_json::from_value(serde_json::json!({"v22_1": true, "v14_2": true, "v23": true}))
                .unwrap();
        assert!(by_name.effective_bombardment && by_name.early_german_actions);
        assert!(by_name.german_armor && !by_name.improved_german_reaction);
        assert_eq!(by_rule, by_name);
        assert_eq!(by_old, by_name);
        assert!(serde_json::from_value::<OmahaOptions>(serde_json::json!({"22.9": true})).is_err());
    }
}
