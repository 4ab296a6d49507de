//! The contract every game implements.

use crate::encoding::{ActionSpace, ObservationShape};
use crate::log::{Log, RuleId};
use crate::rng::GameRng;
use crate::seat::{Seat, SeatSet, Viewer};
use rand::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt::Debug;
use std::hash::Hash;
use std::path::Path;
use std::sync::Arc;

/// A game of the Overlord engine: a value built by [`Game::setup`] and advanced by
/// [`Game::apply`], one decision at a time (see DESIGN.md, "The engine contract").
///
/// Invariants every implementation keeps:
/// * every random outcome comes from the [`GameRng`] inside the state, so the record
///   `(scenario, options, randomness, actions)` rebuilds the state exactly;
/// * [`Game::apply`] either changes the state as the rules say or refuses with a reason and
///   leaves it untouched;
/// * [`Game::legal_actions`] lists exactly the actions `apply` accepts;
/// * [`Game::view`] shows a seat only what that seat may know, and
///   [`Game::determinize`] keeps everything that view shows.
///
/// The state is cloned millions of times by search: keep it flat (integer ids, `Vec`s, bit
/// sets) and put unchanging scenario data behind the `Arc` of [`Game::Data`].
pub trait Game: Clone + Debug + PartialEq + Send + Sync + Sized + 'static {
    /// Components loaded from data files (map, counters, cards, scenarios), shared by every
    /// state of every game that uses them.
    type Data: Components;
    /// The scenario options a player may set (variants, interpretations).
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One decision. Small and `Copy`: a multi-part decision is a sequence of prompts.
    type Action: Copy + Debug + Eq + Hash + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may know of the state.
    type View: Serialize;
    /// The structured event of a log entry.
    type Event: Clone + Debug + Serialize + Send + Sync;

    /// Name, rules version and seat count.
    fn info() -> GameInfo;

    /// A new game of `scenario`.
    fn setup(
        data: &Arc<Self::Data>,
        scenario: &str,
        options: &Self::Options,
        rng: GameRng,
        log: &mut Log<Self::Event>,
    ) -> Result<Self, SetupError>;

    /// Who must decide now, or how the game ended.
    fn status(&self) -> Status;

    /// The decision now asked for, named for people and programs.
    fn prompt(&self) -> Prompt;

    /// Write the legal actions of the deciding seat into `out` (cleared first). Empty only
    /// when the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Carry out `action` for the deciding seat, or refuse it with the reason and leave the
    /// state untouched.
    fn apply(
        &mut self,
        action: Self::Action,
        log: &mut Log<Self::Event>,
    ) -> Result<Applied, Refusal>;

    /// [`Game::apply`] for an action just taken from [`Game::legal_actions`] of this very
    /// state, as simulation and search do millions of times: a game may skip re-deriving the
    /// legal list to check it. Anything else (a player, a file, the network) goes through
    /// `apply`. The default is `apply`.
    fn apply_listed(
        &mut self,
        action: Self::Action,
        log: &mut Log<Self::Event>,
    ) -> Result<Applied, Refusal> {
        self.apply(action, log)
    }

    /// What `viewer` may know: never another seat's hidden card or face-down counter, never a
    /// deck's order.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// A complete state that `seat` cannot tell apart from this one: everything its view shows
    /// is kept, everything hidden from it is redrawn at random (information-set search). The
    /// state's own random generator is hidden too (it holds the draws to come), so it is
    /// reseeded from `rng`: a search on the result cannot foresee the real game's chance.
    fn determinize<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Self;

    /// Where a legal action shows on the table (hexes, units, cards) and its button label.
    fn anchors(&self, action: &Self::Action) -> Anchors;

    /// The state's random generator.
    fn rng(&self) -> &GameRng;

    /// How many seats this game is played with (its scenario and options decide; a solitaire
    /// game may offer a cooperative mode). Seats are `Seat(0)` to `Seat(seats - 1)`.
    fn seats(&self) -> u8 {
        Self::info().min_seats
    }

    /// What a seat is called at the table ("1st Division"), for prompts and join links.
    fn seat_label(&self, seat: Seat) -> String {
        format!("Player {}", u16::from(seat.0) + 1)
    }

    /// Which side `seat` plays for ("Allies", "US"): seats of one side are a team, and the
    /// simulator sums results per side as well as per seat. By default every seat is a side
    /// of its own, named by its label.
    fn seat_side(&self, seat: Seat) -> String {
        self.seat_label(seat)
    }

    /// A compact text picture of what `viewer` may see that matters now, for terminal play.
    fn text_picture(&self, _viewer: Viewer) -> Option<String> {
        None
    }

    /// Line of sight from `unit` (by the id the game's anchors use) as `viewer` may know it:
    /// the hexes it sees and each enemy unit it could or could not fire on, for a client that
    /// shows sight from a selected unit. `None` for a game without line of sight, or a unit
    /// that is not on the map or not known to `viewer`. Reveals nothing [`Game::view`] hides.
    fn sight(&self, _viewer: Viewer, _unit: u32) -> Option<Sight> {
        None
    }

    /// The figures batch simulation reports for this game beyond its outcome (losses per turn,
    /// named counters, places holding out), when the game has any; `None` by default.
    fn statistics(&self) -> Option<&dyn crate::Statistics> {
        None
    }

    /// The fixed action space of this game's scenario, the same in every position of it, for
    /// learning agents ([`crate::encoding`]); `None` for a game that has none yet.
    fn action_space(&self) -> Option<&ActionSpace> {
        None
    }

    /// The id of `action` in [`Game::action_space`]: below its size, and different for any
    /// two actions of one legal list, so that an id names one legal action. `None` when the
    /// game has no action space.
    fn action_id(&self, _action: &Self::Action) -> Option<u32> {
        None
    }

    /// The shape of [`Game::observe`]'s numbers, the same in every position of the scenario;
    /// `None` for a game that has none yet.
    fn observation_shape(&self) -> Option<&ObservationShape> {
        None
    }

    /// What `viewer` may know as numbers: `out` is cleared, then filled with
    /// [`Game::observation_shape`]'s values. A function of [`Game::view`] alone, so that it
    /// reveals nothing the view does not (the conformance suite checks it as it checks
    /// views). Writes nothing for a game that has no observation.
    fn observe(&self, _viewer: Viewer, out: &mut Vec<f32>) {
        out.clear();
    }
}

/// A game's components (map, counters, cards, scenarios) loaded from its folder under `data/`.
///
/// Separate from [`Game`] because the components exist, and are checked and drawn, before and
/// apart from the rules that play them.
pub trait Components: Sized + Send + Sync + 'static {
    /// The folder of the data in which each file is one scenario of its own (Ambush!'s
    /// `missions`): the server's workshop adds a file a person wrote there, in a copy of the
    /// data, to check and play it. `None` for data whose scenarios are not files of their own.
    const SCENARIO_FOLDER: Option<&'static str> = None;

    /// Load and check everything in `dir`, reporting every problem with file, line and field.
    fn load(dir: &Path) -> Result<Self, DataErrors>;

    /// The scenarios the data offers.
    fn scenarios(&self) -> Vec<ScenarioInfo>;

    /// One line on what the data holds (`overlord validate` prints it after a clean load).
    fn summary(&self) -> String {
        format!("{} scenarios", self.scenarios().len())
    }

    /// A picture of the board as SVG (`overlord map`), for games with a map.
    fn map_svg(&self) -> Option<String> {
        None
    }

    /// A picture of scenario `id`'s own map as SVG (`overlord map --scenario`), for games whose
    /// scenarios put their map together (Tide of Iron's boards and overlays): `None` for a game
    /// whose scenarios share one map, `Err` saying why for a scenario it cannot draw.
    fn scenario_svg(&self, id: &str) -> Option<Result<String, String>> {
        let _ = id;
        None
    }

    /// What a client needs besides the map to draw this game's views, as JSON: the names and
    /// places behind the integer ids a view uses (hexes, boxes, cards, the turn track...).
    /// Public component data only, the same for every game of this data; `None` when the
    /// views need nothing more.
    fn board(&self) -> Option<serde_json::Value> {
        None
    }
}

/// What a game says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// Short id used on the command line and in records (`omaha`).
    pub id: &'static str,
    /// Full name.
    pub name: &'static str,
    /// Changes whenever the same record could play out differently: records made under
    /// another version are not replayed silently.
    pub rules_version: &'static str,
    /// Fewest seats a game can have.
    pub min_seats: u8,
    /// Most seats a game can have.
    pub max_seats: u8,
}

/// One scenario the data offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioInfo {
    /// Id used on the command line (`first-wave`).
    pub id: String,
    /// Full name.
    pub name: String,
    /// Seats the scenario is played with.
    pub seats: u8,
    /// The options a game of this scenario may be started with (`overlord play --option`),
    /// for a lobby to offer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<OptionInfo>,
}

/// One option a scenario offers: an optional rule, a variant, a mode of play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionInfo {
    /// The key to set to `true` in a game's options (`22.1`, `two-player`).
    pub id: String,
    /// What it does, for people.
    pub name: String,
}

/// Whose decision it is, or how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// This seat must choose one of the legal actions.
    ToAct(Seat),
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// The seat to act, if the game goes on.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Status::ToAct(seat) => Some(seat),
            Status::Over(_) => None,
        }
    }
}

/// How a game ended, for every seat: who won, and each seat's reward and score (OpenSpiel's
/// `Returns()`: one value per player, not one for "the" player).
///
/// A cooperative or solitaire game gives every seat the same score ([`Outcome::shared`]); a
/// game of opposed sides gives each seat its own ([`Outcome::per_seat`]). The reward follows
/// from the winners: 1 a win, ½ a draw, 0 a loss, so a team's seats share theirs.
///
/// `Copy` and fixed-size (at most [`Seat::MAX`] seats), so a state holding one stays flat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The seats that won (a whole team, or none when nobody did).
    pub winners: SeatSet,
    /// Whether the game was drawn (then `winners` is empty).
    pub draw: bool,
    /// The rule that ended the game.
    pub rule: RuleId,
    /// How many seats the game had: `scores[..seats]` are meaningful.
    seats: u8,
    scores: [i32; Seat::MAX as usize],
}

impl Outcome {
    /// A result every seat shares: a solitaire game, or a cooperative one where the players
    /// win or lose together with one score (D-Day at Omaha Beach's victory points).
    pub fn shared(seats: u8, winners: SeatSet, draw: bool, score: i32, rule: RuleId) -> Outcome {
        let seats = seats.clamp(1, Seat::MAX);
        Outcome {
            winners,
            draw,
            rule,
            seats,
            scores: [score; Seat::MAX as usize],
        }
    }

    /// A result with a score of its own for each seat, `scores[s]` for `Seat(s)` (a seat past
    /// the end of `scores` scores 0; more than [`Seat::MAX`] are cut).
    pub fn per_seat(winners: SeatSet, draw: bool, scores: &[i32], rule: RuleId) -> Outcome {
        let seats = scores.len().clamp(1, usize::from(Seat::MAX));
        let mut all = [0; Seat::MAX as usize];
        for (cell, score) in all.iter_mut().zip(scores) {
            *cell = *score;
        }
        Outcome {
            winners,
            draw,
            rule,
            seats: seats as u8,
            scores: all,
        }
    }

    /// How many seats the game was played with.
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// The reward of `seat` for search and statistics: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn reward(&self, seat: Seat) -> f64 {
        if self.draw {
            0.5
        } else if self.winners.contains(seat) {
            1.0
        } else {
            0.0
        }
    }

    /// Every seat's reward, in seat order (OpenSpiel's `Returns()`).
    pub fn rewards(&self) -> Vec<f64> {
        (0..self.seats).map(|s| self.reward(Seat(s))).collect()
    }

    /// The game's score of the result for `seat` (victory points, hit points ahead...); 0 for a
    /// seat the game did not have.
    pub fn score(&self, seat: Seat) -> i32 {
        if seat.0 < self.seats {
            self.scores.get(seat.index()).copied().unwrap_or(0)
        } else {
            0
        }
    }

    /// Every seat's score, in seat order.
    pub fn scores(&self) -> &[i32] {
        self.scores.get(..usize::from(self.seats)).unwrap_or(&[])
    }

    /// Whether `seat` won.
    pub fn won(&self, seat: Seat) -> bool {
        self.winners.contains(seat)
    }
}

impl Serialize for Outcome {
    /// `{"winners": 1, "draw": false, "rule": "13.2", "rewards": [1.0], "scores": [13]}`: the
    /// per-seat arrays as long as the game has seats.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Outcome", 5)?;
        s.serialize_field("winners", &self.winners)?;
        s.serialize_field("draw", &self.draw)?;
        s.serialize_field("rule", &self.rule)?;
        s.serialize_field("rewards", &self.rewards())?;
        s.serialize_field("scores", self.scores())?;
        s.end()
    }
}

impl std::fmt::Display for Outcome {
    /// "won by seat 1 (DUEL-WIN), scores 3/-3", "drawn (DUEL-END), score 0", or "lost (13.1),
    /// score -1" when nobody won (a solitaire defeat). One score when every seat has the same.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.draw {
            f.write_str("drawn")?;
        } else if self.winners.is_empty() {
            f.write_str("lost")?;
        } else {
            f.write_str("won by ")?;
            for (i, seat) in self.winners.iter().enumerate() {
                if i > 0 {
                    f.write_str(" and ")?;
                }
                write!(f, "{seat}")?;
            }
        }
        write!(f, " ({})", self.rule)?;
        match self.scores() {
            [first, rest @ ..] if rest.iter().all(|s| s == first) => write!(f, ", score {first}"),
            scores => {
                let all: Vec<String> = scores.iter().map(ToString::to_string).collect();
                write!(f, ", scores {}", all.join("/"))
            }
        }
    }
}

/// The decision asked for now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Prompt {
    /// The prompt's name in the game's state machine (`choose_target`).
    pub name: &'static str,
    /// The rule that asks for the decision.
    pub rule: RuleId,
    /// The question, for people.
    pub text: String,
}

/// Where an action shows on the table, so one generic client can draw and click every game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Anchors {
    /// The button label.
    pub label: String,
    /// Hexes the action concerns, as printed labels (`0812`), in order (from, to).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<String>,
    /// Units the action concerns, by the game's unit id.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<u32>,
    /// Cards the action concerns, by the game's card id.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<u32>,
    /// Places the action concerns that are not hexes (a landing box, a track's space, a card
    /// in a hand, a figure on a base, a mission's paragraph), so a client highlights and
    /// clicks them like hexes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<Place>,
}

/// Line of sight from one unit ([`Game::sight`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Sight {
    /// The unit looked from, by its anchors' id.
    pub unit: u32,
    /// The hex it looks from, as printed.
    pub from: String,
    /// Every hex it sees, as printed labels, its own included.
    pub hexes: Vec<String>,
    /// Each enemy unit on the map, and whether this unit could fire on it.
    pub targets: Vec<SightTarget>,
}

/// An enemy unit as seen from a [`Sight`]'s unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SightTarget {
    /// The target, by its anchors' id.
    pub unit: u32,
    /// Its hex, as printed.
    pub hex: String,
    /// Why it could not be fired on now, citing the rule (blocked sight, out of range, hidden);
    /// `None` when it could.
    pub blocked: Option<String>,
}

/// A place on the table that is not a hex, named by its kind and the id the game's board data
/// gives it (the map's `data-box` of a box, a track's space number...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// What kind of place: one of the `Place::` kinds (`box`, `track`, `hand`, `figure`,
    /// `paragraph`), or a game's own.
    pub kind: &'static str,
    /// Which one, as the game's board data and map name it.
    pub id: String,
}

impl Place {
    /// A holding or landing box drawn on the map (mapdraw's `data-box`).
    pub const BOX: &'static str = "box";
    /// A space of a track (turn, records, weather...): `id` is `TRACK:SPACE`.
    pub const TRACK: &'static str = "track";
    /// A card in a hand or play area: `id` is the card's id.
    pub const HAND: &'static str = "hand";
    /// A figure on a squad's base: `id` is `UNIT:FIGURE`.
    pub const FIGURE: &'static str = "figure";
    /// A paragraph of a mission book: `id` is its number.
    pub const PARAGRAPH: &'static str = "paragraph";

    /// The place of `kind` called `id`.
    pub fn new(kind: &'static str, id: impl Into<String>) -> Place {
        Place {
            kind,
            id: id.into(),
        }
    }
}

impl Anchors {
    /// Anchors with just a label.
    pub fn label(label: impl Into<String>) -> Anchors {
        Anchors {
            label: label.into(),
            ..Anchors::default()
        }
    }
}

/// What an accepted action did that the engine must know about.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct Applied {
    /// The action showed someone hidden information (a face-down counter, a card) without
    /// drawing randomness: undo must not take it back.
    pub revealed_hidden: bool,
}

impl Applied {
    /// Nothing hidden was shown.
    pub const QUIET: Applied = Applied {
        revealed_hidden: false,
    };
    /// Hidden information was shown.
    pub const REVEALING: Applied = Applied {
        revealed_hidden: true,
    };
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{reason}{}", rule.map(|r| format!(" ({r})")).unwrap_or_default())]
pub struct Refusal {
    /// The rule the action breaks, when one does.
    pub rule: Option<RuleId>,
    /// The reason, for people: what is wrong and what is allowed instead. Borrowed when it is
    /// fixed text: legal lists ask a check per candidate and drop most refusals unread, so a
    /// refusal costs no allocation unless its text is worked out.
    pub reason: Cow<'static, str>,
}

impl Refusal {
    /// A refusal under `rule`.
    pub fn by_rule(rule: RuleId, reason: impl Into<Cow<'static, str>>) -> Refusal {
        Refusal {
            rule: Some(rule),
            reason: reason.into(),
        }
    }

    /// A refusal that no single rule explains (the action belongs to another prompt).
    pub fn new(reason: impl Into<Cow<'static, str>>) -> Refusal {
        Refusal {
            rule: None,
            reason: reason.into(),
        }
    }
}

/// A game that could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// One problem in a data file, located for the person who will fix it: the workspace's one
/// problem type, [`overlord_datafile::Problem`], which map files and games' own files report
/// with too (`file:line:column: field: message`).
pub use overlord_datafile::Problem as DataError;
/// Every problem found in a game's data ([`overlord_datafile::Problems`]: a count, then one
/// problem per line).
pub use overlord_datafile::Problems as DataErrors;

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: RuleId = RuleId("T-1");

    #[test]
    fn a_shared_outcome_gives_every_seat_the_same_reward_and_score() {
        let won = Outcome::shared(2, SeatSet::first(2), false, 13, RULE);
        assert_eq!(won.rewards(), vec![1.0, 1.0]);
        assert_eq!(won.scores(), &[13, 13]);
        assert_eq!(won.score(Seat(2)), 0, "a seat the game did not have");
        let lost = Outcome::shared(1, SeatSet::EMPTY, false, -1, RULE);
        assert_eq!((lost.rewards(), lost.scores()), (vec![0.0], &[-1][..]));
        assert_eq!(lost.to_string(), "lost (T-1), score -1");
    }

    #[test]
    fn opposed_seats_have_their_own_rewards_and_scores() {
        let o = Outcome::per_seat(SeatSet::only(Seat(1)), false, &[-2, 2], RULE);
        assert_eq!(o.seats(), 2);
        assert_eq!(o.rewards(), vec![0.0, 1.0]);
        assert_eq!((o.score(Seat(0)), o.score(Seat(1))), (-2, 2));
        assert!(o.won(Seat(1)) && !o.won(Seat(0)));
        assert_eq!(o.to_string(), "won by seat 2 (T-1), scores -2/2");
        let drawn = Outcome::per_seat(SeatSet::EMPTY, true, &[0, 0, 0], RULE);
        assert_eq!(drawn.rewards(), vec![0.5; 3]);
        assert_eq!(
            serde_json::to_value(o).unwrap(),
            serde_json::json!({"winners": 2, "draw": false, "rule": "T-1",
                "rewards": [0.0, 1.0], "scores": [-2, 2]})
        );
    }
}
