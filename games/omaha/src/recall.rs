//! The last answer of a costly pure function of the state, kept per thread with the input it
//! came from, and handed back while the input is the same. The floods of rule 12 and the bot's
//! approach distances are asked again and again of states that differ only where they do not
//! read (a search scores dozens of moves per decision, each on a copy of the state), so the
//! last answer is usually the one wanted. A memo, not a cache of guesses: the whole input is
//! compared, so an answer never changes.

use crate::data::OmahaData;
use std::sync::{Arc, Weak};

/// One function's last input and answer. The data set is part of the input: the answer is
/// also a function of the map. It is held by a weak pointer, which keeps its address from
/// being reused by another data set while the memo remembers it.
pub(crate) struct Recall<K, V> {
    data: Weak<OmahaData>,
    key: Vec<K>,
    /// The key of the question being asked, built here to spare an allocation per question.
    asked: Vec<K>,
    answer: V,
}

impl<K, V: Default> Default for Recall<K, V> {
    fn default() -> Self {
        Recall {
            data: Weak::new(),
            key: Vec::new(),
            asked: Vec::new(),
            answer: V::default(),
        }
    }
}

impl<K: PartialEq, V: Clone> Recall<K, V> {
    /// The answer for the input `key` writes (after clearing the buffer it is given) on
    /// `data`: the last one if the input is the same, else `compute(input)`, remembered.
    pub fn answer(
        &mut self,
        data: &Arc<OmahaData>,
        key: impl FnOnce(&mut Vec<K>),
        compute: impl FnOnce(&[K]) -> V,
    ) -> V {
        self.asked.clear();
        key(&mut self.asked);
        if self.data.as_ptr() != Arc::as_ptr(data) || self.key != self.asked {
            self.answer = compute(&self.asked);
            self.data = Arc::downgrade(data);
            std::mem::swap(&mut self.key, &mut self.asked);
        }
        self.answer.clone()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::cell::Cell;

    /// The answer is worked out again exactly when the input or the data set differs from the
    /// last question's, so a memo never hands back an answer to another question.
    #[test]
    fn a_recalled_answer_is_the_one_worked_out_for_the_same_input() {
        let data = crate::acceptance::data();
        let other = Arc::new((*data).clone());
        let computed = Cell::new(0);
        let mut memo = Recall::<u8, u32>::default();
        let mut ask = |data: &Arc<OmahaData>, input: &[u8]| {
            memo.answer(
                data,
                |key| key.extend_from_slice(input),
                |key| {
                    computed.set(computed.get() + 1);
                    key.iter().map(|&k| u32::from(k)).sum()
                },
            )
        };
        assert_eq!(ask(&data, &[1, 2]), 3);
        assert_eq!(ask(&data, &[1, 2]), 3);
        assert_eq!(
            computed.get(),
            1,
            "the same question is answered from memory"
        );
        assert_eq!(ask(&data, &[1, 3]), 4);
        assert_eq!(computed.get(), 2, "another input is worked out");
        assert_eq!(ask(&other, &[1, 3]), 4);
        assert_eq!(computed.get(), 3, "another data set is worked out");
        assert_eq!(ask(&data, &[]), 0);
        assert_eq!(ask(&data, &[1, 3]), 4);
        assert_eq!(computed.get(), 5, "only the last answer is kept");
    }
}
