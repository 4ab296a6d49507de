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

/// A handle on the database thread. Cheap to clone; the thread ends when every handle is gone.
#[derive(Clone)]
pub struct Db {
    jobs: mpsc::UnboundedSender<Job>,
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
            .spawn(move || run(&connection, receiver))
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
        self.jobs.send(job).map_err(|_| DbError::Closed)?;
        answered.await.map_err(|_| DbError::Closed)?
    }
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

/// The database thread: batches of jobs, one transaction and one commit per batch.
fn run(connection: &Connection, mut jobs: mpsc::UnboundedReceiver<Job>) {
    while let Some(first) = jobs.blocking_recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
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
}
