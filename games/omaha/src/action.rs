//! The player's decisions (spec 5.1) as actions, and the structured events of the log.

use crate::data::{Division, Sector};
use crate::index::{BoxId, HexId, UsId};
use serde::{Deserialize, Serialize};

/// One decision. Each answers the prompt the state is showing (spec 5.1 ids in the docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OmahaAction {
    /// P-RANGER-DRIFT (5.13): drift this many boxes East (0 = stay).
    RangerDrift { boxes: u8 },
    /// P-MINE-VICTIM (5.14): this unit loses the step.
    MineVictim { unit: UsId },
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
    /// A-MOVE for two units of one hex moving together (7.21).
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
}

/// The structured event of a log entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum OmahaEvent {
    TurnBegins { turn: u8 },
    CardDrawn { card: u8, purpose: DrawFor },
    Reshuffled,
    Drifted { unit: UsId, to_box: Option<BoxId> },
    Delayed { unit: UsId, to_turn: u8 },
    RemovedFromPlay { unit: UsId },
    StepLost { unit: UsId, steps_left: u8 },
    Eliminated { unit: UsId },
    Landed { unit: UsId, hex: HexId },
    CommandTransferred { unit: UsId },
    Placed { unit: UsId, landing_box: BoxId },
    Disrupted { unit: UsId },
    Cleared { hex: HexId },
    Moved { unit: UsId, from: HexId, to: HexId },
    MarkerRemoved { unit: UsId },
    Drowned { unit: UsId },
    Note,
    GameOver,
}
