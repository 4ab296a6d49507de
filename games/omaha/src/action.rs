//! The player's decisions (spec 5.1) as actions, and the log with its structured events.

use crate::data::{Division, Sector};
use crate::index::{BoxId, HexId, UsId};
use overlord_engine::Log;
use serde::{Deserialize, Serialize};

/// One decision. Each answers the prompt the state is showing (spec 5.1 ids in the docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OmahaAction {
    /// P-RANGER-DRIFT (5.13): drift this many boxes East (0 = stay).
    RangerDrift { boxes: u8 },
    /// P-MINE-VICTIM (5.14): this unit loses the step.
    MineVictim { unit: UsId },
    /// P-LEADER-FOLLOW (5.12): the leader follows this drifted unit to its box, or stays
    /// (`None`).
    LeaderFollows { unit: Option<UsId> },
    /// P-BOX (5.3): put the arriving unit in this box.
    PlaceInBox { unit: UsId, landing_box: BoxId },
    /// P-DELAY (5.34): put the arriving unit on a later Turn-track space.
    Delay { unit: UsId, to_turn: u8 },
    /// P-CLEAR (10.1): engineers clear this obstacle hex.
    Clear { hex: HexId },
    /// P-CLEAR: clear no more hexes in this sector.
    StopClearing,
    /// P-DIV-ORDER (7.2): this division acts first.
    FirstDivision { division: Division },
    /// A-MOVE (7.3, 7.4): move one unit one hex (crossing a bluff places a Climb marker).
    Move { unit: UsId, to: HexId },
    /// A-MOVE for two units of one hex making the same move together (7.21): a step, across a
    /// bluff, an infiltration (7.32), across a cliff from turn 17 (17.12).
    MovePair { unit: UsId, with: UsId, to: HexId },
    /// A-CLIFF (7.5): start climbing the scalable cliff toward this hex.
    StartCliff { unit: UsId, toward: HexId },
    /// A-CLIFF (7.5, 7.51): go on up the cliff (move across, Climb Cliff becomes Climb).
    ContinueCliff { unit: UsId, to: HexId },
    /// Remove the Climb marker (7.4), or abandon a cliff climb (7.51).
    RemoveClimb { unit: UsId },
    /// A-REMOVE-DISRUPTED (7.7).
    RemoveDisrupted { unit: UsId },
    /// P-INFILTRATE-DONE (7.32): after losing a step, complete the move (or stay).
    CompleteInfiltration { go: bool },
    /// A-END-DIVISION (7.2).
    EndDivision,
    /// P-STACKING (7.63): eliminate this unit from an over-stacked hex.
    EliminateForStacking { unit: UsId },
    /// A-ATTACK (8.1): start an attack on the German unit in this hex.
    Attack { target: HexId },
    /// A-ATTACK (8.1, 8.13): add this unit to the attack being declared.
    AttackWith { unit: UsId },
    /// A-ATTACK (8.13, 7.21): add two units of one hex to the attack together.
    AttackWithPair { unit: UsId, with: UsId },
    /// A-ATTACK: no more participants.
    AttackDeclared,
    /// A-ATTACK (8.51): use a Naval Gunfire marker in the attack, or not.
    NavalSupport { use_marker: bool },
    /// A-ATTACK (8.3): resolve the attack as declared.
    AttackConfirm,
    /// A-ATTACK: cancel the attack being declared (nothing is spent).
    AttackBack,
    /// P-HERO-BONUS (8.23, 11.13): how the Hero helps this attack.
    HeroBonus { bonus: HeroChoice },
    /// P-ATTRITION (T6): this adjacent attacker loses a step to remove the depth marker, or
    /// `None` to decline.
    Attrition { unit: Option<UsId> },
    /// A-BARRAGE (8.4): this tank barrages the German unit in `target`.
    Barrage { unit: UsId, target: HexId },
    /// A-NAVAL (8.52, 8.53): a Naval Gunfire marker barrages the German unit in `target`.
    NavalBarrage { target: HexId },
    /// P-HERO (11.11): the Hero joins this unit.
    PlaceHero { unit: UsId },
    /// P-STEP-ADD (13.12): this 1-step regular infantry unit gets a step back.
    AddStep { unit: UsId },
    /// G-PRISONER, G-PATROL-REPORT-TIE: reveal the German unit in this slot.
    RevealGerman { slot: crate::index::SlotId },
    /// G-MEEMIES (Screaming Meemies!): this unit loses the step.
    MeemiesTarget { unit: UsId },
    /// G-NAVALHIT (Unexpected US Naval Fire): this unit loses the step.
    NavalHitTarget { unit: UsId },
    /// P-HERO-SACRIFICE (11.14): sacrifice the Hero (the unit survives) or lose the unit.
    SacrificeHero { sacrifice: bool },
    /// G-FIRE-TIE (6.31): the firing position hits this unit.
    FireTieTarget { unit: UsId },
    /// G-LEADER (11.41): the star hit falls on this HQ or General, or on the Hero with this
    /// unit.
    LeaderTarget { unit: UsId },
    /// G-TANK-TIE (23.5): the moving German tank goes on to this hex.
    TankMoveTo { hex: HexId },
    /// G-ART-TIE (6.5): German artillery hits this unit.
    ArtilleryTarget { unit: UsId },
    /// G-MORTAR-TIE, G-PATROL-TIE, G-GER-ARTILLERY-TIE, G-AMBUSH-TIE, P-ADVANCE-LOSS (16.5,
    /// 16.6, 16.7, 16.92, 16.82): the German action falls on this unit.
    GermanTarget { unit: UsId },
    /// G-REDEPLOY-TIE (16.3): the German unit redeploys to this position.
    RedeployTo { position: crate::index::PosId },
    /// P-ADVANCE-DISPLACE (16.82): this unit leaves the Advance's destination for `to`.
    Displace { unit: UsId, to: HexId },
    /// A-MOVE, extended game (17.1, 17.2): move one unit along `path`, two or more hexes.
    MoveAlong { unit: UsId, path: Path },
    /// P-ENG-BASE (19.1): the division's new Engineer Base goes on this beach hex.
    PlaceBase { hex: HexId },
    /// P-ENG-BASE (19.2): the division's base in this hex extends its range one space.
    AdvanceBase { hex: HexId },
    /// P-ENG-BASE (19.21): neither place nor advance a base this turn.
    SkipBase,
    /// P-CP (18.1): this HQ becomes a Command Post.
    EstablishCp { hq: UsId },
    /// P-CP: no more Command Posts this phase.
    CommandPostsDone,
    /// A-ABANDON-CP (18.11): the CP flips back to its HQ side, which may then move.
    AbandonCp { hq: UsId },
    /// A-EXIT (20.3, extended game): this unit, on a lettered exit hex, moves off the map.
    ExitMap { unit: UsId },
    /// P-DEPLOY (21.1): the scenario's unit starts on this beach hex.
    DeployOnHex { unit: UsId, hex: HexId },
    /// A-MOVE, extended game (7.21 with 17.1, 17.2): two units of one hex move along `path`
    /// together, two or more hexes.
    MovePairAlong { unit: UsId, with: UsId, path: Path },
    /// A-CLIFF (7.5 with 7.21): two units of one hex start climbing the scalable cliff toward
    /// this hex together.
    StartCliffPair {
        unit: UsId,
        with: UsId,
        toward: HexId,
    },
}

/// The answer to P-HERO-BONUS (8.23, 11.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeroChoice {
    /// +1 attack strength.
    Strength,
    /// A wildcard for one missing required weapon (not FL).
    Wildcard,
    /// No bonus.
    Nothing,
}

/// The hexes a multi-hex move enters, in order (17.1: two; 17.2: up to four).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Path {
    hexes: [HexId; 4],
    len: u8,
}

impl Path {
    /// A path of one to four hexes; `None` otherwise.
    pub fn new(hexes: &[HexId]) -> Option<Path> {
        if hexes.is_empty() || hexes.len() > 4 {
            return None;
        }
        let mut all = [0; 4];
        all[..hexes.len()].copy_from_slice(hexes);
        Some(Path {
            hexes: all,
            len: hexes.len() as u8,
        })
    }

    /// The hexes entered, in order (empty for a malformed path read from outside).
    pub fn hexes(&self) -> &[HexId] {
        self.hexes.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Where the move ends.
    pub fn end(&self) -> Option<HexId> {
        self.hexes().last().copied()
    }
}

/// Why a card was drawn (6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawFor {
    Landing(Sector),
    Event,
    Fire(Sector),
    Infiltration,
    Barrage,
    /// Unexpected US Naval Fire Hits Position (event): the position, then the US victim.
    NavalFire,
    /// 22.1: the pre-invasion bombardment's two Fire cards.
    Bombardment,
}

/// The game's log: every entry with its [`OmahaEvent`].
pub type OmahaLog = Log<OmahaEvent>;

/// The structured event of a log entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum OmahaEvent {
    TurnBegins {
        turn: u8,
    },
    CardDrawn {
        card: u8,
        purpose: DrawFor,
    },
    Reshuffled,
    Drifted {
        unit: UsId,
        to_box: Option<BoxId>,
    },
    Delayed {
        unit: UsId,
        to_turn: u8,
    },
    RemovedFromPlay {
        unit: UsId,
    },
    StepLost {
        unit: UsId,
        steps_left: u8,
    },
    Eliminated {
        unit: UsId,
    },
    Landed {
        unit: UsId,
        hex: HexId,
    },
    CommandTransferred {
        unit: UsId,
    },
    Placed {
        unit: UsId,
        landing_box: BoxId,
    },
    Disrupted {
        unit: UsId,
    },
    Cleared {
        hex: HexId,
    },
    Moved {
        unit: UsId,
        from: HexId,
        to: HexId,
    },
    MarkerRemoved {
        unit: UsId,
    },
    Drowned {
        unit: UsId,
    },
    Attacked {
        target: HexId,
    },
    /// A unit left the map through the exit hex `hex` (20.3).
    Exited {
        unit: UsId,
        hex: HexId,
    },
    Barraged {
        target: HexId,
    },
    Note,
    GameOver,
}
