//! Line of sight from one soldier as the browser shows it when he is selected: the hexes in
//! which a standing man would be in his sight (AMB-LOS, AMBX-LOS), and for each enemy the
//! player knows of (AMBX-HID: placed by a paragraph), whether he could fire on him now with
//! any of his weapons, and if not, why (the rule `fire::dd` refuses by).

use crate::data::mission::Stance;
use crate::fire::{self, Kind};
use crate::los::{End, line_of_sight};
use crate::state::{Ambush, SoldierId};
use crate::view::{known, place_label};
use overlord_engine::{Sight, SightTarget};

/// What soldier `unit` sees, or `None` for a soldier off the map or not known to the player.
pub fn sight(game: &Ambush, unit: u32) -> Option<Sight> {
    let id = SoldierId(u8::try_from(unit).ok()?);
    if id.index() >= game.soldiers.len() || !known(game, id) {
        return None;
    }
    let map = game.map()?;
    let (from, stance, _) = fire::firing_point(game, id)?;
    let eye = End::new(from, stance);
    let hexes = map
        .hexes()
        .filter(|&h| line_of_sight(map, eye, End::new(h, Stance::Standing)))
        .map(|h| map.label(h))
        .collect();
    let side = game.soldier(id).side;
    let targets = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&t| game.soldier(t).side != side && known(game, t) && !game.soldier(t).inactive())
        .filter_map(|t| {
            let (hex, _, _) = fire::firing_point(game, t)?;
            Some(SightTarget {
                unit: u32::from(t.0),
                hex: map.label(hex),
                blocked: why_not(game, id, t),
            })
        })
        .collect();
    Some(Sight {
        unit,
        from: place_label(game, id).unwrap_or_else(|| map.label(from)),
        hexes,
        targets,
    })
}

/// Why `shooter` could fire on `target` with none of his weapons, aimed (the first weapon's
/// refusal, citing its rule); `None` when one of them could.
fn why_not(game: &Ambush, shooter: SoldierId, target: SoldierId) -> Option<String> {
    let items = game.soldier(shooter).items.len();
    if items == 0 {
        return Some("he carries no weapon (AMB-FIRE-2)".to_owned());
    }
    let mut first = None;
    for item in 0..items {
        match fire::dd(game, shooter, item, target, Kind::Aimed) {
            Ok(_) => return None,
            Err(no) => {
                first.get_or_insert(no);
            }
        }
    }
    first.map(|no| format!("{} ({})", no.reason, no.rule.0))
}
