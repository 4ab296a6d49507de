//! The figures `overlord sim` reports for D-Day at Omaha Beach ([`Statistics`]): the turn, the
//! steps each US division has lost (13.1 counts companies in the Losses box; a designer wants
//! every step), and the German positions still occupied (13.2: what was not taken).

use crate::data::Division;
use crate::state::{GerLoc, Omaha, UsLoc};
use overlord_engine::Statistics;

impl Statistics for Omaha {
    fn turn(&self) -> Option<u32> {
        Some(u32::from(self.turn))
    }

    fn losses(&self) -> Vec<(String, u32)> {
        [Division::First, Division::TwentyNinth]
            .into_iter()
            .map(|division| (format!("{division} Division"), steps_lost(self, division)))
            .collect()
    }

    /// How far the players got: US units on the map or moved off it (20.3) at the end, and the
    /// German positions still held (13.2).
    fn counters(&self) -> Vec<(String, i64)> {
        let on_map = self
            .us
            .iter()
            .filter(|u| matches!(u.loc, UsLoc::Hex(_) | UsLoc::Exited(_)))
            .count();
        vec![
            ("US units on the map".to_owned(), on_map as i64),
            (
                "German positions held".to_owned(),
                self.holding_out().len() as i64,
            ),
        ]
    }

    fn holding_out(&self) -> Vec<String> {
        let index = &self.data.index;
        let mut held = vec![false; index.positions.len()];
        for g in &self.germans {
            if let GerLoc::Slot(s) = g.loc
                && let Some(slot) = index.slots.get(usize::from(s))
                && let Some(h) = held.get_mut(usize::from(slot.position))
            {
                *h = true;
            }
        }
        index
            .positions
            .iter()
            .zip(held)
            .filter(|(_, held)| *held)
            .map(|(p, _)| p.name.clone())
            .collect()
    }
}

/// Steps lost so far by the units printed for `division` (AMB-06: the printed division,
/// whatever the command): a unit eliminated (drowned, destroyed, shattered) lost all it had.
pub fn steps_lost(state: &Omaha, division: Division) -> u32 {
    state
        .us
        .iter()
        .zip(&state.data.index.us)
        .filter(|(_, info)| info.division == division && !info.is_leader())
        .map(|(u, info)| match u.loc {
            UsLoc::Eliminated => u32::from(info.steps),
            UsLoc::OutOfPlay => 0,
            _ => u32::from(info.steps.saturating_sub(u.steps)),
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::acceptance::{data, empty};
    use overlord_engine::GameRng;

    #[test]
    fn r13_1_statistics_count_steps_lost_per_division_and_positions_held() {
        let mut s = crate::setup::setup(
            &data(),
            "first-wave",
            &crate::state::OmahaOptions::default(),
            GameRng::seeded(1),
        )
        .expect("setup");
        assert_eq!(Statistics::turn(&s), Some(1));
        assert_eq!(
            s.losses(),
            vec![
                ("1st Division".to_owned(), 0),
                ("29th Division".to_owned(), 0)
            ]
        );
        let held = s.holding_out();
        assert_eq!(
            s.counters(),
            vec![
                ("US units on the map".to_owned(), 0),
                ("German positions held".to_owned(), held.len() as i64)
            ]
        );
        assert!(held.iter().any(|p| p.starts_with("WN")), "{held:?}");
        // A company down a step, another eliminated.
        let companies: Vec<_> = (0..s.us.len())
            .filter(|&i| {
                let info = &s.data.index.us[i];
                info.division == Division::First && info.regular_infantry() && info.steps >= 2
            })
            .take(2)
            .collect();
        s.us[companies[0]].steps -= 1;
        s.us[companies[1]].loc = UsLoc::Eliminated;
        let full = u32::from(s.data.index.us[companies[1]].steps);
        assert_eq!(s.losses()[0].1, 1 + full);
        assert_eq!(s.losses()[1].1, 0);
        // No German unit on the board: nothing holds out.
        let bare = empty(3);
        assert!(bare.holding_out().is_empty());
    }
}
