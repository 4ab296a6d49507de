//! AMBX-AR-1, AMB-RND-4/5: where a marker placed from its side's initiative die lands on the
//! AR Track.

use crate::data::tables::ArTrackTable;
use serde::{Deserialize, Serialize};

/// The AR Track's rows (AMB-AWR-1, AMBX-AR-1), top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Row {
    TwoTurns,
    OneTurn,
    Complete,
    Unaware,
    Panic,
    Inactive,
}

/// Where a placed marker lands, and whether the die's number is printed red (a US
/// non-commander there checks command, AMB-RND-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub row: Row,
    pub red: bool,
}

/// AMBX-AR-1: the row for a marker placed from die `die` for a soldier of initiative `in_`;
/// a wounded soldier gets at most one turn (AMB-RND-4).
pub fn place(die: u8, in_: u8, wounded: bool, table: &ArTrackTable) -> Placement {
    let score = die.saturating_add(in_);
    let mut row = if score >= table.two_turns_min_score {
        Row::TwoTurns
    } else if score >= table.one_turn_min_score {
        Row::OneTurn
    } else {
        Row::Complete
    };
    if wounded && table.wounded_max_turns < 2 && row == Row::TwoTurns {
        row = Row::OneTurn;
    }
    Placement {
        row,
        red: die <= table.red_die_max,
    }
}

/// AMB-RND-6, AMBX-AR-2: the spaces activations come from, in order: two turns then one, the
/// advantage half before the other.
pub const ACTING_SPACES: [(Row, bool); 4] = [
    (Row::TwoTurns, true),
    (Row::TwoTurns, false),
    (Row::OneTurn, true),
    (Row::OneTurn, false),
];

/// AMB-RND-6: the space the next activation comes from, given every marker as (row, in the
/// advantage half): the top-most that holds one; `None` once no marker is on a turn row.
pub fn next_space(markers: &[(Row, bool)]) -> Option<(Row, bool)> {
    ACTING_SPACES
        .into_iter()
        .find(|space| markers.contains(space))
}

/// AMBX-AR-1, AMBX-AR-3: the row a marker moves to once its soldier has acted (or passed).
pub fn after_acting(row: Row) -> Row {
    match row {
        Row::TwoTurns => Row::OneTurn,
        Row::OneTurn => Row::Complete,
        other => other,
    }
}

/// AMB-RND-3: the side with the initiative: the higher die; a tie goes to the Germans.
pub fn us_has_initiative(us_die: u8, german_die: u8) -> bool {
    us_die > german_die
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn table() -> ArTrackTable {
        ArTrackTable {
            two_turns_min_score: 9,
            one_turn_min_score: 3,
            red_die_max: 2,
            wounded_max_turns: 1,
        }
    }

    /// T-AR-1 (AMBX-AR-1, AMB-RND-4): US die 6 and German dice 2 and 1.
    #[test]
    fn t_ar_1_placements() {
        let t = table();
        assert_eq!(place(6, 3, false, &t).row, Row::TwoTurns, "US1");
        assert_eq!(place(6, 0, false, &t).row, Row::OneTurn, "US5");
        assert_eq!(place(6, 3, true, &t).row, Row::OneTurn, "US1 wounded");
        let a = place(2, 3, false, &t);
        assert_eq!(
            (a.row, a.red),
            (Row::OneTurn, true),
            "A: red, ignored for Germans"
        );
        assert_eq!(place(2, 1, false, &t).row, Row::OneTurn, "C");
        assert_eq!(place(1, 1, false, &t).row, Row::Complete, "D");
    }

    /// AMBX-AR-1: the printed chart, IN 0..5 by die 0..9 (C = Complete, * = red).
    #[test]
    fn ambx_ar_1_the_whole_chart() {
        let chart = [
            "C* C* C* 1 1 1 1 1 1 2",
            "C* C* 1* 1 1 1 1 1 2 2",
            "C* 1* 1* 1 1 1 1 2 2 2",
            "1* 1* 1* 1 1 1 2 2 2 2",
            "1* 1* 1* 1 1 2 2 2 2 2",
            "1* 1* 1* 1 2 2 2 2 2 2",
        ];
        for (in_, line) in chart.iter().enumerate() {
            for (die, cell) in line.split(' ').enumerate() {
                let p = place(die as u8, in_ as u8, false, &table());
                let row = match cell.trim_end_matches('*') {
                    "C" => Row::Complete,
                    "1" => Row::OneTurn,
                    _ => Row::TwoTurns,
                };
                assert_eq!(
                    (p.row, p.red),
                    (row, cell.ends_with('*')),
                    "IN {in_} die {die}"
                );
            }
        }
    }

    /// T-AR-2 (AMB-RND-6, AMBX-AR-2): US initiative; US1 on 2T-Adv, A on 2T-Dis, US2 on
    /// 1T-Adv: US1, A, US1 again, US2, A again.
    #[test]
    fn t_ar_2_the_order_of_activations() {
        let mut markers = [
            ("US1", Row::TwoTurns, true),
            ("A", Row::TwoTurns, false),
            ("US2", Row::OneTurn, true),
        ];
        let mut order = Vec::new();
        loop {
            let spaces: Vec<(Row, bool)> = markers.iter().map(|&(_, r, a)| (r, a)).collect();
            let Some(space) = next_space(&spaces) else {
                break;
            };
            // Within a space the player (US) or the alphabet (Germans) picks; here one each.
            let m = markers
                .iter_mut()
                .find(|(_, r, a)| (*r, *a) == space)
                .unwrap();
            order.push(m.0);
            m.1 = after_acting(m.1);
        }
        assert_eq!(order, ["US1", "A", "US1", "US2", "A"]);
    }

    /// T-RND-2 (AMB-RND-3): a tie gives the Germans the initiative.
    #[test]
    fn t_rnd_2_ties_go_to_the_germans() {
        assert!(!us_has_initiative(5, 5));
        assert!(us_has_initiative(6, 5));
    }
}
