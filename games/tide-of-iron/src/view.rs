//! What a seat sees (Tide of Iron hides the order of the strategy decks, and the squads built
//! in secret while the building lasts: everyone sees everything else, the cards drawn
//! included), and where each action shows on the table.

use crate::action::ToiAction;
use crate::data::Nation;
use crate::state::{Kind, Step, ToiGame, Unit, UnitId};
use overlord_engine::{Anchors, GameRng, Viewer};
use rand::Rng;
use serde::Serialize;

/// The whole table, as any seat sees it.
#[derive(Clone, Debug, Serialize)]
pub struct ToiView {
    pub scenario: String,
    pub round: u8,
    pub rounds: u8,
    pub step: Step,
    pub initiative: Nation,
    pub vp: [i16; 2],
    pub command: [u16; 2],
    pub initiative_cards: [u16; 2],
    /// Whose Action Phase turn it is (`TOI-ACT`), each side's actions left in it, and
    /// whether each has ended its Action Phase this round (`TOI-ACT-END`).
    pub turn_of: Nation,
    pub actions_left: [u8; 2],
    pub ended: [bool; 2],
    pub units: Vec<UnitView>,
    /// The fortifications, obstacles and smoke on the battlefield, by hex (`TOI-FORT`).
    pub markers: Vec<(String, crate::state::Markers)>,
    /// Per objective: its hex and who controls it.
    pub objectives: Vec<(String, Option<Nation>)>,
    /// Each side's strategy and operations cards, the US first.
    pub cards: [HandView; 2],
}

/// One unit as shown.
#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    pub id: u8,
    pub name: String,
    pub hex: Option<String>,
    pub unit: Unit,
}

pub fn view(game: &ToiGame, viewer: Viewer) -> ToiView {
    let field = &game.scenario().battlefield;
    // TOI-SETUP-5: squads built in secret show their make-up to their own side only, until
    // both sides have built theirs.
    let building = matches!(game.step, Step::Build { .. } | Step::Specialize { .. });
    let sees = |u: UnitId| match viewer {
        _ if !(game.setup.secret && building) => true,
        Viewer::Seat(seat) => crate::teams::commands(game, seat).0 == game.unit(u).nation,
        Viewer::Spectator => false,
    };
    ToiView {
        scenario: game.scenario().id.clone(),
        round: game.round,
        rounds: game.scenario().rounds,
        step: game.step,
        initiative: game.initiative,
        vp: Nation::ALL.map(|n| game.side(n).vp),
        command: Nation::ALL.map(|n| game.side(n).command),
        initiative_cards: Nation::ALL.map(|n| game.side(n).initiative_card),
        turn_of: game.turn_of,
        actions_left: Nation::ALL.map(|n| game.side(n).actions_left),
        ended: Nation::ALL.map(|n| game.side(n).ended),
        markers: game
            .markers
            .iter()
            .map(|&(hex, markers)| (field.label(hex), markers))
            .collect(),
        units: game
            .unit_ids()
            .map(|u| {
                let mut unit = *game.unit(u);
                if !sees(u) {
                    if let Kind::Squad { figures, .. } = &mut unit.kind {
                        *figures = [crate::state::EMPTY_SLOT; 4];
                    }
                    unit.spec = None;
                }
                UnitView {
                    id: u.0,
                    name: if sees(u) {
                        crate::text::unit_name(game, u)
                    } else {
                        format!("{} squad (built in secret)", unit.nation.name())
                    },
                    hex: game.hex_of(u).map(|h| field.label(h)),
                    unit,
                }
            })
            .collect(),
        objectives: game
            .scenario()
            .objectives
            .iter()
            .enumerate()
            .map(|(i, o)| (field.label(o.hex), game.controller(i)))
            .collect(),
        cards: Nation::ALL.map(|n| hand_view(game, n)),
    }
}

/// What is hidden is the dice to come and the order of the decks (section 6.2): reseed the
/// one and shuffle the other. Each deck is put in card order before it is shuffled, so that the
/// result depends on what a seat sees alone (two states that differ only in a deck's order give
/// the same draw from the same `rng`: the search bot's leak test). While squads are built in
/// secret (`TOI-SETUP-5`) the other side's bases are not redrawn: a search during that building
/// would read them.
pub fn determinize<R: Rng + ?Sized>(game: &ToiGame, rng: &mut R) -> ToiGame {
    let mut out = game.clone();
    out.rng = GameRng::seeded(rng.next_u64());
    for hand in &mut out.hands {
        for (_, cards) in &mut hand.decks {
            cards.sort_unstable();
            overlord_engine::shuffle_slice(rng, cards);
        }
    }
    out
}

fn card_name(game: &ToiGame, card: u16) -> String {
    game.data()
        .cards
        .cards
        .get(usize::from(card))
        .map_or_else(|| "a card".to_owned(), |c| c.name.clone())
}

/// A side's cards as anyone sees them: its decks' sizes, never their order.
#[derive(Clone, Debug, Serialize)]
pub struct HandView {
    /// Each deck's name and the cards left in it.
    pub decks: Vec<(String, usize)>,
    /// The cards face up in its HQ area.
    pub hq: Vec<String>,
    /// The cards in its play area, and whether each waits for contact.
    pub play_area: Vec<(String, bool)>,
    /// Its operations cards.
    pub operations: Vec<String>,
}

fn hand_view(game: &ToiGame, nation: Nation) -> HandView {
    let data = game.data();
    let hand = game.hand(nation);
    HandView {
        decks: hand
            .decks
            .iter()
            .map(|(d, cards)| {
                (
                    data.cards
                        .decks
                        .get(usize::from(*d))
                        .map_or_else(String::new, |d| d.name.clone()),
                    cards.len(),
                )
            })
            .collect(),
        hq: hand.hq.iter().map(|&c| card_name(game, c)).collect(),
        play_area: hand
            .play_area
            .iter()
            .map(|&(c, waiting)| (card_name(game, c), waiting.is_some()))
            .collect(),
        operations: game.scenario().cards[nation.index()]
            .operations
            .iter()
            .filter_map(|&o| data.cards.operations.get(o))
            .map(|o| o.name.clone())
            .collect(),
    }
}

/// `TOI-COMBAT-SEQ`: an attack's dice and the chance of each number of hits, shown before it
/// is rolled (": 6 black on 5-6, 2 red: hits 0 31%, 1 42%, 2+ 27%"), or nothing.
fn odds(
    game: &ToiGame,
    lead: UnitId,
    supporters: &[UnitId],
    target: UnitId,
    suppressive: bool,
    fire_and_movement: bool,
    mg_only: u128,
) -> String {
    crate::fire::preview(
        game,
        lead,
        supporters,
        target,
        suppressive,
        fire_and_movement,
        mg_only,
    )
    .map_or_else(String::new, |pool| format!(" ({})", pool.describe()))
}

/// Where `action` shows: its units and hexes, and its button label.
pub fn anchors(game: &ToiGame, action: &ToiAction) -> Anchors {
    let field = &game.scenario().battlefield;
    let name = |u| crate::text::unit_name(game, u);
    let (label, units, hexes) = match *action {
        ToiAction::Advance { unit } => (format!("Advance {}", name(unit)), vec![unit], vec![]),
        ToiAction::ConcentratedFire { unit, target } => (
            format!(
                "{} fires at {}{}",
                name(unit),
                name(target),
                odds(game, unit, &[], target, false, false, 0)
            ),
            vec![unit, target],
            vec![],
        ),
        ToiAction::SuppressiveFire { unit, target } => (
            format!(
                "{} suppresses {}{}",
                name(unit),
                name(target),
                odds(game, unit, &[], target, true, false, 0)
            ),
            vec![unit, target],
            vec![],
        ),
        ToiAction::Fatigue { unit } => (format!("Fatigue {}", name(unit)), vec![unit], vec![]),
        ToiAction::PrepareOpFire { unit } => (
            format!("{}: prepare Op Fire", name(unit)),
            vec![unit],
            vec![],
        ),
        ToiAction::FireAndMovement { unit } => (
            format!("{}: fire and movement", name(unit)),
            vec![unit],
            vec![],
        ),
        ToiAction::MovingFire {
            target,
            suppressive,
        } => (
            format!(
                "{} {}{}",
                if suppressive { "Suppress" } else { "Fire at" },
                name(target),
                match game.step {
                    Step::Moving(mv) => odds(game, mv.unit, &[], target, suppressive, true, 0),
                    _ => String::new(),
                }
            ),
            vec![target],
            vec![],
        ),
        ToiAction::OpFire {
            lead,
            suppressive,
            mg_only,
        } => {
            // The mover fired at, named and anchored, so the map shows whom the shot is at.
            let mover = match game.step {
                Step::OpFire(mv) => Some(mv.unit),
                _ => None,
            };
            (
                format!(
                    "Op Fire with {}{}{}{}{}",
                    name(lead),
                    if mg_only { "'s machine gun alone" } else { "" },
                    mover.map_or_else(String::new, |m| format!(" at {}", name(m))),
                    if suppressive { " (suppressive)" } else { "" },
                    mover.map_or_else(String::new, |m| {
                        let alone = if mg_only { 1u128 << lead.0 } else { 0 };
                        odds(game, lead, &[], m, suppressive, false, alone)
                    })
                ),
                std::iter::once(lead).chain(mover).collect(),
                vec![],
            )
        }
        ToiAction::SupportWithMg { unit } => (
            format!("{}'s machine gun supports", name(unit)),
            vec![unit],
            vec![],
        ),
        ToiAction::Pass => ("Let it pass".to_owned(), vec![], vec![]),
        ToiAction::Support { unit } => (format!("{} supports", name(unit)), vec![unit], vec![]),
        ToiAction::Heal { unit, target } => (
            format!("{} treats {}", name(unit), name(target)),
            vec![unit, target],
            vec![],
        ),
        ToiAction::Entrench { unit, occupy } => (
            format!(
                "{} digs an entrenchment{}",
                name(unit),
                if occupy { " and gets in" } else { "" }
            ),
            vec![unit],
            vec![],
        ),
        ToiAction::RemoveWire => ("Remove the wire".to_owned(), vec![], vec![]),
        ToiAction::ThrowSmoke { unit, hex } => (
            format!("{} lays smoke in {}", name(unit), field.label(hex)),
            vec![unit],
            vec![hex],
        ),
        ToiAction::Reveal { unit } => (
            format!("{} reveals itself and fights", name(unit)),
            vec![unit],
            vec![],
        ),
        ToiAction::Fire => (
            match game.step {
                Step::Combining(a) => format!(
                    "Fire{}",
                    odds(
                        game,
                        a.lead,
                        &a.supporters(),
                        a.target,
                        a.suppressive,
                        false,
                        a.mg_only
                    )
                ),
                _ => "Fire".to_owned(),
            },
            vec![],
            vec![],
        ),
        ToiAction::PlayCard { card } => (
            format!("Activate {}", card_name(game, card)),
            vec![],
            vec![],
        ),
        ToiAction::RetryContact { card } => (
            format!("Try contact again: {}", card_name(game, card)),
            vec![],
            vec![],
        ),
        ToiAction::DrawFrom { deck } => (
            format!(
                "Draw from {}",
                game.data()
                    .cards
                    .decks
                    .get(usize::from(deck))
                    .map_or("a deck", |d| d.name.as_str())
            ),
            vec![],
            vec![],
        ),
        ToiAction::CardUnit { unit } => (name(unit), vec![unit], vec![]),
        ToiAction::FirstDivision { division } => (
            format!(
                "The {} division's player first",
                if division == 1 { "1st" } else { "2nd" }
            ),
            vec![],
            vec![],
        ),
        ToiAction::Transfer { from, to, .. } => (
            format!("A figure from {} to {}", name(from), name(to)),
            vec![from, to],
            vec![],
        ),
        ToiAction::TargetHex { hex } => (format!("Target {}", field.label(hex)), vec![], vec![hex]),
        ToiAction::AreaFire {
            unit,
            hex,
            suppressive,
        } => (
            format!(
                "{}: mortar {}attack on {}",
                name(unit),
                if suppressive { "suppressive " } else { "" },
                field.label(hex)
            ),
            vec![unit],
            vec![hex],
        ),
        ToiAction::AssaultWith { unit } => (format!("{}: assault", name(unit)), vec![unit], vec![]),
        ToiAction::AssaultHex { hex } => {
            (format!("Assault {}", field.label(hex)), vec![], vec![hex])
        }
        ToiAction::ResolveFirst { obstacle } => {
            (format!("The {} first", obstacle.name()), vec![], vec![])
        }
        ToiAction::HitVehicle { unit, hits } => (
            format!("{} takes {hits} hit(s)", name(unit)),
            vec![unit],
            vec![],
        ),
        ToiAction::LoseFrom { unit, .. } => {
            (format!("{} loses a figure", name(unit)), vec![unit], vec![])
        }
        ToiAction::RetreatTo { hex } => (
            format!("Retreat to {}", field.label(hex)),
            vec![],
            vec![hex],
        ),
        ToiAction::AdvanceInto { unit } => (format!("{} advances", name(unit)), vec![unit], vec![]),
        ToiAction::EndActionPhase => ("End the Action Phase".to_owned(), vec![], vec![]),
        ToiAction::MoveTo { hex } => (format!("Move to {}", field.label(hex)), vec![], vec![hex]),
        ToiAction::StopMoving => ("Stop".to_owned(), vec![], vec![]),
        ToiAction::Board { vehicle } => (format!("Board {}", name(vehicle)), vec![vehicle], vec![]),
        ToiAction::Disembark => ("Leave the vehicle".to_owned(), vec![], vec![]),
        ToiAction::EnterFort { pillbox } => (
            format!(
                "Get into the {}",
                if pillbox { "pillbox" } else { "entrenchment" }
            ),
            vec![],
            vec![],
        ),
        ToiAction::LeaveFort => ("Leave the fortification".to_owned(), vec![], vec![]),
        ToiAction::BuildFigure { figure } => (
            format!(
                "Put {} on the base",
                game.data()
                    .figures
                    .get(usize::from(figure))
                    .map_or("a figure", |f| f.name.as_str())
            ),
            match game.step {
                Step::Build { unit, .. } => vec![unit],
                _ => vec![],
            },
            vec![],
        ),
        ToiAction::Specialize { spec } => {
            (format!("Give it the {} token", spec.name()), vec![], vec![])
        }
        ToiAction::Deploy { hex } => (format!("Deploy at {}", field.label(hex)), vec![], vec![hex]),
        ToiAction::Lose { slot } => {
            let what = match game.step {
                Step::Casualties { unit, .. } => match game.unit(unit).kind {
                    Kind::Squad { figures, .. } => figures
                        .get(usize::from(slot))
                        .and_then(|&f| game.data().figures.get(usize::from(f)))
                        .map_or_else(|| "a figure".to_owned(), |f| f.name.clone()),
                    Kind::Vehicle { .. } => "a figure".to_owned(),
                },
                _ => "a figure".to_owned(),
            };
            (format!("Lose {what}"), vec![], vec![])
        }
        ToiAction::AddInitiative { amount } => (
            format!("Put {amount} on the initiative card"),
            vec![],
            vec![],
        ),
        ToiAction::Done => ("Done".to_owned(), vec![], vec![]),
        ToiAction::PutOpFire { unit } => (format!("{}: Op Fire", name(unit)), vec![unit], vec![]),
        ToiAction::PlaceReinforcement { hex } => {
            (format!("Arrive at {}", field.label(hex)), vec![], vec![hex])
        }
    };
    let mut anchors = Anchors::label(label);
    anchors.units = units.into_iter().map(|u| u32::from(u.0)).collect();
    anchors.hexes = hexes.into_iter().map(|h| field.label(h)).collect();
    anchors
}
