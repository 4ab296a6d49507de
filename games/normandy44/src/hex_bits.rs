//! Sets of hexes as a bit per hex, by hex index, 64 to a word: what a kept answer read (the
//! memo forgets it when a unit enters or leaves one), the hexes a search reached, the hexes
//! within the Army Boundary. A map of a few thousand hexes fits in a few dozen words.

use overlord_hexmap::HexId;

/// An empty set for a map of `hexes` hexes.
pub(crate) fn empty(hexes: usize) -> Vec<u64> {
    vec![0; hexes.div_ceil(64)]
}

/// Put `hex` in the set (nothing for a hex beyond its words).
pub(crate) fn mark(bits: &mut [u64], hex: HexId) {
    if let Some(word) = bits.get_mut(hex.index() / 64) {
        *word |= 1 << (hex.index() % 64);
    }
}

/// Whether `hex` is in the set.
pub(crate) fn has(bits: &[u64], hex: HexId) -> bool {
    bits.get(hex.index() / 64)
        .is_some_and(|w| w & (1 << (hex.index() % 64)) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_hex_is_in_the_set_and_no_other() {
        let mut bits = empty(130);
        assert_eq!(bits.len(), 3);
        mark(&mut bits, HexId(64));
        mark(&mut bits, HexId(129));
        mark(&mut bits, HexId(500));
        assert!(has(&bits, HexId(64)) && has(&bits, HexId(129)));
        assert!(!has(&bits, HexId(0)) && !has(&bits, HexId(63)) && !has(&bits, HexId(500)));
    }
}
