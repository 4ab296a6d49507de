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
        let mut counters = vec![
            ("US units on the map".to_owned(), on_map as i64),
            (
                "German positions held".to_owned(),
                self.holding_out().len() as i64,
            ),
        ];
        if self.last_turn() > 16 {
            counters.extend(final_tally_items(self));
        }
        counters
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

/// 20.3: each item of the final count as the state stands (the count itself when the game went
/// to its end), for the extended games: where a designer sees which items the players reach.
fn final_tally_items(state: &Omaha) -> Vec<(String, i64)> {
    let tally = crate::victory::final_tally(state, &crate::engineer_bases::draw_cleared);
    [
        ("20.3 road-side positions", tally.road_positions),
        ("20.3 draws opened", tally.draws_opened),
        ("20.3 units on high ground", tally.high_ground_units),
        ("20.3 exited steps", tally.exited_steps),
        ("20.3 Ranger steps out by F or G", tally.ranger_steps_f_g),
        ("20.3 WN hexes not held", tally.uncontrolled_wn_hexes),
        ("20.3 units in the KG Meyer box", tally.kg_meyer_units),
    ]
    .into_iter()
    .map(|(name, n)| (name.to_owned(), i64::from(n)))
    .collect()
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

    /// 20.3: the extended games report each item of the final count, as `final_tally` counts
    /// it; The First Wave, which never reaches it, does not.
    #[test]
    fn r20_3_statistics_report_the_final_count_item_by_item() {
        let first_wave = crate::setup::setup(
            &data(),
            "first-wave",
            &crate::state::OmahaOptions::default(),
            GameRng::seeded(1),
        )
        .expect("setup");
        assert!(
            first_wave
                .counters()
                .iter()
                .all(|(name, _)| !name.starts_with("20.3"))
        );
        let mut s = crate::setup::setup(
            &data(),
            "beyond-the-beach",
            &crate::state::OmahaOptions::default(),
            GameRng::seeded(1),
        )
        .expect("setup");
        let tally = crate::victory::final_tally(&s, &crate::engineer_bases::draw_cleared);
        let counters = s.counters();
        let item = |name: &str| {
            counters
                .iter()
                .find(|(n, _)| n == name)
                .map(|&(_, v)| v)
                .unwrap_or_else(|| panic!("no counter {name}: {counters:?}"))
        };
        assert_eq!(
            item("20.3 WN hexes not held"),
            i64::from(tally.uncontrolled_wn_hexes)
        );
        assert!(item("20.3 WN hexes not held") > 0);
        assert_eq!(
            item("20.3 units in the KG Meyer box"),
            i64::from(tally.kg_meyer_units)
        );
        assert_eq!(item("20.3 exited steps"), 0);
        // A Ranger company moved off the map by exit F: its steps count, LOC or not.
        let ranger = (0..s.us.len())
            .find(|&u| {
                s.data.index.us[u].kind() == Some(crate::data::UsKind::Ranger)
                    && matches!(s.us[u].loc, UsLoc::Hex(_))
            })
            .expect("a Ranger company on the map");
        s.us[ranger].loc = UsLoc::Exited(b'F');
        let counters = s.counters();
        let out = counters
            .iter()
            .find(|(n, _)| n == "20.3 Ranger steps out by F or G")
            .map(|&(_, v)| v);
        assert_eq!(out, Some(i64::from(s.us[ranger].steps)));
        assert!(out > Some(0));
    }
}
