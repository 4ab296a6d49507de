//! The Special Invasion Phase of turn 1 (20): airborne drops, then the nine beach assaults.
//!
//! Not complete yet: the drops land without the Scatter Table (20.2) and each assault takes
//! its beach without the Invasion Combat Table, the DD tank roll or the choice of losses and
//! advance (20.3). The full chapter replaces this.

use crate::action::{N44Action, N44Event, N44Log};
use crate::data::{Assault, Class, Side};
use crate::state::{Location, Normandy44, Step};
use overlord_engine::driver::Progress;
use overlord_engine::{Refusal, RuleId};

/// 20: the invasion turn.
pub const INVASION: RuleId = RuleId("20");

pub fn advance(game: &mut Normandy44, log: &mut N44Log) -> Progress {
    drops(game, log);
    for (i, &assault) in Assault::ALL.iter().enumerate() {
        assault_beach(game, i as u8, assault, log);
    }
    game.step = Step::Begin(Side::German);
    Progress::Continue
}

fn drops(game: &mut Normandy44, log: &mut N44Log) {
    let data = game.data.clone();
    for d in &data.drops {
        let Some(unit) = data.unit_id(&d.unit) else {
            continue;
        };
        if game.unit(unit).at != Location::Airborne(1) {
            continue;
        }
        let Some(&hex) = data.map.position(&d.position).first() else {
            continue;
        };
        game.unit_mut(unit).at = Location::Hex(hex);
        game.set_control(hex, Side::Allied);
        let name = data.unit(unit).short.clone();
        let label = data.map.label(hex);
        log.public(
            RuleId("20.2"),
            N44Event::Moved {
                unit,
                from: None,
                to: hex,
            },
            || format!("{name} drops in {label}"),
        );
    }
}

fn assault_beach(game: &mut Normandy44, index: u8, assault: Assault, log: &mut N44Log) {
    let data = game.data.clone();
    let units: Vec<_> = game
        .unit_ids()
        .filter(|&u| game.unit(u).at == Location::AssaultBox(index))
        .collect();
    if units.is_empty() {
        return;
    }
    let hex = data.map.assaults[assault as usize];
    let defenders: Vec<_> = game.units_in(hex).collect();
    for unit in defenders {
        if data.unit(unit).class == Class::Strongpoint || game.side_of(unit) == Side::German {
            game.unit_mut(unit).at = Location::Eliminated;
        }
    }
    for unit in units {
        game.unit_mut(unit).at = Location::Hex(hex);
    }
    game.set_control(hex, Side::Allied);
    log.public(RuleId("20.3"), N44Event::Note, || {
        format!("{} is assaulted and taken", assault.name())
    });
}

pub fn legal(_game: &Normandy44, out: &mut Vec<N44Action>) {
    out.clear();
}

pub fn answer(
    _game: &mut Normandy44,
    _action: N44Action,
    _log: &mut N44Log,
) -> Result<(), Refusal> {
    Err(Refusal::by_rule(
        INVASION,
        "the invasion has no decisions yet",
    ))
}
