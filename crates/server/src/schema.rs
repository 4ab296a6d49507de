//! The database schema and its migrations, numbered by SQLite's `PRAGMA user_version`.
//!
//! A migration is appended to [`MIGRATIONS`], never edited once released: a database at
//! version N runs migrations N+1.. in one transaction on start. A database from a newer build
//! (a higher version than this build knows) is refused rather than guessed at.

use crate::db::DbError;
use rusqlite::Connection;

/// Each entry brings the schema from version `index` to `index + 1`.
const MIGRATIONS: &[&str] = &[
    // 1: games, their seats, the append-only action log, and record snapshots.
    r"
    CREATE TABLE games (
        id            TEXT PRIMARY KEY,
        game          TEXT NOT NULL,     -- the registry id (`omaha`)
        scenario      TEXT NOT NULL,
        options       TEXT NOT NULL,     -- JSON, as the game reads its options
        randomness    TEXT NOT NULL,     -- JSON RandomSpec: the seed, and a script if any
        rules_version TEXT NOT NULL,     -- the game's rules version when it was created
        status        TEXT NOT NULL CHECK (status IN ('in_progress', 'over')),
        to_act        INTEGER,           -- the seat to decide, NULL when over
        outcome       TEXT,              -- JSON Outcome once over
        action_count  INTEGER NOT NULL DEFAULT 0,  -- actions in the record (after undos)
        revision      INTEGER NOT NULL DEFAULT 0,  -- rows in the action log
        created_ms    INTEGER NOT NULL,
        updated_ms    INTEGER NOT NULL
    );
    CREATE INDEX games_by_update ON games (status, updated_ms);

    CREATE TABLE seats (
        game_id    TEXT NOT NULL REFERENCES games (id),
        seat       INTEGER NOT NULL,
        label      TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE, -- SHA-256 of the secret token, hex; never the token
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;

    -- Every change to a game, in order: an action (`act`) or taking back the last one (`undo`).
    -- Replaying the rows rebuilds the game; nothing is ever updated or deleted.
    CREATE TABLE actions (
        game_id   TEXT NOT NULL REFERENCES games (id),
        revision  INTEGER NOT NULL,      -- 1, 2, ... within the game
        seat      INTEGER NOT NULL,
        kind      TEXT NOT NULL CHECK (kind IN ('act', 'undo')),
        action    TEXT,                  -- JSON for `act`, NULL for `undo`
        played_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, revision)
    ) WITHOUT ROWID;
    CREATE TRIGGER actions_are_never_updated BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_are_never_deleted BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

    -- The game record after `revision` log rows, so loading reads one row and the log after it
    -- instead of the whole log.
    CREATE TABLE snapshots (
        game_id  TEXT NOT NULL REFERENCES games (id),
        revision INTEGER NOT NULL,
        record   TEXT NOT NULL,          -- JSON GameRecord
        PRIMARY KEY (game_id, revision)
    ) WITHOUT ROWID;
    ",
    // 2: seats the server plays itself. A seat's bot by name (`rule`, `ismcts:iterations=200`),
    // NULL for a seat a person plays; kept so a bot whose turn it is plays on after a restart.
    r"
    ALTER TABLE seats ADD COLUMN bot TEXT;
    ",
    // 3: retention. The log stays append-only for every game but one being deleted whole,
    // listed in `expiring` for the length of the deleting transaction.
    r"
    CREATE TABLE expiring (game_id TEXT PRIMARY KEY) WITHOUT ROWID;
    DROP TRIGGER actions_are_never_deleted;
    CREATE TRIGGER actions_are_never_deleted BEFORE DELETE ON actions
        WHEN NOT EXISTS (SELECT 1 FROM expiring WHERE game_id = OLD.game_id)
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    ",
    // 4: hot-seat games. The SHA-256 of the one token that plays whichever seat of a person
    // is to act (NULL for a game without), unique like the seats' tokens.
    r"
    ALTER TABLE games ADD COLUMN hot_seat_hash TEXT;
    CREATE UNIQUE INDEX games_by_hot_seat ON games (hot_seat_hash)
        WHERE hot_seat_hash IS NOT NULL;
    ",
    // 5: games of a scenario written in the workshop (the mission editor). The key of the
    // saved file whose copy of the game's data the game plays (`workshop`), NULL for a game
    // of the catalog's data.
    r"
    ALTER TABLE games ADD COLUMN workshop TEXT;
    ",
];

/// The schema version this build writes.
pub fn current_version() -> usize {
    MIGRATIONS.len()
}

/// Refuse a damaged database file with what to do, rather than serve it and answer every
/// request with "try again" (SQLite's `quick_check`: every page and index read once, which a
/// start can afford).
pub fn check_intact(connection: &Connection, path: &std::path::Path) -> Result<(), DbError> {
    let damage = || {
        format!(
            "the database {} is damaged; nothing was served from it. Restore the last copy \
             made with `overlord backup`, or start with another --db",
            path.display()
        )
    };
    let found: Result<Vec<String>, rusqlite::Error> = connection
        .prepare("PRAGMA quick_check(5)")
        .and_then(|mut statement| {
            statement
                .query_map([], |row| row.get::<_, String>(0))?
                .collect()
        });
    match found {
        Ok(found) if found == ["ok"] => Ok(()),
        Ok(found) => Err(DbError::Schema(format!(
            "{} ({})",
            damage(),
            found.join("; ")
        ))),
        Err(error) => Err(DbError::Schema(format!("{} ({error})", damage()))),
    }
}

/// Refuse a file that is not a database of ours a build this old can read.
pub fn check_readable(connection: &Connection) -> Result<(), DbError> {
    let found: i64 = connection.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if found < 1 || usize::try_from(found).unwrap_or(usize::MAX) > current_version() {
        return Err(DbError::Schema(format!(
            "this is not a database of this build of overlord serve (schema version {found}, \
             this build's {})",
            current_version()
        )));
    }
    Ok(())
}

/// Bring the database to [`current_version`], or refuse one from a newer build.
pub fn migrate(connection: &mut Connection) -> Result<(), DbError> {
    let found: i64 = connection.pragma_query_value(None, "user_version", |row| row.get(0))?;
    let found = usize::try_from(found).unwrap_or(usize::MAX);
    if found > current_version() {
        return Err(DbError::Schema(format!(
            "the database has schema version {found}, newer than this build's {}: \
             run the newer overlord on it, or start this one with another --db",
            current_version()
        )));
    }
    if found == current_version() {
        return Ok(());
    }
    let transaction = connection.transaction()?;
    for migration in &MIGRATIONS[found..] {
        transaction.execute_batch(migration)?;
    }
    transaction.pragma_update(None, "user_version", current_version() as i64)?;
    transaction.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_new_database_gets_every_migration_and_a_second_start_changes_nothing() {
        let mut connection = Connection::open_in_memory().unwrap();
        migrate(&mut connection).unwrap();
        migrate(&mut connection).unwrap();
        let version: i64 = connection
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .unwrap();
        assert_eq!(version as usize, current_version());
    }

    #[test]
    fn a_database_from_a_newer_build_is_refused_with_what_to_do() {
        let mut connection = Connection::open_in_memory().unwrap();
        connection
            .pragma_update(None, "user_version", 999_i64)
            .unwrap();
        let error = migrate(&mut connection).unwrap_err().to_string();
        assert!(error.contains("newer than this build"), "{error}");
        assert!(error.contains("--db"), "{error}");
    }

    #[test]
    fn a_version_one_database_gains_bot_seats_and_keeps_its_seats() {
        let mut connection = Connection::open_in_memory().unwrap();
        let transaction = connection.transaction().unwrap();
        transaction.execute_batch(MIGRATIONS[0]).unwrap();
        transaction
            .pragma_update(None, "user_version", 1_i64)
            .unwrap();
        transaction.commit().unwrap();
        connection
            .execute_batch(
                "INSERT INTO games VALUES ('g', 'omaha', 's', 'null', '{}', '1', 'in_progress',
                    0, NULL, 0, 0, 0, 0);
                 INSERT INTO seats VALUES ('g', 0, 'Seat 1', 'hash');",
            )
            .unwrap();
        migrate(&mut connection).unwrap();
        let (label, bot): (String, Option<String>) = connection
            .query_row(
                "SELECT label, bot FROM seats WHERE game_id = 'g'",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        assert_eq!((label.as_str(), bot), ("Seat 1", None));
    }

    #[test]
    fn a_version_three_database_gains_hot_seats_and_its_games_have_none() {
        let mut connection = Connection::open_in_memory().unwrap();
        let transaction = connection.transaction().unwrap();
        for migration in &MIGRATIONS[..3] {
            transaction.execute_batch(migration).unwrap();
        }
        transaction
            .pragma_update(None, "user_version", 3_i64)
            .unwrap();
        transaction.commit().unwrap();
        connection
            .execute_batch(
                "INSERT INTO games VALUES ('g', 'omaha', 's', 'null', '{}', '1', 'in_progress',
                    0, NULL, 0, 0, 0, 0);",
            )
            .unwrap();
        migrate(&mut connection).unwrap();
        let hot_seat: Option<String> = connection
            .query_row(
                "SELECT hot_seat_hash FROM games WHERE id = 'g'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(hot_seat, None);
        // Two games may not share a hot-seat token.
        connection
            .execute_batch(
                "INSERT INTO games VALUES ('h', 'omaha', 's', 'null', '{}', '1', 'in_progress',
                    0, NULL, 0, 0, 0, 0, 'hash', NULL);",
            )
            .unwrap();
        let twice = connection.execute_batch(
            "INSERT INTO games VALUES ('i', 'omaha', 's', 'null', '{}', '1', 'in_progress',
                0, NULL, 0, 0, 0, 0, 'hash', NULL);",
        );
        assert!(twice.unwrap_err().to_string().contains("UNIQUE"));
    }

    #[test]
    fn a_version_four_database_gains_workshop_games_and_its_games_have_none() {
        let mut connection = Connection::open_in_memory().unwrap();
        let transaction = connection.transaction().unwrap();
        for migration in &MIGRATIONS[..4] {
            transaction.execute_batch(migration).unwrap();
        }
        transaction
            .pragma_update(None, "user_version", 4_i64)
            .unwrap();
        transaction.commit().unwrap();
        connection
            .execute_batch(
                "INSERT INTO games VALUES ('g', 'ambush', 'S1', 'null', '{}', '1', 'in_progress',
                    0, NULL, 0, 0, 0, 0, NULL);",
            )
            .unwrap();
        migrate(&mut connection).unwrap();
        let workshop: Option<String> = connection
            .query_row("SELECT workshop FROM games WHERE id = 'g'", [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(workshop, None);
    }

    #[test]
    fn the_action_log_is_append_only() {
        let mut connection = Connection::open_in_memory().unwrap();
        migrate(&mut connection).unwrap();
        connection
            .execute_batch(
                "INSERT INTO games VALUES ('g', 'omaha', 's', 'null', '{}', '1', 'in_progress',
                    0, NULL, 0, 1, 0, 0, NULL, NULL);
                 INSERT INTO actions VALUES ('g', 1, 0, 'act', '{}', 0);",
            )
            .unwrap();
        let update = connection.execute_batch("UPDATE actions SET seat = 1");
        assert!(update.unwrap_err().to_string().contains("append-only"));
        let delete = connection.execute_batch("DELETE FROM actions");
        assert!(delete.unwrap_err().to_string().contains("append-only"));
    }
}
