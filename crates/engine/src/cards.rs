//! Decks and other card zones, and who knows which card.
//!
//! A deck is a face-down draw pile whose order nobody knows plus a face-up discard pile. Other
//! zones (a hand, the cards on a track) are [`Zone`]s that say which seats may see their cards.
//! For information-set search, [`redeal`] pools the cards a seat cannot see and deals them
//! back at random into the same places.

use crate::log::RuleId;
use crate::rng::{GameRng, shuffle_slice};
use crate::seat::{SeatSet, Viewer};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A card (or counter) that a script can name: the key is the number a test author writes.
pub trait Keyed: Copy {
    /// The card's number, for scripts and logs.
    fn key(&self) -> u32;
}

impl Keyed for u8 {
    fn key(&self) -> u32 {
        u32::from(*self)
    }
}

impl Keyed for u16 {
    fn key(&self) -> u32 {
        u32::from(*self)
    }
}

impl Keyed for u32 {
    fn key(&self) -> u32 {
        *self
    }
}

/// A face-down draw pile and a face-up discard pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<C> {
    /// Top of the pile is the last element, so drawing is a pop.
    draw: Vec<C>,
    discard: Vec<C>,
}

impl<C: Keyed> Deck<C> {
    /// A deck holding `cards`, drawn in the order given (shuffle it before play).
    pub fn new(mut cards: Vec<C>) -> Deck<C> {
        cards.reverse();
        Deck {
            draw: cards,
            discard: Vec::new(),
        }
    }

    /// Shuffle the draw pile. A scripted stack decides the top cards.
    pub fn shuffle(&mut self, rng: &mut GameRng, rule: RuleId) {
        rng.shuffle(&mut self.draw, Keyed::key, rule);
        // The rng orders index 0 first; the top of our pile is the end.
        self.draw.reverse();
    }

    /// Put the discard pile under the draw pile and shuffle everything.
    pub fn reshuffle(&mut self, rng: &mut GameRng, rule: RuleId) {
        self.draw.append(&mut self.discard);
        self.shuffle(rng, rule);
    }

    /// Put the discard pile back and shuffle it, leaving the cards still to draw on top
    /// untouched: rules that reshuffle only the used cards (DDOB AMB-53) mean this.
    pub fn reshuffle_discard_under(&mut self, rng: &mut GameRng, rule: RuleId) {
        let mut used = std::mem::take(&mut self.discard);
        rng.shuffle(&mut used, Keyed::key, rule);
        used.reverse();
        used.append(&mut self.draw);
        self.draw = used;
    }

    /// Draw the top card, if any.
    pub fn draw(&mut self) -> Option<C> {
        self.draw.pop()
    }

    /// Draw the top card; if the pile is empty, shuffle the discard pile into a new draw pile
    /// first. `None` only when both are empty.
    pub fn draw_or_reshuffle(&mut self, rng: &mut GameRng, rule: RuleId) -> Option<C> {
        if self.draw.is_empty() && !self.discard.is_empty() {
            self.reshuffle(rng, rule);
        }
        self.draw.pop()
    }

    /// Put a card face up on the discard pile.
    pub fn discard(&mut self, card: C) {
        self.discard.push(card);
    }

    /// Cards left to draw.
    pub fn draw_count(&self) -> usize {
        self.draw.len()
    }

    /// The discard pile, oldest first.
    pub fn discard_pile(&self) -> &[C] {
        &self.discard
    }

    /// The draw pile as a slice whose order nobody may know: for [`redeal`] in `determinize`.
    pub fn hidden_cards_mut(&mut self) -> &mut [C] {
        &mut self.draw
    }

    /// The draw pile in drawing order: for the referee's record and for tests, never a view.
    pub fn draw_order(&self) -> impl Iterator<Item = C> + '_ {
        self.draw.iter().rev().copied()
    }

    /// What every seat sees of the deck.
    pub fn view(&self) -> DeckView<C> {
        DeckView {
            draw_count: self.draw.len(),
            discard: self.discard.clone(),
        }
    }
}

/// What anyone may know of a deck: how many cards are left, and the discards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckView<C> {
    /// Cards left in the draw pile.
    pub draw_count: usize,
    /// The discard pile, oldest first.
    pub discard: Vec<C>,
}

/// Cards somewhere other than a deck (a hand, a row of face-up cards), with the seats that may
/// see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone<C> {
    /// The cards, in the zone's order.
    pub cards: Vec<C>,
    /// Seats that may see the cards; everyone else sees only how many there are.
    pub known_to: SeatSet,
    /// Whether everyone may see them (face up), whatever `known_to` says.
    pub face_up: bool,
}

impl<C: Copy> Zone<C> {
    /// A hand: cards only `known_to` may see.
    pub fn hidden(known_to: SeatSet) -> Zone<C> {
        Zone {
            cards: Vec::new(),
            known_to,
            face_up: false,
        }
    }

    /// Cards everyone may see.
    pub fn face_up() -> Zone<C> {
        Zone {
            cards: Vec::new(),
            known_to: SeatSet::EMPTY,
            face_up: true,
        }
    }

    /// Whether `viewer` may see the cards.
    pub fn visible_to(&self, viewer: Viewer) -> bool {
        self.face_up
            || viewer
                .seat()
                .is_some_and(|seat| self.known_to.contains(seat))
    }

    /// What `viewer` sees of the zone.
    pub fn view(&self, viewer: Viewer) -> ZoneView<C> {
        ZoneView {
            count: self.cards.len(),
            cards: self.visible_to(viewer).then(|| self.cards.clone()),
        }
    }
}

/// One viewer's picture of a zone: always the count, the cards only if they may be seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneView<C> {
    /// How many cards the zone holds.
    pub count: usize,
    /// The cards, when the viewer may see them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<C>>,
}

/// Pool the cards of `piles` (all unknown to the determinizing seat), shuffle them, and deal
/// them back so every pile keeps its size. What the seat knows (counts, its own cards, public
/// cards) is untouched because those piles are simply not passed in.
pub fn redeal<C: Copy, R: Rng + ?Sized>(rng: &mut R, piles: &mut [&mut [C]]) {
    let mut pool: Vec<C> = piles.iter().flat_map(|pile| pile.iter().copied()).collect();
    shuffle_slice(rng, &mut pool);
    let mut dealt = pool.into_iter();
    for pile in piles.iter_mut() {
        for (slot, card) in pile.iter_mut().zip(&mut dealt) {
            *slot = card;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{RandomSpec, Script};
    use crate::seat::Seat;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    const RULE: RuleId = RuleId("TEST-DECK");

    #[test]
    fn draw_discard_and_reshuffle_keep_every_card() {
        let mut rng = GameRng::seeded(4);
        let mut deck = Deck::new((1u16..=10).collect());
        deck.shuffle(&mut rng, RULE);
        let mut drawn = Vec::new();
        while let Some(card) = deck.draw() {
            drawn.push(card);
            deck.discard(card);
        }
        assert_eq!(deck.draw_count(), 0);
        assert_eq!(deck.discard_pile().len(), 10);
        let card = deck.draw_or_reshuffle(&mut rng, RULE).expect("reshuffled");
        assert_eq!(deck.draw_count(), 9);
        assert!(deck.discard_pile().is_empty());
        let mut all: Vec<u16> = deck.draw_order().chain([card]).collect();
        all.sort_unstable();
        assert_eq!(all, (1..=10).collect::<Vec<_>>());
    }

    #[test]
    fn a_scripted_stack_decides_the_first_draws() {
        let script = Script {
            stacks: vec![vec![7, 3]],
            ..Script::default()
        };
        let mut rng = GameRng::new(&RandomSpec::scripted(0, script));
        let mut deck = Deck::new((1u16..=10).collect());
        deck.shuffle(&mut rng, RULE);
        assert_eq!(deck.draw(), Some(7));
        assert_eq!(deck.draw(), Some(3));
    }

    #[test]
    fn reshuffling_the_discards_leaves_the_pile_on_top() {
        let mut rng = GameRng::seeded(2);
        let mut deck = Deck::new(vec![1u16, 2, 3, 4]);
        let first = deck.draw().expect("card");
        deck.discard(first);
        deck.reshuffle_discard_under(&mut rng, RULE);
        assert_eq!(deck.draw_order().collect::<Vec<_>>(), vec![2, 3, 4, 1]);
    }

    #[test]
    fn a_hand_shows_its_cards_to_its_owner_only() {
        let mut hand = Zone::hidden(SeatSet::only(Seat(0)));
        hand.cards.push(5u16);
        assert_eq!(hand.view(Viewer::Seat(Seat(0))).cards, Some(vec![5]));
        assert_eq!(hand.view(Viewer::Seat(Seat(1))).cards, None);
        assert_eq!(hand.view(Viewer::Spectator).count, 1);
    }

    #[test]
    fn redeal_keeps_pile_sizes_and_the_multiset() {
        let mut chacha = ChaCha8Rng::seed_from_u64(9);
        let mut a = [1u16, 2, 3];
        let mut b = vec![4u16, 5];
        redeal(&mut chacha, &mut [&mut a[..], &mut b[..]]);
        assert_eq!((a.len(), b.len()), (3, 2));
        let mut all: Vec<u16> = a.iter().chain(&b).copied().collect();
        all.sort_unstable();
        assert_eq!(all, vec![1, 2, 3, 4, 5]);
    }
}
