//! The players' decisions (spec section 5) as small actions, and the log's events.
//!
//! A decision that takes several parts is a sequence of prompts (Rally the Troops' way): a move
//! is a unit or stack picked, then its destination; an attack is its defender, each attacker,
//! the support, then a confirmation; a result's choices (losses, Determined Defense, retreat,
//! advance) come one at a time. So no legal list runs to thousands.

use crate::data::{Army, Side, UnitId};
use overlord_engine::Log;
use overlord_hexmap::HexId;
use serde::{Deserialize, Serialize};

/// How a picked unit or stack moves (9, D8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveMode {
    /// Its MA over the TEC (9.1).
    Normal,
    /// Double MA along roads, mechanized only, no EZOC, ends alone (9.8).
    Strategic,
    /// The German truck: a non-mechanized unit moves as mechanized, MA 5 (9.8.6).
    Truck,
    /// The truck doubled by strategic movement: MA 10 along roads (9.8.6, 9.8.1).
    TruckStrategic,
    /// A bicycle unit's MA 6 along roads in Overcast (9.9).
    Bicycle,
    /// One or two hexes, terrain costs ignored (9.10).
    Tactical,
}

/// One decision, answering the prompt showing. The spec's decision ids (D1-D37) in the docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum N44Action {
    /// D37: end this phase, or finish the choices of the prompt showing.
    Done,
    /// D1 (5.2): of the German SupP received, put this many on Fortress Cherbourg (the rest
    /// on the 7th Army).
    FortressSupply { points: u8 },
    /// D2 (6.2): a "CW" infantry replacement becomes Canadian (`true`) or British.
    CwReplacement { canadian: bool },
    /// D3 (6.4): bank the "1 (PT)" armor replacement as an ordinary one instead of using it now.
    BankPt,
    /// D4 (20.2): a delayed glider regiment lands in this hex.
    GliderLanding { unit: UnitId, hex: HexId },
    /// D5 (6.2): a replacement restores a step of this unit (or a cadre its unit).
    Replace { unit: UnitId },
    /// D6 (6.2): this eliminated unit comes back at its lowest step in this hex.
    Return { unit: UnitId, hex: HexId },
    /// D7 (5.3): buy one SupP with 3 RP for this army.
    BuySupply { army: Army },
    /// D8: pick this unit to move alone.
    Pick { unit: UnitId },
    /// D8: pick every unit of this hex that may still move, to move together.
    PickStack { hex: HexId },
    /// D8: the picked unit or stack moves this way.
    Mode { mode: MoveMode },
    /// D8: the picked unit or stack moves to this hex (by the cheapest legal path).
    MoveTo { hex: HexId },
    /// Put the picked unit or stack down without moving it.
    Unpick,
    /// D9 (6.6): this German reinforcement enters at this entry hex.
    Enter { unit: UnitId, hex: HexId },
    /// D9 (6.6): this German reinforcement waits a turn and enters by the adjacent zone on
    /// this side (`later` = the next zone along the edge, else the previous).
    Delay { unit: UnitId, later: bool },
    /// D10 (6.7): place this mobilization unit in this hex.
    Mobilize { unit: UnitId, hex: HexId },
    /// D11, D12 (6.5, 20.5): land this unit in this beachhead or Mulberry hex.
    Land { unit: UnitId, hex: HexId },
    /// D13 (21.2): this unit evacuates to Great Britain.
    Evacuate { unit: UnitId },
    /// D14 (15.1): put the units of this hex in Reserve.
    Reserve { hex: HexId },
    /// D14 (15.4): take the units of this hex out of Reserve.
    Unreserve { hex: HexId },
    /// D15 (16.1): start an IP in this hex.
    StartIp { hex: HexId },
    /// D16 (16.1, 16.2): remove one's own IP, or this strongpoint.
    RemoveIp { hex: HexId },
    /// D17 (17.4): the Cotentin HQ moves to this Cherbourg hex.
    RelocateCotentinHq { hex: HexId },
    /// D18, D22, D23, D25, D31, D36: this unit loses a step (a loss, or a unit removed from an
    /// overstacked hex).
    Lose { unit: UnitId },
    /// D19 (19.1.4): an air unit strafes this hex.
    Strafe { hex: HexId },
    /// D20 (10): attack the enemy units in this hex.
    Attack { hex: HexId },
    /// D20: this unit joins the attack being built (or leaves it, if it has joined).
    Join { unit: UnitId },
    /// D20 (10.3): the formation of this unit is the Main Assault Force.
    Maf { unit: UnitId },
    /// D20 (10.3): the attackers (at most 6 CF) are a battle group, the MAF.
    BattleGroup,
    /// D21 (11.6, 17.2, 17.3): this HQ or Werfer gives an artillery shift.
    Artillery { unit: UnitId },
    /// D21 (19.1.2): an air unit gives a shift.
    AirSupport,
    /// D21 (19.2): a naval marker gives a shift.
    NavalSupport,
    /// D20-D21: resolve the attack as built.
    Confirm,
    /// Give up the attack being built (nothing is spent).
    Cancel,
    /// D24 (12.4): Determined Defense led by this unit.
    DeterminedDefense { lead: UnitId },
    /// D24 (12.4.3): its support comes from this HQ or Werfer.
    DdArtillery { unit: UnitId },
    /// D24 (12.4.3): its support is an air unit.
    DdAir,
    /// D24 (12.4.3): its support is a naval marker.
    DdNaval,
    /// D26 (12.5): Desperate Defense.
    DesperateDefense,
    /// D27 (13): this retreating unit ends its retreat in this hex.
    Retreat { unit: UnitId, hex: HexId },
    /// D28 (14): this unit advances to this hex.
    Advance { unit: UnitId, hex: HexId },
    /// D28 (12.1, 15.1): this attacker goes into Reserve instead of advancing.
    ReserveAfterCombat { unit: UnitId },
    /// D30 (22.2): withdraw the airborne division of this unit.
    Withdraw { unit: UnitId },
    /// D32 (20.3.6): this assault unit advances to this hex.
    InvasionAdvance { unit: UnitId, hex: HexId },
    /// D33 (28.3): this army's naval marker suppresses its batteries.
    Suppress { army: Army },
}

/// The structured event of a log entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum N44Event {
    /// A die was rolled (6.2): what for, the face, and the result after modifiers.
    Die {
        purpose: &'static str,
        raw: u8,
        modified: i8,
    },
    /// 27.1: the second player of the phasing side begins his part of the phase.
    Part { seat: u8 },
    /// A new phase or turn began.
    Phase {
        turn: u8,
        side: Option<Side>,
        phase: &'static str,
    },
    /// A unit moved, landed, entered, retreated or advanced.
    Moved {
        unit: UnitId,
        from: Option<HexId>,
        to: HexId,
    },
    /// A unit lost a step (`eliminated` when it left the map).
    Loss { unit: UnitId, eliminated: bool },
    /// A marker was placed on or removed from a unit.
    Marker {
        unit: UnitId,
        marker: &'static str,
        on: bool,
    },
    /// An attack was resolved.
    Combat {
        hex: HexId,
        attack: u16,
        defence: u16,
        column: &'static str,
        result: &'static str,
    },
    /// Anything else, told in the text.
    Note,
}

/// The game's log.
pub type N44Log = Log<N44Event>;
