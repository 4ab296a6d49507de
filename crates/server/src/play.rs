//! What a client can do with games, whatever the transport: create, import, look, act, undo,
//! export, list. HTTP (`api`) and the WebSocket (`ws`) both call these, so every check is made
//! in one place: the token's seat, the turn, the revision, the engine's own refusal.

use crate::app::App;
use crate::errors::ApiError;
use crate::live::{GameGuard, Holder, LiveGame, progress_of};
use crate::seats;
use crate::store::{self, Change, GameRow, GameStatus, Progress, SeatRow};
use crate::views::{SeatState, seat_state};
use overlord_engine::{GameRecord, MatchError, RECORD_FORMAT, RandomSpec, Seat, Status, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// `POST /api/games`: a new game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game's id in the catalog (`omaha`).
    pub game: String,
    /// The scenario's id (`first-wave`).
    pub scenario: String,
    /// The scenario options, as the game reads them (`{"22.1": true}`); null for none.
    #[serde(default)]
    pub options: Value,
    /// The seed; a random one when absent. Whoever knows it can work out everything hidden.
    #[serde(default)]
    pub seed: Option<u64>,
    /// How many seats (one link each): the scenario's number when absent.
    #[serde(default)]
    pub seats: Option<u8>,
    /// Names for the seats, in order (`Seat 1`, `Seat 2`... for those not given).
    #[serde(default)]
    pub labels: Vec<String>,
    /// Seats the server plays itself: seat number from 0 (as text, a JSON key) to the bot's
    /// name (`{"1": "rule"}`).
    #[serde(default)]
    pub bots: BTreeMap<String, String>,
    /// Give the game a hot-seat token too: one link that plays whichever seat of a person is
    /// to act, for people sharing one screen.
    #[serde(default)]
    pub hot_seat: bool,
    /// Play a file saved in the workshop (its key): its copy of the game's data instead of
    /// the catalog's, `scenario` one of the file's.
    #[serde(default)]
    pub workshop: Option<String>,
}

/// `POST /api/games/import`: a new game from a record, replayed and checked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    pub record: GameRecord,
    #[serde(default)]
    pub seats: Option<u8>,
    #[serde(default)]
    pub labels: Vec<String>,
    /// As for [`CreateRequest::bots`].
    #[serde(default)]
    pub bots: BTreeMap<String, String>,
    /// As for [`CreateRequest::hot_seat`].
    #[serde(default)]
    pub hot_seat: bool,
}

/// A seat of a game just created, with its secret: shown once, never again.
#[derive(Clone, Debug, Serialize)]
pub struct NewSeat {
    pub seat: u8,
    pub label: String,
    /// The seat's secret token: send it as `Authorization: Bearer TOKEN`. `None` for a seat
    /// the server plays, which nobody else may play.
    pub token: Option<String>,
    /// The join link to give the seat's player; for a seat the server plays, the link to
    /// watch.
    pub link: String,
    /// The bot that plays the seat, when the server plays it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// The hot-seat token of a game just created, with its link: shown once, never again.
#[derive(Clone, Debug, Serialize)]
pub struct NewHotSeat {
    /// Plays whichever seat of a person is to act: `Authorization: Bearer TOKEN`.
    pub token: String,
    /// The one page that plays every person's seat in turn.
    pub link: String,
}

/// The answer to creating or importing a game.
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    pub id: String,
    pub game: String,
    pub scenario: String,
    pub seats: Vec<NewSeat>,
    /// The hot-seat token and link, when the game was asked for with `hot_seat`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hot_seat: Option<NewHotSeat>,
    /// The link to watch (public view only).
    pub spectate: String,
}

/// `POST /api/games/{id}/actions`, or `{"type": "act"}` on the WebSocket.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    /// One of the `legal_actions[].action` values of your state.
    pub action: Value,
    /// The revision of the state you chose from: refused with 409 if the game moved on since,
    /// so a retried request is never played twice.
    #[serde(default)]
    pub revision: Option<u64>,
    /// Log lines to return from (default: those this action wrote).
    #[serde(default)]
    pub log_from: Option<usize>,
}

/// `POST /api/games/{id}/undo`, or `{"type": "undo"}` on the WebSocket.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    #[serde(default)]
    pub revision: Option<u64>,
    #[serde(default)]
    pub log_from: Option<usize>,
}

/// One game in the list of games.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    pub id: String,
    pub game: String,
    pub scenario: String,
    pub rules_version: String,
    pub status: GameStatus,
    pub to_act: Option<u8>,
    pub outcome: Option<Value>,
    pub actions: u64,
    pub seats: Vec<String>,
    pub created_ms: i64,
    pub updated_ms: i64,
    /// The game's dice are scripted (an imported record that fixed them): not a fair game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub scripted: bool,
    /// Why this build cannot go on with the game (another rules version), when it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cannot_resume: Option<String>,
    /// The workshop file the game plays, when it plays one (its scenario is not the catalog's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workshop: Option<String>,
}

const MAX_LABEL_CHARS: usize = 40;

/// Whether `label` is plain text: no control characters (line breaks, escapes) and none of
/// Unicode's text-direction overrides and isolates, with which a label can show other players
/// something else than it says (a name spelled backwards, a seat's name hidden).
fn printable(label: &str) -> bool {
    !label.chars().any(|c| {
        c.is_control()
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
    })
}

impl App {
    /// Who holds `token` in `game`: a seat, the hot seat, or a spectator when there is no
    /// token.
    pub async fn holder(&self, game: &LiveGame, token: Option<&str>) -> Result<Holder, ApiError> {
        let Some(token) = token else {
            return Ok(Holder::Spectator);
        };
        let hash = seats::token_hash(token);
        if let Some(holder) = game.holder_of(&hash) {
            // Its requests are charged to it from now on, not to its address (`limits`).
            self.limiter.know_seat(&hash);
            return Ok(holder);
        }
        let elsewhere = self
            .db
            .call(move |connection| store::game_of_token_hash(connection, &hash))
            .await
            .map_err(ApiError::storage)?;
        Err(match elsewhere {
            Some(other) => ApiError::forbidden(
                "wrong_game",
                format!(
                    "this link is for game {other}, not game {}; open the link of a seat of \
                     this game",
                    game.row.id
                ),
            ),
            None => ApiError::unauthorized(
                "no seat has this token; use the link you were given when the game was created",
            ),
        })
    }

    /// Who `token` sees `game` as now: a seat, or a spectator when there is no token (the
    /// hot seat as the seat `LiveGame::hot_seat_view` says).
    pub async fn viewer(&self, game: &LiveGame, token: Option<&str>) -> Result<Viewer, ApiError> {
        Ok(game.viewer_of(self.holder(game, token).await?))
    }

    /// The state of game `id` for the holder of `token` (a spectator without one).
    pub async fn state(
        &self,
        id: &str,
        token: Option<&str>,
        log_from: usize,
    ) -> Result<SeatState, ApiError> {
        let game = self.lock_game(id).await?;
        let holder = self.holder(&game, token).await?;
        Ok(seat_state(&game, holder, log_from))
    }

    /// `GET /api/games/{id}/sight`: line of sight from `unit` as the holder of `token` (a
    /// spectator without one) may know it.
    pub async fn sight(
        &self,
        id: &str,
        token: Option<&str>,
        unit: u32,
    ) -> Result<overlord_engine::Sight, ApiError> {
        let game = self.lock_game(id).await?;
        let viewer = self.viewer(&game, token).await?;
        game.session.sight(viewer, unit).ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::NOT_FOUND,
                "no_sight",
                format!(
                    "no line of sight from unit {unit} in game {id}: the game does not show \
                     sight, or that unit is not on the map (or not known to your seat)"
                ),
            )
        })
    }

    /// Play an action for the seat of `token`; answers the seat's new state with log lines
    /// from `log_from` (default: those the action wrote).
    pub async fn act(
        &self,
        id: &str,
        token: Option<&str>,
        request: ActRequest,
    ) -> Result<SeatState, ApiError> {
        let (game, holder, log_before) = self
            .play_action(id, token, request.action, request.revision)
            .await?;
        Ok(seat_state(
            &game,
            holder,
            request.log_from.unwrap_or(log_before),
        ))
    }

    /// Play `action` for the seat of `token` (for the hot-seat token, the seat to act) and
    /// store it; the game still locked, who holds the token, and the log length before the
    /// action.
    pub async fn play_action(
        &self,
        id: &str,
        token: Option<&str>,
        action: Value,
        revision: Option<u64>,
    ) -> Result<(GameGuard, Holder, usize), ApiError> {
        let mut game = self.lock_game(id).await?;
        let holder = self.holder(&game, token).await?;
        let seat = acting_seat(&game, holder)?;
        check_revision(&game, revision)?;
        check_turn(&game, seat)?;
        let log_before = game.session.log_len();
        game.session.apply_json(seat, &action)?;
        let game = self.commit(game, seat, Change::Act(action)).await?;
        Ok((game, holder, log_before))
    }

    /// Take back the last action, if it was the seat of `token`'s and drew nothing new;
    /// answers the seat's new state with log lines from `log_from` (default: the log's end).
    pub async fn undo(
        &self,
        id: &str,
        token: Option<&str>,
        request: UndoRequest,
    ) -> Result<SeatState, ApiError> {
        let (game, holder) = self.take_back(id, token, request.revision).await?;
        let log_length = game.session.log_len();
        Ok(seat_state(
            &game,
            holder,
            request.log_from.unwrap_or(log_length),
        ))
    }

    /// Undo the last action of the seat of `token` and store that; the game still locked and
    /// who holds the token. The moves the server's bots made since that action are taken back
    /// with it (all or none): otherwise the bot would only play its move again, and the person
    /// could never reach their own. The hot-seat token plays every seat of a person, so it
    /// takes back the last action of a person, whichever seat's, as that seat would.
    pub async fn take_back(
        &self,
        id: &str,
        token: Option<&str>,
        revision: Option<u64>,
    ) -> Result<(GameGuard, Holder), ApiError> {
        let mut game = self.lock_game(id).await?;
        let holder = self.holder(&game, token).await?;
        // The seat whose action is taken back: the token's own, or for the hot seat the first
        // seat of a person met going back (known once the loop below meets it).
        let mut seat = match holder {
            Holder::Seat(seat) => Some(seat),
            Holder::HotSeat => None,
            Holder::Spectator => return Err(only_a_seat()),
        };
        check_revision(&game, revision)?;
        // Each act and each undo is a row of the log, kept for good: rows beyond the actions
        // are two per undo.
        let progress = &game.row.progress;
        let undos = progress.revision.saturating_sub(progress.action_count) / 2;
        if undos >= self.limits.undos_per_game {
            return Err(ApiError::conflict(
                "too_many_undos",
                format!(
                    "this game has taken back {undos} actions, as many as a game may; play on, \
                     or export its record and import it to go on from here afresh"
                ),
            ));
        }
        // The actions taken back so far, last first, with who played them: put back if the
        // person's own action cannot be reached.
        let mut undone: Vec<(Seat, Value)> = Vec::new();
        let reached = loop {
            let Some(owner) = game.session.undoable_by() else {
                // Nothing (more) may be taken back: the engine says why.
                break Err(match game.session.undo() {
                    Err(MatchError::CannotUndo(reason)) if !undone.is_empty() => {
                        ApiError::conflict(
                            "cannot_undo",
                            format!(
                                "the computer's moves since your last action cannot all be \
                                 taken back, so yours stands too: {reason}"
                            ),
                        )
                    }
                    Err(error) => error.into(),
                    Ok(()) => {
                        game.mark_stale();
                        ApiError::internal("the game took back an action it said it could not")
                    }
                });
            };
            let person = game.bot_of(owner).is_none();
            if person && seat.is_none() {
                // The hot seat meets the last action of a person: that seat's to take back.
                seat = Some(owner);
            }
            let mine = seat == Some(owner);
            if !mine && person {
                break Err(not_your_action(&game, owner, !undone.is_empty()));
            }
            let Some(action) = game.session.record().actions.pop() else {
                break Err(ApiError::internal(
                    "an action to take back, but none in the record",
                ));
            };
            if let Err(error) = game.session.undo() {
                break Err(error.into());
            }
            undone.push((owner, action));
            if mine {
                break Ok(());
            }
        };
        if let Err(error) = reached {
            // Put the computer's moves back as they were: they were played from these very
            // states and drew nothing, so they replay exactly.
            for (owner, action) in undone.into_iter().rev() {
                if game.session.apply_json(owner, &action).is_err() {
                    game.mark_stale();
                    break;
                }
            }
            return Err(error);
        }
        let Some(seat) = seat else {
            return Err(ApiError::internal("an action taken back, but nobody's"));
        };
        let changes = vec![Change::Undo; undone.len()];
        let game = self.commit_all(game, seat, changes).await?;
        Ok((game, holder))
    }

    /// The record of game `id`. It holds the seed, which tells everything hidden, so while the
    /// game goes on only the one person of a game with one (the other seats the server's bots,
    /// which never read it) may have it, and only asking with `reveal`; once the game is over,
    /// anyone.
    pub async fn export(
        &self,
        id: &str,
        token: Option<&str>,
        reveal: bool,
    ) -> Result<GameRecord, ApiError> {
        let game_id = id.to_owned();
        let stored = self
            .db
            .call(move |connection| store::load(connection, &game_id))
            .await
            .map_err(ApiError::storage)?
            .ok_or_else(|| ApiError::not_found(format!("no game `{id}` on this server")))?;
        if stored.row.progress.status == GameStatus::InProgress {
            let hash = token.map(seats::token_hash);
            let own_seat = stored
                .seats
                .iter()
                .map(|seat| &seat.token_hash)
                .chain(stored.hot_seat_hash.as_ref())
                .any(|own| Some(own) == hash.as_ref());
            if !own_seat {
                return Err(match token {
                    Some(_) => ApiError::unauthorized(
                        "no seat of this game has this token; the record of a game in progress \
                         goes only to its seat",
                    ),
                    None => ApiError::unauthorized(
                        "the record of a game in progress goes only to its seat: send your \
                         seat's token, or ask again once the game is over",
                    ),
                });
            }
            if stored
                .seats
                .iter()
                .filter(|seat| seat.bot.is_none())
                .count()
                > 1
            {
                return Err(ApiError::forbidden(
                    "record_hidden",
                    "the record holds the seed, which tells every seat's hidden cards and \
                     counters; in a game of several seats it is given out once the game is over",
                ));
            }
            if !reveal {
                return Err(ApiError::conflict(
                    "record_reveals",
                    "the record holds the seed, from which every hidden counter and the order of \
                     the deck can be worked out; ask again with ?reveal=true to have it anyway",
                ));
            }
        }
        if self.check_playable_here(&stored.row).is_ok() {
            // The engine's own record: actions exactly as the game writes them.
            let game = self.lock_game(id).await?;
            return Ok(game.record());
        }
        Ok(record_of(&stored))
    }

    /// Games, most recently played first (those with `status`, or all).
    pub async fn list(&self, status: Option<GameStatus>) -> Result<Vec<Listing>, ApiError> {
        let rows = self
            .db
            .call(move |connection| store::list(connection, status, 200))
            .await
            .map_err(ApiError::storage)?;
        Ok(rows
            .into_iter()
            .map(|(row, seats)| Listing {
                cannot_resume: self
                    .check_playable_here(&row)
                    .err()
                    .map(|error| error.reason),
                id: row.id,
                game: row.game,
                scenario: row.scenario,
                rules_version: row.rules_version,
                status: row.progress.status,
                to_act: row.progress.to_act,
                outcome: row.progress.outcome,
                actions: row.progress.action_count,
                seats,
                created_ms: row.created_ms,
                updated_ms: row.updated_ms,
                scripted: row.randomness.script.is_some(),
                workshop: row.workshop,
            })
            .collect())
    }

    /// Start a new game.
    pub async fn create(&self, request: CreateRequest) -> Result<Created, ApiError> {
        let data_dir = match &request.workshop {
            Some(key) => self.workshop_data(&request.game, key)?,
            None => self.catalog.data_dir(&request.game),
        };
        let catalog_game = self.catalog.game(&request.game).ok_or_else(|| {
            ApiError::bad_request(
                "unknown_game",
                format!(
                    "no game called `{}`; GET /api/catalog lists the games there are",
                    request.game
                ),
            )
        })?;
        let workshop_scenarios = match &request.workshop {
            Some(_) => Some(
                self.registry
                    .get(&request.game)?
                    .scenarios(&data_dir)
                    .map_err(|problems| {
                        ApiError::internal(format!("the saved data does not load: {problems}"))
                    })?,
            ),
            None => None,
        };
        let scenarios = workshop_scenarios
            .as_ref()
            .unwrap_or(&catalog_game.scenarios);
        scenarios
            .iter()
            .find(|scenario| scenario.id == request.scenario)
            .ok_or_else(|| {
                let known: Vec<&str> = scenarios.iter().map(|s| s.id.as_str()).collect();
                ApiError::bad_request(
                    "unknown_scenario",
                    format!(
                        "`{}` has no scenario `{}`; choose one of: {}",
                        request.game,
                        request.scenario,
                        known.join(", ")
                    ),
                )
            })?;
        let info = &catalog_game.info;
        let randomness = RandomSpec::seeded(match request.seed {
            Some(seed) => seed,
            None => seats::new_seed()?,
        });
        let app = self.clone();
        let (game, scenario_id, options) = (
            request.game.clone(),
            request.scenario.clone(),
            request.options.clone(),
        );
        let start = randomness.clone();
        let session = tokio::task::spawn_blocking(move || {
            let entry = app.registry.get(&game)?;
            entry.new_match(&data_dir, &scenario_id, &options, start)
        })
        .await
        .map_err(|error| ApiError::internal(format!("setting up the game failed: {error}")))??;
        let row = GameRow {
            id: seats::new_game_id()?,
            game: request.game,
            scenario: request.scenario,
            // As the game writes them (defaults filled in), so a record built from the row
            // replays.
            options: session.record().options,
            randomness,
            rules_version: info.rules_version.to_owned(),
            progress: Progress {
                status: GameStatus::InProgress,
                to_act: None,
                outcome: None,
                action_count: 0,
                revision: 0,
            },
            created_ms: store::now_ms(),
            updated_ms: store::now_ms(),
            workshop: request.workshop,
        };
        self.start(
            row,
            request.seats,
            &request.labels,
            &request.bots,
            request.hot_seat,
            session,
            None,
        )
        .await
    }

    /// Start a new game from a record, replayed and checked action by action.
    pub async fn import(&self, request: ImportRequest) -> Result<Created, ApiError> {
        let record = request.record;
        self.catalog.game(&record.game).ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                "bad_record",
                format!(
                    "the record is a game of `{}`, which this build does not have",
                    record.game
                ),
            )
        })?;
        if record.format != RECORD_FORMAT {
            return Err(ApiError::new(
                axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                "bad_record",
                format!(
                    "the record has format {}, and this build reads format {RECORD_FORMAT}",
                    record.format
                ),
            ));
        }
        let app = self.clone();
        // The record moves to the replaying thread and back: a copy would double what a
        // large import takes.
        let (session, record) = tokio::task::spawn_blocking(move || {
            let session = app
                .registry
                .get(&record.game)
                .and_then(|entry| entry.replay(&app.catalog.data_dir(&record.game), &record));
            (session, record)
        })
        .await
        .map_err(|error| ApiError::internal(format!("replaying the record failed: {error}")))?;
        let session = session.map_err(|error| match ApiError::from(error) {
            // A record that sets up no game (an unknown scenario, bad options) is a bad
            // record, as one whose actions do not replay.
            refused if refused.code == "setup" || refused.code == "bad_options" => ApiError {
                status: axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                code: "bad_record",
                ..refused
            },
            refused => refused,
        })?;
        let action_count = record.actions.len() as u64;
        let row = GameRow {
            id: seats::new_game_id()?,
            game: record.game.clone(),
            scenario: record.scenario.clone(),
            options: record.options.clone(),
            randomness: record.randomness.clone(),
            rules_version: record.rules_version.clone(),
            progress: Progress {
                status: GameStatus::InProgress,
                to_act: None,
                outcome: None,
                action_count,
                revision: 0,
            },
            created_ms: store::now_ms(),
            updated_ms: store::now_ms(),
            // A record names no workshop file: it replays on the catalog's data.
            workshop: None,
        };
        // The record is the game's starting point: stored as its snapshot at revision 0.
        self.start(
            row,
            request.seats,
            &request.labels,
            &request.bots,
            request.hot_seat,
            session,
            Some(record),
        )
        .await
    }

    /// Check the seats and their bots, make the tokens (a hot-seat one too with `hot_seat`),
    /// store the game, keep it in memory, and wake its bot if a bot seat is to act first.
    #[allow(clippy::too_many_arguments)]
    async fn start(
        &self,
        mut row: GameRow,
        requested_seats: Option<u8>,
        labels: &[String],
        bots: &BTreeMap<String, String>,
        hot_seat: bool,
        session: Box<dyn overlord_engine::DynMatch>,
        base_record: Option<GameRecord>,
    ) -> Result<Created, ApiError> {
        let info = session.info();
        // The game says how many seats it has: its scenario and options decide (DDOB's
        // `two-player` option makes two).
        let seat_count = session.seats();
        if let Some(requested) = requested_seats
            && requested != seat_count
        {
            return Err(ApiError::bad_request(
                "bad_seats",
                format!(
                    "{} `{}` with these options is played with {seat_count} seat(s), not {requested}; a game's options choose its seats (for two players of D-Day at Omaha Beach, the option `two-player`)",
                    info.name, row.scenario
                ),
            ));
        }
        if seat_count < info.min_seats || seat_count > info.max_seats {
            return Err(ApiError::bad_request(
                "bad_seats",
                format!(
                    "{} is played with {} to {} seats, not {seat_count}",
                    info.name, info.min_seats, info.max_seats
                ),
            ));
        }
        if labels.len() > usize::from(seat_count)
            || labels
                .iter()
                .any(|label| label.chars().count() > MAX_LABEL_CHARS)
        {
            return Err(ApiError::bad_request(
                "bad_labels",
                format!("give at most one label per seat, of at most {MAX_LABEL_CHARS} characters"),
            ));
        }
        if let Some(label) = labels.iter().find(|label| !printable(label)) {
            return Err(ApiError::bad_request(
                "bad_labels",
                format!(
                    "the label {label:?} holds control or text-direction characters, which could \
                     hide or reorder what other players read; use plain text"
                ),
            ));
        }
        if let Some(seat) = session.status().seat()
            && seat.0 >= seat_count
        {
            return Err(ApiError::bad_request(
                "bad_seats",
                format!("this game needs more than {seat_count} seats: {seat} is to act"),
            ));
        }
        let bots = self.bot_seats(session.as_ref(), &row.game, bots)?;
        let people = bots.iter().filter(|bot| bot.is_none()).count();
        if hot_seat && people < 2 {
            return Err(ApiError::bad_request(
                "bad_hot_seat",
                format!(
                    "hot_seat plays the seats of several people on one screen, and this game has \
                     {people} seat(s) played by a person; {}",
                    if people == 1 {
                        "its seat's link is already the one page to play on"
                    } else {
                        "the computer plays every seat (watch it at the spectator's link)"
                    }
                ),
            ));
        }
        let hot_seat = if hot_seat {
            let token = seats::new_token()?;
            let hash = seats::token_hash(&token);
            self.limiter.know_seat(&hash);
            Some((token, hash))
        } else {
            None
        };
        let mut seats_out = Vec::new();
        let mut seat_rows = Vec::new();
        for (seat, bot) in (0..seat_count).zip(bots) {
            // A seat the server plays gets a token too (the table's rows all have one), but
            // nobody is given it.
            let token = seats::new_token()?;
            if bot.is_none() {
                self.limiter.know_seat(&seats::token_hash(&token));
            }
            let label = labels
                .get(usize::from(seat))
                .filter(|label| !label.trim().is_empty())
                .cloned()
                .unwrap_or_else(|| session.seat_label(Seat(seat)));
            seat_rows.push(SeatRow {
                seat,
                label: label.clone(),
                token_hash: seats::token_hash(&token),
                bot: bot.clone(),
            });
            seats_out.push(match bot {
                Some(bot) => NewSeat {
                    seat,
                    label,
                    token: None,
                    link: seats::spectate_link(&row.id),
                    bot: Some(bot),
                },
                None => NewSeat {
                    seat,
                    label,
                    link: seats::join_link(&row.id, &token),
                    token: Some(token),
                    bot: None,
                },
            });
        }
        row.progress = progress_of(session.as_ref(), 0, row.progress.action_count);
        let (stored_row, stored_seats) = (row.clone(), seat_rows.clone());
        let hot_seat_hash = hot_seat.as_ref().map(|(_, hash)| hash.clone());
        let stored_hash = hot_seat_hash.clone();
        self.db
            .call(move |connection| {
                store::insert_game(
                    connection,
                    &stored_row,
                    &stored_seats,
                    stored_hash.as_deref(),
                    &[],
                    base_record.as_ref(),
                )
            })
            .await
            .map_err(ApiError::storage)?;
        let game = LiveGame::new(row.clone(), seat_rows, info.name, session, hot_seat_hash);
        let bot_first = game.bot_to_act().is_some();
        self.games.insert(game, self.limits.live_games).await;
        if bot_first {
            self.wake_bots(&row.id);
        }
        Ok(Created {
            hot_seat: hot_seat.map(|(token, _)| NewHotSeat {
                link: seats::join_link(&row.id, &token),
                token,
            }),
            spectate: seats::spectate_link(&row.id),
            id: row.id,
            game: row.game,
            scenario: row.scenario,
            seats: seats_out,
        })
    }
}

/// The refusal of a request only a seat can make.
fn only_a_seat() -> ApiError {
    ApiError::unauthorized(
        "only a seat can do this: send `Authorization: Bearer TOKEN` with the token of your \
         seat's link (spectators only watch)",
    )
}

/// The seat `holder` acts for: its own, or for the hot seat the seat to act (refused while
/// the computer's seat is to act); spectators are refused.
fn acting_seat(game: &LiveGame, holder: Holder) -> Result<Seat, ApiError> {
    match holder {
        Holder::Seat(seat) => Ok(seat),
        Holder::HotSeat => hot_seat_to_act(game),
        Holder::Spectator => Err(only_a_seat()),
    }
}

/// The seat the hot-seat token acts for: the seat to act, when a person plays it; refused
/// while the computer's seat is to act. Once the game is over, the seat it sees the game as,
/// for the engine to refuse.
pub fn hot_seat_to_act(game: &LiveGame) -> Result<Seat, ApiError> {
    match game.session.status() {
        Status::ToAct(seat) => match game.bot_of(seat) {
            None => Ok(seat),
            Some(bot) => Err(ApiError::conflict(
                "not_your_turn",
                format!(
                    "it is {}'s decision, and the computer plays that seat ({bot}): wait for its \
                     move; this hot-seat page shows when a person is to decide again",
                    game.label_of(seat)
                ),
            )),
        },
        Status::Over(_) => Ok(game.hot_seat_view()),
    }
}

/// The refusal to undo another person's action (`behind_bots`: reached after taking back the
/// computer's moves that followed it).
fn not_your_action(game: &GameGuard, owner: Seat, behind_bots: bool) -> ApiError {
    let owner = game.label_of(owner);
    ApiError::forbidden(
        "not_your_action",
        if behind_bots {
            format!(
                "the last action of a person was {owner}'s, before the computer's moves; only \
                 {owner} can take it back"
            )
        } else {
            format!("the last action was {owner}'s; only that seat can take it back")
        },
    )
}

/// Refuse a request made from a state the game has moved on from.
fn check_revision(game: &GameGuard, revision: Option<u64>) -> Result<(), ApiError> {
    match revision {
        Some(seen) if seen != game.row.progress.revision => Err(ApiError::conflict(
            "stale",
            format!(
                "you chose from revision {seen}, but the game is at revision {} now; fetch the \
                 state again and choose from it",
                game.row.progress.revision
            ),
        )),
        _ => Ok(()),
    }
}

/// Refuse an action from a seat whose decision it is not, naming both seats as the table
/// calls them (the engine would refuse it too, by seat number).
fn check_turn(game: &GameGuard, seat: Seat) -> Result<(), ApiError> {
    let label = |of: Seat| {
        game.seats
            .iter()
            .find(|row| row.seat == of.0)
            .map_or_else(|| of.to_string(), |row| row.label.clone())
    };
    match game.session.status() {
        Status::ToAct(to_act) if to_act != seat => Err(ApiError::conflict(
            "not_your_turn",
            format!(
                "it is {}'s decision, not yours ({}): wait for their move, and your page will \
                 show when it is your turn",
                label(to_act),
                label(seat)
            ),
        )),
        _ => Ok(()),
    }
}

/// A stored game's record, rebuilt from its rows without replaying it (so a game this build
/// cannot play can still be exported).
fn record_of(stored: &store::StoredGame) -> GameRecord {
    let mut record = match &stored.snapshot {
        Some((_, record)) => record.clone(),
        None => GameRecord {
            format: RECORD_FORMAT,
            game: stored.row.game.clone(),
            rules_version: stored.row.rules_version.clone(),
            id: None,
            scenario: stored.row.scenario.clone(),
            options: stored.row.options.clone(),
            randomness: stored.row.randomness.clone(),
            actions: Vec::new(),
        },
    };
    for entry in &stored.log_after_snapshot {
        match &entry.change {
            Change::Act(action) => record.actions.push(action.clone()),
            Change::Undo => {
                record.actions.pop();
            }
        }
    }
    record.id = Some(stored.row.id.clone());
    record
}
