//! Strategy cards (`TOI-CARD-STRAT`, `TOI-ACT-CARD`, `TOI-STAT-DRAW`): drawn from decks of the
//! player's choice into his HQ area, paid for in command and activated as an action or in the
//! Command Phase, some staying in the play area (`TOI-CARD-PLAYAREA`); their types
//! (`TOI-CARD-TYPES`); off-board strikes with Establish Contact, Target Hex, Determine Drift,
//! Area Attack and Blast (`TOI-KW-*`).

use crate::action::{ToiAction, ToiEvent, ToiLog};
use crate::data::{CardDef, CardEffect, CardPhase, FigureClass, Nation};
use crate::state::{CardPlay, EMPTY_SLOT, Kind, Location, Step, ToiGame, Token, UnitId};
use overlord_engine::{Die, Refusal, RuleId};
use overlord_hexmap::{EdgeDirection, HexId};

/// `TOI-CARD-STRAT`.
pub const STRATEGY: RuleId = RuleId("TOI-CARD-STRAT");
/// `TOI-ACT-CARD`.
pub const ACTIVATE: RuleId = RuleId("TOI-ACT-CARD");
/// `TOI-STAT-DRAW`.
pub const DRAW: RuleId = RuleId("TOI-STAT-DRAW");
/// `TOI-SETUP-3`.
pub const SETUP_DRAW: RuleId = RuleId("TOI-SETUP-3");
/// `TOI-CARD-PLAYAREA`.
pub const PLAY_AREA: RuleId = RuleId("TOI-CARD-PLAYAREA");
/// `TOI-CARD-TYPES`.
pub const TYPES: RuleId = RuleId("TOI-CARD-TYPES");
/// `TOI-KW-CONTACT`.
pub const CONTACT: RuleId = RuleId("TOI-KW-CONTACT");
/// `TOI-KW-TARGET`.
pub const TARGET: RuleId = RuleId("TOI-KW-TARGET");
/// `TOI-KW-DRIFT`.
pub const DRIFT: RuleId = RuleId("TOI-KW-DRIFT");
/// `TOI-KW-AREA`.
pub const AREA: RuleId = RuleId("TOI-KW-AREA");
/// `TOI-KW-BLAST`.
pub const BLAST: RuleId = RuleId("TOI-KW-BLAST");

/// `TOI-KW-AREA`, `TOI-KW-BLAST`: off-board attacks hit on 5-6.
const OFF_BOARD_HITS_FROM: u8 = 5;
/// `TOI-LIMITS`: hidden-squad markers a nation has.
const HIDDEN_MARKERS: usize = crate::data::limits::HIDDEN_MARKERS;

/// The compass (`TOI-KW-DRIFT`, AMB-30): the red die's faces 1-6 name the hex edges clockwise
/// from North.
const COMPASS: [EdgeDirection; 6] = [
    EdgeDirection::FLAT_NORTH,
    EdgeDirection::FLAT_NORTH_EAST,
    EdgeDirection::FLAT_SOUTH_EAST,
    EdgeDirection::FLAT_SOUTH,
    EdgeDirection::FLAT_SOUTH_WEST,
    EdgeDirection::FLAT_NORTH_WEST,
];

fn def(game: &ToiGame, card: u16) -> Option<&CardDef> {
    game.data().cards.cards.get(usize::from(card))
}

fn name(game: &ToiGame, card: u16) -> String {
    def(game, card).map_or_else(|| "a card".to_owned(), |c| c.name.clone())
}

// --- Drawing ---------------------------------------------------------------------------------

/// Begin `nation`'s draws: `left` cards (the setup's, or the Status Phase's one); a side whose
/// decks are empty, or with nothing to draw, is passed over.
pub fn begin_draws(game: &mut ToiGame, nation: Nation, left: u8, setup: bool) {
    if left > 0 && game.hand(nation).can_draw() {
        game.step = Step::Draw {
            nation,
            left,
            setup,
            extra: false,
        };
    } else {
        draws_done(game, nation, setup);
    }
}

/// After `nation`'s draws: the other side's (in initiative order), then the rest of the setup
/// (`TOI-SETUP-5` to `TOI-SETUP-7`) or the Status Phase's clean-up.
fn draws_done(game: &mut ToiGame, nation: Nation, setup: bool) {
    if nation == game.initiative() {
        let other = nation.enemy();
        let left = if setup {
            game.scenario().cards[other.index()].start
        } else {
            1
        };
        begin_draws(game, other, left, setup);
    } else if setup {
        game.step = Step::SetupDone;
    } else {
        game.step = Step::StatusClean;
    }
}

/// The draws open to `nation` now.
pub fn draw_choices(game: &ToiGame, extra: bool, nation: Nation, out: &mut Vec<ToiAction>) {
    for (deck, cards) in &game.hand(nation).decks {
        if !cards.is_empty() {
            out.push(ToiAction::DrawFrom { deck: *deck });
        }
    }
    if extra {
        out.push(ToiAction::Done);
    }
}

/// Answer a draw prompt.
pub fn answer_draw(
    game: &mut ToiGame,
    step: Step,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let Step::Draw {
        nation,
        left,
        setup,
        extra,
    } = step
    else {
        return Err(Refusal::by_rule(DRAW, "no draw is due"));
    };
    let rule = if setup { SETUP_DRAW } else { DRAW };
    match action {
        ToiAction::Done if extra => {
            draws_done(game, nation, setup);
            Ok(())
        }
        ToiAction::DrawFrom { deck } => {
            let hand = &mut game.hands[nation.index()];
            let Some(card) = hand
                .decks
                .iter_mut()
                .find(|(d, _)| *d == deck)
                .and_then(|(_, cards)| cards.pop())
            else {
                return Err(Refusal::by_rule(
                    rule,
                    "draw from one of your decks with a card left (decks are never reshuffled)",
                ));
            };
            hand.hq.push(card);
            game.reveals += 1;
            let plus = def(game, card).is_some_and(|c| c.plus);
            log.public(rule, ToiEvent::Note, || {
                format!(
                    "The {} draw {}{}",
                    nation.name(),
                    name(game, card),
                    if plus && !setup && !extra { " (+)" } else { "" }
                )
            });
            // TOI-STAT-DRAW: a first card with "+" lets the side draw once more; never at setup,
            // never a third.
            if !setup && !extra && plus && game.hand(nation).can_draw() {
                game.step = Step::Draw {
                    nation,
                    left: 1,
                    setup,
                    extra: true,
                };
            } else if left > 1 && game.hand(nation).can_draw() {
                game.step = Step::Draw {
                    nation,
                    left: left - 1,
                    setup,
                    extra,
                };
            } else {
                draws_done(game, nation, setup);
            }
            Ok(())
        }
        _ => Err(Refusal::by_rule(rule, "draw from one of your decks")),
    }
}

// --- Activating -----------------------------------------------------------------------------

/// `TOI-TEAM-CARDS`: the division whose player activates a card of `phase` now: the acting
/// member in the Action Phase, the team's first player in the Command Phase; 0 when each nation
/// has one player.
fn activator(game: &ToiGame, phase: CardPhase) -> u8 {
    match (game.seating.by_division(), phase) {
        (false, _) => 0,
        (true, CardPhase::Action) => game.division,
        (true, CardPhase::Command) => 1,
    }
}

/// Whether `unit` may take a card's effect from the player of `division` (0: any).
fn of_division(game: &ToiGame, unit: UnitId, division: u8) -> bool {
    division == 0 || game.unit(unit).division == division
}

/// `TOI-CARD-TYPES`, `TOI-CARD-PLAYAREA`: what `card` costs `nation` now: its printed cost less
/// the reductions of the lasting cards in its play area for its type (never below 0).
pub fn cost(game: &ToiGame, nation: Nation, card: u16) -> u8 {
    let Some(c) = def(game, card) else {
        return u8::MAX;
    };
    let kind = game.data().cards.card_type(c);
    let off: u8 = game
        .hand(nation)
        .play_area
        .iter()
        .filter(|&&(other, waiting)| other != card && waiting.is_none())
        .filter_map(|&(other, _)| def(game, other))
        .filter(|o| o.effect == CardEffect::CostReduction && o.card_type.as_deref() == Some(kind))
        .map(|o| o.amount.unwrap_or(0))
        .fold(0u8, u8::saturating_add);
    c.cost.saturating_sub(off)
}

/// Whether `card`'s effect has anything to act on for `nation` now.
fn has_use(game: &ToiGame, nation: Nation, card: &CardDef) -> bool {
    let division = activator(game, card.phase);
    match card.effect {
        CardEffect::Refresh => !refreshable(game, nation, division).is_empty(),
        CardEffect::Regulars => !reduced(game, nation, division).is_empty(),
        CardEffect::Hide => {
            !hideable(game, nation, division, HexId::NONE, card.count.unwrap_or(1)).is_empty()
        }
        CardEffect::Reinforcements => !later_reinforcements(game, nation, division).is_empty(),
        CardEffect::Bombardment | CardEffect::CostReduction | CardEffect::Modifier => true,
    }
}

/// `TOI-STAT-REINF`: `nation`'s reinforcements due in a later round, of `division` (0: any),
/// in the order they are due.
fn later_reinforcements(game: &ToiGame, nation: Nation, division: u8) -> Vec<UnitId> {
    let mut out: Vec<(u8, UnitId)> = game
        .unit_ids()
        .filter(|&u| game.unit(u).nation == nation && of_division(game, u, division))
        .filter_map(|u| match game.unit(u).at {
            Location::Reserve(round) if round > game.round() => Some((round, u)),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.into_iter().map(|(_, u)| u).collect()
}

/// `TOI-CARD-PLAYAREA`: the modifier cards last to the end of the round (`TOI-STAT-CLEAN`).
pub fn expire_modifiers(game: &mut ToiGame, log: &mut ToiLog) {
    for nation in Nation::ALL {
        let ended: Vec<u16> = game
            .hand(nation)
            .play_area
            .iter()
            .map(|&(card, _)| card)
            .filter(|&card| def(game, card).is_some_and(|c| c.effect == CardEffect::Modifier))
            .collect();
        for card in ended {
            game.hands[nation.index()]
                .play_area
                .retain(|&(c, _)| c != card);
            log.public(PLAY_AREA, ToiEvent::Note, || {
                format!(
                    "{}: {} ends with the round",
                    nation.name(),
                    def(game, card).map_or("the card", |c| c.name.as_str())
                )
            });
        }
    }
}

/// The cards of `nation`'s HQ it may activate in `phase`, with the command to pay.
pub fn playable(game: &ToiGame, nation: Nation, phase: CardPhase) -> Vec<u16> {
    let command = game.side(nation).command;
    game.hand(nation)
        .hq
        .iter()
        .copied()
        .filter(|&card| {
            def(game, card).is_some_and(|c| {
                c.phase == phase
                    && u16::from(cost(game, nation, card)) <= command
                    && has_use(game, nation, c)
            })
        })
        .collect()
}

/// `TOI-KW-CONTACT`: the cards of `nation`'s play area waiting for contact that may be tried
/// again now (once in each later round).
pub fn retries(game: &ToiGame, nation: Nation) -> Vec<u16> {
    game.hand(nation)
        .play_area
        .iter()
        .filter(|&&(_, waiting)| waiting.is_some_and(|round| round < game.round()))
        .map(|&(card, _)| card)
        .collect()
}

/// `TOI-ACT-CARD`, `TOI-CMD-SPEND`: `nation` pays for `card` and activates it.
pub fn play(
    game: &mut ToiGame,
    nation: Nation,
    card: u16,
    phase: CardPhase,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if !playable(game, nation, phase).contains(&card) {
        return Err(Refusal::by_rule(
            ACTIVATE,
            "a face-up card of your HQ area for this phase, whose cost you can pay and whose effect has something to act on",
        ));
    }
    let price = cost(game, nation, card);
    game.sides[nation.index()].command -= u16::from(price);
    let hand = &mut game.hands[nation.index()];
    hand.hq.retain(|&c| c != card);
    let Some(c) = def(game, card).cloned() else {
        return Err(Refusal::by_rule(STRATEGY, "no such card"));
    };
    log.public(ACTIVATE, ToiEvent::Note, || {
        format!(
            "The {} activate {} ({price} command)",
            nation.name(),
            c.name
        )
    });
    // TOI-CARD-PLAYAREA: a lasting card stays, paid once.
    if c.play_area {
        game.hands[nation.index()].play_area.push((card, None));
    }
    match c.effect {
        CardEffect::CostReduction | CardEffect::Modifier => {
            finish(game, nation, card);
            Ok(())
        }
        CardEffect::Reinforcements => {
            let division = activator(game, c.phase);
            let round = game.round();
            for unit in later_reinforcements(game, nation, division)
                .into_iter()
                .take(usize::from(c.count.unwrap_or(1)))
            {
                game.units[unit.index()].at = Location::Reserve(round);
                log.public(ACTIVATE, ToiEvent::Note, || {
                    format!(
                        "{} will arrive in this round's Status Phase",
                        crate::text::unit_name(game, unit)
                    )
                });
            }
            finish(game, nation, card);
            Ok(())
        }
        CardEffect::Bombardment => {
            contact(game, nation, card, log);
            Ok(())
        }
        CardEffect::Refresh | CardEffect::Regulars | CardEffect::Hide => {
            game.step = Step::Card(CardPlay {
                nation,
                card,
                left: if c.effect == CardEffect::Refresh {
                    1
                } else {
                    c.count.unwrap_or(1)
                },
                hex: HexId::NONE,
                division: activator(game, c.phase),
            });
            Ok(())
        }
    }
}

/// `TOI-KW-CONTACT`: as an action, try the waiting `card` again, paying nothing.
pub fn retry(
    game: &mut ToiGame,
    nation: Nation,
    card: u16,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    if !retries(game, nation).contains(&card) {
        return Err(Refusal::by_rule(
            CONTACT,
            "a card waiting for contact in your play area, once in each round after its last try",
        ));
    }
    contact(game, nation, card, log);
    Ok(())
}

/// `TOI-KW-CONTACT`: roll for contact (if the card needs it): made, the target hex is chosen;
/// missed, the card waits in the play area for a later round.
fn contact(game: &mut ToiGame, nation: Nation, card: u16, log: &mut ToiLog) {
    let needed = def(game, card).and_then(|c| c.contact);
    if let Some(x) = needed {
        let die = game.rng.roll(Die::D6, CONTACT) as u8;
        let made = die >= x;
        log.public(CONTACT, ToiEvent::Note, || {
            format!(
                "Establish Contact ({x}): {die}, {}",
                if made { "contact" } else { "no contact" }
            )
        });
        if !made {
            let round = game.round();
            let area = &mut game.hands[nation.index()].play_area;
            match area.iter_mut().find(|(c, _)| *c == card) {
                Some(entry) => entry.1 = Some(round),
                None => area.push((card, Some(round))),
            }
            end_card(game, nation, card);
            return;
        }
    }
    let phase = def(game, card).map_or(CardPhase::Action, |c| c.phase);
    game.step = Step::Card(CardPlay {
        nation,
        card,
        left: 1,
        hex: HexId::NONE,
        division: activator(game, phase),
    });
}

/// The card is used up: out of the game, unless it lasts in the play area.
fn finish(game: &mut ToiGame, nation: Nation, card: u16) {
    let lasting = def(game, card).is_some_and(|c| c.play_area);
    if !lasting {
        game.hands[nation.index()]
            .play_area
            .retain(|&(c, _)| c != card);
    }
    end_card(game, nation, card);
}

/// Back to the phase the card was activated in.
fn end_card(game: &mut ToiGame, nation: Nation, card: u16) {
    let phase = def(game, card).map_or(CardPhase::Action, |c| c.phase);
    game.step = match phase {
        CardPhase::Action => Step::AfterAction,
        CardPhase::Command => Step::Command { nation },
    };
}

// --- The effects' choices --------------------------------------------------------------------

/// `nation`'s fatigued (or Op Fire) units on the map (of `division`'s player, if not 0).
fn refreshable(game: &ToiGame, nation: Nation, division: u8) -> Vec<UnitId> {
    game.unit_ids()
        .filter(|&u| {
            game.unit(u).nation == nation
                && of_division(game, u, division)
                && game.unit(u).token != Token::Fresh
                && game.hex_of(u).is_some()
        })
        .collect()
}

/// `nation`'s reduced squads on the map with room for a regular (of `division`'s player, if not
/// 0: `TOI-TEAM-CARDS`, T-TEAM-02).
fn reduced(game: &ToiGame, nation: Nation, division: u8) -> Vec<UnitId> {
    game.unit_ids()
        .filter(|&u| {
            game.unit(u).nation == nation
                && of_division(game, u, division)
                && game.hex_of(u).is_some()
        })
        .filter(|&u| match game.unit(u).kind {
            Kind::Squad { figures, .. } => game.is_reduced(&figures),
            Kind::Vehicle { .. } => false,
        })
        .collect()
}

/// The squads of `nation` that may take a hidden marker: on the map, not hidden, no enemy unit
/// next to them, in `hex` if one is chosen already, else in a hex with `count` such squads; and
/// markers left.
fn hideable(game: &ToiGame, nation: Nation, division: u8, hex: HexId, count: u8) -> Vec<UnitId> {
    let hidden = game
        .unit_ids()
        .filter(|&u| game.unit(u).nation == nation && game.unit(u).hidden)
        .count();
    if hidden + usize::from(count) > HIDDEN_MARKERS && hex.is_none() {
        return Vec::new();
    }
    let field = &game.scenario().battlefield;
    let free = |u: UnitId| {
        let Some(at) = game.hex_of(u) else {
            return false;
        };
        game.unit(u).nation == nation
            && of_division(game, u, division)
            && matches!(game.unit(u).kind, Kind::Squad { .. })
            && !game.unit(u).hidden
            && !game.unit_ids().any(|e| {
                game.unit(e).nation != nation
                    && game
                        .hex_of(e)
                        .is_some_and(|h| field.hexes.distance(h, at) <= 1)
            })
    };
    game.unit_ids()
        .filter(|&u| free(u))
        .filter(|&u| {
            let at = game.hex_of(u).unwrap_or(HexId::NONE);
            if !hex.is_none() {
                return at == hex;
            }
            game.units_in(at).filter(|&o| free(o)).count() >= usize::from(count)
        })
        .collect()
}

/// The choices of the card being resolved.
pub fn choices(game: &ToiGame, play: CardPlay, out: &mut Vec<ToiAction>) {
    let Some(c) = def(game, play.card) else {
        return;
    };
    match c.effect {
        CardEffect::Refresh => out.extend(
            refreshable(game, play.nation, play.division)
                .into_iter()
                .map(|unit| ToiAction::CardUnit { unit }),
        ),
        CardEffect::Regulars => out.extend(
            reduced(game, play.nation, play.division)
                .into_iter()
                .map(|unit| ToiAction::CardUnit { unit }),
        ),
        CardEffect::Hide => out.extend(
            hideable(game, play.nation, play.division, play.hex, play.left)
                .into_iter()
                .map(|unit| ToiAction::CardUnit { unit }),
        ),
        CardEffect::Bombardment => {
            let field = &game.scenario().battlefield;
            out.extend(
                field
                    .hexes
                    .ids()
                    .filter(|&h| !field.is_half(h))
                    .map(|hex| ToiAction::TargetHex { hex }),
            );
        }
        CardEffect::CostReduction | CardEffect::Reinforcements | CardEffect::Modifier => {}
    }
}

/// Answer a card's choice.
pub fn answer(
    game: &mut ToiGame,
    play: CardPlay,
    action: ToiAction,
    log: &mut ToiLog,
) -> Result<(), Refusal> {
    let mut offered = Vec::new();
    choices(game, play, &mut offered);
    if !offered.contains(&action) {
        return Err(Refusal::by_rule(
            STRATEGY,
            "not one of the card's choices now",
        ));
    }
    let nation = play.nation;
    let effect = def(game, play.card).map(|c| c.effect);
    match (effect, action) {
        (Some(CardEffect::Refresh), ToiAction::CardUnit { unit }) => {
            game.units[unit.index()].token = Token::Fresh;
            log.public(ACTIVATE, ToiEvent::Note, || {
                format!(
                    "{} loses its activation token",
                    crate::text::unit_name(game, unit)
                )
            });
            finish(game, nation, play.card);
        }
        (Some(CardEffect::Regulars), ToiAction::CardUnit { unit }) => {
            add_regular(game, unit, log);
            let left = play.left - 1;
            if left > 0 && !reduced(game, nation, play.division).is_empty() {
                game.step = Step::Card(CardPlay { left, ..play });
            } else {
                finish(game, nation, play.card);
            }
        }
        (Some(CardEffect::Hide), ToiAction::CardUnit { unit }) => {
            game.units[unit.index()].hidden = true;
            log.public(crate::hidden::HIDDEN, ToiEvent::Condition { unit }, || {
                format!("{} is hidden", crate::text::unit_name(game, unit))
            });
            let hex = game.hex_of(unit).unwrap_or(HexId::NONE);
            let left = play.left - 1;
            if left > 0 && !hideable(game, nation, play.division, hex, left).is_empty() {
                game.step = Step::Card(CardPlay { left, hex, ..play });
            } else {
                finish(game, nation, play.card);
            }
        }
        (Some(CardEffect::Bombardment), ToiAction::TargetHex { hex }) => {
            strike(game, play, hex, log);
        }
        _ => return Err(Refusal::by_rule(STRATEGY, "not one of the card's choices")),
    }
    Ok(())
}

/// A regular of the squad's nation joins it.
fn add_regular(game: &mut ToiGame, unit: UnitId, log: &mut ToiLog) {
    let nation = game.unit(unit).nation;
    let Some(regular) = game
        .data()
        .figures
        .iter()
        .position(|f| f.nation == nation && f.class == FigureClass::Regular)
        .and_then(|i| u8::try_from(i).ok())
    else {
        return;
    };
    if let Kind::Squad {
        mut figures,
        condition,
    } = game.unit(unit).kind
        && let Some(slot) = figures.iter_mut().find(|f| **f == EMPTY_SLOT)
    {
        *slot = regular;
        game.units[unit.index()].kind = Kind::Squad { figures, condition };
        log.public(ACTIVATE, ToiEvent::Note, || {
            format!("A regular joins {}", crate::text::unit_name(game, unit))
        });
    }
}

// --- Off-board strikes ------------------------------------------------------------------------

/// `TOI-KW-DRIFT` step 1: the drift number for `nation`'s strike on `hex`: 3 with a friendly
/// unit in or next to it, or a fresh friendly squad with an officer seeing it; 4 with a fresh
/// friendly squad seeing it; 6 otherwise.
/// In team play only the activating player's division counts (`TOI-TEAM-RESTR`, AMB-34;
/// `division` 0: every unit of the nation).
pub fn drift_number(game: &ToiGame, nation: Nation, division: u8, hex: HexId) -> u8 {
    let field = &game.scenario().battlefield;
    if field.hexes.hex(hex).is_none() {
        return 6;
    }
    let friends = || {
        game.unit_ids()
            .filter(move |&u| game.unit(u).nation == nation && of_division(game, u, division))
            .filter_map(move |u| game.hex_of(u).map(|h| (u, h)))
    };
    if friends().any(|(_, h)| field.hexes.distance(h, hex) <= 1) {
        return 3;
    }
    let watchers: Vec<UnitId> = friends()
        .filter(|&(u, h)| {
            game.unit(u).token == Token::Fresh
                && matches!(game.unit(u).kind, Kind::Squad { .. })
                && crate::cover::sees(game, h, hex)
        })
        .map(|(u, _)| u)
        .collect();
    let officer = |u: UnitId| match game.unit(u).kind {
        Kind::Squad { figures, .. } => figures.iter().any(|&f| {
            game.data()
                .figures
                .get(usize::from(f))
                .is_some_and(|d| d.class == FigureClass::Officer)
        }),
        Kind::Vehicle { .. } => false,
    };
    if watchers.iter().any(|&u| officer(u)) {
        3
    } else if !watchers.is_empty() {
        4
    } else {
        6
    }
}

/// `TOI-KW-DRIFT` steps 2-5: where a strike aimed at `hex` falls: on target if the black die
/// reaches the drift number, else `black` hexes away towards the red die's compass point;
/// `None` off the map or on a half hex.
pub fn drift(
    game: &mut ToiGame,
    nation: Nation,
    division: u8,
    hex: HexId,
    log: &mut ToiLog,
) -> Option<HexId> {
    let number = drift_number(game, nation, division, hex);
    let black = game.rng.roll(Die::D6, DRIFT) as u8;
    let red = game.rng.roll(Die::D6, DRIFT) as u8;
    let field = &game.scenario().battlefield;
    let landed = if black >= number {
        Some(hex)
    } else {
        let north = usize::from(game.scenario().north);
        let way = COMPASS[(usize::from(red.clamp(1, 6)) - 1 + north) % 6];
        (0..black).try_fold(hex, |at, _| field.hexes.neighbour(at, way))
    }
    .filter(|&h| !field.is_half(h));
    log.public(DRIFT, ToiEvent::Note, || {
        let aim = field.label(hex);
        match landed {
            Some(h) if h == hex => format!("Drift {number}: black {black}: on target, {aim}"),
            Some(h) => format!(
                "Drift {number}: black {black}, red {red}: {black} hexes off, to {}",
                field.label(h)
            ),
            None => {
                format!("Drift {number}: black {black}, red {red}: off the battlefield, no effect")
            }
        }
    });
    landed
}

/// `TOI-KW-TARGET` to `TOI-KW-BLAST`: the strike of `nation`'s `card` aimed at `hex`: drift,
/// the Area Attack on the hex it lands in, the Blast on each hex next to it holding units (friend
/// or foe alike); then the squads' losses, and the card is done.
fn strike(game: &mut ToiGame, play: CardPlay, hex: HexId, log: &mut ToiLog) {
    let (nation, card) = (play.nation, play.card);
    let Some(c) = def(game, card).cloned() else {
        return;
    };
    let label = game.scenario().battlefield.label(hex);
    log.public(TARGET, ToiEvent::Note, || {
        format!("{}: the target token goes on {label}", c.name)
    });
    let mut losses = Vec::new();
    if let Some(at) = drift(game, nation, play.division, hex, log) {
        let mut hit = |game: &mut ToiGame, h: HexId, firepower: u8, rule: RuleId| {
            let black: Vec<u8> = (0..firepower)
                .map(|_| game.rng.roll(Die::D6, rule) as u8)
                .collect();
            let hits = black.iter().filter(|&&d| d >= OFF_BOARD_HITS_FROM).count() as u8;
            let where_ = game.scenario().battlefield.label(h);
            log.public(rule, ToiEvent::Note, || {
                format!("{} on {where_}: {black:?}, {hits} hit(s)", c.name)
            });
            losses.extend(crate::area::strike_hex(
                game,
                None,
                h,
                &black,
                hits,
                c.suppressive,
                log,
            ));
        };
        hit(game, at, c.area.unwrap_or(0), AREA);
        if let Some(blast) = c.blast.filter(|&b| b > 0) {
            let around: Vec<HexId> = game
                .scenario()
                .battlefield
                .hexes
                .neighbours_on_map(at)
                .filter(|&h| game.units_in(h).next().is_some())
                .collect();
            for h in around {
                hit(game, h, blast, BLAST);
            }
        }
    }
    game.hands[nation.index()]
        .play_area
        .retain(|&(other, _)| other != card);
    crate::fire::take_losses(game, losses, None);
    if matches!(game.step, Step::AfterAction) {
        end_card(game, nation, card);
    }
}
