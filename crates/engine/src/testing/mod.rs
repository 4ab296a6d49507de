//! Test support every game's tests share (the `testing` feature): the conformance suite a game
//! runs in one line, and the checks of a data corpus and of rule citations that do not depend
//! on any one game.
//!
//! * [`conformance`] plays seeded random games of any [`Game`](crate::Game) and checks the
//!   engine contract at every step: no panic, no stall, every listed action accepted, a refused
//!   action changes nothing, undo is exact, views survive `determinize`, two states a seat
//!   cannot tell apart look the same to it, the record replays bit for bit. A game adds its own
//!   invariants and leak pairs through hooks on [`Conformance`]. Modelled on OpenSpiel's
//!   `basic_tests` (random simulation, `ApplyActionTestClone`, `ResampleInfostateTest`).
//! * [`broken_data_corpus`] breaks a copy of a game's shipped data as each case of a corpus
//!   says and checks that loading it names the file, field and message the case expects.
//! * [`layers`] checks that a game crate's modules import only down its layers.
//! * [`cited`], [`uncited`] and [`read_rule_ids`]: whether test code cites every rule id of a
//!   game's list, and [`Conformance::rule_ids`] checks that what a game logs, asks and refuses
//!   cites ids of its spec.
//!
//! Nothing here is part of a game or a binary: the module is compiled only with the feature,
//! which a game crate turns on in its dev-dependencies:
//!
//! ```toml
//! [dev-dependencies]
//! overlord-engine = { workspace = true, features = ["testing"] }
//! ```
//!
//! Every entry point returns a `Result` whose error is a report for people;
//! [`conformance`] is the one-line form that panics with that report.

mod citations;
mod conformance;
mod corpus;
mod json;
mod layers;
mod report;

pub use citations::{cited, read_rule_ids, rules_without_text, rust_sources, uncited};
pub use conformance::{
    Conformance, Indistinguishable, Invariant, Policy, Transition, check, conformance,
};
pub use corpus::{BrokenCase, broken_data_corpus};
pub use layers::layers;
pub use report::{Failure, Property, Summary};

/// The generator the suite hands a policy and the leak-pair hook: ChaCha8, seeded from the
/// game's seed, so a seed always plays the same game.
pub use rand_chacha::ChaCha8Rng as CheckRng;
