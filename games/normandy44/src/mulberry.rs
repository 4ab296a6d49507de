//! The Mulberries (21.1): construction starts in the Initial Phase once its condition holds and
//! ends four turns later; a German unit next to the site at the start of an Allied
//! player turn delays it a turn; a German capture of the site destroys it for good.
//!
//! Reading: the site must also be Allied-controlled for construction to start (the rule says so
//! of Arromanches; the US site is an Omaha beach hex the assault took). A site that is
//! German-controlled or German-occupied afterwards has been captured (A-43: control passes to
//! the last side to enter).

use crate::action::{N44Event, N44Log};
use crate::beaches::mulberry_hex;
use crate::data::{Army, Assault, Scenario, Side};
use crate::state::{Mulberry, Normandy44};
use overlord_engine::RuleId;
use overlord_hexmap::HexId;

/// 21.1: opening and closing beaches and Mulberries.
pub const MULBERRY: RuleId = RuleId("21.1");

/// The Mulberry's name, for the log.
fn name(army: Army) -> &'static str {
    match army {
        Army::Us => "US Mulberry",
        Army::Cw => "British Mulberry",
    }
}

/// Whether a German unit is in `hex` or next to it.
fn german_at_or_next_to(game: &Normandy44, hex: HexId) -> bool {
    game.occupant(hex) == Some(Side::German) || game.enemy_adjacent(hex, Side::Allied)
}

/// 21.1: whether `army`'s start condition holds now: the British one when Arromanches is
/// Allied-controlled with no German combat unit next to it; the US one when no German unit is
/// in or next to the two Omaha beach hexes.
pub fn start_condition(game: &Normandy44, army: Army) -> bool {
    let site = mulberry_hex(game, army);
    if !game.allied_controls(site) || german_at_or_next_to(game, site) {
        return false;
    }
    match army {
        Army::Cw => true,
        Army::Us => [Assault::Omaha29, Assault::Omaha1]
            .iter()
            .all(|&a| !german_at_or_next_to(game, game.data().map.assaults[a as usize])),
    }
}

/// 4.1 A.2: the Initial Phase's Mulberry steps: complete those whose turn has come, then start
/// those whose condition holds for the first time (A-34: completion = that turn + 4).
pub fn initial_phase(game: &mut Normandy44, log: &mut N44Log) {
    // 26: the Cherbourg scenario has no Mulberries (its SupP purchase waits for turn 6).
    if game.scenario == Scenario::Cherbourg {
        return;
    }
    check_captured(game, log);
    let turn = game.turn;
    for army in [Army::Us, Army::Cw] {
        match game.mulberries[army.index()] {
            Mulberry::Building { complete_turn } if complete_turn <= turn => {
                game.mulberries[army.index()] = Mulberry::Complete;
                log.public(MULBERRY, N44Event::Note, || {
                    format!("The {} is complete", name(army))
                });
            }
            Mulberry::NotStarted if start_condition(game, army) => {
                // the example's "5 turns after" is the turn + 4.
                let complete_turn = turn.saturating_add(4);
                game.mulberries[army.index()] = Mulberry::Building { complete_turn };
                log.public(MULBERRY, N44Event::Note, || {
                    format!(
                        "Construction of the {} begins; it will be complete on turn {complete_turn}",
                        name(army)
                    )
                });
            }
            _ => {}
        }
    }
}

/// 21.1: at the start of the Allied player turn, a Mulberry under construction with a German
/// unit next to its hex is a turn later.
pub fn delay(game: &mut Normandy44, log: &mut N44Log) {
    for army in [Army::Us, Army::Cw] {
        let Mulberry::Building { complete_turn } = game.mulberries[army.index()] else {
            continue;
        };
        if game.enemy_adjacent(mulberry_hex(game, army), Side::Allied) {
            let later = complete_turn.saturating_add(1);
            game.mulberries[army.index()] = Mulberry::Building {
                complete_turn: later,
            };
            log.public(MULBERRY, N44Event::Note, || {
                format!(
                    "A German unit is next to the {} site: its completion moves to turn {later}",
                    name(army)
                )
            });
        }
    }
}

/// 21.1: a Mulberry, built or under construction, whose hex the German has entered is destroyed
/// for good (6.5.3: a destroyed Mulberry is never rebuilt).
pub fn check_captured(game: &mut Normandy44, log: &mut N44Log) {
    for army in [Army::Us, Army::Cw] {
        if !matches!(
            game.mulberries[army.index()],
            Mulberry::Building { .. } | Mulberry::Complete
        ) {
            continue;
        }
        let site = mulberry_hex(game, army);
        if game.occupant(site) == Some(Side::German) || !game.allied_controls(site) {
            game.mulberries[army.index()] = Mulberry::Destroyed;
            log.public(MULBERRY, N44Event::Note, || {
                format!(
                    "The German has taken the {} site: it is destroyed for good",
                    name(army)
                )
            });
        }
    }
}
