//! Duel: a tiny two-seat card-and-dice game that exercises every part of the engine contract.
//! It is a test fixture, not a product: it lives in the engine's tests only.
//!
//! Rules (ids cited in code and tests):
//! * DUEL-SETUP: shuffle the twelve cards (1–12; a card's value is `(card - 1) % 6 + 1`), deal
//!   one face down to each seat; each seat starts with `start_hp` hit points.
//! * DUEL-TURN: on its turn a seat draws (hand limit 3), attacks, or passes; then the other
//!   seat's turn begins.
//! * DUEL-DRAW: drawing takes the top card; an empty pile is first refilled by shuffling the
//!   discards. Only the drawer sees the card.
//! * DUEL-ATTACK: a multi-step decision: commit a card from hand, choose an aim (high or low),
//!   then confirm (or go back a step). On confirm the card is shown and discarded and one d6 is
//!   rolled: a high aim hits for 2 on d6 + value ≥ 9, a low aim hits for 1 on d6 + value ≥ 6.
//! * DUEL-BRACE: when a hit lands and the defender holds a card, the defender (out of turn)
//!   may discard one card face up to take 1 less damage, or take the hit.
//! * DUEL-WIN: a seat at 0 hit points loses. DUEL-END: after `turns` turns the seat with more
//!   hit points wins; equal is a draw.

use overlord_engine::{
    Anchors, Applied, Components, DataErrors, Deck, DeckView, Die, Game, GameInfo, GameRng, Log,
    Outcome, Prompt, Refusal, RuleId, ScenarioInfo, Seat, SeatSet, SetupError, Status, Viewer,
    Zone, ZoneView, redeal,
};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

pub const SETUP: RuleId = RuleId("DUEL-SETUP");
pub const TURN: RuleId = RuleId("DUEL-TURN");
pub const DRAW: RuleId = RuleId("DUEL-DRAW");
pub const ATTACK: RuleId = RuleId("DUEL-ATTACK");
pub const BRACE: RuleId = RuleId("DUEL-BRACE");
pub const WIN: RuleId = RuleId("DUEL-WIN");
pub const END: RuleId = RuleId("DUEL-END");

const HAND_LIMIT: usize = 3;

/// A card is its number, 1–12.
pub type Card = u8;

pub fn value(card: Card) -> u8 {
    (card - 1) % 6 + 1
}

/// Scenario data: how long a game lasts.
#[derive(Debug, PartialEq)]
pub struct DuelData {
    pub scenarios: Vec<(&'static str, u8)>,
}

impl Components for DuelData {
    fn load(_dir: &Path) -> Result<DuelData, DataErrors> {
        Ok(DuelData {
            scenarios: vec![("standard", 20), ("short", 4), ("long", 60)],
        })
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.scenarios
            .iter()
            .map(|(id, _)| ScenarioInfo {
                id: (*id).into(),
                name: (*id).into(),
                seats: 2,
                options: Vec::new(),
            })
            .collect()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DuelOptions {
    pub start_hp: i8,
}

impl Default for DuelOptions {
    fn default() -> Self {
        DuelOptions { start_hp: 3 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    High,
    Low,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelAction {
    Draw,
    Attack,
    Pass,
    Commit(Card),
    Aim(Aim),
    Confirm,
    Back,
    Brace(Card),
    TakeHit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelEvent {
    Dealt {
        seat: Seat,
        card: Option<Card>,
    },
    Drew {
        seat: Seat,
        card: Option<Card>,
    },
    Reshuffled,
    Committed {
        seat: Seat,
    },
    Attacked {
        seat: Seat,
        card: Card,
        aim: Aim,
        roll: u16,
        hit: bool,
    },
    Braced {
        seat: Seat,
        card: Card,
    },
    Damaged {
        seat: Seat,
        damage: u8,
        hp: i8,
    },
    Passed {
        seat: Seat,
    },
    Ended {
        outcome: Outcome,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Main,
    ChooseCard,
    ChooseAim { card: Card },
    Confirm { card: Card, aim: Aim },
    Brace { damage: u8 },
    Over(Outcome),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    data: Arc<DuelData>,
    turns: u8,
    rng: GameRng,
    deck: Deck<Card>,
    hands: [Zone<Card>; 2],
    hp: [i8; 2],
    active: Seat,
    turns_played: u8,
    phase: Phase,
}

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuelView {
    pub deck: DeckView<Card>,
    pub hands: [ZoneView<Card>; 2],
    pub hp: [i8; 2],
    pub active: Seat,
    pub turns_played: u8,
    /// The committed card only for the seat that committed it.
    pub phase: Phase,
}

fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

impl Duel {
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat.index()].cards
    }

    pub fn hp(&self, seat: Seat) -> i8 {
        self.hp[seat.index()]
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn deck(&self) -> &Deck<Card> {
        &self.deck
    }

    fn deciding_seat(&self) -> Seat {
        match self.phase {
            Phase::Brace { .. } => other(self.active),
            _ => self.active,
        }
    }

    fn can_draw(&self) -> bool {
        self.hand(self.active).len() < HAND_LIMIT
            && (self.deck.draw_count() > 0 || !self.deck.discard_pile().is_empty())
    }

    /// Why `action` is not legal now, if it is not.
    fn check(&self, action: DuelAction) -> Result<(), Refusal> {
        let hand = self.hand(self.deciding_seat());
        match (self.phase, action) {
            (Phase::Over(_), _) => Err(Refusal::by_rule(END, "the duel is over")),
            (Phase::Main, DuelAction::Draw) if !self.can_draw() => Err(Refusal::by_rule(
                DRAW,
                "you cannot draw: your hand is full or no card is left",
            )),
            (Phase::Main, DuelAction::Attack) if self.hand(self.active).is_empty() => Err(
                Refusal::by_rule(ATTACK, "you need a card in hand to attack; draw first"),
            ),
            (Phase::Main, DuelAction::Draw | DuelAction::Attack | DuelAction::Pass) => Ok(()),
            (Phase::ChooseCard, DuelAction::Commit(card)) if !hand.contains(&card) => Err(
                Refusal::by_rule(ATTACK, format!("card {card} is not in your hand")),
            ),
            (Phase::ChooseCard, DuelAction::Commit(_) | DuelAction::Back) => Ok(()),
            (Phase::ChooseAim { .. }, DuelAction::Aim(_) | DuelAction::Back) => Ok(()),
            (Phase::Confirm { .. }, DuelAction::Confirm | DuelAction::Back) => Ok(()),
            (Phase::Brace { .. }, DuelAction::Brace(card)) if !hand.contains(&card) => Err(
                Refusal::by_rule(BRACE, format!("card {card} is not in your hand")),
            ),
            (Phase::Brace { .. }, DuelAction::Brace(_) | DuelAction::TakeHit) => Ok(()),
            (phase, action) => Err(Refusal::new(format!(
                "{action:?} does not answer this prompt ({phase:?})"
            ))),
        }
    }

    fn end_turn(&mut self, log: &mut Log<DuelEvent>) {
        self.turns_played += 1;
        self.active = other(self.active);
        self.phase = Phase::Main;
        if self.turns_played >= self.turns {
            let [a, b] = self.hp;
            let winners = match a.cmp(&b) {
                std::cmp::Ordering::Greater => SeatSet::only(Seat(0)),
                std::cmp::Ordering::Less => SeatSet::only(Seat(1)),
                std::cmp::Ordering::Equal => SeatSet::EMPTY,
            };
            // Each seat scores the hit points it is ahead by.
            let lead = i32::from(a) - i32::from(b);
            let outcome = Outcome::per_seat(winners, a == b, &[lead, -lead], END);
            self.finish(outcome, log);
        }
    }

    fn finish(&mut self, outcome: Outcome, log: &mut Log<DuelEvent>) {
        self.phase = Phase::Over(outcome);
        log.public(outcome.rule, DuelEvent::Ended { outcome }, || {
            if outcome.draw {
                "The duel ends in a draw.".into()
            } else {
                format!("The duel is over: {:?} won.", outcome.winners)
            }
        });
    }

    fn damage(&mut self, seat: Seat, damage: u8, log: &mut Log<DuelEvent>) {
        let hp = &mut self.hp[seat.index()];
        *hp -= damage as i8;
        let hp = *hp;
        log.public(ATTACK, DuelEvent::Damaged { seat, damage, hp }, || {
            format!("{seat} takes {damage} damage and has {hp} left.")
        });
        if hp <= 0 {
            // The winner scores 1, the loser -1.
            let first = if seat == Seat(1) { 1 } else { -1 };
            let outcome =
                Outcome::per_seat(SeatSet::only(other(seat)), false, &[first, -first], WIN);
            self.finish(outcome, log);
        } else {
            self.end_turn(log);
        }
    }
}

impl Game for Duel {
    type Data = DuelData;
    type Options = DuelOptions;
    type Action = DuelAction;
    type View = DuelView;
    type Event = DuelEvent;

    fn info() -> GameInfo {
        GameInfo {
            id: "duel",
            name: "Duel (engine test game)",
            rules_version: "1",
            min_seats: 2,
            max_seats: 2,
        }
    }

    fn setup(
        data: &Arc<DuelData>,
        scenario: &str,
        options: &DuelOptions,
        mut rng: GameRng,
        log: &mut Log<DuelEvent>,
    ) -> Result<Duel, SetupError> {
        let turns = data
            .scenarios
            .iter()
            .find(|(id, _)| *id == scenario)
            .map(|(_, turns)| *turns)
            .ok_or_else(|| SetupError(format!("no scenario `{scenario}` in Duel")))?;
        if options.start_hp < 1 {
            return Err(SetupError("start_hp must be at least 1".into()));
        }
        let mut deck = Deck::new((1..=12).collect());
        deck.shuffle(&mut rng, SETUP);
        let mut hands = [
            Zone::hidden(SeatSet::only(Seat(0))),
            Zone::hidden(SeatSet::only(Seat(1))),
        ];
        for (index, hand) in hands.iter_mut().enumerate() {
            let seat = Seat(index as u8);
            let Some(card) = deck.draw() else {
                return Err(SetupError("the deck ran out while dealing".into()));
            };
            hand.cards.push(card);
            log.push(
                SETUP,
                overlord_engine::Audience::Seats(SeatSet::only(seat)),
                DuelEvent::Dealt {
                    seat,
                    card: Some(card),
                },
                || format!("{seat} is dealt card {card}."),
            );
            log.public(SETUP, DuelEvent::Dealt { seat, card: None }, || {
                format!("{seat} is dealt a card face down.")
            });
        }
        Ok(Duel {
            data: Arc::clone(data),
            turns,
            rng,
            deck,
            hands,
            hp: [options.start_hp; 2],
            active: Seat(0),
            turns_played: 0,
            phase: Phase::Main,
        })
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Over(outcome) => Status::Over(outcome),
            _ => Status::ToAct(self.deciding_seat()),
        }
    }

    fn prompt(&self) -> Prompt {
        let (name, rule, text) = match self.phase {
            Phase::Main => ("turn", TURN, "Draw, attack or pass."),
            Phase::ChooseCard => ("choose_card", ATTACK, "Choose the card to attack with."),
            Phase::ChooseAim { .. } => ("choose_aim", ATTACK, "Aim high or low."),
            Phase::Confirm { .. } => ("confirm", ATTACK, "Confirm the attack."),
            Phase::Brace { .. } => ("brace", BRACE, "Discard a card to brace, or take the hit."),
            Phase::Over(_) => ("over", END, "The duel is over."),
        };
        Prompt {
            name,
            rule,
            text: text.into(),
        }
    }

    fn legal_actions(&self, out: &mut Vec<DuelAction>) {
        out.clear();
        let hand = self.hand(self.deciding_seat());
        match self.phase {
            Phase::Main => {
                if self.can_draw() {
                    out.push(DuelAction::Draw);
                }
                if !hand.is_empty() {
                    out.push(DuelAction::Attack);
                }
                out.push(DuelAction::Pass);
            }
            Phase::ChooseCard => {
                out.extend(hand.iter().map(|&card| DuelAction::Commit(card)));
                out.push(DuelAction::Back);
            }
            Phase::ChooseAim { .. } => {
                out.extend([
                    DuelAction::Aim(Aim::High),
                    DuelAction::Aim(Aim::Low),
                    DuelAction::Back,
                ]);
            }
            Phase::Confirm { .. } => out.extend([DuelAction::Confirm, DuelAction::Back]),
            Phase::Brace { .. } => {
                out.extend(hand.iter().map(|&card| DuelAction::Brace(card)));
                out.push(DuelAction::TakeHit);
            }
            Phase::Over(_) => {}
        }
    }

    fn apply(&mut self, action: DuelAction, log: &mut Log<DuelEvent>) -> Result<Applied, Refusal> {
        self.check(action)?;
        let seat = self.deciding_seat();
        let applied = match (self.phase, action) {
            (Phase::Main, DuelAction::Draw) => {
                if self.deck.draw_count() == 0 {
                    self.deck.reshuffle(&mut self.rng, DRAW);
                    log.public(DRAW, DuelEvent::Reshuffled, || {
                        "The discards are shuffled into a new pile.".into()
                    });
                }
                let Some(card) = self.deck.draw() else {
                    return Err(Refusal::by_rule(DRAW, "no card is left to draw"));
                };
                self.hands[seat.index()].cards.push(card);
                log.push(
                    DRAW,
                    overlord_engine::Audience::Seats(SeatSet::only(seat)),
                    DuelEvent::Drew {
                        seat,
                        card: Some(card),
                    },
                    || format!("{seat} draws card {card}."),
                );
                log.public(DRAW, DuelEvent::Drew { seat, card: None }, || {
                    format!("{seat} draws a card.")
                });
                self.end_turn(log);
                Applied::REVEALING
            }
            (Phase::Main, DuelAction::Attack) => {
                self.phase = Phase::ChooseCard;
                Applied::QUIET
            }
            (Phase::Main, DuelAction::Pass) => {
                log.public(TURN, DuelEvent::Passed { seat }, || {
                    format!("{seat} passes.")
                });
                self.end_turn(log);
                Applied::QUIET
            }
            (Phase::ChooseCard, DuelAction::Commit(card)) => {
                log.public(ATTACK, DuelEvent::Committed { seat }, || {
                    format!("{seat} commits a card to an attack.")
                });
                self.phase = Phase::ChooseAim { card };
                Applied::QUIET
            }
            (Phase::ChooseCard, DuelAction::Back) => {
                self.phase = Phase::Main;
                Applied::QUIET
            }
            (Phase::ChooseAim { card }, DuelAction::Aim(aim)) => {
                self.phase = Phase::Confirm { card, aim };
                Applied::QUIET
            }
            (Phase::ChooseAim { .. }, DuelAction::Back) => {
                self.phase = Phase::ChooseCard;
                Applied::QUIET
            }
            (Phase::Confirm { card, .. }, DuelAction::Back) => {
                self.phase = Phase::ChooseAim { card };
                Applied::QUIET
            }
            (Phase::Confirm { card, aim }, DuelAction::Confirm) => {
                self.hands[seat.index()].cards.retain(|c| *c != card);
                self.deck.discard(card);
                let roll = self.rng.roll(Die::D6, ATTACK);
                let (needed, damage) = match aim {
                    Aim::High => (9, 2),
                    Aim::Low => (6, 1),
                };
                let hit = u16::from(value(card)) + roll >= needed;
                log.public(
                    ATTACK,
                    DuelEvent::Attacked {
                        seat,
                        card,
                        aim,
                        roll,
                        hit,
                    },
                    || {
                        format!(
                            "{seat} attacks {aim:?} with card {card} (value {}) and rolls {roll}: {}.",
                            value(card),
                            if hit { "a hit" } else { "a miss" }
                        )
                    },
                );
                let defender = other(seat);
                if !hit {
                    self.end_turn(log);
                } else if self.hand(defender).is_empty() {
                    self.damage(defender, damage, log);
                } else {
                    self.phase = Phase::Brace { damage };
                }
                Applied::REVEALING
            }
            (Phase::Brace { damage }, DuelAction::Brace(card)) => {
                self.hands[seat.index()].cards.retain(|c| *c != card);
                self.deck.discard(card);
                log.public(BRACE, DuelEvent::Braced { seat, card }, || {
                    format!("{seat} braces, discarding card {card}.")
                });
                self.damage(seat, damage - 1, log);
                Applied::REVEALING
            }
            (Phase::Brace { damage }, DuelAction::TakeHit) => {
                self.damage(seat, damage, log);
                Applied::QUIET
            }
            (phase, action) => {
                return Err(Refusal::new(format!(
                    "{action:?} does not answer this prompt ({phase:?})"
                )));
            }
        };
        Ok(applied)
    }

    fn view(&self, viewer: Viewer) -> DuelView {
        let phase = match self.phase {
            // The committed card is the attacker's secret until confirmed.
            Phase::ChooseAim { .. } | Phase::Confirm { .. }
                if viewer != Viewer::Seat(self.active) =>
            {
                Phase::ChooseCard
            }
            phase => phase,
        };
        DuelView {
            deck: self.deck.view(),
            hands: [self.hands[0].view(viewer), self.hands[1].view(viewer)],
            hp: self.hp,
            active: self.active,
            turns_played: self.turns_played,
            phase,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Duel {
        let mut copy = self.clone();
        // The generator holds the dice to come: hidden, so reseeded.
        copy.rng = GameRng::seeded(rng.next_u64());
        let opponent = other(seat);
        // A committed card the seat cannot see is still unknown; keep its place in hand so
        // the prompt stays consistent, and follow it through the redeal.
        let committed_slot = match self.phase {
            Phase::ChooseAim { card } | Phase::Confirm { card, .. } if self.active == opponent => {
                self.hand(opponent).iter().position(|c| *c == card)
            }
            _ => None,
        };
        let [hand0, hand1] = &mut copy.hands;
        let hidden_hand = if opponent == Seat(0) { hand0 } else { hand1 };
        redeal(
            rng,
            &mut [&mut hidden_hand.cards[..], copy.deck.hidden_cards_mut()],
        );
        if let Some(slot) = committed_slot {
            let card = copy.hands[opponent.index()].cards[slot];
            copy.phase = match copy.phase {
                Phase::ChooseAim { .. } => Phase::ChooseAim { card },
                Phase::Confirm { aim, .. } => Phase::Confirm { card, aim },
                phase => phase,
            };
        }
        copy
    }

    fn anchors(&self, action: &DuelAction) -> Anchors {
        match *action {
            DuelAction::Commit(card) | DuelAction::Brace(card) => Anchors {
                label: format!("{action:?}"),
                cards: vec![u32::from(card)],
                ..Anchors::default()
            },
            _ => Anchors::label(format!("{action:?}")),
        }
    }

    fn rng(&self) -> &GameRng {
        &self.rng
    }
}

/// Load the data and set up a game the way tests need it most often.
pub fn data() -> Arc<DuelData> {
    Arc::new(DuelData::load(Path::new(".")).expect("duel data"))
}
