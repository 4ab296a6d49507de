//! [`Marks`]: a dense table of per-entry values for one search at a time, which a new search
//! starts afresh without clearing. Searches over a map ask "reached yet, and how" of a few
//! hexes each, thousands of times a game; allocating and zeroing a map-sized table for each
//! would cost more than the search. Each entry carries the round that wrote it, and only the
//! current round's entries count.

/// Per-entry values, valid for the current round only (see the module doc).
#[derive(Clone, Debug)]
pub struct Marks<T> {
    round: u32,
    /// Each entry's round beside its value: a lookup reads one place, not two tables.
    entries: Vec<(u32, T)>,
}

impl<T> Default for Marks<T> {
    fn default() -> Self {
        Marks {
            round: 0,
            entries: Vec::new(),
        }
    }
}

impl<T: Copy> Marks<T> {
    /// Start a new round over `len` entries: every entry reads as unmarked. `blank` fills the
    /// table when it is first made (it is never read back).
    pub fn begin(&mut self, len: usize, blank: T) {
        if self.entries.len() != len {
            self.entries = vec![(0, blank); len];
            self.round = 0;
        }
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            // After four billion rounds the stamps wrap: clear them once.
            self.entries.iter_mut().for_each(|(stamp, _)| *stamp = 0);
            self.round = 1;
        }
    }

    /// The value marked at `i` this round, if any.
    pub fn get(&self, i: usize) -> Option<T> {
        match self.entries.get(i) {
            Some(&(stamp, value)) if stamp == self.round => Some(value),
            _ => None,
        }
    }

    /// Whether `i` is marked this round.
    pub fn is_marked(&self, i: usize) -> bool {
        self.entries
            .get(i)
            .is_some_and(|&(stamp, _)| stamp == self.round)
    }

    /// Mark `i` with `value` for this round; out of range, nothing.
    pub fn set(&mut self, i: usize, value: T) {
        if let Some(entry) = self.entries.get_mut(i) {
            *entry = (self.round, value);
        }
    }

    /// Mark `i` unless it is marked already; whether it was newly marked.
    pub fn mark(&mut self, i: usize, value: T) -> bool {
        if self.is_marked(i) || i >= self.entries.len() {
            return false;
        }
        self.set(i, value);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::Marks;

    #[test]
    fn a_new_round_forgets_the_last_without_clearing() {
        let mut marks = Marks::<u8>::default();
        marks.begin(4, 0);
        marks.set(1, 7);
        assert_eq!(marks.get(1), Some(7));
        assert!(marks.mark(2, 3));
        assert!(!marks.mark(2, 4), "marked already this round");
        assert_eq!(marks.get(2), Some(3));
        marks.begin(4, 0);
        assert_eq!(marks.get(1), None);
        assert!(!marks.is_marked(2));
        assert!(marks.mark(2, 5));
        assert_eq!(marks.get(2), Some(5));
    }

    #[test]
    fn out_of_range_entries_are_never_marked() {
        let mut marks = Marks::<u8>::default();
        marks.begin(2, 0);
        marks.set(5, 1);
        assert!(!marks.mark(5, 1));
        assert_eq!(marks.get(5), None);
    }

    #[test]
    fn the_stamps_wrap_cleanly() {
        let mut marks = Marks::<u8>::default();
        marks.begin(3, 0);
        marks.set(0, 1);
        marks.round = u32::MAX;
        marks.set(1, 2);
        marks.begin(3, 0);
        assert_eq!(marks.round, 1);
        assert_eq!(
            marks.get(0),
            None,
            "a stamp of round 1 from long ago is cleared"
        );
        assert_eq!(marks.get(1), None);
    }
}
