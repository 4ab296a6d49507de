//! Strafing (19.1.4, A-39) and the air units it and the other air missions use (19.1, A-40).
//!
//! In the Allied Combat Phase, while no attack has been made, `Strafe{hex}` assigns one air
//! unit to a German hex (not woods, not city; one unit a hex before turn 17, two from it). The
//! first `Attack`, or the end of the phase, resolves every assigned mission (all are assigned
//! before any is resolved): a die per German unit in the hex, −1 with FLAK in or next to it.

use super::{lose_step, reserve_segment};
use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{Army, Class, Side};
use crate::state::{Normandy44, Phase, Step, UnitFlags};
use crate::tables::air::strafe as strafe_table;
use crate::tables::terrain::can_be_strafed;
use overlord_engine::{Die, Refusal, RuleId};
use overlord_hexmap::HexId;

/// 19.1.4: strafing.
pub const STRAFING: RuleId = RuleId("19.1.4");

/// air units per strafed hex (and per combat, 19.1.2): one before turn 17, two from it.
fn per_target(game: &Normandy44) -> usize {
    if game.turn >= 17 { 2 } else { 1 }
}

/// Takes one Allied air unit from the track, `prefer`'s first (A-40: nationality never matters).
pub fn take_air(game: &mut Normandy44, prefer: Option<Army>) -> bool {
    let first = prefer.map_or(0, Army::index);
    for i in [first, 1 - first] {
        if game.tracks.air[i] > 0 {
            game.tracks.air[i] -= 1;
            return true;
        }
    }
    false
}

/// 19.1.4, A-39: why `side` may not assign a strafing mission to `hex` now.
pub fn strafe_refusal(game: &Normandy44, side: Side, hex: HexId) -> Option<&'static str> {
    if side != Side::Allied {
        return Some("only the Allies strafe (19.1.4)");
    }
    if reserve_segment(game) || !matches!(game.step, Step::Phase(_, Phase::Combat, _)) {
        return Some("strafing happens only in the Allied Combat Phase (19.1.4, A-39)");
    }
    if game.combat.strafing_over {
        return Some("strafing comes before the first ground attack (19.1.4)");
    }
    if game.occupant(hex) != Some(Side::German) {
        return Some("strafing targets a German unit or stack (19.1.4)");
    }
    if !can_be_strafed(&[game.terrain(hex)]) {
        return Some("woods and city hexes cannot be strafed (19.1.4)");
    }
    let assigned = game.combat.strafes.iter().filter(|&&h| h == hex).count();
    if assigned >= per_target(game) {
        return Some("one air unit per strafed hex before the 22 June turn, two from it (19.1.4)");
    }
    if game.tracks.air[0] + game.tracks.air[1] == 0 {
        return Some("no air unit is left this turn (19.1)");
    }
    // 27.2: only the air units of the army whose zone the hex is in.
    if crate::solitaire::on(game)
        && game.tracks.air[crate::solitaire::zone_army(game, hex).index()] == 0
    {
        return Some("an army's air units strafe only in its own zone (27.2)");
    }
    None
}

/// The strafing missions `side` may assign now.
pub fn legal_strafes(game: &Normandy44, side: Side, out: &mut Vec<N44Action>) {
    if side != Side::Allied || game.combat.strafing_over {
        return;
    }
    for hex in game.occupied_hexes(Side::German) {
        if strafe_refusal(game, side, hex).is_none() {
            out.push(N44Action::Strafe { hex });
        }
    }
}

/// 19.1.4: assign an air unit to strafe `hex` (resolved with the others before the first
/// attack).
pub fn strafe(
    game: &mut Normandy44,
    side: Side,
    hex: HexId,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    if let Some(why) = strafe_refusal(game, side, hex) {
        return Err(Refusal::by_rule(STRAFING, why));
    }
    let zone = crate::solitaire::on(game).then(|| crate::solitaire::zone_army(game, hex));
    take_air(game, zone);
    game.combat.strafes.push(hex);
    let label = game.data.map.label(hex);
    log.public(STRAFING, N44Event::Note, || {
        format!("An air unit is assigned to strafe {label}")
    });
    Ok(())
}

/// 19.1.4: resolve every assigned strafing mission, in the order assigned.
pub fn resolve_strafes(game: &mut Normandy44, log: &mut N44Log) {
    let missions = std::mem::take(&mut game.combat.strafes);
    if !missions.is_empty() {
        game.combat.strafing_over = true;
    }
    for hex in missions {
        // 2.9: −1 if a FLAK unit is in or next to the target hex.
        let map = &game.data.map;
        let flak = std::iter::once(hex)
            .chain(map.hexes.neighbours_on_map(hex))
            .any(|h| {
                game.units_in(h).any(|u| {
                    game.side_of(u) == Side::German && game.data.unit(u).class == Class::Flak
                })
            });
        let targets: Vec<_> = game
            .units_in(hex)
            .filter(|&u| {
                game.side_of(u) == Side::German && game.data.unit(u).class != Class::Strongpoint
            })
            .collect();
        for unit in targets {
            let raw = u8::try_from(game.rng.roll(Die::D6, STRAFING)).unwrap_or(1);
            game.reveals += 1;
            let result = strafe_table(raw, flak);
            let modified = i8::try_from(raw).unwrap_or(1) - i8::from(flak);
            let who = game.data.unit(unit).short.clone();
            log.public(
                STRAFING,
                N44Event::Die {
                    purpose: "strafing",
                    raw,
                    modified,
                },
                || format!("Strafing {who}: rolled {raw}, modified {modified}"),
            );
            if result.disorganizes() {
                game.unit_mut(unit).flags.set(UnitFlags::DISORGANIZED, true);
                log.public(
                    STRAFING,
                    N44Event::Marker {
                        unit,
                        marker: "disorganized",
                        on: true,
                    },
                    || format!("{who} is Disorganized by strafing"),
                );
            }
            let silhouette = game.data.unit(unit).class == Class::Silhouette;
            if result.step_lost(silhouette) {
                lose_step(game, unit, STRAFING, log);
            }
        }
    }
}
