//! What the browser client needs besides the map to draw a view (`Components::board`): the
//! names and places behind the integer ids the view uses, the cards, the turn track and the
//! phases of a turn. Public component data only: the same for every game of this data.
//!
//! How the view's ids read against it:
//! - a US unit's `loc` `{"Hex": h}` is `hexes[h]`, `{"Box": b}` is `boxes[b]` (drawn on the
//!   map as the box whose `data-box` is that name), `{"Track": t}` the Turn track's space `t`;
//! - a US unit's index in the view's `us` is its index in `units`;
//! - a German's `slot` is a key of `slots` (a German tank's slot is already a hex label);
//! - `turn_cards` are card numbers, keys of `cards`;
//! - the view's `step` names a variant of [`crate::state::Step`], listed in one of `phases`.

use crate::data::{Card, EventEffect, OmahaData, UsKind};
use crate::index::UsCounter;
use serde_json::{Map, Value, json};

/// The board of `data` as JSON.
pub fn board(data: &OmahaData) -> Value {
    let index = &data.index;
    let hex_label = |hex: u16| {
        index
            .hexes
            .get(usize::from(hex))
            .map_or(String::new(), |h| h.label.to_string())
    };
    let slots: Map<String, Value> = index
        .slots
        .iter()
        .map(|slot| (slot.name.clone(), Value::String(hex_label(slot.hex))))
        .collect();
    let positions: Vec<Value> = index
        .positions
        .iter()
        .map(|position| {
            json!({
                "name": position.name,
                "colour": position.colour,
                "sector": position.sector,
                "hexes": position.slots.iter()
                    .filter_map(|&slot| index.slots.get(usize::from(slot)))
                    .map(|slot| hex_label(slot.hex))
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    let units: Vec<Value> = index
        .us
        .iter()
        .map(|unit| {
            json!({
                "name": unit.name,
                "division": unit.division,
                "kind": counter_kind(unit.counter),
                "steps": unit.steps,
                "symbol": unit.symbol,
                "arrival": unit.arrival,
            })
        })
        .collect();
    let cards: Map<String, Value> = data
        .cards
        .iter()
        .filter(|card| !card.summary)
        .map(|card| (card.number.to_string(), card_json(card)))
        .collect();
    let turns: Vec<Value> = data
        .tracks
        .turns
        .iter()
        .map(|space| {
            json!({
                "turn": space.turn,
                "time": space.time,
                "tide": space.tide,
                "shuffle": space.shuffle,
            })
        })
        .collect();
    json!({
        "hexes": index.hexes.iter().map(|h| h.label.to_string()).collect::<Vec<_>>(),
        "boxes": index.boxes.iter()
            .map(|b| json!({ "name": b.name, "sector": b.sector, "lettered": b.lettered }))
            .collect::<Vec<_>>(),
        "slots": slots,
        "positions": positions,
        "units": units,
        "cards": cards,
        "turns": turns,
        "phases": phases(),
        "flags": flags(),
        "seat_names": ["1st Division", "29th Division"],
    })
}

/// The markers a US counter's `flags` bits stand for, those a player sees on the table.
fn flags() -> Value {
    use crate::state::UsFlags;
    json!([
        { "bit": UsFlags::DISRUPTED, "name": "Disrupted", "short": "Dis", "rule": "6.33" },
        { "bit": UsFlags::CLIMB, "name": "Climb", "short": "Clb", "rule": "7.4" },
        { "bit": UsFlags::CLIMB_CLIFF, "name": "Climb Cliff", "short": "Clf", "rule": "7.5" },
        { "bit": UsFlags::ACTED, "name": "Action Taken", "short": "Act", "rule": "7.2" },
        { "bit": UsFlags::TRANSFERRED, "name": "Command Transfer", "short": "CT", "rule": "5.22" },
        { "bit": UsFlags::WOUNDED, "name": "Wounded", "short": "W", "rule": "11.3" },
        { "bit": UsFlags::ATTACKING, "name": "Attacking", "short": "Atk", "rule": "8.1" },
    ])
}

/// What kind of counter a US counter is, for its picture.
fn counter_kind(counter: UsCounter) -> &'static str {
    match counter {
        UsCounter::Hq => "hq",
        UsCounter::General => "general",
        UsCounter::Unit(kind) => match kind {
            UsKind::Infantry => "infantry",
            UsKind::Ranger => "ranger",
            UsKind::Tank => "tank",
            UsKind::Artillery => "artillery",
            UsKind::SpArtillery => "sp_artillery",
            UsKind::Dukw => "dukw",
            UsKind::Aa => "aa",
            UsKind::SpAa => "sp_aa",
            UsKind::AntiTank => "anti_tank",
            UsKind::Engineer => "engineer",
        },
    }
}

/// A card's sections as the client shows them (2.3, 5.1, 6.1, 6.5).
fn card_json(card: &Card) -> Value {
    let events: Vec<Value> = card
        .event
        .iter()
        .map(|event| {
            json!({
                "turns": event.turns,
                "title": event.title.clone().unwrap_or_else(|| effect_name(&event.effect)),
            })
        })
        .collect();
    json!({
        "number": card.number,
        "landing": card.landing.as_ref().map(|l| json!({
            "diamond": l.diamond, "triangle": l.triangle, "circle": l.circle, "mine": l.mine,
        })),
        "fire": card.fire.as_ref().map(|f| json!({
            "icons": f.icons.iter().map(|i| json!({
                "colour": i.colour, "double": i.double, "star": i.star, "tank": i.tank,
                "mark": i.mark,
            })).collect::<Vec<_>>(),
            "target": f.target,
        })),
        "artillery": card.artillery.as_ref().map(|a| json!({
            "value": a.value, "calibres": a.calibres,
        })),
        "events": events,
    })
}

/// An event without a title on its card, named by its kind (`NavalGunfire`).
fn effect_name(effect: &EventEffect) -> String {
    let debug = format!("{effect:?}");
    debug
        .split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The phases of a turn (4.2; 15 for the extended game), each with the steps of
/// [`crate::state::Step`] it holds.
fn phases() -> Value {
    json!([
        { "name": "US Amphibious Operations", "short": "Landing", "rule": "4.2",
          "steps": ["Deploy", "LandingCheck", "RangerDrift", "MineVictim", "LeaderFollow", "Land", "Place",
                    "NextArrival"] },
        { "name": "Events", "short": "Events", "rule": "4.2-II",
          "steps": ["Event", "HeroPlacement", "StepAdd", "Prisoner", "PatrolReport", "Meemies",
                    "NavalHit"] },
        { "name": "German Fire", "short": "Fire", "rule": "6",
          "steps": ["Fire", "GermanActions", "GermanChoice", "FireTie", "LeaderHit",
                    "TankFireTie", "TankLeaderHit", "TankMoveTie", "ArtilleryTie",
                    "HeroSacrifice"] },
        { "name": "US Engineers (and HQs)", "short": "Engineers", "rule": "10.1",
          "steps": ["Engineers", "EngineerHq", "EngineerBase", "CommandPosts"] },
        { "name": "US Actions", "short": "Actions", "rule": "7",
          "steps": ["DivisionOrder", "Actions", "Infiltration", "Attack", "Stacking"] },
        { "name": "End of Turn", "short": "End", "rule": "4.2-VI",
          "steps": ["EndOfTurn", "Over"] },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use overlord_engine::Components;

    fn data() -> OmahaData {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/omaha");
        OmahaData::load(&dir).unwrap()
    }

    #[test]
    fn the_board_names_every_id_a_view_uses() {
        let data = data();
        let board = board(&data);
        assert_eq!(
            board["hexes"].as_array().unwrap().len(),
            data.index.hexes.len()
        );
        assert_eq!(
            board["boxes"].as_array().unwrap().len(),
            data.index.boxes.len()
        );
        assert_eq!(
            board["units"].as_array().unwrap().len(),
            data.index.us.len()
        );
        assert_eq!(board["boxes"][0]["name"], data.index.boxes[0].name);
        // A WN hex names its slot: WN62 has two, north and south.
        assert!(
            board["slots"]["WN62N"]
                .as_str()
                .is_some_and(|l| l.len() == 4)
        );
        // 54 playable cards; the summary card is not dealt (2.3).
        assert_eq!(board["cards"].as_object().unwrap().len(), 54);
        assert_eq!(board["cards"]["5"]["landing"]["diamond"], "B");
        assert_eq!(board["turns"][0]["tide"], "low");
    }

    #[test]
    fn every_step_of_a_turn_is_in_one_phase() {
        let phases = phases();
        let mut steps: Vec<&str> = phases
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| p["steps"].as_array().unwrap())
            .map(|s| s.as_str().unwrap())
            .collect();
        let count = steps.len();
        steps.sort_unstable();
        steps.dedup();
        assert_eq!(steps.len(), count, "a step listed twice");
        // Every variant of Step, by the name serde gives it.
        let source = include_str!("state.rs");
        let start = source.find("pub enum Step {").unwrap();
        let body = &source[start..start + source[start..].find("\n}\n").unwrap()];
        for line in body.lines().skip(1) {
            let line = line.trim();
            if line.starts_with("///") || line.is_empty() {
                continue;
            }
            let name: String = line
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                assert!(
                    steps.contains(&name.as_str()),
                    "Step::{name} is in no phase"
                );
            }
        }
        assert!(data().board().is_some());
    }
}
