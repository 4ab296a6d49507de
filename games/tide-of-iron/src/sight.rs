//! Line of sight from one unit as the browser shows it when the unit is selected: the hexes it
//! sees (`TOI-COMBAT-LOS`, smoke counted, `TOI-FORT-SMOKE`) and, for each enemy unit on the
//! battlefield, whether it could fire on it now and if not, why (`TOI-COMBAT-HIDDEN`,
//! `TOI-COMBAT-COND`, `TOI-HALF`, the blocking hex and its rule, `TOI-COMBAT-RANGE`).
//!
//! Everything it reads is public: where units stand and what they are (squads built in secret
//! are not on the battlefield yet, `TOI-SETUP-5`).

use crate::fire;
use crate::los::{Blocked, Obstruction};
use crate::state::{Kind, Step, ToiGame, UnitId};
use overlord_engine::{Sight, SightTarget};
use overlord_hexmap::Hex;

/// What unit `unit` sees from its hex, or `None` for a unit not on the battlefield, and for
/// every unit while squads are built in secret (`TOI-SETUP-5`: what a squad may fire on would
/// tell its make-up).
pub fn sight(game: &ToiGame, unit: u32) -> Option<Sight> {
    if game.setup.secret && matches!(game.step, Step::Build { .. } | Step::Specialize { .. }) {
        return None;
    }
    let id = UnitId(u8::try_from(unit).ok()?);
    if id.index() >= game.units.len() {
        return None;
    }
    let from = game.hex_of(id)?;
    let field = &game.scenario().battlefield;
    let hexes = field
        .hexes
        .ids()
        .filter(|&h| crate::cover::sees(game, from, h))
        .map(|h| field.label(h))
        .collect();
    let owner = game.unit(id).nation;
    // Why the unit can fire on nothing at all, asked once for every target.
    let cannot = fire::cannot_concentrate(game, id)
        .map(str::to_owned)
        .or_else(|| {
            fire::halved_out(game, id, false).then(|| {
                "its firepower would be halved twice: it cannot attack (TOI-HALF)".to_owned()
            })
        });
    let targets = game
        .unit_ids()
        .filter(|&t| game.unit(t).nation != owner)
        .filter_map(|t| {
            Some(SightTarget {
                unit: u32::from(t.0),
                hex: field.label(game.hex_of(t)?),
                blocked: why_not(game, id, t, cannot.as_deref()),
            })
        })
        .collect();
    Some(Sight {
        unit,
        from: field.label(from),
        hexes,
        targets,
    })
}

/// Why `unit` could not fire on `target` with Concentrated Fire now, or `None` when it could
/// (`fire::band`, the test the attack itself makes, decides; the rest names the reason).
/// `cannot` is why the unit can fire on nothing at all, if it cannot.
fn why_not(game: &ToiGame, unit: UnitId, target: UnitId, cannot: Option<&str>) -> Option<String> {
    if cannot.is_none() && fire::band(game, unit, target, false).is_some() {
        return None;
    }
    if game.unit(target).hidden {
        return Some("a hidden squad cannot be fired on (TOI-COMBAT-HIDDEN)".to_owned());
    }
    if let Some(reason) = cannot {
        return Some(reason.to_owned());
    }
    let vs_vehicle = matches!(game.unit(target).kind, Kind::Vehicle { .. });
    if fire::weapon(game, unit, vs_vehicle).is_none() {
        return Some(if vs_vehicle {
            "it has no weapon that can fire on a vehicle (TOI-COMBAT-RANGE)".to_owned()
        } else {
            "it has no weapon that can fire on a squad (TOI-COMBAT-RANGE)".to_owned()
        });
    }
    let field = &game.scenario().battlefield;
    let (a, b) = (game.hex_of(unit)?, game.hex_of(target)?);
    if !crate::cover::sees(game, a, b) {
        let (ha, hb) = (field.hexes.hex(a)?, field.hexes.hex(b)?);
        let blocked = field
            .sight
            .explain(ha, hb, &|h| crate::cover::smoke_at(game, h))
            .err()?;
        return Some(blocked_text(game, blocked));
    }
    Some(format!(
        "out of range: {} hexes away (TOI-COMBAT-RANGE)",
        field.hexes.distance(a, b)
    ))
}

/// A blocked line in words: what blocks it, where, and the rule.
fn blocked_text(game: &ToiGame, blocked: Blocked) -> String {
    let rule = blocked.rule();
    let what = match blocked {
        Blocked::OffMap(_) => "no line of sight: an end is off the battlefield".to_owned(),
        Blocked::Line(obstruction) => obstruction_text(game, obstruction),
        Blocked::BothSides { left, right } => {
            let (left, right) = (obstruction_text(game, left), obstruction_text(game, right));
            if left == right {
                // One hex can close both sides of the hexside: name it once.
                format!("the line runs along a hexside, blocked on both sides by {left}")
            } else {
                format!("the line runs along a hexside, blocked on both sides: {left} and {right}")
            }
        }
    };
    format!("{what} ({rule})")
}

fn obstruction_text(game: &ToiGame, obstruction: Obstruction) -> String {
    let at = hex_text(game, obstruction.hex());
    match obstruction {
        Obstruction::Terrain(_) => format!("blocking terrain in {at}"),
        Obstruction::Smoke(_) => format!("smoke in {at}"),
        Obstruction::Higher(_) => format!("higher ground in {at}"),
        Obstruction::Plateau(_) => format!("the plateau's edge in {at}"),
        Obstruction::BlindHex { distance, .. } => {
            format!("a blind hex, {distance} behind the obstacle in {at}")
        }
    }
}

/// `hex` as printed, with its terrain's name (`1A:0605, woods`).
fn hex_text(game: &ToiGame, hex: Hex) -> String {
    let field = &game.scenario().battlefield;
    let Some(id) = field.hexes.id(hex) else {
        return "a hex off the battlefield".to_owned();
    };
    let terrain = field
        .terrain
        .get(id.index())
        .and_then(|&t| game.data().terrain.get(usize::from(t)))
        .map(|t| t.name.to_lowercase());
    match terrain {
        Some(name) => format!("{} ({name})", field.label(id)),
        None => field.label(id),
    }
}
