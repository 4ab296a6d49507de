//! Range bands (`TOI-COMBAT-RANGE`, `TOI-COMBAT-ELEV`) and the dice (`TOI-COMBAT-SEQ` step 5):
//! black attack dice hit on 6 at long range, 5-6 at normal range and 4-6 at close range; red
//! defence dice on 5-6 at any range.

/// How far an attack reaches: it sets the black dice's success number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RangeBand {
    /// Adjacent (distance 1).
    Close,
    /// Within the attacker's range.
    Normal,
    /// Within twice its range.
    Long,
}

impl RangeBand {
    /// The lowest black face that hits (`TOI-COMBAT-SEQ` step 5).
    pub fn black_hits_from(self) -> u8 {
        match self {
            RangeBand::Close => 4,
            RangeBand::Normal => 5,
            RangeBand::Long => 6,
        }
    }
}

/// The lowest red face that saves, at any range.
pub const RED_SAVES_FROM: u8 = 5;

/// `TOI-COMBAT-RANGE`, `TOI-COMBAT-ELEV`: the band of an attack over `distance` hexes by a unit
/// of range `range`, from level `attacker_level` on a target at `target_level`; `None` out of
/// range. A higher attacker gets +1 range; Fire and Movement never attacks at long range.
pub fn range_band(
    distance: u32,
    range: u8,
    attacker_level: i8,
    target_level: i8,
    fire_and_movement: bool,
) -> Option<RangeBand> {
    // TOI-UNIT-TANK: a unit attacking an enemy in its own hex (a tank overrunning it) does so
    // at close range, as an adjacent one.
    if distance <= 1 {
        return Some(RangeBand::Close);
    }
    let reach = u32::from(range) + u32::from(attacker_level > target_level);
    if distance <= reach {
        Some(RangeBand::Normal)
    } else if distance <= 2 * reach && !fire_and_movement {
        Some(RangeBand::Long)
    } else {
        None
    }
}

/// Net hits (`TOI-COMBAT-SEQ` step 5): black successes less red successes, never below 0.
pub fn net_hits(black: &[u8], red: &[u8], band: RangeBand) -> u8 {
    let hits = black
        .iter()
        .filter(|&&d| d >= band.black_hits_from())
        .count();
    let saves = red.iter().filter(|&&d| d >= RED_SAVES_FROM).count();
    u8::try_from(hits.saturating_sub(saves)).unwrap_or(u8::MAX)
}

/// The chance of each number of net hits, 0 first, of `black` dice hitting from `band`'s face
/// against `red` dice saving on 5-6 (one of them a sure 6 with Thick Armor, `TOI-UNIT-TANK`):
/// exact, from the two binomial distributions.
pub fn hit_odds(black: u8, band: RangeBand, red: u8, thick_armor: bool) -> Vec<f64> {
    let binomial = |n: u8, p: f64| -> Vec<f64> {
        let mut dist = vec![1.0];
        for _ in 0..n {
            let mut next = vec![0.0; dist.len() + 1];
            for (k, q) in dist.iter().enumerate() {
                next[k] += q * (1.0 - p);
                next[k + 1] += q * p;
            }
            dist = next;
        }
        dist
    };
    let hit = f64::from(7 - band.black_hits_from()) / 6.0;
    let save = f64::from(7 - RED_SAVES_FROM) / 6.0;
    let hits = binomial(black, hit);
    let sure = u8::from(thick_armor && red > 0);
    let saves = binomial(red - sure, save);
    let mut net = vec![0.0; hits.len()];
    for (h, p) in hits.iter().enumerate() {
        for (s, q) in saves.iter().enumerate() {
            net[h.saturating_sub(s + usize::from(sure))] += p * q;
        }
    }
    net
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_range_01_to_04_toi_combat_range_bands() {
        // US 4R, range 4, at distance 1, 4, 8 and 9.
        assert_eq!(range_band(1, 4, 0, 0, false), Some(RangeBand::Close));
        assert_eq!(range_band(4, 4, 0, 0, false), Some(RangeBand::Normal));
        assert_eq!(range_band(8, 4, 0, 0, false), Some(RangeBand::Long));
        assert_eq!(range_band(9, 4, 0, 0, false), None);
        // Fire and Movement: no long-range attack.
        assert_eq!(range_band(8, 4, 0, 0, true), None);
        assert_eq!(range_band(4, 4, 0, 0, true), Some(RangeBand::Normal));
        // The bands' success numbers.
        assert_eq!(
            [RangeBand::Close, RangeBand::Normal, RangeBand::Long].map(RangeBand::black_hits_from),
            [4, 5, 6]
        );
    }

    #[test]
    fn t_range_05_toi_combat_elev_a_higher_attacker_reaches_one_more() {
        // US 4R at level 2, targets at level 0: range 5.
        assert_eq!(range_band(5, 4, 2, 0, false), Some(RangeBand::Normal));
        for d in 6..=10 {
            assert_eq!(range_band(d, 4, 2, 0, false), Some(RangeBand::Long), "{d}");
        }
        assert_eq!(range_band(11, 4, 2, 0, false), None);
        // No bonus at equal level.
        assert_eq!(range_band(5, 4, 2, 2, false), Some(RangeBand::Long));
    }

    #[test]
    fn toi_combat_seq_net_hits_count_black_by_band_and_red_on_5_6() {
        // T-SEQ-04: B[5,6,2,3] R[6,1] at normal range: 2 hits, 1 save, net 1.
        assert_eq!(net_hits(&[5, 6, 2, 3], &[6, 1], RangeBand::Normal), 1);
        // T-SEQ-05: B[5,1], no red dice: 1.
        assert_eq!(net_hits(&[5, 1], &[], RangeBand::Normal), 1);
        // Close range hits on 4; long only on 6; more saves than hits leave 0.
        assert_eq!(net_hits(&[4, 4, 3], &[], RangeBand::Close), 2);
        assert_eq!(net_hits(&[5, 5, 6], &[], RangeBand::Long), 1);
        assert_eq!(net_hits(&[6], &[5, 6], RangeBand::Close), 0);
    }

    #[test]
    fn toi_combat_seq_hit_odds_are_the_dice_distribution() {
        // One black die at close range (4-6), no red: a hit half the time.
        assert_eq!(hit_odds(1, RangeBand::Close, 0, false), vec![0.5, 0.5]);
        // One black at long range (6) against one red (5-6): a hit only when the black is a 6
        // and the red fails: 1/6 * 2/3.
        let odds = hit_odds(1, RangeBand::Long, 1, false);
        assert!((odds[1] - 1.0 / 9.0).abs() < 1e-12);
        // Thick Armor's sure 6 cancels one hit whatever the dice.
        assert_eq!(hit_odds(1, RangeBand::Close, 1, true), vec![1.0, 0.0]);
        // Every distribution sums to 1.
        let total: f64 = hit_odds(8, RangeBand::Normal, 3, false).iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}
