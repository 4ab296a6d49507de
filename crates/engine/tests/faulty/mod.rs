//! Faulty: Duel with one deliberate defect at a time, chosen by its options, so that the tests
//! can show the conformance suite catching every kind of defect it claims to catch. A test
//! fixture of a test fixture: it lives in the engine's tests only.
//!
//! Faulty adds one thing to Duel: each seat holds a secret number 0–5 drawn at setup
//! (FAULTY-SECRET), shown in its own view only and redrawn by `determinize` for the other
//! seat. With `Defect::None` the game keeps the whole contract.

use crate::duel::{Card, Duel, DuelAction, DuelData, DuelEvent, DuelOptions, DuelView, Phase};
use overlord_engine::encoding::{ActionSpace, BlockId, ObservationShape};
use overlord_engine::{
    Anchors, Applied, Game, GameInfo, GameRng, Log, Prompt, Refusal, RuleId, Seat, SetupError,
    Status, Viewer,
};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

pub const SECRET: RuleId = RuleId("FAULTY-SECRET");

/// Every rule id Faulty (and Duel under it) names.
pub const RULE_IDS: [&str; 8] = [
    "DUEL-SETUP",
    "DUEL-TURN",
    "DUEL-DRAW",
    "DUEL-ATTACK",
    "DUEL-BRACE",
    "DUEL-WIN",
    "DUEL-END",
    "FAULTY-SECRET",
];

/// The one defect a game of Faulty has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Defect {
    /// None: the contract kept.
    #[default]
    None,
    /// `view(seat)` shows the other seat's hand.
    ViewShowsTheOtherHand,
    /// The prompt names the cards in the other seat's hand.
    PromptNamesTheOtherHand,
    /// The legal list is reversed when the other seat holds an even card.
    LegalOrderFollowsTheOtherHand,
    /// The spectator's view shows both hands.
    SpectatorSeesTheHands,
    /// The view shows the other seat's secret, and `determinize` forgets to redraw it: the
    /// determinizations agree with the view, so only the game's own leak pairs catch it.
    LazyDeterminizeAndLeak,
    /// `apply` counts the call before it checks the action, so a refusal changes the state.
    MutatesBeforeRefusing,
    /// Refusals give no reason.
    RefusesWithoutReason,
    /// The main prompt lists Back, which `apply` refuses there.
    ListsAnIllegalAction,
    /// `apply` accepts Back at the main prompt (doing nothing), though it is not listed.
    AcceptsAnUnlistedAction,
    /// The main prompt lists Pass twice.
    ListsAnActionTwice,
    /// `apply_listed` takes a shortcut that leaves the state different from `apply`'s.
    ListedShortcutDiffers,
    /// `apply` counts steps only when the log is kept.
    StateDependsOnTheLog,
    /// `apply` stamps the state from a global counter, not from the state.
    NotDeterministic,
    /// Setup draws the secrets from a global counter instead of the game's generator.
    SetupNotSeeded,
    /// From turn 6 nothing is legal, though the game is not over.
    Stalls,
    /// The game never says it is over: Pass, forever.
    NeverEnds,
    /// `apply` looks a committed card up in a table before checking it: an unknown card
    /// (garbage such as `{"commit": 255}`) panics.
    PanicsOnAnUnknownCard,
    /// `Clone` rebuilds an order that equality ignores but the legal list follows.
    UnstableClone,
    /// A draw reports `Applied::QUIET`: undo could take back a card its drawer has seen.
    QuietDraw,
    /// The brace prompt is given to a third seat the game does not have.
    ActsFromAThirdSeat,
    /// Passing logs under a rule id no spec defines.
    LogsAnUnknownRule,
    /// A won game also says it is drawn.
    DrawWithAWinner,
    /// The view holds a map with pair keys, which JSON cannot write.
    ViewDoesNotSerialize,
    /// The observation holds the other seat's secret, which no view shows.
    ObservationShowsTheOtherSecret,
    /// Pass has Draw's action id, so the two cannot be told apart by id.
    TwoActionsShareAnId,
    /// The observation is one value short of its shape.
    ObservationTooShort,
    /// Every action names a unit whose line of sight lists the other seat's hand.
    SightShowsTheOtherHand,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FaultyOptions {
    pub defect: Defect,
}

/// What one viewer sees: Duel's view, the viewer's own secret, and what a defect lets slip.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FaultyView {
    pub duel: DuelView,
    pub secret: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slipped: Option<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unwritable: Option<HashMap<(u8, u8), u8>>,
}

static GLOBAL: AtomicU32 = AtomicU32::new(0);

#[derive(Debug)]
pub struct Faulty {
    inner: Duel,
    defect: Defect,
    secrets: [u8; 2],
    /// A count some defects keep (calls, steps, stamps).
    touched: u32,
    /// An order equality ignores (`UnstableClone` flips it on every clone).
    flipped: bool,
}

impl Clone for Faulty {
    fn clone(&self) -> Self {
        Faulty {
            inner: self.inner.clone(),
            defect: self.defect,
            secrets: self.secrets,
            touched: self.touched,
            flipped: if self.defect == Defect::UnstableClone {
                !self.flipped
            } else {
                self.flipped
            },
        }
    }
}

impl PartialEq for Faulty {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
            && self.defect == other.defect
            && self.secrets == other.secrets
            && self.touched == other.touched
    }
}

fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

/// Card values by card number, with no entry for cards that do not exist.
const VALUES: [u8; 13] = [0, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6];

impl Faulty {
    pub fn secret(&self, seat: Seat) -> u8 {
        self.secrets[seat.index()]
    }

    /// This state with `seat`'s secret set to `value`.
    pub fn with_secret(&self, seat: Seat, value: u8) -> Faulty {
        let mut copy = self.clone();
        copy.flipped = self.flipped;
        copy.secrets[seat.index()] = value;
        copy
    }

    fn turns_played(&self) -> u8 {
        self.inner.view(Viewer::Spectator).turns_played
    }
}

impl Game for Faulty {
    type Data = DuelData;
    type Options = FaultyOptions;
    type Action = DuelAction;
    type View = FaultyView;
    type Event = DuelEvent;

    fn info() -> GameInfo {
        GameInfo {
            id: "faulty",
            name: "Faulty (Duel with a defect, engine test game)",
            rules_version: "1",
            min_seats: 2,
            max_seats: 2,
        }
    }

    fn setup(
        data: &Arc<DuelData>,
        scenario: &str,
        options: &FaultyOptions,
        mut rng: GameRng,
        log: &mut Log<DuelEvent>,
    ) -> Result<Faulty, SetupError> {
        let secrets = if options.defect == Defect::SetupNotSeeded {
            let stamp = GLOBAL.fetch_add(1, Ordering::Relaxed);
            [(stamp % 6) as u8, (stamp / 6 % 6) as u8]
        } else {
            [
                rng.pick_index(6, SECRET) as u8,
                rng.pick_index(6, SECRET) as u8,
            ]
        };
        let inner = Duel::setup(data, scenario, &DuelOptions::default(), rng, log)?;
        Ok(Faulty {
            inner,
            defect: options.defect,
            secrets,
            touched: 0,
            flipped: false,
        })
    }

    fn status(&self) -> Status {
        match (self.defect, self.inner.status()) {
            (Defect::NeverEnds, Status::Over(_)) => Status::ToAct(Seat(0)),
            (Defect::ActsFromAThirdSeat, Status::ToAct(_))
                if matches!(self.inner.phase(), Phase::Brace { .. }) =>
            {
                Status::ToAct(Seat(2))
            }
            (Defect::DrawWithAWinner, Status::Over(mut outcome)) if !outcome.winners.is_empty() => {
                outcome.draw = true;
                Status::Over(outcome)
            }
            (_, status) => status,
        }
    }

    fn prompt(&self) -> Prompt {
        let mut prompt = self.inner.prompt();
        if self.defect == Defect::PromptNamesTheOtherHand
            && let Status::ToAct(seat) = self.inner.status()
        {
            prompt.text = format!(
                "{} (they hold {:?})",
                prompt.text,
                self.inner.hand(other(seat))
            );
        }
        prompt
    }

    fn legal_actions(&self, out: &mut Vec<DuelAction>) {
        if self.defect == Defect::NeverEnds && matches!(self.inner.status(), Status::Over(_)) {
            out.clear();
            out.push(DuelAction::Pass);
            return;
        }
        self.inner.legal_actions(out);
        let main = self.inner.phase() == Phase::Main;
        match self.defect {
            Defect::ListsAnIllegalAction if main => out.push(DuelAction::Back),
            Defect::ListsAnActionTwice if main => out.push(DuelAction::Pass),
            Defect::LegalOrderFollowsTheOtherHand => {
                if let Status::ToAct(seat) = self.inner.status()
                    && self.inner.hand(other(seat)).iter().any(|c| c % 2 == 0)
                {
                    out.reverse();
                }
            }
            Defect::Stalls if self.turns_played() >= 6 => out.clear(),
            Defect::UnstableClone if self.flipped => out.reverse(),
            _ => {}
        }
    }

    fn apply(&mut self, action: DuelAction, log: &mut Log<DuelEvent>) -> Result<Applied, Refusal> {
        match self.defect {
            Defect::MutatesBeforeRefusing => self.touched += 1,
            Defect::PanicsOnAnUnknownCard => {
                if let DuelAction::Commit(card) | DuelAction::Brace(card) = action {
                    let _value = VALUES[usize::from(card)];
                }
            }
            Defect::NeverEnds
                if action == DuelAction::Pass && matches!(self.inner.status(), Status::Over(_)) =>
            {
                return Ok(Applied::QUIET);
            }
            Defect::AcceptsAnUnlistedAction
                if action == DuelAction::Back && self.inner.phase() == Phase::Main =>
            {
                return Ok(Applied::QUIET);
            }
            _ => {}
        }
        let seat = self.inner.status().seat();
        let applied = self.inner.apply(action, log).map_err(|refusal| {
            if self.defect == Defect::RefusesWithoutReason {
                Refusal {
                    rule: refusal.rule,
                    reason: "".into(),
                }
            } else {
                refusal
            }
        })?;
        match self.defect {
            Defect::StateDependsOnTheLog if log.is_enabled() => self.touched += 1,
            Defect::NotDeterministic => self.touched = GLOBAL.fetch_add(1, Ordering::Relaxed),
            Defect::LogsAnUnknownRule if action == DuelAction::Pass => {
                if let Some(seat) = seat {
                    log.public(RuleId("DUEL-NOPE"), DuelEvent::Passed { seat }, || {
                        format!("{seat} passes, by a rule nobody wrote.")
                    });
                }
            }
            Defect::QuietDraw if action == DuelAction::Draw => return Ok(Applied::QUIET),
            _ => {}
        }
        Ok(applied)
    }

    fn apply_listed(
        &mut self,
        action: DuelAction,
        log: &mut Log<DuelEvent>,
    ) -> Result<Applied, Refusal> {
        let applied = self.apply(action, log)?;
        if self.defect == Defect::ListedShortcutDiffers {
            self.touched += 1;
        }
        Ok(applied)
    }

    fn view(&self, viewer: Viewer) -> FaultyView {
        let slipped = match (self.defect, viewer) {
            (Defect::ViewShowsTheOtherHand, Viewer::Seat(seat)) => {
                Some(self.inner.hand(other(seat)).to_vec())
            }
            (Defect::LazyDeterminizeAndLeak, Viewer::Seat(seat)) => {
                Some(vec![self.secret(other(seat))])
            }
            (Defect::SpectatorSeesTheHands, Viewer::Spectator) => Some(
                [Seat(0), Seat(1)]
                    .iter()
                    .flat_map(|s| self.inner.hand(*s).to_vec())
                    .collect::<Vec<Card>>(),
            ),
            _ => None,
        };
        FaultyView {
            duel: self.inner.view(viewer),
            secret: match viewer {
                Viewer::Seat(seat) => Some(self.secret(seat)),
                Viewer::Spectator => None,
            },
            slipped,
            unwritable: (self.defect == Defect::ViewDoesNotSerialize)
                .then(|| HashMap::from([((1, 2), 3)])),
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Faulty {
        let mut copy = self.clone();
        copy.flipped = self.flipped;
        copy.inner = self.inner.determinize(seat, rng);
        if self.defect != Defect::LazyDeterminizeAndLeak {
            copy.secrets[other(seat).index()] = (rng.next_u32() % 6) as u8;
        }
        copy
    }

    fn anchors(&self, action: &DuelAction) -> Anchors {
        let mut anchors = self.inner.anchors(action);
        if self.defect == Defect::SightShowsTheOtherHand {
            anchors.units = vec![0];
        }
        anchors
    }

    fn sight(&self, _viewer: Viewer, unit: u32) -> Option<overlord_engine::Sight> {
        let Status::ToAct(seat) = self.inner.status() else {
            return None;
        };
        (self.defect == Defect::SightShowsTheOtherHand).then(|| overlord_engine::Sight {
            unit,
            from: "hand".to_owned(),
            hexes: self
                .inner
                .hand(other(seat))
                .iter()
                .map(|card| format!("{card:?}"))
                .collect(),
            targets: Vec::new(),
        })
    }

    fn rng(&self) -> &GameRng {
        self.inner.rng()
    }

    fn action_space(&self) -> Option<&ActionSpace> {
        Some(&encoding().0)
    }

    fn action_id(&self, action: &DuelAction) -> Option<u32> {
        let space = &encoding().0;
        // The blocks in the order `encoding` adds them.
        let (block, coords) = match *action {
            DuelAction::Draw => (0, vec![]),
            DuelAction::Pass if self.defect == Defect::TwoActionsShareAnId => (0, vec![]),
            DuelAction::Attack => (1, vec![]),
            DuelAction::Pass => (2, vec![]),
            DuelAction::Commit(card) => (3, vec![u32::from(card)]),
            DuelAction::Aim(aim) => (4, vec![u32::from(aim == crate::duel::Aim::Low)]),
            DuelAction::Confirm => (5, vec![]),
            DuelAction::Back => (6, vec![]),
            DuelAction::Brace(card) => (7, vec![u32::from(card)]),
            DuelAction::TakeHit => (8, vec![]),
        };
        space.id(BlockId(block), &coords)
    }

    fn observation_shape(&self) -> Option<&ObservationShape> {
        Some(&encoding().1)
    }

    fn observe(&self, viewer: Viewer, out: &mut Vec<f32>) {
        out.clear();
        out.extend(self.inner.view(viewer).hp.map(f32::from));
        let own = match viewer {
            Viewer::Seat(seat) => self.secret(seat),
            Viewer::Spectator => 0,
        };
        out.push(f32::from(own));
        if let (Defect::ObservationShowsTheOtherSecret, Viewer::Seat(seat)) = (self.defect, viewer)
        {
            out[2] += 10.0 * f32::from(self.secret(other(seat)));
        }
        if self.defect == Defect::ObservationTooShort {
            out.pop();
        }
    }
}

/// Faulty's action space (a block per kind of action) and observation (hit points, the
/// viewer's secret).
fn encoding() -> &'static (ActionSpace, ObservationShape) {
    static ENCODING: OnceLock<(ActionSpace, ObservationShape)> = OnceLock::new();
    ENCODING.get_or_init(|| {
        let mut space = ActionSpace::new();
        let card = ("card", u32::from(u8::MAX) + 1);
        for (name, dims) in [
            ("draw", vec![]),
            ("attack", vec![]),
            ("pass", vec![]),
            ("commit", vec![card]),
            ("aim", vec![("low", 2)]),
            ("confirm", vec![]),
            ("back", vec![]),
            ("brace", vec![card]),
            ("take_hit", vec![]),
        ] {
            space.block(name, &dims);
        }
        let shape = ObservationShape {
            globals: vec!["hp_0".into(), "hp_1".into(), "own_secret".into()],
            ..ObservationShape::default()
        };
        (space, shape)
    })
}
