//! The Recovery Phase (3.B.5): markers come off, and Reserve status ends next to the enemy.

use crate::action::{N44Action, N44Event, N44Log};
use crate::data::Side;
use crate::state::{Normandy44, UnitFlags};
use overlord_engine::{Refusal, RuleId};

/// 3.B.5: the Recovery Phase.
pub const RECOVERY: RuleId = RuleId("3.B.5");
/// 15.4: Reserve status ends next to the enemy, or when the player takes it away.
pub const RESERVE_LOST: RuleId = RuleId("15.4");

/// The phase's automatic part: Replacement and Disorganized markers off the phasing side's
/// units (6.2, 13.6), Regroup and Scattered markers off the Allied ones (6.5.2, 20.2), Reserve
/// markers off units next to an enemy (15.4).
pub fn recover(game: &mut Normandy44, side: Side, log: &mut N44Log) {
    let mut cleared = UnitFlags::REPLACED | UnitFlags::DISORGANIZED;
    if side == Side::Allied {
        cleared |= UnitFlags::REGROUP | UnitFlags::SCATTERED;
    }
    let ids: Vec<_> = game
        .unit_ids()
        .filter(|&u| game.side_of(u) == side)
        .collect();
    let mut recovered = 0;
    for unit in ids {
        {
            let mut state = game.unit_mut(unit);
            if state.flags.0 & cleared != 0 {
                recovered += 1;
            }
            state.flags.0 &= !cleared;
        }
        let Some(hex) = game.hex_of(unit) else {
            continue;
        };
        if game.unit(unit).flags.has(UnitFlags::RESERVE) && game.enemy_adjacent(hex, side) {
            game.unit_mut(unit).flags.set(UnitFlags::RESERVE, false);
            let name = game.data().unit(unit).short.clone();
            log.public(
                RESERVE_LOST,
                N44Event::Marker {
                    unit,
                    marker: "reserve",
                    on: false,
                },
                || format!("{name} leaves Reserve: it is next to the enemy"),
            );
        }
    }
    if recovered > 0 {
        let markers = if side == Side::Allied {
            "Disorganized, Replacement, Regroup and Scattered"
        } else {
            "Disorganized and Replacement"
        };
        log.public(RECOVERY, N44Event::Note, || {
            format!("Recovery: the {markers} markers come off {recovered} units")
        });
    }
}

/// 15.4: the phasing player may take Reserve markers off his stacks.
pub fn legal(game: &Normandy44, side: Side, out: &mut Vec<N44Action>) {
    for hex in game.occupied_hexes(side) {
        if game
            .units_in(hex)
            .any(|u| game.unit(u).flags.has(UnitFlags::RESERVE))
        {
            out.push(N44Action::Unreserve { hex });
        }
    }
    out.push(N44Action::Done);
}

pub fn answer(
    game: &mut Normandy44,
    side: Side,
    action: N44Action,
    log: &mut N44Log,
) -> Result<(), Refusal> {
    match action {
        N44Action::Unreserve { hex } => {
            let units: Vec<_> = game.units_in(hex).collect();
            for unit in units {
                if game.side_of(unit) == side {
                    game.unit_mut(unit).flags.set(UnitFlags::RESERVE, false);
                }
            }
            let label = game.data().map.label(hex);
            log.public(RESERVE_LOST, N44Event::Note, || {
                format!("The units in {label} leave Reserve")
            });
            Ok(())
        }
        _ => Err(Refusal::by_rule(RECOVERY, "not a Recovery Phase decision")),
    }
}
