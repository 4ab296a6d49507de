//! A new game of a scenario (`TOI-SETUP`): its battlefield, its starting units where it puts
//! them (the players may build and deploy them instead: `deployment`), the initiative
//! (`TOI-SETUP-4`), objectives uncontrolled unless the scenario says (`TOI-CMD-CTRL`).

use crate::data::{Nation, ToiData};
use crate::state::{EMPTY_SLOT, Kind, Location, Side, Step, ToiGame, Token, Unit};
use crate::tables::results::{Condition, Damage};
use overlord_engine::{GameRng, SetupError};
use std::sync::Arc;

/// The game of scenario `id` before its first decision.
pub fn new_game(data: &Arc<ToiData>, id: &str, rng: GameRng) -> Result<ToiGame, SetupError> {
    let index = data
        .scenarios
        .iter()
        .position(|s| s.id == id)
        .ok_or_else(|| {
            let known: Vec<&str> = data.scenarios.iter().map(|s| s.id.as_str()).collect();
            SetupError(format!(
                "no scenario `{id}`; Tide of Iron has {}",
                known.join(", ")
            ))
        })?;
    let scenario = &data.scenarios[index];
    if scenario.units.len() > usize::from(u8::MAX) {
        return Err(SetupError("too many units".to_owned()));
    }
    let units = scenario
        .units
        .iter()
        .map(|s| {
            let kind = if s.vehicle {
                Kind::Vehicle {
                    figure: s.figures.first().copied().unwrap_or(0),
                    damage: Damage::None,
                }
            } else {
                let mut figures = [EMPTY_SLOT; 4];
                for (slot, &f) in figures.iter_mut().zip(&s.figures) {
                    *slot = f;
                }
                Kind::Squad {
                    figures,
                    condition: Condition::Normal,
                }
            };
            Unit {
                nation: s.nation,
                division: s.division,
                at: match (s.round, s.aboard) {
                    (Some(round), _) => Location::Reserve(round),
                    (None, Some(vehicle)) => Location::Aboard(crate::state::UnitId(vehicle as u8)),
                    (None, None) => Location::Hex(s.hex),
                },
                token: Token::Fresh,
                kind,
                fort: Default::default(),
                hidden: s.hidden,
                spec: s.spec,
            }
        })
        .collect();
    Ok(ToiGame {
        data: Arc::clone(data),
        scenario: u8::try_from(index).map_err(|_| SetupError("too many scenarios".to_owned()))?,
        rng,
        round: 0,
        step: Step::Action {
            nation: scenario.initiative,
        },
        initiative: scenario.initiative,
        previous_initiative: scenario.initiative.enemy(),
        turn_of: scenario.initiative,
        sides: [Side::default(); 2],
        units,
        control: scenario
            .objectives
            .iter()
            .map(|o| o.controlled_by)
            .collect(),
        markers: scenario.markers.clone(),
        op_fired: 0,
        losses: Vec::new(),
        fallen: Vec::new(),
        seating: Default::default(),
        division: 1,
        second: false,
        division_ended: [[false; 2]; 2],
        // The decks in the file's order, the first card on top: the game's setup shuffles them
        // (TOI-SETUP-3); tests find them as written.
        hands: [Nation::Us, Nation::De].map(|nation| crate::state::Hand {
            decks: scenario.cards[nation.index()]
                .decks
                .iter()
                .map(|&d| {
                    let id = &data.cards.decks[d].id;
                    let mut cards: Vec<u16> = (0..data.cards.cards.len())
                        .filter(|&c| &data.cards.cards[c].deck == id)
                        .filter_map(|c| u16::try_from(c).ok())
                        .collect();
                    cards.reverse();
                    (d as u8, cards)
                })
                .collect(),
            ..Default::default()
        }),
        reveals: 0,
        outcome: None,
        setup: Default::default(),
    })
}

/// `TOI-SETUP-3`: each side's decks shuffled, each apart.
pub fn shuffle_decks(game: &mut ToiGame) {
    for hand in &mut game.hands {
        for (_, cards) in &mut hand.decks {
            game.rng.shuffle(
                cards,
                |&c| u32::from(c),
                overlord_engine::RuleId("TOI-SETUP-3"),
            );
        }
    }
}
