//! What one seat (or a spectator) is shown of a game: its view, and the prompt and legal
//! actions only when it is that seat's decision. Everything a seat receives, over HTTP or the
//! WebSocket, is built here, from the engine's per-viewer calls only.

use crate::live::{Holder, LiveGame};
use overlord_engine::{DynMatch, LegalAction, LogLine, Prompt, Status, Viewer};
use serde::Serialize;

/// A seat of a game, as everyone may see it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatInfo {
    pub seat: u8,
    pub label: String,
    /// The bot the server plays this seat with, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// Which game this is.
#[derive(Clone, Debug, Serialize)]
pub struct GameHeader {
    pub id: String,
    pub game: String,
    pub name: &'static str,
    pub scenario: String,
    pub rules_version: String,
    pub seats: Vec<SeatInfo>,
    /// The key of the workshop file whose data the game plays (its map and board are the
    /// workshop's: `GET /api/workshop/{game}/saved/{key}/map.svg`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workshop: Option<String>,
}

/// Log lines from `from` on (by position in the full log), of those the viewer may read.
#[derive(Clone, Debug, Serialize)]
pub struct LogSlice {
    /// The first position asked for: a client drops the lines it holds from here on, then
    /// appends these (an undo shortens the log).
    pub from: usize,
    /// The full log's length: ask for `from = length` next time.
    pub length: usize,
    pub lines: Vec<LogLine>,
}

/// Everything a seat needs to draw the table and decide.
#[derive(Clone, Debug, Serialize)]
pub struct SeatState {
    pub game: GameHeader,
    /// The seat this state is for; `null` for a spectator. For the hot-seat token, the seat
    /// to act when a person plays it, else the first seat a person plays.
    pub you: Option<u8>,
    /// Whether this state is the hot-seat token's, whose `you` follows the turn.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hot_seat: bool,
    /// Changes so far (actions and undos): send it back with an action to be sure it answers
    /// the state you saw.
    pub revision: u64,
    /// Actions in the record.
    pub actions: u64,
    pub status: Status,
    /// The game's view for this seat (public view for a spectator), as the game writes it.
    pub view: Box<serde_json::value::RawValue>,
    /// The decision asked for, when it is yours.
    pub prompt: Option<Prompt>,
    /// Your legal actions with their anchors, when it is your decision; empty otherwise.
    pub legal_actions: Vec<LegalAction>,
    pub log: LogSlice,
    /// Whether you may take back the last action now: it was yours (for the hot seat, any
    /// person's), or the computer's after yours (taken back with it), and drew nothing new (where the computer's moves go back
    /// further than the engine can tell at a glance, the undo itself may still say no).
    pub can_undo: bool,
}

/// What one seat (or a spectator) saw of a game just after its first `at` actions: the
/// replay slider's frame. Built by replaying the record's prefix; only that viewer's view and
/// log, never the state.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayState {
    pub game: GameHeader,
    pub you: Option<u8>,
    /// Actions replayed.
    pub at: usize,
    /// Actions in the whole record.
    pub actions: usize,
    pub status: Status,
    pub view: Box<serde_json::value::RawValue>,
    /// The whole log as it stood then, the lines this viewer may read.
    pub log: LogSlice,
    /// The action that led here (the `at`-th), when there is one.
    pub last_action: Option<ReplayedAction>,
}

/// Who took the action a replay frame shows, and, when it was the viewer's own, its label.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayedAction {
    pub seat: u8,
    /// The button the viewer pressed; `None` for another seat's action, whose choices the
    /// viewer may not have seen.
    pub label: Option<String>,
}

/// The header of `game`, as everyone may see it.
pub fn header(game: &LiveGame) -> GameHeader {
    GameHeader {
        id: game.row.id.clone(),
        game: game.row.game.clone(),
        name: game.name,
        scenario: game.row.scenario.clone(),
        rules_version: game.row.rules_version.clone(),
        seats: game
            .seats
            .iter()
            .map(|seat| SeatInfo {
                seat: seat.seat,
                label: seat.label.clone(),
                bot: seat.bot.clone(),
            })
            .collect(),
        workshop: game.row.workshop.clone(),
    }
}

/// The replay frame of `session` (a game replayed to its `at`-th action) for `viewer`.
pub fn replay_state(
    session: &dyn DynMatch,
    header: GameHeader,
    viewer: Viewer,
    actions: usize,
    last_action: Option<ReplayedAction>,
) -> ReplayState {
    let length = session.log_len();
    ReplayState {
        game: header,
        you: viewer.seat().map(|seat| seat.0),
        at: session.record().actions.len(),
        actions,
        status: session.status(),
        view: session.view_text(viewer),
        log: LogSlice {
            from: 0,
            length,
            lines: session.log(viewer, 0),
        },
        last_action,
    }
}

/// The state of `game` for the holder of a token (`holder`), with log lines from `log_from`
/// on.
pub fn seat_state(game: &LiveGame, holder: Holder, log_from: usize) -> SeatState {
    let viewer = game.viewer_of(holder);
    let session = &game.session;
    let status = session.status();
    let deciding =
        matches!((status, viewer), (Status::ToAct(to_act), Viewer::Seat(seat)) if to_act == seat);
    let length = session.log_len();
    let from = log_from.min(length);
    SeatState {
        game: header(game),
        you: viewer.seat().map(|seat| seat.0),
        hot_seat: holder == Holder::HotSeat,
        revision: game.row.progress.revision,
        actions: game.row.progress.action_count,
        status,
        view: session.view_text(viewer),
        prompt: deciding.then(|| session.prompt()),
        legal_actions: if deciding {
            session.legal_actions()
        } else {
            Vec::new()
        },
        log: LogSlice {
            from,
            length,
            lines: session.log(viewer, from),
        },
        can_undo: match (holder, session.undoable_by()) {
            (Holder::Seat(seat), Some(owner)) => owner == seat || game.bot_of(owner).is_some(),
            // The hot seat plays every seat of a person: any action may be its to take back.
            (Holder::HotSeat, Some(_)) => true,
            _ => false,
        },
    }
}
