//! What a seat sees (spec 6.3: everything, for Normandy '44 hides nothing), where an action
//! shows on the table, and the copy of the state a search may play on.

use crate::action::N44Action;
use crate::data::UnitId;
use crate::state::{Location, Normandy44, Step, Tracks, TurnWeather, UnitFlags};
use overlord_engine::{Anchors, GameRng};
use rand::Rng;
use serde::Serialize;

/// The whole state, for either seat: there is no hidden information (6.3).
#[derive(Clone, Debug, Serialize)]
pub struct N44View {
    pub turn: u8,
    pub last_turn: u8,
    pub step: Step,
    pub weather: TurnWeather,
    pub tracks: Tracks,
    pub units: Vec<UnitView>,
    /// Labels of the hexes the Allies control.
    pub allied_control: Vec<String>,
    /// The invasion's state: failed sectors (closed beaches) and delayed gliders (20).
    pub invasion: crate::state::Invasion,
}

/// One unit as the table shows it.
#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    pub id: u16,
    pub name: String,
    pub at: Location,
    pub hex: Option<String>,
    pub step: u8,
    pub flags: UnitFlags,
}

pub fn view(game: &Normandy44) -> N44View {
    let map = &game.data.map;
    N44View {
        turn: game.turn,
        last_turn: game.last_turn,
        step: game.step,
        weather: game.weather,
        tracks: game.tracks,
        units: game
            .unit_ids()
            .map(|u| {
                let state = game.unit(u);
                UnitView {
                    id: u.0,
                    name: game.data.unit(u).short.clone(),
                    at: state.at,
                    hex: game.hex_of(u).map(|h| map.label(h)),
                    step: state.step,
                    flags: state.flags,
                }
            })
            .collect(),
        allied_control: map
            .hexes
            .ids()
            .filter(|&h| game.allied_controls(h))
            .map(|h| map.label(h))
            .collect(),
        invasion: game.invasion,
    }
}

/// 6.3: nothing is hidden but the dice to come, so a search's copy is the state with a new
/// generator.
pub fn determinize<R: Rng + ?Sized>(game: &Normandy44, rng: &mut R) -> Normandy44 {
    let mut out = game.clone();
    out.rng = GameRng::seeded(rng.next_u64());
    out
}

/// Where `action` shows on the table, and its button label.
pub fn anchors(game: &Normandy44, action: &N44Action) -> Anchors {
    let map = &game.data.map;
    let mut anchors = Anchors::label(label(game, action));
    let (units, hexes): (Vec<UnitId>, Vec<overlord_hexmap::HexId>) = match *action {
        N44Action::GliderLanding { unit, hex }
        | N44Action::Return { unit, hex }
        | N44Action::Enter { unit, hex }
        | N44Action::Mobilize { unit, hex }
        | N44Action::Land { unit, hex }
        | N44Action::Retreat { unit, hex }
        | N44Action::Advance { unit, hex }
        | N44Action::InvasionAdvance { unit, hex } => (vec![unit], vec![hex]),
        N44Action::Replace { unit }
        | N44Action::Pick { unit }
        | N44Action::Delay { unit, .. }
        | N44Action::Evacuate { unit }
        | N44Action::Lose { unit }
        | N44Action::Join { unit }
        | N44Action::Maf { unit }
        | N44Action::Artillery { unit }
        | N44Action::DeterminedDefense { lead: unit }
        | N44Action::DdArtillery { unit }
        | N44Action::ReserveAfterCombat { unit }
        | N44Action::Withdraw { unit } => (vec![unit], game.hex_of(unit).into_iter().collect()),
        N44Action::PickStack { hex }
        | N44Action::MoveTo { hex }
        | N44Action::Reserve { hex }
        | N44Action::Unreserve { hex }
        | N44Action::StartIp { hex }
        | N44Action::RemoveIp { hex }
        | N44Action::RelocateCotentinHq { hex }
        | N44Action::Strafe { hex }
        | N44Action::Attack { hex } => (Vec::new(), vec![hex]),
        _ => (Vec::new(), Vec::new()),
    };
    anchors.units = units.iter().map(|u| u32::from(u.0)).collect();
    anchors.hexes = hexes.iter().map(|&h| map.label(h)).collect();
    anchors
}

/// The button label of `action`.
pub fn label(game: &Normandy44, action: &N44Action) -> String {
    let map = &game.data.map;
    let unit = |u: UnitId| game.data.unit(u).short.clone();
    match *action {
        N44Action::Done => "Done".to_owned(),
        N44Action::Pick { unit: u } => format!("Move {}", unit(u)),
        N44Action::PickStack { hex } => format!("Move the stack in {}", map.label(hex)),
        N44Action::MoveTo { hex } => format!("To {}", map.label(hex)),
        N44Action::Attack { hex } => format!("Attack {}", map.label(hex)),
        N44Action::Join { unit: u } => format!("{} attacks", unit(u)),
        N44Action::Lose { unit: u } => format!("{} loses a step", unit(u)),
        N44Action::Retreat { unit: u, hex } => {
            format!("{} retreats to {}", unit(u), map.label(hex))
        }
        N44Action::Advance { unit: u, hex } => {
            format!("{} advances to {}", unit(u), map.label(hex))
        }
        N44Action::InvasionAdvance { unit: u, hex } => {
            format!("{} advances to {}", unit(u), map.label(hex))
        }
        N44Action::GliderLanding { unit: u, hex } => {
            format!("{} lands in {}", unit(u), map.label(hex))
        }
        other => format!("{other:?}"),
    }
}
