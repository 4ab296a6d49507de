//! The spec's section-8 acceptance cases, each test named by its case id (`t_mv_01_…` for
//! T-MV-01), with the rule ids they exercise; fixtures from [`crate::testkit`] where the
//! rulebook's example needs a map diagram the source does not have.

mod combat;
mod components;
mod fortify;
mod initial;
mod invasion;
mod movement;
mod reinforcements;
mod replacement;
mod seats;
mod solitaire;
mod supply;
mod victory;
