//! The strategy decks and cards and the operations cards (`TOI-CARD-STRAT`, `TOI-CARD-OPS`):
//! `cards.toml`. The source gives decks' titles and a handful of card texts, never a whole deck:
//! the cards are the project's own, each effect one of the kinds the rules module knows.

use overlord_datafile::files::{At, Report};
use overlord_datafile::located;
use serde::Deserialize;
use std::collections::HashSet;

/// A strategy deck (`[[deck]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckDef {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub name: String,
    /// The card type its cards carry (`TOI-CARD-TYPES`: "Artillery" covers Artillery I and II).
    #[serde(rename = "type")]
    pub card_type: String,
}

located!(DeckDef);

/// When a strategy card is activated.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum CardPhase {
    /// `TOI-ACT-CARD`: as an action.
    Action,
    /// `TOI-CMD-SPEND`: in the Command Phase's spending step.
    Command,
}

/// What a strategy card does.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum CardEffect {
    /// Remove the activation token of one of your fatigued units (the `TOI-ACT-CARD` example).
    Refresh,
    /// Lasting, in the play area: your cards of `card_type` cost `amount` less, never below 0
    /// ("Increased Priority", `TOI-CARD-TYPES`).
    CostReduction,
    /// An off-board strike: Establish Contact (`contact`) if given, Target Hex, Determine
    /// Drift, Area Attack (`area`), Blast (`blast`) if given (`TOI-KW-*`).
    Bombardment,
    /// `count` regular figures into your reduced squads ("Hardened Veterans").
    Regulars,
    /// `count` hidden-squad markers on your squads of one hex, none next to an enemy unit
    /// ("alla riscossa", `TOI-COMBAT-HIDDEN`).
    Hide,
    /// Your next `count` reinforcements due in later rounds arrive in this round's Status
    /// Phase instead (`TOI-STAT-REINF`).
    Reinforcements,
    /// Lasting to the end of the round, in the play area: your units' `stat` is `amount` more
    /// (`TOI-CARD-PLAYAREA`; "a card that contradicts a rule takes precedence").
    Modifier,
}

/// The value a modifier card raises (`CardEffect::Modifier`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// Your squads' movement points (`TOI-MOVE`).
    Movement,
    /// Your squads' cover: red dice in defence (`TOI-COMBAT-COVER`).
    Cover,
}

/// A strategy card (`[[card]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub name: String,
    /// Its deck's id.
    pub deck: String,
    pub phase: CardPhase,
    /// Its command cost.
    pub cost: u8,
    /// The "+" symbol (`TOI-STAT-DRAW`).
    #[serde(default)]
    pub plus: bool,
    /// "Place in your play area" (`TOI-CARD-PLAYAREA`): it stays, paid once.
    #[serde(default)]
    pub play_area: bool,
    pub effect: CardEffect,
    /// Bombardment: Establish Contact's target number.
    #[serde(default)]
    pub contact: Option<u8>,
    /// Bombardment: the Area Attack's firepower on the target hex.
    #[serde(default)]
    pub area: Option<u8>,
    /// Bombardment: the Blast's firepower on each adjacent hex.
    #[serde(default)]
    pub blast: Option<u8>,
    /// Bombardment: suppressive, not normal.
    #[serde(default)]
    pub suppressive: bool,
    /// Cost reduction: the card type it cheapens.
    #[serde(default)]
    pub card_type: Option<String>,
    /// Cost reduction, modifier: by how much.
    #[serde(default)]
    pub amount: Option<u8>,
    /// Regulars, hide, reinforcements: how many.
    #[serde(default)]
    pub count: Option<u8>,
    /// Modifier: the value it raises.
    #[serde(default)]
    pub stat: Option<Stat>,
    /// Which fields are the project's own (every card is: the source prints none whole).
    #[serde(default)]
    pub ours: Vec<String>,
}

located!(CardDef);

/// The special rule an operations card brings.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum OperationRule {
    /// "Desperate Defense": pinned and disrupted squads may attack at half firepower (round
    /// up); an officer adds nothing more.
    DesperateDefense,
    /// "Double Time" (errata): a squad's Advance has 2 MP more.
    DoubleTime,
    /// "Camouflage" (errata): hidden squads are not revealed by firing unless the attack
    /// inflicts 2 hits or more.
    Camouflage,
    /// "Create Smoke": an engineer squad may, as its action, lay smoke in its own hex or an
    /// adjacent one (the source names the card and its gist only; the details are ours).
    CreateSmoke,
}

/// An operations card (`[[operation]]`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperationDef {
    #[serde(skip)]
    pub at: At,
    pub id: String,
    pub name: String,
    pub rule: OperationRule,
}

located!(OperationDef);

/// Everything in `cards.toml`.
#[derive(Clone, Debug, Default)]
pub struct Cards {
    pub decks: Vec<DeckDef>,
    pub cards: Vec<CardDef>,
    pub operations: Vec<OperationDef>,
}

impl Cards {
    /// The card type of card `i` (its deck's).
    pub fn card_type(&self, card: &CardDef) -> &str {
        self.decks
            .iter()
            .find(|d| d.id == card.deck)
            .map_or("", |d| d.card_type.as_str())
    }
}

/// The checks across `cards.toml`'s entries: unique ids, known decks, and the fields each
/// effect needs.
pub(super) fn check(cards: &Cards, report: &mut Report) {
    let mut ids = HashSet::new();
    for d in &cards.decks {
        if !ids.insert(d.id.as_str()) {
            report.at(&d.at, "deck.id", format!("`{}` is listed twice", d.id));
        }
    }
    let decks = ids;
    let mut ids = HashSet::new();
    for c in &cards.cards {
        if !ids.insert(c.id.as_str()) {
            report.at(&c.at, "card.id", format!("`{}` is listed twice", c.id));
        }
        if !decks.contains(c.deck.as_str()) {
            report.at(
                &c.at,
                "card.deck",
                format!("`{}` is no `[[deck]]` of cards.toml", c.deck),
            );
        }
        let mut need = |field: &str, present: bool, what: &str| {
            if !present {
                report.at(&c.at, format!("card.{field}"), what.to_owned());
            }
        };
        match c.effect {
            CardEffect::Bombardment => {
                need(
                    "area",
                    c.area.is_some_and(|a| a > 0),
                    "a bombardment needs its Area Attack's firepower (`area`, 1 or more)",
                );
                need(
                    "contact",
                    c.contact.is_none_or(|x| (1..=6).contains(&x)),
                    "Establish Contact's number is a die's face, 1 to 6",
                );
                need(
                    "phase",
                    c.phase == CardPhase::Action,
                    "a bombardment is an Action Phase card",
                );
            }
            CardEffect::CostReduction => {
                need(
                    "card_type",
                    c.card_type
                        .as_ref()
                        .is_some_and(|t| cards.decks.iter().any(|d| &d.card_type == t)),
                    "a cost reduction names the card type of a deck (`card_type`)",
                );
                need(
                    "amount",
                    c.amount.is_some_and(|a| a > 0),
                    "a cost reduction needs its `amount`, 1 or more",
                );
                need(
                    "play_area",
                    c.play_area,
                    "a cost reduction lasts: it goes to the play area (`play_area = true`)",
                );
            }
            CardEffect::Regulars | CardEffect::Hide | CardEffect::Reinforcements => {
                need(
                    "count",
                    c.count.is_some_and(|n| (1..=4).contains(&n)),
                    "how many (`count`, 1 to 4)",
                );
            }
            CardEffect::Modifier => {
                need(
                    "stat",
                    c.stat.is_some(),
                    "a modifier names the value it raises (`stat`: movement or cover)",
                );
                need(
                    "amount",
                    c.amount.is_some_and(|a| (1..=3).contains(&a)),
                    "a modifier needs its `amount`, 1 to 3",
                );
                need(
                    "play_area",
                    c.play_area,
                    "a modifier lasts to the end of the round: it goes to the play area (`play_area = true`)",
                );
                need(
                    "phase",
                    c.phase == CardPhase::Action,
                    "a modifier is an Action Phase card (one played in the Command Phase would end with the round at once)",
                );
            }
            CardEffect::Refresh => {}
        }
    }
    let mut ids = HashSet::new();
    for o in &cards.operations {
        if !ids.insert(o.id.as_str()) {
            report.at(&o.at, "operation.id", format!("`{}` is listed twice", o.id));
        }
    }
}
