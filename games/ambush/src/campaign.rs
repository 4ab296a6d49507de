//! The campaign's arithmetic (AMB-CAMP, AMBX-CAMP): the XP a mission earns, how it may be
//! shared, what it buys, and the replacements' budget.

use crate::data::tables::{CampaignTable, RaisedRating};
use crate::state::Ratings;

/// AMB-CAMP-1/2, AMBX-CAMP-1: the XP pool: survivors times 4 (success) or 2 (failure), less 2
/// per loss not rescued; never below 0.
pub fn pool(table: &CampaignTable, success: bool, survivors: u8, unrescued_losses: u8) -> u16 {
    let per = if success {
        table.xp_success_per_survivor
    } else {
        table.xp_failure_per_survivor
    };
    let earned = i32::from(survivors) * i32::from(per);
    let lost = i32::from(unrescued_losses) * i32::from(table.xp_loss_penalty);
    u16::try_from((earned - lost).max(0)).unwrap_or(0)
}

/// AMB-CAMP-3, AMBX-CAMP-2, AMBIG-32: whether `shares` (one per survivor) share out `pool`:
/// each 1 to 6 while points remain, all of it given where it can be (what is above 6 a head is
/// lost); a pool of 0 gives nobody anything.
pub fn shares_valid(table: &CampaignTable, pool: u16, shares: &[u8]) -> bool {
    let (low, high) = (u16::from(table.xp_min_each), u16::from(table.xp_max_each));
    let given: u16 = shares.iter().map(|&s| u16::from(s)).sum();
    let can_give = pool.min(high * shares.len() as u16);
    if given != can_give || shares.iter().any(|&s| u16::from(s) > high) {
        return false;
    }
    // Everyone gets at least 1 while the pool lasts; short of that, single points to some.
    let n = shares.len() as u16;
    if pool >= low * n {
        shares.iter().all(|&s| u16::from(s) >= low)
    } else {
        shares.iter().all(|&s| u16::from(s) <= low)
    }
}

/// AMB-CAMP-5: what 6 XP buy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Improvement {
    Pc,
    Ws,
    Ds,
    /// AMBX-CAMP-4: a d10 on `roll_pc_or_in`.
    RollPcOrIn,
}

/// AMB-CAMP-5/6, AMBX-CAMP-4: `ratings` improved by `choice` (with the d10 `die` for a roll),
/// or `None` when the rating is at its cap (a roll with both capped refunds the XP).
pub fn improve(
    table: &CampaignTable,
    ratings: Ratings,
    choice: Improvement,
    die: u8,
) -> Option<Ratings> {
    let caps = &table.caps;
    let mut r = ratings;
    match choice {
        Improvement::Pc if r.pc < caps.pc => r.pc += 1,
        Improvement::Ws if r.ws < caps.ws => r.ws += 1,
        Improvement::Ds if r.ds < caps.ds => r.ds = (r.ds + 2).min(caps.ds),
        Improvement::RollPcOrIn => {
            let rolled = *table.roll_pc_or_in.get(usize::from(die))?;
            let (first, second) = match rolled {
                RaisedRating::Perception => (RaisedRating::Perception, RaisedRating::Initiative),
                RaisedRating::Initiative => (RaisedRating::Initiative, RaisedRating::Perception),
            };
            let raise = |r: &mut Ratings, which| match which {
                RaisedRating::Perception if r.pc < caps.pc => {
                    r.pc += 1;
                    true
                }
                RaisedRating::Initiative if r.initiative < caps.initiative => {
                    r.initiative += 1;
                    true
                }
                _ => false,
            };
            if !raise(&mut r, first) && !raise(&mut r, second) {
                return None;
            }
        }
        _ => return None,
    }
    Some(r)
}

/// AMBX-CAMP-5, AMBIG-34: the replacements' budget: the purchase cost of every soldier lost.
pub fn replacement_budget(costs_of_the_lost: &[u8]) -> u16 {
    costs_of_the_lost.iter().map(|&c| u16::from(c)).sum()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use std::path::Path;

    fn table() -> CampaignTable {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        AmbushData::load(&dir)
            .unwrap_or_else(|e| panic!("{e}"))
            .tables
            .campaign
    }

    fn ratings(initiative: u8, pc: u8, ws: i8, ds: u8) -> Ratings {
        Ratings {
            initiative,
            pc,
            ws,
            ds,
            mpa: 5,
        }
    }

    /// T-CAMP-1 (AMB-CAMP-1, AMB-CAMP-2): the pool for success and failure, the rescued not counted.
    #[test]
    fn t_camp_1_the_xp_pool() {
        let t = table();
        assert_eq!(pool(&t, true, 3, 1), 10);
        assert_eq!(pool(&t, false, 3, 1), 4);
    }

    /// T-CAMP-2 (AMB-CAMP-3): 1 to 6 each, the whole pool.
    #[test]
    fn t_camp_2_sharing_the_pool() {
        let t = table();
        assert!(shares_valid(&t, 10, &[6, 3, 1]));
        assert!(!shares_valid(&t, 10, &[7, 2, 1]));
        assert!(!shares_valid(&t, 10, &[6, 4, 0]));
    }

    /// T-CAMP-3 (AMB-CAMP-5, AMB-CAMP-6): improvements within the caps.
    #[test]
    fn t_camp_3_improvements_and_caps() {
        let t = table();
        assert_eq!(improve(&t, ratings(2, 9, 0, 3), Improvement::Pc, 0), None);
        assert_eq!(
            improve(&t, ratings(2, 6, 0, 7), Improvement::Ds, 0)
                .unwrap()
                .ds,
            8
        );
        assert_eq!(improve(&t, ratings(2, 6, 2, 3), Improvement::Ws, 0), None);
        assert_eq!(t.improvement_cost, 6);
    }

    /// T-CAMP-4 (AMBX-CAMP-4): the roll raises IN on 7-9, PC when IN is capped.
    #[test]
    fn t_camp_4_the_roll_for_pc_or_in() {
        let t = table();
        assert_eq!(
            improve(&t, ratings(2, 6, 0, 3), Improvement::RollPcOrIn, 8)
                .unwrap()
                .initiative,
            3
        );
        let capped = improve(&t, ratings(5, 6, 0, 3), Improvement::RollPcOrIn, 8).unwrap();
        assert_eq!((capped.initiative, capped.pc), (5, 7));
        assert_eq!(
            improve(&t, ratings(5, 9, 0, 3), Improvement::RollPcOrIn, 8),
            None,
            "refunded"
        );
    }

    /// T-CAMP-5 (AMB-CAMP-4, AMBX-CAMP-5): US3 (cost 2) killed: a budget of 2.
    #[test]
    fn t_camp_5_the_replacement_budget() {
        assert_eq!(replacement_budget(&[2]), 2);
    }

    /// T-CAMP-6 (AMBIG-32): a pool of 0 gives nobody anything.
    #[test]
    fn t_camp_6_an_empty_pool() {
        let t = table();
        assert_eq!(pool(&t, false, 1, 3), 0);
        assert!(shares_valid(&t, 0, &[0]));
        assert!(!shares_valid(&t, 0, &[1]));
    }
}
