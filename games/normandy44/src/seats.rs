//! Who plays (27.1): two players, or three (the Allies split into the US First Army and the
//! British Second Army) or four (the German split too, one player facing each Allied army).
//!
//! The rules stay two-sided (spec 27.1's engine note): this layer only says which seat owns
//! each unit and answers each prompt. Seat 0 is the German (in four players, the one facing
//! the US), seat 1 the Allies (in three or four, the US player), seat 2 the British player and
//! seat 3 the German facing the British.
//!
//! - **Units.** An Allied unit belongs to its army's player. In four players a German unit
//!   belongs to the player facing the army whose side of the Army Boundary it starts on, and a
//!   reinforcement to the one its entry colour gives (Green: facing the US; every other colour:
//!   facing the British); a unit stays its player's when it crosses the line, or comes back
//!   from the Eliminated box.
//! - **Phases.** Where a side has two players, each player's part of a phase comes in turn:
//!   the one facing or forming the US army first. A player's `Done` ends his part; the second
//!   part's ends the phase. Each part lists only its player's units (and its army's purchases);
//!   an attack is built with one player's units; air and naval support come as in two
//!   players (27.1 asks the owning player's agreement, which the engine takes as given).
//! - **Other prompts** go to the owner of the units they are about: a defender's losses and
//!   retreats to the defending units' player, an attacker's to the attacker's. The German's
//!   split of SupP goes to the player facing the British ("in a dispute over supply, the
//!   player facing the British decides"), the "CW" replacement to the British player.
//!
//! docs/normandy44/interpretations.md lists these readings.

use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{Army, EntryColour, HexFlags, Side, UnitId, applies};
use crate::state::{Location, Normandy44, Stage, Step};
use overlord_engine::{RuleId, Seat};
use overlord_hexmap::HexId;

/// 27.1: three and four players.
pub const MULTIPLAYER: RuleId = RuleId("27.1");

/// How many seats the game has: 2, 3 or 4.
pub fn count(game: &Normandy44) -> u8 {
    game.seat_count()
}

/// The seat of the player who commands `unit`.
pub fn of_unit(game: &Normandy44, unit: UnitId) -> Seat {
    game.seat_of_unit(unit)
}

/// The seat of `army`'s player.
pub fn of_army(game: &Normandy44, army: Army) -> Seat {
    game.seat_of_army(army)
}

/// The seats of `side`, in the order their parts of a phase come.
pub fn of_side(game: &Normandy44, side: Side) -> &'static [Seat] {
    game.side_seats(side)
}

/// The seat whose part of the phase it is (the side's first seat where it has one).
pub fn part_seat(game: &Normandy44, side: Side) -> Seat {
    game.part_seat(side)
}

/// What a seat is called at the table.
pub fn label(game: &Normandy44, seat: Seat) -> String {
    match (count(game), seat.0) {
        (_, 0) if count(game) == 4 => "German (facing the US)",
        (_, 0) => "German",
        (2, _) => "Allies",
        (_, 1) => "US First Army",
        (_, 2) => "British Second Army",
        _ => "German (facing the British)",
    }
    .to_owned()
}

/// The side a seat plays for.
pub use crate::state::side_of_seat;

/// 27.1, four players: whose each German unit is, fixed at the start (see the module doc).
/// Nothing to do in a game of two or three.
pub fn assign_german_fronts(game: &mut Normandy44) {
    if count(game) != 4 {
        return;
    }
    let data = std::sync::Arc::clone(&game.data);
    let scenario = game.scenario;
    for unit in game.unit_ids() {
        if game.side_of(unit) != Side::German {
            continue;
        }
        let id = &data.unit(unit).id;
        let british = match game.unit(unit).at {
            Location::Hex(hex) => !data.map.flags(hex).has(HexFlags::US_SECTOR),
            _ => data
                .german_arrivals
                .iter()
                .find(|a| &a.unit == id && applies(&a.scenario, scenario))
                .is_some_and(|a| a.colour.is_some_and(|c| c != EntryColour::Green)),
        };
        game.set_facing_british(unit, british);
    }
}

/// The seat that answers the prompt showing.
pub fn to_act(game: &Normandy44) -> Seat {
    let side = game.decider();
    if let [only] = of_side(game, side) {
        return *only;
    }
    match game.step {
        Step::Phase(phasing, _, Stage::Open | Stage::Attack { .. }) if phasing == side => {
            part_seat(game, side)
        }
        Step::Phase(_, _, Stage::Moving { unit, .. }) => of_unit(game, unit),
        // D1: the German facing the British settles the split of SupP.
        Step::InitialChoice if side == Side::German => {
            of_side(game, side).get(1).copied().unwrap_or(Seat(0))
        }
        _ => {
            let mut legal = Vec::new();
            crate::decisions::legal(game, &mut legal);
            legal
                .iter()
                .find_map(|a| owner(game, a))
                .unwrap_or_else(|| fallback(game, side))
        }
    }
}

/// Who answers a prompt about none of the units: the British player for the "CW"
/// replacement (D2), else the side's first seat.
fn fallback(game: &Normandy44, side: Side) -> Seat {
    match game.step {
        Step::InitialChoice if side == Side::Allied => of_army(game, Army::Cw),
        _ => of_side(game, side)[0],
    }
}

/// The player an action belongs to: the owner of its unit, of the units in its hex, or of its
/// army; `None` for actions of no one in particular (ending a part, an attack's steps).
pub fn owner(game: &Normandy44, action: &N44Action) -> Option<Seat> {
    use N44Action as A;
    match *action {
        A::GliderLanding { unit, .. }
        | A::Replace { unit }
        | A::Return { unit, .. }
        | A::Pick { unit }
        | A::Enter { unit, .. }
        | A::Delay { unit, .. }
        | A::Mobilize { unit, .. }
        | A::Land { unit, .. }
        | A::Evacuate { unit }
        | A::Lose { unit }
        | A::Join { unit }
        | A::Maf { unit }
        | A::Artillery { unit }
        | A::DeterminedDefense { lead: unit }
        | A::DdArtillery { unit }
        | A::Retreat { unit, .. }
        | A::Advance { unit, .. }
        | A::ReserveAfterCombat { unit }
        | A::Withdraw { unit }
        | A::InvasionAdvance { unit, .. } => {
            // A garbage id (a refusal's question about any action) belongs to no one.
            (unit.index() < game.data().units.len()).then(|| of_unit(game, unit))
        }
        A::PickStack { hex }
        | A::Reserve { hex }
        | A::Unreserve { hex }
        | A::StartIp { hex }
        | A::RemoveIp { hex } => game.units_in(hex).next().map(|u| of_unit(game, u)),
        A::BuySupply { army } | A::Suppress { army } => Some(of_army(game, army)),
        _ => None,
    }
}

/// 27.1: why `action` is refused when it belongs to another player than the one to answer;
/// `None` when it is not about ownership.
pub fn refusal(game: &Normandy44, action: &N44Action) -> Option<overlord_engine::Refusal> {
    if count(game) == 2 {
        return None;
    }
    let owner = owner(game, action)?;
    let acting = to_act(game);
    (owner != acting).then(|| {
        overlord_engine::Refusal::by_rule(
            MULTIPLAYER,
            format!(
                "that is for the {} to do; the {} is answering now",
                label(game, owner),
                label(game, acting)
            ),
        )
    })
}

/// Whether the player whose part it is may take `action` in an Open stage: his own units and
/// purchases, the side's actions of no one in particular, and the attacks his units could
/// make (an enemy hex next to one of them).
fn in_part(game: &Normandy44, side: Side, action: &N44Action) -> bool {
    let seat = part_seat(game, side);
    match *action {
        N44Action::Attack { hex } => adjacent_own_unit(game, hex, seat),
        _ => owner(game, action).is_none_or(|owner| owner == seat),
    }
}

/// Whether a unit of `seat`'s is next to `hex`.
fn adjacent_own_unit(game: &Normandy44, hex: HexId, seat: Seat) -> bool {
    game.data()
        .map
        .hexes
        .neighbours_on_map(hex)
        .any(|n| game.units_in(n).any(|u| of_unit(game, u) == seat))
}

/// 27.1: keep of the side's list what the player whose part it is may do (every prompt but an
/// Open stage, and the attack being built, is one player's already).
pub fn filter(game: &Normandy44, out: &mut Vec<N44Action>) {
    let Step::Phase(side, _, stage) = game.step else {
        return;
    };
    if of_side(game, side).len() < 2 {
        return;
    }
    match stage {
        Stage::Open => out.retain(|a| in_part(game, side, a)),
        // An attack is built with the attacking player's units.
        Stage::Attack { .. } => {
            let seat = part_seat(game, side);
            out.retain(|a| owner(game, a).is_none_or(|owner| owner == seat));
        }
        _ => {}
    }
}

/// 27.1: the first player of the phasing side ends his part; the second's begins. Whether
/// there was a second part to go to (else the phase ends).
pub fn next_part(game: &mut Normandy44, side: Side, log: &mut N44Log) -> bool {
    let seats = of_side(game, side);
    if usize::from(game.part) + 1 >= seats.len() {
        return false;
    }
    game.part += 1;
    let seat = part_seat(game, side);
    let name = label(game, seat);
    log.public(MULTIPLAYER, N44Event::Part { seat: seat.0 }, || {
        format!("{name}'s part of the phase")
    });
    true
}
