//! The rules' small fixed procedures, each a pure function of its inputs and the data's
//! tables: the dice conventions ([`dice`]), where a marker lands on the AR Track ([`track`]),
//! what a damage result does to a soldier ([`damage`]) and the range bands ([`range`]). The
//! chapters that play the game call them; the spec's cases on them are their tests.

pub mod damage;
pub mod dice;
pub mod range;
pub mod track;
