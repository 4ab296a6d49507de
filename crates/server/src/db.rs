//! The database: one SQLite connection owned by one thread, which every request reaches
//! through [`Db::call`].
//!
//! Durability: WAL with `synchronous=FULL`, so a committed transaction survives a crash or a
//! power cut; [`Db::call`] returns only after the commit, and the server acknowledges an action
//! only after `call` returns.
//!
//! Group commit: an fsync costs a large share of a millisecond, so with one commit per request
//! two hundred games acting at once would queue behind each other's fsyncs. The thread takes
//! every job already waiting, runs each inside its own savepoint of one transaction (a failing
//! job rolls back alone, as if it had its own transaction), commits once, and only then answers
//! each job. Each job stays atomic, none is acknowledged before it is on disk, and the fsync is
//! shared by everything that arrived while the previous one ran.

use crate::schema;
use rusqlite::Connection;
use std::path::Path;
use tokio::sync::{mpsc, oneshot};

/// Why the database could not do what was asked.
#[derive(Clone, Debug, thiserror::Error)]
pub enum DbError {
    /// SQLite said no.
    #[error("database error: {0}")]
    Sqlite(String),
    /// The database file was written by a newer build, or is not ours.
    #[error("{0}")]
    Schema(String),
    /// The database thread has stopped (the server is shutting down).
    #[error("the database is closed")]
    Closed,
}

impl From<rusqlite::Error> for DbError {
    fn from(error: rusqlite::Error) -> DbError {
        DbError::Sqlite(error.to_string())
    }
}

/// The most jobs one transaction carries: bounds how long the first job of a batch waits.
const MAX_BATCH: usize = 256;

/// A unit of work run on the database thread (given the connection, or the reason there is no
/// transaction to run in); it returns what to tell its caller once the transaction it ran in
/// has committed (or failed to).
type Job = Box<dyn FnOnce(Result<&Connection, &DbError>) -> Reply + Send>;
type Reply = Box<dyn FnOnce(Option<&DbError>) + Send>;

/// What the database thread is sent: work, or the last word.
enum Message {
    Job(Job),
    /// Finish the work sent before, fold the write-ahead log into the database file, close
    /// the connection, and say how that went.
    Close(oneshot::Sender<Result<(), DbError>>),
}

/// A handle on the database thread. Cheap to clone; the thread ends when every handle is gone,
/// or at [`Db::close`].
#[derive(Clone)]
pub struct Db {
    jobs: mpsc::UnboundedSender<Message>,
}

impl Db {
    /// Open (or create) the database at `path`, bring its schema up to date, and start its
    /// thread.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        let mut connection = Connection::open(path).map_err(|error| {
            DbError::Schema(format!(
                "cannot open the database {}: {error}; check the path given with --db",
                path.display()
            ))
        })?;
        // Before anything else reads it: a damaged file is refused, not served.
        schema::check_intact(&connection, path)?;
        // WAL lets the one writer commit with a single fsync of the log; FULL makes that
        // fsync happen at every commit, so an acknowledged action survives `kill -9`.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "FULL")?;
        connection.pragma_update(None, "foreign_keys", true)?;
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        schema::migrate(&mut connection)?;
        let (jobs, receiver) = mpsc::unbounded_channel();
        std::thread::Builder::new()
            .name("overlord-db".into())
            .spawn(move || {
                let closing = run(&connection, receiver);
                // After a checkpoint that folded the log into the file, closing the last
                // connection removes the log: the database is the one file again.
                let closed = checkpoint(&connection).and_then(|()| {
                    connection
                        .close()
                        .map_err(|(_, error)| DbError::from(error))
                });
                if let Some(closing) = closing {
                    let _asker_gone = closing.send(closed);
                }
            })
            .map_err(|error| {
                DbError::Sqlite(format!("cannot start the database thread: {error}"))
            })?;
        Ok(Db { jobs })
    }

    /// Run `work` on the database thread inside a transaction, and return its result once
    /// that transaction has committed. If `work` fails, everything it wrote is rolled back.
    pub async fn call<T, F>(&self, work: F) -> Result<T, DbError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, DbError> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |connection| {
            let result = match connection {
                Ok(connection) => in_savepoint(connection, work),
                Err(error) => Err(error.clone()),
            };
            Box::new(move |commit_error: Option<&DbError>| {
                let result = match (result, commit_error) {
                    (Ok(value), None) => Ok(value),
                    (Ok(_), Some(error)) => Err(error.clone()),
                    (Err(error), _) => Err(error),
                };
                // The caller may have gone (its client hung up); the work stands regardless.
                let _ignored = answer.send(result);
            })
        });
        self.jobs
            .send(Message::Job(job))
            .map_err(|_| DbError::Closed)?;
        answered.await.map_err(|_| DbError::Closed)?
    }

    /// Finish the work already sent, then fold the write-ahead log into the database file and
    /// close it, so that the file alone holds every game (what an operator copies). Work sent
    /// after is refused with [`DbError::Closed`].
    pub async fn close(&self) -> Result<(), DbError> {
        let (answer, answered) = oneshot::channel();
        self.jobs
            .send(Message::Close(answer))
            .map_err(|_| DbError::Closed)?;
        answered.await.map_err(|_| DbError::Closed)?
    }
}

/// Fold the whole write-ahead log into the database file and empty the log.
fn checkpoint(connection: &Connection) -> Result<(), DbError> {
    // `busy` is 1 when a reader kept part of the log from being folded in.
    let busy: i64 =
        connection.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| row.get(0))?;
    if busy != 0 {
        return Err(DbError::Sqlite(
            "the write-ahead log could not be folded into the database file while another \
             process read it; the data is safe in the -wal file beside it"
                .into(),
        ));
    }
    Ok(())
}

/// Copy the database at `from` to `to`, whole and consistent, while a server may be using it
/// (SQLite's online backup: it copies pages in steps and starts over if the server writes in
/// between, so the copy is one moment of the database). `to` must not exist yet.
pub fn backup(from: &Path, to: &Path) -> Result<(), DbError> {
    if to.exists() {
        return Err(DbError::Schema(format!(
            "{} already exists; give the backup a new file name",
            to.display()
        )));
    }
    let source = Connection::open_with_flags(from, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|error| {
            DbError::Schema(format!(
                "cannot open the database {}: {error}; check the path given with --db",
                from.display()
            ))
        })?;
    source.busy_timeout(std::time::Duration::from_secs(5))?;
    schema::check_readable(&source)?;
    let mut copy = Connection::open(to).map_err(|error| {
        DbError::Schema(format!(
            "cannot create the backup {}: {error}",
            to.display()
        ))
    })?;
    {
        let backup = rusqlite::backup::Backup::new(&source, &mut copy)?;
        // A few hundred pages a step, so a busy server is never held up long.
        backup.run_to_completion(256, std::time::Duration::from_millis(10), None)?;
    }
    let intact: String = copy.query_row("PRAGMA integrity_check", [], |row| row.get(0))?;
    if intact != "ok" {
        return Err(DbError::Sqlite(format!(
            "the backup {} does not check out ({intact}); keep the database and try again",
            to.display()
        )));
    }
    Ok(())
}

/// Run `work` in a savepoint, rolling back to it if `work` fails.
fn in_savepoint<T>(
    connection: &Connection,
    work: impl FnOnce(&Connection) -> Result<T, DbError>,
) -> Result<T, DbError> {
    connection.execute_batch("SAVEPOINT job")?;
    match work(connection) {
        Ok(value) => {
            connection.execute_batch("RELEASE job")?;
            Ok(value)
        }
        Err(error) => {
            connection.execute_batch("ROLLBACK TO job; RELEASE job")?;
            Err(error)
        }
    }
}

/// The database thread: batches of jobs, one transaction and one commit per batch, until
/// every handle is gone (`None`) or it is told to close (who to tell once closed).
fn run(
    connection: &Connection,
    mut messages: mpsc::UnboundedReceiver<Message>,
) -> Option<oneshot::Sender<Result<(), DbError>>> {
    let mut closing = None;
    while closing.is_none() {
        let first = match messages.blocking_recv()? {
            Message::Job(job) => job,
            Message::Close(asker) => return Some(asker),
        };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match messages.try_recv() {
                Ok(Message::Job(job)) => batch.push(job),
                Ok(Message::Close(asker)) => {
                    closing = Some(asker);
                    break;
                }
                Err(_) => break,
            }
        }
        if let Err(error) = connection.execute_batch("BEGIN IMMEDIATE") {
            let error = DbError::from(error);
            for job in batch {
                job(Err(&error))(None);
            }
            continue;
        }
        let replies: Vec<Reply> = batch.into_iter().map(|job| job(Ok(connection))).collect();
        let committed = connection.execute_batch("COMMIT").map_err(DbError::from);
        if committed.is_err() {
            let _rolled_back = connection.execute_batch("ROLLBACK");
        }
        let error = committed.err();
        for reply in replies {
            reply(error.as_ref());
        }
    }
    // Work sent after the close is refused: its callers hear `Closed`.
    messages.close();
    closing
}
