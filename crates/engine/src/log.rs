//! The game log: every resolved step appends entries naming the rule that produced them.
//!
//! The log lives beside the state, not in it: search and simulation run with a disabled log
//! and pay nothing for sentences nobody reads (the text is built by a closure only when the
//! log is enabled). Entries carry their audience, so one log serves every seat: a hidden
//! counter's identity goes into an entry only its owner (or nobody, for the referee's full
//! record) may read, next to a public entry that says what everyone saw.

use crate::seat::{SeatSet, Viewer};
use serde::Serialize;
use std::fmt;

/// A rule's stable id from the game's spec (`6.31`, `TOI-COMBAT-LOS`, `AMB-ACT-3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct RuleId(pub &'static str);

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Who may read a log entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every seat and every spectator.
    Everyone,
    /// These seats only (a card drawn into a hand, a counter its owner looked at).
    Seats(SeatSet),
    /// No seat: the full record kept for replays, tests and bug reports.
    Referee,
}

impl Audience {
    /// Whether `viewer` may read an entry with this audience.
    pub fn admits(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::Everyone, _) => true,
            (Audience::Seats(seats), Viewer::Seat(seat)) => seats.contains(seat),
            _ => false,
        }
    }
}

/// One log entry: the rule, a sentence for people, a structured event the UI can animate.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogEntry<E> {
    /// The rule that produced the entry.
    pub rule: RuleId,
    /// What happened, in a sentence for people.
    pub text: String,
    /// What happened, for programs.
    pub event: E,
    /// Who may read it.
    pub audience: Audience,
}

/// An append-only list of entries, or a sink that drops them when disabled.
#[derive(Clone, Debug, PartialEq)]
pub struct Log<E> {
    entries: Vec<LogEntry<E>>,
    enabled: bool,
}

impl<E> Default for Log<E> {
    fn default() -> Self {
        Log::new()
    }
}

impl<E> Log<E> {
    /// A log that keeps what it is given.
    pub fn new() -> Log<E> {
        Log {
            entries: Vec::new(),
            enabled: true,
        }
    }

    /// A log that keeps nothing: for search and simulation.
    pub fn disabled() -> Log<E> {
        Log {
            entries: Vec::new(),
            enabled: false,
        }
    }

    /// Whether entries are kept. Games may skip work that only feeds the log.
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// Append an entry; `text` is only called when the log is enabled.
    pub fn push(
        &mut self,
        rule: RuleId,
        audience: Audience,
        event: E,
        text: impl FnOnce() -> String,
    ) {
        if self.enabled {
            self.entries.push(LogEntry {
                rule,
                text: text(),
                event,
                audience,
            });
        }
    }

    /// Append an entry every seat may read.
    pub fn public(&mut self, rule: RuleId, event: E, text: impl FnOnce() -> String) {
        self.push(rule, Audience::Everyone, event, text);
    }

    /// Every entry, the referee's full record.
    pub fn entries(&self) -> &[LogEntry<E>] {
        &self.entries
    }

    /// The entries `viewer` may read, with their positions in the full log.
    pub fn visible_to(&self, viewer: Viewer) -> impl Iterator<Item = (usize, &LogEntry<E>)> {
        self.entries
            .iter()
            .enumerate()
            .filter(move |(_, entry)| entry.audience.admits(viewer))
    }

    /// Number of entries kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no entry is kept.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forget the entries from `len` on (undo takes back what an action logged).
    pub fn truncate(&mut self, len: usize) {
        self.entries.truncate(len);
    }

    /// Move every entry of `other` to the end of this log.
    pub fn append(&mut self, other: &mut Log<E>) {
        if self.enabled {
            self.entries.append(&mut other.entries);
        } else {
            other.entries.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;

    #[test]
    fn a_disabled_log_never_builds_its_text() {
        let mut log: Log<u8> = Log::disabled();
        log.public(RuleId("R-1"), 1, || {
            unreachable!("text built for a disabled log")
        });
        assert!(log.is_empty());
    }

    #[test]
    fn each_viewer_reads_only_its_entries() {
        let mut log = Log::new();
        log.public(RuleId("R-1"), 1, || "everyone".into());
        log.push(
            RuleId("R-2"),
            Audience::Seats(SeatSet::only(Seat(1))),
            2,
            || "seat 2 only".into(),
        );
        log.push(RuleId("R-3"), Audience::Referee, 3, || "referee".into());
        let seen = |viewer| {
            log.visible_to(viewer)
                .map(|(_, e)| e.event)
                .collect::<Vec<_>>()
        };
        assert_eq!(seen(Viewer::Seat(Seat(0))), vec![1]);
        assert_eq!(seen(Viewer::Seat(Seat(1))), vec![1, 2]);
        assert_eq!(seen(Viewer::Spectator), vec![1]);
        assert_eq!(log.len(), 3);
    }
}
