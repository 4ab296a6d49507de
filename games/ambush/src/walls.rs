//! Building sides fired at (AMB-PEN-1..4, AMBX-DMG-3/4): the DD of a shot at a wall seen from
//! outside, an explosive hit breaching it (and a second breach turning the hex to rubble), a
//! rifle's bullet going through wood or stone into whoever is behind.
//!
//! A breach is recorded (the state's `breaches`), damages the hex's occupants, and opens the
//! wall to lines of sight and movement (the game's map from then on, [`Ambush::map`]).

use crate::action::AmbEvent;
use crate::attacks::log_damage;
use crate::data::map::{Dir, Feature, Material};
use crate::data::mission::{Marker, Stance};
use crate::data::weapons::{Damage, Penetration, Rating, WeaponType};
use crate::fire::{self, Kind, NoShot};
use crate::los::{End, line_of_sight};
use crate::map::Hex;
use crate::state::{Ambush, Place, SoldierId, marker_bit};
use crate::tables::dice;
use overlord_engine::RuleId;

/// AMBX-DMG-4: a building side fired at.
pub const WALL: RuleId = RuleId("AMBX-DMG-4");
/// AMB-PEN-3: the blast of a wall knocked down.
pub const KNOCKED_DOWN: RuleId = RuleId("AMB-PEN-3");
/// AMB-PEN-4: rubble.
pub const RUBBLE: RuleId = RuleId("AMB-PEN-4");

fn no(rule: &'static str, reason: &'static str) -> NoShot {
    NoShot {
        rule: RuleId(rule),
        reason,
    }
}

/// The side of building hex `hex` that `shooter` sees from outside, if any: an outer side
/// (wall, window or door) facing him (its outside hex nearer him than the building hex) whose
/// outside hex he sees; the nearest such side, then the lowest direction.
pub fn side_seen(game: &Ambush, shooter: SoldierId, hex: Hex) -> Option<Dir> {
    let map = game.map()?;
    let (from, eye, _) = fire::firing_point(game, shooter)?;
    let building = map.cell(hex).building?;
    if map.cell(from).building == Some(building) {
        return None;
    }
    let range = map.distance(from, hex);
    Dir::ALL
        .into_iter()
        .filter_map(|dir| {
            let across = map.neighbour(hex, dir)?;
            let outer = map.cell(across).building != Some(building);
            let solid = matches!(
                map.side(hex, dir),
                Some(Feature::Wall | Feature::Window | Feature::Door)
            );
            let near = map.distance(from, across);
            let facing = near < range;
            let seen = line_of_sight(map, End::new(from, eye), End::new(across, Stance::Standing));
            (outer && solid && facing && seen).then_some((near, dir.index(), dir))
        })
        .min_by_key(|&(near, index, _)| (near, index))
        .map(|(.., dir)| dir)
}

/// AMBX-DMG-4: the DD of `shooter`'s item fired at the side of `hex` he sees: as at a standing
/// target in the open (the building's −2 not applied), snap fire's, his wound's and his WS.
pub fn dd(
    game: &Ambush,
    shooter: SoldierId,
    item: usize,
    hex: Hex,
    kind: Kind,
) -> Result<i16, NoShot> {
    let map = game.map().ok_or(no("AMBX-MAP-1", "no map"))?;
    side_seen(game, shooter, hex).ok_or(no("AMBX-DMG-4", "no side of it seen from outside"))?;
    let (from, _, _, row) = fire::firer_at_thing(game, shooter, item, kind)?;
    fire::dd_at_thing(game, shooter, item, row, map.distance(from, hex), kind, 0)
}

/// What a shot at a building side did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WallShot {
    pub jammed: bool,
    pub dd: i16,
    pub hit: bool,
    pub breached: bool,
    pub rubble: bool,
    pub results: Vec<(SoldierId, Damage)>,
}

/// AMB-FIRE-1..6 at a wall, then AMBX-DMG-4 on a hit.
pub fn shoot(
    game: &mut Ambush,
    shooter: SoldierId,
    item: usize,
    hex: Hex,
    kind: Kind,
) -> Result<WallShot, NoShot> {
    let final_dd = dd(game, shooter, item, hex, kind)?;
    let dir = side_seen(game, shooter, hex).ok_or(no("AMBX-DMG-4", "no side seen"))?;
    let done = fire::shoot_at(game, shooter, item, kind, final_dd, |game, row| {
        let mut hit = WallShot::default();
        hit_side(game, hex, dir, row, &mut hit);
        hit
    });
    let mut shot = done.effect.unwrap_or_default();
    shot.dd = final_dd;
    shot.jammed = done.jammed;
    shot.hit = done.hit;
    Ok(shot)
}

/// The soldiers in `hex`, on foot, in id order.
fn inside(game: &Ambush, hex: Hex) -> Vec<SoldierId> {
    (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| game.soldier(id).place == Place::Hex(hex))
        .collect()
}

/// AMB-PEN-1..4, AMBX-DMG-3/4: a hit on the side `dir` of building hex `hex` by a weapon of
/// `row`: explosive, the side is breached and everyone inside takes `semi_auto_rifle` damage,
/// or, the hex's second breach, it is rubble and everyone inside dies; otherwise a penetration
/// roll against the wall (wood L, stone M) puts note 3 on one occupant chosen at random.
pub fn hit_side(game: &mut Ambush, hex: Hex, dir: Dir, row: &WeaponType, shot: &mut WallShot) {
    let Some(map) = game.map() else {
        return;
    };
    let material = map
        .cell(hex)
        .building
        .and_then(|b| map.buildings.get(usize::from(b)))
        .map_or(Material::Wood, |b| b.material);
    let there = inside(game, hex);
    if row.explosive {
        let before = game.breaches[usize::from(hex.0)];
        game.breach(hex, dir);
        shot.breached = true;
        if before & !(1 << dir.index()) != 0 {
            // AMB-PEN-4 (AMBIG-24): a second side down: rubble, and nobody inside lives.
            shot.rubble = true;
            game.markers[usize::from(hex.0)] |= marker_bit(Marker::Rubble);
            for id in there {
                if game.soldier(id).health != crate::tables::damage::Health::Killed {
                    fire::take(game, id, Damage::Kill);
                    shot.results.push((id, Damage::Kill));
                }
            }
        } else {
            // AMB-PEN-3: the blast of the wall coming down.
            let blast = game
                .data()
                .weapons
                .types
                .get("semi_auto_rifle")
                .and_then(|t| t.damage.clone())
                .unwrap_or_default();
            for id in there {
                let die = dice::d10(&mut game.rng, KNOCKED_DOWN);
                let result = blast.get(usize::from(die)).copied().unwrap_or(Damage::None);
                fire::take(game, id, result);
                shot.results.push((id, result));
            }
        }
        return;
    }
    let wall = match material {
        Material::Wood => Rating::Light,
        Material::Stone => Rating::Medium,
    };
    let Some(pen) = row.pen.as_ref() else { return };
    let die = dice::d10(&mut game.rng, crate::vehicle_hits::PENETRATION);
    let through = matches!(pen.get(usize::from(die)), Some(Penetration::Through(r)) if *r >= wall);
    if !through || there.is_empty() {
        return;
    }
    // AMBX-DMG-3: note 3 on one of them, at random.
    let pick = if there.len() > 1 {
        dice::random_determination(&mut game.rng, there.len())
    } else {
        0
    };
    let victim = there[pick];
    let die = dice::d10(&mut game.rng, fire::DAMAGE);
    let result = row
        .damage
        .as_ref()
        .and_then(|d| d.get(usize::from(die.saturating_sub(3))).copied())
        .unwrap_or(Damage::None);
    fire::take(game, victim, result);
    shot.results.push((victim, result));
}

/// Log a shot at a wall.
pub fn log_shot(game: &mut Ambush, shooter: SoldierId, hex: Hex, shot: &WallShot) {
    game.note(
        WALL,
        AmbEvent::Attack {
            attacker: shooter,
            target: None,
        },
        |game| {
            let who = game.name(shooter);
            let label = game.map().map_or_else(String::new, |m| m.label(hex));
            if shot.jammed {
                format!("{who}'s weapon jams (at the wall of {label})")
            } else {
                format!(
                    "{who} fires at the wall of {label}: DD {}, {}{}{}",
                    shot.dd,
                    if shot.hit { "hit" } else { "miss" },
                    if shot.breached { ", breached" } else { "" },
                    if shot.rubble {
                        ", the house collapses"
                    } else {
                        ""
                    }
                )
            }
        },
    );
    log_damage(game, &shot.results, WALL);
}
