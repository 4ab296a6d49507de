//! Games in memory: each one replayed from the database on first use, then kept, with its lock
//! and the channel that tells WebSockets it changed.
//!
//! The database is the truth and memory a cache of it: a change is applied in memory (where
//! the engine refuses an illegal action untouched), written to the database, and only then
//! acknowledged. If the write fails, the game in memory is dropped, so the next request
//! replays it from what the database holds.

use crate::app::App;
use crate::errors::ApiError;
use crate::store::{self, Change, GameRow, GameStatus, LogRow, Progress, SeatRow, StoredGame};
use overlord_engine::{DynMatch, GameRecord, Seat, Status, Viewer};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedMappedMutexGuard, OwnedMutexGuard, watch};

/// A game being played, replayed from the database.
pub struct LiveGame {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub name: &'static str,
    pub session: Box<dyn DynMatch>,
    /// SHA-256 of the game's hot-seat token, when it has one.
    pub hot_seat_hash: Option<String>,
    /// Set when a change was applied in memory but could not be stored: the next lock replays
    /// the game from the database instead.
    stale: bool,
}

impl LiveGame {
    /// A game just created or imported, already stored.
    pub fn new(
        row: GameRow,
        seats: Vec<SeatRow>,
        name: &'static str,
        session: Box<dyn DynMatch>,
        hot_seat_hash: Option<String>,
    ) -> LiveGame {
        LiveGame {
            row,
            seats,
            name,
            session,
            hot_seat_hash,
            stale: false,
        }
    }

    /// Where the game stands, for its `games` row.
    pub fn progress(&self, revision: u64, action_count: u64) -> Progress {
        progress_of(self.session.as_ref(), revision, action_count)
    }

    /// The seat whose token hashes to `hash`.
    pub fn seat_of(&self, hash: &str) -> Option<Seat> {
        self.seats
            .iter()
            .find(|seat| seat.token_hash == hash)
            .map(|seat| Seat(seat.seat))
    }

    /// Who holds the token that hashes to `hash` in this game: a seat, or the hot seat.
    pub fn holder_of(&self, hash: &str) -> Option<Holder> {
        if self.hot_seat_hash.as_deref() == Some(hash) {
            return Some(Holder::HotSeat);
        }
        self.seat_of(hash).map(Holder::Seat)
    }

    /// Which seats the server plays, by seat number.
    pub fn bot_seats(&self) -> Vec<bool> {
        let count = self.seats.iter().map(|row| row.seat + 1).max().unwrap_or(0);
        (0..count)
            .map(|seat| self.bot_of(Seat(seat)).is_some())
            .collect()
    }

    /// The seat whose view the holder of the hot-seat token is shown now ([`hot_seat_view`]).
    pub fn hot_seat_view(&self) -> Seat {
        hot_seat_view(self.session.status(), &self.bot_seats())
    }

    /// Who `holder` sees the game as now: the hot seat as [`LiveGame::hot_seat_view`].
    pub fn viewer_of(&self, holder: Holder) -> Viewer {
        match holder {
            Holder::Spectator => Viewer::Spectator,
            Holder::Seat(seat) => Viewer::Seat(seat),
            Holder::HotSeat => Viewer::Seat(self.hot_seat_view()),
        }
    }

    /// The record, with the game's id in it.
    pub fn record(&self) -> GameRecord {
        let mut record = self.session.record();
        record.id = Some(self.row.id.clone());
        record
    }

    /// The bot playing `seat`, when the server plays it.
    pub fn bot_of(&self, seat: Seat) -> Option<&str> {
        self.seats
            .iter()
            .find(|row| row.seat == seat.0)
            .and_then(|row| row.bot.as_deref())
    }

    /// The seat to act and its bot, when it is a seat the server plays.
    pub fn bot_to_act(&self) -> Option<(Seat, &str)> {
        let seat = self.session.status().seat()?;
        Some((seat, self.bot_of(seat)?))
    }

    /// What a seat is called at this table.
    pub fn label_of(&self, seat: Seat) -> String {
        self.seats
            .iter()
            .find(|row| row.seat == seat.0)
            .map_or_else(|| seat.to_string(), |row| row.label.clone())
    }

    /// Forget this copy: the next lock replays the game from the database (a change that
    /// could not be stored, or undone in memory and not put back).
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }
}

/// Who holds a token in a game: nobody's token (a spectator), a seat's, or the game's
/// hot-seat token, which plays whichever seat of a person is to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    Spectator,
    Seat(Seat),
    HotSeat,
}

/// The seat the hot-seat token sees the game as, where `status` stands and `bots[s]` says
/// whether the server plays seat `s`: the seat to act when a person plays it; otherwise (a
/// bot to act, or the game over) the first seat a person plays: a person's view, chosen from
/// what the game stores, so the same after a restart.
pub fn hot_seat_view(status: Status, bots: &[bool]) -> Seat {
    let person = |seat: Seat| !bots.get(usize::from(seat.0)).copied().unwrap_or(false);
    match status.seat() {
        Some(seat) if person(seat) => seat,
        _ => (0..)
            .zip(bots)
            .find(|(_, bot)| !**bot)
            .map_or(Seat(0), |(seat, _)| Seat(seat)),
    }
}

/// Where `session` stands, for its `games` row.
pub fn progress_of(session: &dyn DynMatch, revision: u64, action_count: u64) -> Progress {
    let status = session.status();
    Progress {
        status: match status {
            Status::ToAct(_) => GameStatus::InProgress,
            Status::Over(_) => GameStatus::Over,
        },
        to_act: status.seat().map(|seat| seat.0),
        outcome: match status {
            Status::Over(outcome) => serde_json::to_value(outcome).ok(),
            Status::ToAct(_) => None,
        },
        action_count,
        revision,
    }
}

/// One game's place in memory: its lock (held while a change is applied and stored) and the
/// revision channel WebSockets watch. The channel outlives reloads of the game.
pub struct GameSlot {
    game: Arc<tokio::sync::Mutex<Option<LiveGame>>>,
    changes: watch::Sender<u64>,
}

impl GameSlot {
    /// A receiver told the revision after every change.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }
}

/// A locked game: no other request changes it while this is held.
pub struct GameGuard {
    pub slot: Arc<GameSlot>,
    game: OwnedMappedMutexGuard<Option<LiveGame>, LiveGame>,
}

impl std::ops::Deref for GameGuard {
    type Target = LiveGame;
    fn deref(&self) -> &LiveGame {
        &self.game
    }
}

impl std::ops::DerefMut for GameGuard {
    fn deref_mut(&mut self) -> &mut LiveGame {
        &mut self.game
    }
}

/// The games in memory.
#[derive(Default)]
pub struct Games {
    slots: Mutex<HashMap<String, Arc<GameSlot>>>,
}

impl Games {
    fn slot(&self, id: &str, capacity: usize) -> Arc<GameSlot> {
        let Ok(mut slots) = self.slots.lock() else {
            // Poisoned by a panic elsewhere: a detached slot still works, it is just not shared.
            return Arc::new(new_slot());
        };
        if let Some(slot) = slots.get(id) {
            return Arc::clone(slot);
        }
        if slots.len() >= capacity {
            // Forget games nobody holds or watches; they replay from the database when asked.
            slots
                .retain(|_, slot| Arc::strong_count(slot) > 1 || slot.changes.receiver_count() > 0);
        }
        let slot = Arc::new(new_slot());
        slots.insert(id.to_owned(), Arc::clone(&slot));
        slot
    }

    /// Put a game just created and stored into memory.
    pub async fn insert(&self, game: LiveGame, capacity: usize) {
        let slot = self.slot(&game.row.id, capacity);
        *slot.game.lock().await = Some(game);
    }

    /// Drop game `id` from memory (deleted from the database).
    pub fn forget_game(&self, id: &str) {
        self.forget(id);
    }

    fn forget(&self, id: &str) {
        if let Ok(mut slots) = self.slots.lock() {
            slots.remove(id);
        }
    }
}

fn new_slot() -> GameSlot {
    GameSlot {
        game: Arc::new(tokio::sync::Mutex::new(None)),
        changes: watch::Sender::new(0),
    }
}

impl App {
    /// Lock game `id`, replaying it from the database if it is not in memory.
    pub async fn lock_game(&self, id: &str) -> Result<GameGuard, ApiError> {
        let slot = self.games.slot(id, self.limits.live_games);
        let mut guard: OwnedMutexGuard<Option<LiveGame>> =
            Arc::clone(&slot.game).lock_owned().await;
        if guard.as_ref().is_some_and(|game| game.stale) {
            *guard = None;
        }
        if guard.is_none() {
            match self.load(id).await {
                Ok(game) => {
                    // A game read back after a restart (or dropped from memory) whose seat to
                    // act is the server's own: its bot plays on.
                    if game.bot_to_act().is_some() {
                        self.wake_bots(id);
                    }
                    *guard = Some(game);
                }
                Err(error) => {
                    if error.code == "not_found" {
                        drop(guard);
                        self.games.forget(id);
                    }
                    return Err(error);
                }
            }
        }
        let game = OwnedMutexGuard::try_map(guard, Option::as_mut)
            .map_err(|_| ApiError::internal("the game vanished while it was being loaded"))?;
        Ok(GameGuard { slot, game })
    }

    /// Read game `id` from the database and replay it.
    async fn load(&self, id: &str) -> Result<LiveGame, ApiError> {
        let game_id = id.to_owned();
        let stored = self
            .db
            .call(move |connection| store::load(connection, &game_id))
            .await
            .map_err(ApiError::storage)?
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "no game `{id}` on this server; GET /api/games lists the games there are"
                ))
            })?;
        self.check_playable_here(&stored.row)?;
        let app = self.clone();
        tokio::task::spawn_blocking(move || app.replay(stored))
            .await
            .map_err(|error| ApiError::internal(format!("replaying the game failed: {error}")))?
    }

    /// Refuse a stored game this build cannot play as it was played.
    pub fn check_playable_here(&self, row: &GameRow) -> Result<(), ApiError> {
        let entry = self.registry.get(&row.game).map_err(|_| {
            ApiError::conflict(
                "unknown_game",
                format!(
                    "game {} is a game of `{}`, which this build does not have; play it with a \
                     build that does, or export its record (GET /api/games/{}/record)",
                    row.id, row.game, row.id
                ),
            )
        })?;
        let here = entry.info().rules_version;
        if row.rules_version != here {
            return Err(ApiError::conflict(
                "rules_version",
                format!(
                    "game {} was started under {} rules version {}, and this build plays version \
                     {here}, where its actions could play out differently: finish it with a build \
                     of version {}, or export its record (GET /api/games/{}/record) and replay \
                     it there",
                    row.id, row.game, row.rules_version, row.rules_version, row.id
                ),
            ));
        }
        Ok(())
    }

    /// Rebuild a stored game: from its latest snapshot, or from the start, then its log after.
    fn replay(&self, stored: StoredGame) -> Result<LiveGame, ApiError> {
        let StoredGame {
            row,
            seats,
            hot_seat_hash,
            snapshot,
            log_after_snapshot,
        } = stored;
        let entry = self.registry.get(&row.game)?;
        let dir = self.data_dir_of(&row.game, row.workshop.as_deref());
        let broken = |what: String| {
            ApiError::internal(format!(
                "game {} does not replay from the database ({what}); export its record and \
                 report it",
                row.id
            ))
        };
        let mut session = match &snapshot {
            Some((_, record)) => entry.replay(&dir, record),
            None => entry.new_match(&dir, &row.scenario, &row.options, row.randomness.clone()),
        }
        .map_err(|error| broken(error.to_string()))?;
        for log_row in &log_after_snapshot {
            let seat = Seat(log_row.seat);
            match &log_row.change {
                Change::Act(action) => session.apply_json(seat, action),
                Change::Undo => session.undo(),
            }
            .map_err(|error| broken(format!("revision {}: {error}", log_row.revision)))?;
        }
        Ok(LiveGame {
            name: entry.info().name,
            row,
            seats,
            session,
            hot_seat_hash,
            stale: false,
        })
    }

    /// Store a change already applied to `game` in memory, then tell the watchers. If storing
    /// fails, the game is dropped from memory (it no longer matches the database).
    pub async fn commit(
        &self,
        game: GameGuard,
        seat: Seat,
        change: Change,
    ) -> Result<GameGuard, ApiError> {
        self.commit_all(game, seat, vec![change]).await
    }

    /// Store changes already applied to `game` in memory, all or none in one transaction
    /// (an undo that takes the computer's moves back with the person's), then tell the
    /// watchers, and wake the bot whose turn it now is. If storing fails, the game is dropped
    /// from memory (it no longer matches the database).
    pub async fn commit_all(
        &self,
        mut game: GameGuard,
        seat: Seat,
        changes: Vec<Change>,
    ) -> Result<GameGuard, ApiError> {
        if changes.is_empty() {
            return Ok(game);
        }
        let first = game.row.progress.revision + 1;
        let mut action_count = game.row.progress.action_count;
        let mut entries = Vec::with_capacity(changes.len());
        for (revision, change) in (first..).zip(changes) {
            action_count = match change {
                Change::Act(_) => action_count + 1,
                Change::Undo => action_count.saturating_sub(1),
            };
            entries.push(LogRow {
                revision,
                seat: seat.0,
                change,
            });
        }
        let revision = first + entries.len() as u64 - 1;
        let progress = game.progress(revision, action_count);
        let snapshot_due = (first..=revision).any(|r| r.is_multiple_of(store::SNAPSHOT_EVERY));
        let snapshot = (snapshot_due || progress.status == GameStatus::Over).then(|| game.record());
        let id = game.row.id.clone();
        let stored_progress = progress.clone();
        let stored = self
            .db
            .call(move |connection| {
                store::append(
                    connection,
                    &id,
                    &entries,
                    &stored_progress,
                    snapshot.as_ref(),
                )
            })
            .await;
        match stored {
            Ok(()) => {
                game.row.progress = progress;
                game.row.updated_ms = store::now_ms();
                game.slot.changes.send_replace(revision);
                if game.bot_to_act().is_some() {
                    self.wake_bots(&game.row.id);
                }
                Ok(game)
            }
            Err(error) => {
                // Marked while still locked, so no request ever builds on the unstored change.
                game.stale = true;
                Err(ApiError::storage(error))
            }
        }
    }
}
