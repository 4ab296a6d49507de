//! The queries: games, seats, the action log and snapshots, as typed rows. Every function runs
//! on the database thread inside the transaction [`Db::call`](crate::db::Db::call) gives it.

use crate::db::DbError;
use overlord_engine::{GameRecord, RandomSpec};
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

/// Write a snapshot of the record every this many log rows, so loading a long game reads one
/// row and a short tail of the log.
pub const SNAPSHOT_EVERY: u64 = 64;

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    InProgress,
    Over,
}

impl GameStatus {
    fn as_str(self) -> &'static str {
        match self {
            GameStatus::InProgress => "in_progress",
            GameStatus::Over => "over",
        }
    }

    fn parse(text: &str) -> GameStatus {
        if text == "over" {
            GameStatus::Over
        } else {
            GameStatus::InProgress
        }
    }
}

/// Where a game stands, as the `games` row keeps it (so listing needs no replay).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub status: GameStatus,
    pub to_act: Option<u8>,
    pub outcome: Option<Value>,
    pub action_count: u64,
    pub revision: u64,
}

/// One game as stored.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    pub scenario: String,
    pub options: Value,
    pub randomness: RandomSpec,
    pub rules_version: String,
    pub progress: Progress,
    pub created_ms: i64,
    pub updated_ms: i64,
    /// The key of the workshop file whose data the game plays (`crate::workshop`), `None`
    /// for the catalog's data.
    pub workshop: Option<String>,
}

/// One seat of a game.
#[derive(Clone, Debug)]
pub struct SeatRow {
    pub seat: u8,
    pub label: String,
    /// SHA-256 of the seat's secret token ([`crate::seats`]). A seat the server plays has
    /// the hash of a token nobody was given.
    pub token_hash: String,
    /// The bot that plays this seat, by name (`rule`), when the server plays it.
    pub bot: Option<String>,
}

/// One change to a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// An action, as JSON, played by a seat.
    Act(Value),
    /// The last action taken back.
    Undo,
}

/// One row of the action log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogRow {
    pub revision: u64,
    pub seat: u8,
    pub change: Change,
}

/// Everything needed to rebuild a game: its row, its seats, its hot-seat token's hash, the
/// latest snapshot and the log after it.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    /// SHA-256 of the hot-seat token (the one link that plays whichever seat of a person is
    /// to act), when the game was created with one.
    pub hot_seat_hash: Option<String>,
    pub snapshot: Option<(u64, GameRecord)>,
    pub log_after_snapshot: Vec<LogRow>,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
        })
}

fn json_error(what: &str, error: serde_json::Error) -> DbError {
    DbError::Sqlite(format!("stored {what} is not valid JSON: {error}"))
}

/// Store a new game with its seats and the hash of its hot-seat token (if it has one), and
/// the log rows of an imported record with a snapshot.
pub fn insert_game(
    connection: &Connection,
    row: &GameRow,
    seats: &[SeatRow],
    hot_seat_hash: Option<&str>,
    log: &[LogRow],
    snapshot: Option<&GameRecord>,
) -> Result<(), DbError> {
    let randomness =
        serde_json::to_string(&row.randomness).map_err(|e| json_error("randomness", e))?;
    connection.execute(
        "INSERT INTO games (id, game, scenario, options, randomness, rules_version, status,
             to_act, outcome, action_count, revision, created_ms, updated_ms, hot_seat_hash,
             workshop)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, ?13, ?14)",
        params![
            row.id,
            row.game,
            row.scenario,
            row.options.to_string(),
            randomness,
            row.rules_version,
            row.progress.status.as_str(),
            row.progress.to_act,
            row.progress.outcome.as_ref().map(Value::to_string),
            row.progress.action_count,
            row.progress.revision,
            row.created_ms,
            hot_seat_hash,
            row.workshop,
        ],
    )?;
    for seat in seats {
        connection.execute(
            "INSERT INTO seats (game_id, seat, label, token_hash, bot)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![row.id, seat.seat, seat.label, seat.token_hash, seat.bot],
        )?;
    }
    for entry in log {
        insert_log_row(connection, &row.id, entry, row.created_ms)?;
    }
    if let Some(record) = snapshot {
        insert_snapshot(connection, &row.id, row.progress.revision, record)?;
    }
    Ok(())
}

fn insert_log_row(
    connection: &Connection,
    game_id: &str,
    entry: &LogRow,
    played_ms: i64,
) -> Result<(), DbError> {
    let (kind, action) = match &entry.change {
        Change::Act(action) => ("act", Some(action.to_string())),
        Change::Undo => ("undo", None),
    };
    connection.execute(
        "INSERT INTO actions (game_id, revision, seat, kind, action, played_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![game_id, entry.revision, entry.seat, kind, action, played_ms],
    )?;
    Ok(())
}

fn insert_snapshot(
    connection: &Connection,
    game_id: &str,
    revision: u64,
    record: &GameRecord,
) -> Result<(), DbError> {
    let record = serde_json::to_string(record).map_err(|e| json_error("record", e))?;
    connection.execute(
        "INSERT OR REPLACE INTO snapshots (game_id, revision, record) VALUES (?1, ?2, ?3)",
        params![game_id, revision, record],
    )?;
    Ok(())
}

/// Append changes to a game's log (one, or the several an undo past the computer's moves
/// makes) and update where the game stands after them; with a snapshot of the record after
/// them when one is due. Fails, changing nothing, if the game is not at the revision just
/// before `progress.revision - entries.len()` (two writers raced: the loser's change is
/// refused).
pub fn append(
    connection: &Connection,
    game_id: &str,
    entries: &[LogRow],
    progress: &Progress,
    snapshot: Option<&GameRecord>,
) -> Result<(), DbError> {
    let now = now_ms();
    for entry in entries {
        insert_log_row(connection, game_id, entry, now)?;
    }
    let before = progress.revision.saturating_sub(entries.len() as u64);
    let updated = connection.execute(
        "UPDATE games SET status = ?2, to_act = ?3, outcome = ?4, action_count = ?5,
             revision = ?6, updated_ms = ?7
         WHERE id = ?1 AND revision = ?8",
        params![
            game_id,
            progress.status.as_str(),
            progress.to_act,
            progress.outcome.as_ref().map(Value::to_string),
            progress.action_count,
            progress.revision,
            now,
            before,
        ],
    )?;
    if updated != 1 {
        return Err(DbError::Sqlite(format!(
            "game {game_id} is not at revision {before} any more"
        )));
    }
    if let Some(record) = snapshot {
        insert_snapshot(connection, game_id, progress.revision, record)?;
    }
    Ok(())
}

const GAME_COLUMNS: &str = "id, game, scenario, options, randomness, rules_version, status, \
                            to_act, outcome, action_count, revision, created_ms, updated_ms, \
                            workshop";

fn game_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<(GameRow, String, String)> {
    let options: String = row.get(3)?;
    let randomness: String = row.get(4)?;
    let status: String = row.get(6)?;
    let outcome: Option<String> = row.get(8)?;
    Ok((
        GameRow {
            id: row.get(0)?,
            game: row.get(1)?,
            scenario: row.get(2)?,
            options: Value::Null,
            randomness: RandomSpec::seeded(0),
            rules_version: row.get(5)?,
            progress: Progress {
                status: GameStatus::parse(&status),
                to_act: row.get(7)?,
                outcome: outcome.and_then(|text| serde_json::from_str(&text).ok()),
                action_count: row.get(9)?,
                revision: row.get(10)?,
            },
            created_ms: row.get(11)?,
            updated_ms: row.get(12)?,
            workshop: row.get(13)?,
        },
        options,
        randomness,
    ))
}

fn parse_game_row(
    (mut row, options, randomness): (GameRow, String, String),
) -> Result<GameRow, DbError> {
    row.options = serde_json::from_str(&options).map_err(|e| json_error("options", e))?;
    row.randomness = serde_json::from_str(&randomness).map_err(|e| json_error("randomness", e))?;
    Ok(row)
}

/// One game's row, if it exists.
pub fn game(connection: &Connection, game_id: &str) -> Result<Option<GameRow>, DbError> {
    let found = connection
        .query_row(
            &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
            [game_id],
            game_row,
        )
        .optional()?;
    found.map(parse_game_row).transpose()
}

/// A game's seats, in seat order.
pub fn seats(connection: &Connection, game_id: &str) -> Result<Vec<SeatRow>, DbError> {
    let mut statement = connection.prepare_cached(
        "SELECT seat, label, token_hash, bot FROM seats WHERE game_id = ?1 ORDER BY seat",
    )?;
    let rows = statement.query_map([game_id], |row| {
        Ok(SeatRow {
            seat: row.get(0)?,
            label: row.get(1)?,
            token_hash: row.get(2)?,
            bot: row.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The games in progress whose seat to act is one the server plays: where bots pick up after
/// a restart.
pub fn awaiting_bots(connection: &Connection) -> Result<Vec<String>, DbError> {
    let mut statement = connection.prepare_cached(
        "SELECT games.id FROM games
         JOIN seats ON seats.game_id = games.id AND seats.seat = games.to_act
         WHERE games.status = 'in_progress' AND seats.bot IS NOT NULL
         ORDER BY games.updated_ms",
    )?;
    let rows = statement.query_map([], |row| row.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Delete, whole, every game not changed since `before_ms` (Unix milliseconds): its log, its
/// snapshots, its seats and its row. The ids deleted.
pub fn delete_untouched_since(
    connection: &Connection,
    before_ms: i64,
) -> Result<Vec<String>, DbError> {
    connection.execute(
        "INSERT INTO expiring SELECT id FROM games WHERE updated_ms < ?1",
        [before_ms],
    )?;
    let ids: Vec<String> = {
        let mut statement = connection.prepare("SELECT game_id FROM expiring")?;
        let rows = statement.query_map([], |row| row.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    connection.execute_batch(
        "DELETE FROM actions WHERE game_id IN (SELECT game_id FROM expiring);
         DELETE FROM snapshots WHERE game_id IN (SELECT game_id FROM expiring);
         DELETE FROM seats WHERE game_id IN (SELECT game_id FROM expiring);
         DELETE FROM games WHERE id IN (SELECT game_id FROM expiring);
         DELETE FROM expiring;",
    )?;
    Ok(ids)
}

/// A game's log rows after `revision`, in order.
pub fn log_after(
    connection: &Connection,
    game_id: &str,
    revision: u64,
) -> Result<Vec<LogRow>, DbError> {
    let mut statement = connection.prepare_cached(
        "SELECT revision, seat, kind, action FROM actions
         WHERE game_id = ?1 AND revision > ?2 ORDER BY revision",
    )?;
    let rows = statement.query_map(params![game_id, revision], |row| {
        let kind: String = row.get(2)?;
        let action: Option<String> = row.get(3)?;
        Ok((row.get::<_, u64>(0)?, row.get::<_, u8>(1)?, kind, action))
    })?;
    let mut log = Vec::new();
    for row in rows {
        let (revision, seat, kind, action) = row?;
        let change = match (kind.as_str(), action) {
            ("act", Some(action)) => {
                Change::Act(serde_json::from_str(&action).map_err(|e| json_error("action", e))?)
            }
            _ => Change::Undo,
        };
        log.push(LogRow {
            revision,
            seat,
            change,
        });
    }
    Ok(log)
}

/// Everything needed to rebuild a game, or `None` if there is no such game.
pub fn load(connection: &Connection, game_id: &str) -> Result<Option<StoredGame>, DbError> {
    let Some(row) = game(connection, game_id)? else {
        return Ok(None);
    };
    let snapshot = connection
        .query_row(
            "SELECT revision, record FROM snapshots WHERE game_id = ?1
             ORDER BY revision DESC LIMIT 1",
            [game_id],
            |row| Ok((row.get::<_, u64>(0)?, row.get::<_, String>(1)?)),
        )
        .optional()?;
    let snapshot = snapshot
        .map(|(revision, record)| {
            serde_json::from_str::<GameRecord>(&record)
                .map(|record| (revision, record))
                .map_err(|e| json_error("snapshot", e))
        })
        .transpose()?;
    let from = snapshot.as_ref().map_or(0, |(revision, _)| *revision);
    let hot_seat_hash = connection.query_row(
        "SELECT hot_seat_hash FROM games WHERE id = ?1",
        [game_id],
        |row| row.get(0),
    )?;
    Ok(Some(StoredGame {
        seats: seats(connection, game_id)?,
        hot_seat_hash,
        log_after_snapshot: log_after(connection, game_id, from)?,
        row,
        snapshot,
    }))
}

/// The game a token hash belongs to, whatever the game: a seat's token or a hot-seat token.
pub fn game_of_token_hash(
    connection: &Connection,
    token_hash: &str,
) -> Result<Option<String>, DbError> {
    Ok(connection
        .query_row(
            "SELECT game_id FROM seats WHERE token_hash = ?1
             UNION ALL SELECT id FROM games WHERE hot_seat_hash = ?1
             LIMIT 1",
            [token_hash],
            |row| row.get(0),
        )
        .optional()?)
}

/// Games, most recently played first, with their seat labels: those with `status`, or all.
pub fn list(
    connection: &Connection,
    status: Option<GameStatus>,
    limit: usize,
) -> Result<Vec<(GameRow, Vec<String>)>, DbError> {
    let mut statement = connection.prepare_cached(&format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE ?1 IS NULL OR status = ?1
         ORDER BY updated_ms DESC, id LIMIT ?2"
    ))?;
    let rows = statement.query_map(
        params![status.map(GameStatus::as_str), limit as i64],
        game_row,
    )?;
    let mut games = Vec::new();
    for row in rows {
        let row = parse_game_row(row?)?;
        let labels = seats(connection, &row.id)?
            .into_iter()
            .map(|seat| seat.label)
            .collect();
        games.push((row, labels));
    }
    Ok(games)
}
