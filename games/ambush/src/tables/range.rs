//! AMBX-WTC-1: the range bands, and a weapon type's base DD at a range.

use crate::data::weapons::WeaponType;

/// The band (0..=8) `range` hexes fall in, given the bands' inclusive upper bounds; `None`
/// beyond the last.
pub fn band(range: u32, upper: &[u8]) -> Option<usize> {
    upper.iter().position(|&u| range <= u32::from(u))
}

/// AMBX-WTC-1: the base DD of `kind` at `range`, or `None` where it cannot fire (outside its
/// minimum and maximum range, or a 0 in the chart).
pub fn base_dd(kind: &WeaponType, range: u32, upper: &[u8]) -> Option<u8> {
    if range < u32::from(kind.min_range) || kind.max_range.is_none_or(|m| range > u32::from(m)) {
        return None;
    }
    let dd = *kind.dd.as_ref()?.get(band(range, upper)?)?;
    (dd > 0).then_some(dd)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use std::path::Path;

    /// AMBX-WTC-1: bands 0 | 1 | 2-3 | 4-6 | 7-10 | 11-15 | 16-22 | 23-30 | 31-40, and each
    /// type's DD read from its band, none beyond its range.
    #[test]
    fn ambx_wtc_1_bands_and_base_dds() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        let data = AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}"));
        let upper = &data.tables.range_bands.upper;
        assert_eq!(band(0, upper), Some(0));
        assert_eq!(band(3, upper), Some(2));
        assert_eq!(band(4, upper), Some(3));
        assert_eq!(band(40, upper), Some(8));
        assert_eq!(band(41, upper), None);
        let pistol = data.weapons.types.get("pistol").unwrap();
        assert_eq!(base_dd(pistol, 1, upper), Some(7));
        assert_eq!(base_dd(pistol, 6, upper), Some(3));
        assert_eq!(base_dd(pistol, 7, upper), None, "a pistol's reach is 6");
        let bazooka = data.weapons.types.get("bazooka").unwrap();
        assert_eq!(base_dd(bazooka, 0, upper), None, "minimum range 1");
        assert_eq!(base_dd(bazooka, 5, upper), Some(7));
    }
}
