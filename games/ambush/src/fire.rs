//! Fire combat (AMB-FIRE, AMB-AUTO, AMB-WPN-3, AMBX-FCM, AMBX-WTC-4, AMBX-DMG): a soldier's
//! shot at a soldier, its DD with every modifier, and its resolution in the spec's dice order
//! (jam d% → to-hit d10 → damage d10 → extra automatic d10s → ammunition d%).
//!
//! Fire at vehicles and at building sides is [`crate::vehicle_hits`]' and [`crate::walls`]'
//! (through [`shoot_at`]). Extra targets of automatic fire among equally easy ones go to the
//! lowest id (docs/ambush/interpretations.md).

use crate::data::map::{Feature, Terrain};
use crate::data::mission::Stance;
use crate::data::weapons::{Damage, Side, WeaponType};
use crate::los::{End, entry_feature};
use crate::state::{Ambush, Place, SoldierId};
use crate::tables::damage::{self, Health};
use crate::tables::dice;
use crate::tables::range::base_dd;
use crate::tables::track::Row;
use overlord_engine::RuleId;

/// AMB-FIRE-1: the jam check.
pub const JAM: RuleId = RuleId("AMB-FIRE-1");
/// AMB-FIRE-4: the to-hit roll.
pub const HIT: RuleId = RuleId("AMB-FIRE-4");
/// AMB-FIRE-5: the damage roll.
pub const DAMAGE: RuleId = RuleId("AMB-FIRE-5");
/// AMB-FIRE-6: the ammunition check.
pub const AMMO: RuleId = RuleId("AMB-FIRE-6");
/// AMB-AUTO-2: the extra automatic-fire dice.
pub const AUTO: RuleId = RuleId("AMB-AUTO-2");
/// AMB-WPN-3: the bazooka's blast on the others in the target's hex.
pub const SIDE_BLAST: RuleId = RuleId("AMB-WPN-3");

/// Aimed or snap fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Aimed,
    Snap,
}

/// What a shot did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shot {
    pub jammed: bool,
    /// The final DD (AMB-FIRE-3).
    pub dd: i16,
    pub hit: bool,
    /// Each soldier hit and the result he took, in order.
    pub results: Vec<(SoldierId, Damage)>,
    /// An Ammo Box was used up (AMB-FIRE-6).
    pub ammo_used: bool,
}

/// Why a shot may not be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoShot {
    pub rule: RuleId,
    pub reason: &'static str,
}

fn no(rule: &'static str, reason: &'static str) -> NoShot {
    NoShot {
        rule: RuleId(rule),
        reason,
    }
}

/// The chart row of `shooter`'s item `item`.
fn weapon_type(game: &Ambush, shooter: SoldierId, item: usize) -> Option<&WeaponType> {
    let weapon = game.soldier(shooter).items.get(item)?.weapon;
    game.data().weapons.type_by_index(weapon)
}

/// Where `shooter` fires from: his hex, the stance his line of sight starts at (aboard a
/// vehicle stances do not count, AMB-VMOV-3/4: as standing), and the vehicle he is in.
pub fn firing_point(
    game: &Ambush,
    shooter: SoldierId,
) -> Option<(crate::map::Hex, Stance, Option<crate::state::VehicleId>)> {
    let s = game.soldier(shooter);
    match s.place {
        Place::Hex(h) => Some((h, s.stance, None)),
        Place::Aboard { vehicle, .. } => {
            let at = game.vehicles.get(usize::from(vehicle.0))?.hex?;
            Some((at, Stance::Standing, Some(vehicle)))
        }
        Place::OffMap | Place::Exited => None,
    }
}

/// The weapons a tank mounts, in the order its crew card carries them (AMBX-VEH-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mount {
    Gun,
    TurretMg,
    BowMg,
}

/// The mount of item `item` of `shooter`, a tank's crew card.
pub fn mount_of(game: &Ambush, shooter: SoldierId, item: usize) -> Option<Mount> {
    let Place::Aboard { vehicle, .. } = game.soldier(shooter).place else {
        return None;
    };
    let kind_index = game.vehicles.get(usize::from(vehicle.0))?.kind;
    let kind = game.data().vehicles.values().nth(usize::from(kind_index))?;
    if kind.crew == 0 {
        return None;
    }
    let mounts: Vec<Mount> = [
        (kind.turret_gun.is_some(), Mount::Gun),
        (kind.turret_mg.is_some(), Mount::TurretMg),
        (kind.bow_mg.is_some(), Mount::BowMg),
    ]
    .into_iter()
    .filter_map(|(has, m)| has.then_some(m))
    .collect();
    mounts.get(item).copied()
}

/// AMB-VACT-1/2, AMBX-VEH-7: a tank's gun fires loaded, a fixed gun and the bow MG only into
/// the frontal arc (an immobilized fixed gun straight ahead only).
fn mounted_may_fire(
    game: &Ambush,
    shooter: SoldierId,
    item: usize,
    v: crate::state::VehicleId,
    to: crate::map::Hex,
) -> Result<(), NoShot> {
    let Some(mount) = mount_of(game, shooter, item) else {
        return Ok(());
    };
    let car = game.vehicles[usize::from(v.0)];
    let (Some(map), Some(at)) = (game.map(), car.hex) else {
        return Err(no("AMBX-MAP-1", "no map"));
    };
    let rotates = game
        .data()
        .vehicles
        .values()
        .nth(usize::from(car.kind))
        .is_some_and(|k| k.turret_rotates);
    let front = crate::vehicles::in_frontal_arc(map, at, car.facing, to);
    match mount {
        Mount::Gun if !game.soldier(shooter).items[item].prepared => {
            Err(no("AMBX-VEH-7", "the gun must be loaded"))
        }
        Mount::Gun
            if !rotates
                && car.status == crate::state::VehicleStatus::Immobilized
                && !crate::vehicles::straight_ahead(map, at, car.facing, to) =>
        {
            Err(no(
                "AMB-VACT-2",
                "immobilized, the fixed gun fires straight ahead only",
            ))
        }
        Mount::Gun if !rotates && !front => {
            Err(no("AMB-VACT-2", "the fixed gun fires into the frontal arc"))
        }
        Mount::BowMg if !front => Err(no(
            "AMB-VACT-1",
            "the bow machine gun fires into the frontal arc",
        )),
        _ => Ok(()),
    }
}

/// AMB-FIRE-2, AMB-FIRE-3, AMBX-FCM-1: the final DD of `shooter`'s item `item` fired (`kind`)
/// at `target`, or why he may not fire it at him.
pub fn dd(
    game: &Ambush,
    shooter: SoldierId,
    item: usize,
    target: SoldierId,
    kind: Kind,
) -> Result<i16, NoShot> {
    let data = game.data();
    let fcm = &data.tables.fcm;
    let map = game
        .map()
        .ok_or(no("AMBX-MAP-1", "the mission has no map"))?;
    let s = game.soldier(shooter);
    let t = game.soldier(target);
    let (Some((from, eye, riding)), Place::Hex(to)) = (firing_point(game, shooter), t.place) else {
        return Err(no(
            "AMB-LOS",
            "the firer must be on the map, the target outside vehicles",
        ));
    };
    if t.inactive() {
        return Err(no(
            "AMB-SACT-4",
            "an inactive soldier may not be chosen as a target",
        ));
    }
    // AMB-SACT-3: no firing into a hex holding an active friend.
    let friend_there = game.soldiers.iter().enumerate().any(|(i, o)| {
        i != shooter.index() && o.side == s.side && o.place == Place::Hex(to) && !o.inactive()
    });
    if friend_there {
        return Err(no("AMB-SACT-3", "an active friend is in the target's hex"));
    }
    if s.stance == Stance::Prone && riding.is_none() {
        return Err(no("AMB-ACT-1", "a prone soldier cannot fire"));
    }
    let it = s.items.get(item).ok_or(no("AMB-FIRE-2", "no such item"))?;
    if let Some(v) = riding {
        mounted_may_fire(game, shooter, item, v, to)?;
    }
    let kind_row = weapon_type(game, shooter, item).ok_or(no("AMB-FIRE-2", "not a weapon"))?;
    if it.jammed {
        return Err(no("AMB-FIRE-1", "the weapon is jammed"));
    }
    if kind == Kind::Snap && !kind_row.snap_allowed {
        return Err(no("AMB-ACT-2", "this weapon never snap fires"));
    }
    // AMBX-WTC-3: an MMG fires only prepared; an LMG snap fires unprepared at −2 more.
    let unprepared_lmg = !it.prepared
        && kind_row.prep == Some(crate::data::weapons::Prep::UntilMoved)
        && !kind_row.crew;
    if !it.prepared
        && kind_row.prep.is_some()
        && (kind_row.crew || kind == Kind::Aimed || !unprepared_lmg)
    {
        return Err(no("AMBX-WTC-3", "the weapon must be prepared"));
    }
    // AMBX-WTC-4: a US weapon with no Ammo Box left is silent.
    if s.side == Side::Us && !kind_row.ammo_unlimited && !s.ammo.contains(&it.weapon) {
        return Err(no("AMBX-WTC-4", "no ammunition left for it"));
    }
    let los = entry_feature(map, End::new(from, eye), End::new(to, t.stance))
        .ok_or(no("AMB-LOS", "the target is out of sight"))?;
    let range = map.distance(from, to);
    let base = base_dd(kind_row, range, &data.tables.range_bands.upper)
        .ok_or(no("AMBX-WTC-1", "out of the weapon's range"))?;
    let mut dd = i16::from(base);
    let terrain = map.cell(to).terrain;
    dd += i16::from(match t.stance {
        Stance::Standing => fcm.target_standing,
        Stance::Crouching => fcm.target_crouching,
        Stance::Prone if range <= 1 => fcm.target_prone_close,
        Stance::Prone => fcm.target_prone,
    });
    dd += i16::from(match terrain {
        Terrain::Crater if t.stance == Stance::Standing => fcm.crater_standing,
        Terrain::Building if los == Some(Feature::Window) => fcm.building_through_window,
        other => fcm.terrain.get(other.name()).copied().unwrap_or(0),
    });
    if t.panicked || (t.side == Side::Us && t.marker.row == Row::Unaware) {
        dd += i16::from(fcm.target_unaware_or_panicked);
    }
    if kind == Kind::Snap {
        dd += i16::from(fcm.snap);
        if unprepared_lmg {
            dd += i16::from(fcm.unprepared_lmg_snap);
        }
    }
    if s.health == Health::Wounded {
        dd += i16::from(fcm.firer_wounded);
    }
    // AMBX-FCM-1: from a vehicle that moved this round.
    if riding.is_some_and(|v| game.vehicles[usize::from(v.0)].moved_this_round) {
        dd += i16::from(fcm.firer_vehicle_moved);
    }
    let mut ws = i16::from(s.ratings.ws);
    if s.side == Side::Us && it.captured {
        ws += i16::from(fcm.us_with_german_weapon_ws);
    }
    Ok(dd + ws)
}

/// AMB-FIRE-1, AMB-FIRE-4, AMB-FIRE-5: a shot's chances before it is fired, for the player
/// choosing it: the jam, the hit (the final DD's skill roll, AMB-DICE-1), and each damage on a
/// hit (the weapon row's ten faces): "hit 50%: K 10%, W 20%, - 70%; jams 2%". `None` when the
/// shot may not be fired.
pub fn preview(
    game: &Ambush,
    shooter: SoldierId,
    item: usize,
    target: SoldierId,
    kind: Kind,
) -> Option<String> {
    let final_dd = dd(game, shooter, item, target, kind).ok()?;
    let row = weapon_type(game, shooter, item)?;
    let hits = (0..10u8)
        .filter(|&face| dice::skill_succeeds(face, final_dd))
        .count();
    let table = row.damage.clone().unwrap_or_default();
    // Each result's faces in the order of the table, worst first.
    let mut results: Vec<(Damage, usize)> = Vec::new();
    for face in 0..10 {
        let result = table.get(face).copied().unwrap_or(Damage::None);
        match results.iter_mut().find(|(r, _)| *r == result) {
            Some((_, n)) => *n += 1,
            None => results.push((result, 1)),
        }
    }
    results.sort_by_key(|&(r, _)| std::cmp::Reverse(severity(r)));
    let damage: Vec<String> = results
        .iter()
        .map(|&(r, n)| format!("{} {}%", damage_letter(r), n * 10))
        .collect();
    let jam = if row.never_jams {
        0
    } else {
        match kind {
            Kind::Aimed => row.jam_aimed,
            Kind::Snap => row.jam_snap.or(row.jam_aimed),
        }
        .unwrap_or(0)
    };
    Some(format!(
        "hit {}%: {}{}",
        hits * 10,
        damage.join(", "),
        if jam > 0 {
            format!("; jams {jam}%")
        } else {
            String::new()
        }
    ))
}

/// The damage letters of the weapon chart (AMBX-DMG-1).
fn damage_letter(result: Damage) -> &'static str {
    match result {
        Damage::None => "-",
        Damage::Panic => "P",
        Damage::WoundProne => "WP",
        Damage::Wound => "W",
        Damage::Incapacitate => "I",
        Damage::Kill => "K",
        Damage::Capture => "C",
    }
}

fn severity(result: Damage) -> u8 {
    match result {
        Damage::None => 0,
        Damage::Panic => 1,
        Damage::WoundProne => 2,
        Damage::Wound => 3,
        Damage::Capture => 4,
        Damage::Incapacitate => 5,
        Damage::Kill => 6,
    }
}

/// AMB-FIRE-1: the jam check for `shooter`'s item `item` of chart row `row` fired (`kind`);
/// a jammed weapon is marked and the shot is not fired.
pub fn jams(
    game: &mut Ambush,
    shooter: SoldierId,
    item: usize,
    row: &WeaponType,
    kind: Kind,
) -> bool {
    if row.never_jams {
        return false;
    }
    let value = match kind {
        Kind::Aimed => row.jam_aimed,
        Kind::Snap => row.jam_snap.or(row.jam_aimed),
    }
    .unwrap_or(0);
    let jammed = dice::percent_happens(dice::percentile(&mut game.rng, JAM), value);
    if jammed {
        game.soldiers[shooter.index()].items[item].jammed = true;
    }
    jammed
}

/// AMB-FIRE-6, AMBX-WTC-4: after a US shot, the ammunition check: an Ammo Box of `weapon` used
/// up on a d% at most the chart's value (always for `A` weapons); whether one was.
pub fn uses_ammo(game: &mut Ambush, shooter: SoldierId, weapon: u8, row: &WeaponType) -> bool {
    if game.soldier(shooter).side != Side::Us || row.ammo_unlimited {
        return false;
    }
    let used = row.ammo_always
        || dice::percent_happens(dice::percentile(&mut game.rng, AMMO), row.ammo.unwrap_or(0));
    if used {
        let ammo = &mut game.soldiers[shooter.index()].ammo;
        if let Some(at) = ammo.iter().position(|&w| w == weapon) {
            ammo.remove(at);
            return true;
        }
    }
    false
}

/// AMB-FIRE-1/2, AMB-ACT-2, AMBX-WTC-3/4: whether `shooter`'s item `item` can be fired (`kind`)
/// at a vehicle or a wall (not jammed, snap allowed, prepared, ammunition left), and its row.
pub fn ready(
    game: &Ambush,
    shooter: SoldierId,
    item: usize,
    kind: Kind,
) -> Result<&WeaponType, NoShot> {
    let s = game.soldier(shooter);
    let it = s.items.get(item).ok_or(no("AMB-FIRE-2", "no such item"))?;
    let row = weapon_type(game, shooter, item).ok_or(no("AMB-FIRE-2", "not a weapon"))?;
    if it.jammed {
        return Err(no("AMB-FIRE-1", "the weapon is jammed"));
    }
    if kind == Kind::Snap && !row.snap_allowed {
        return Err(no("AMB-ACT-2", "this weapon never snap fires"));
    }
    if row.prep.is_some() && !it.prepared {
        return Err(no("AMBX-WTC-3", "the weapon must be prepared"));
    }
    if s.side == Side::Us && !row.ammo_unlimited && !s.ammo.contains(&it.weapon) {
        return Err(no("AMBX-WTC-4", "no ammunition left for it"));
    }
    Ok(row)
}

/// A firer at a thing (a vehicle, a wall): where he fires from, his eye and the vehicle he
/// rides (AMB-LOS: on the map), not prone on foot (AMB-ACT-1), and his item's row, `ready`.
pub fn firer_at_thing(
    game: &Ambush,
    shooter: SoldierId,
    item: usize,
    kind: Kind,
) -> Result<
    (
        crate::map::Hex,
        Stance,
        Option<crate::state::VehicleId>,
        &WeaponType,
    ),
    NoShot,
> {
    let (from, eye, riding) =
        firing_point(game, shooter).ok_or(no("AMB-LOS", "the firer is off the map"))?;
    if game.soldier(shooter).stance == Stance::Prone && riding.is_none() {
        return Err(no("AMB-ACT-1", "a prone soldier cannot fire"));
    }
    Ok((from, eye, riding, ready(game, shooter, item, kind)?))
}

/// AMBX-WTC-1, AMB-FIRE-3, AMBX-FCM-1: the DD of a shot with `row` at a thing `range` away,
/// as at a standing target in the open, with `size` (a vehicle's size modifier), snap fire's
/// and the firer's.
pub fn dd_at_thing(
    game: &Ambush,
    shooter: SoldierId,
    item: usize,
    row: &WeaponType,
    range: u32,
    kind: Kind,
    size: i8,
) -> Result<i16, NoShot> {
    let data = game.data();
    let fcm = &data.tables.fcm;
    let base = base_dd(row, range, &data.tables.range_bands.upper)
        .ok_or(no("AMBX-WTC-1", "out of the weapon's range"))?;
    let mut dd = i16::from(base) + i16::from(fcm.target_standing) + i16::from(size);
    if kind == Kind::Snap {
        dd += i16::from(fcm.snap);
    }
    Ok(dd + firer_modifiers(game, shooter, item))
}

/// What a shot at a thing (a vehicle, a wall) came to: jammed, a hit or not; `on_hit` made of
/// the hit what it makes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShotAt<T> {
    pub jammed: bool,
    pub hit: bool,
    pub effect: Option<T>,
}

/// AMB-FIRE-1/4/6 for a shot at a thing: the jam check, the hit roll at `dd` (AMB-DICE-1), a
/// bazooka or satchel used up, `on_hit` on a hit, and the ammunition.
pub fn shoot_at<T>(
    game: &mut Ambush,
    shooter: SoldierId,
    item: usize,
    kind: Kind,
    dd: i16,
    on_hit: impl FnOnce(&mut Ambush, &WeaponType) -> T,
) -> ShotAt<T> {
    let Some(row) = weapon_type(game, shooter, item).cloned() else {
        return ShotAt {
            jammed: false,
            hit: false,
            effect: None,
        };
    };
    let weapon = game.soldier(shooter).items[item].weapon;
    if jams(game, shooter, item, &row, kind) {
        return ShotAt {
            jammed: true,
            hit: false,
            effect: None,
        };
    }
    let (_, hit) = dice::skill_roll(&mut game.rng, dd, HIT);
    if row.prep == Some(crate::data::weapons::Prep::UntilUsed) {
        game.soldiers[shooter.index()].items[item].prepared = false;
    }
    let effect = hit.then(|| on_hit(game, &row));
    uses_ammo(game, shooter, weapon, &row);
    ShotAt {
        jammed: false,
        hit,
        effect,
    }
}

/// The shooter's WS for item `item` (AMB-EQP-1: a US soldier with a German weapon at −1) and the
/// firer's wound (AMBX-FCM-1).
pub fn firer_modifiers(game: &Ambush, shooter: SoldierId, item: usize) -> i16 {
    let fcm = &game.data().tables.fcm;
    let s = game.soldier(shooter);
    let mut total = i16::from(s.ratings.ws);
    if s.side == Side::Us && s.items.get(item).is_some_and(|it| it.captured) {
        total += i16::from(fcm.us_with_german_weapon_ws);
    }
    if s.health == Health::Wounded {
        total += i16::from(fcm.firer_wounded);
    }
    total
}

/// AMB-FIRE-1..6, AMB-AUTO, AMB-WPN-3: resolve the shot, rolling in the spec's order.
pub fn shoot(
    game: &mut Ambush,
    shooter: SoldierId,
    item: usize,
    target: SoldierId,
    kind: Kind,
) -> Result<Shot, NoShot> {
    let final_dd = dd(game, shooter, item, target, kind)?;
    let row = weapon_type(game, shooter, item)
        .cloned()
        .ok_or(no("AMB-FIRE-2", "not a weapon"))?;
    let weapon = game.soldier(shooter).items[item].weapon;
    let mut shot = Shot {
        dd: final_dd,
        ..Shot::default()
    };
    // AMB-FIRE-1: the jam check; a jammed shot is not fired and uses no ammunition.
    if jams(game, shooter, item, &row, kind) {
        shot.jammed = true;
        return Ok(shot);
    }
    // AMB-FIRE-4 with AMB-DICE-1.
    let (_, hit) = dice::skill_roll(&mut game.rng, final_dd, HIT);
    shot.hit = hit;
    // AMB-AWR-5, AMB-STS-6: fired at, an Unaware soldier is aware, hit or missed.
    if !hit && game.soldier(target).marker.row == Row::Unaware {
        game.soldiers[target.index()].marker.row = Row::Complete;
    }
    // AMBX-WTC-3: a bazooka or satchel is used up as it fires; AMBX-VEH-7: a tank's gun is
    // loaded again after each shot.
    if row.prep == Some(crate::data::weapons::Prep::UntilUsed)
        || mount_of(game, shooter, item) == Some(Mount::Gun)
    {
        game.soldiers[shooter.index()].items[item].prepared = false;
    }
    if hit {
        let table = row.damage.clone().unwrap_or_default();
        let die = dice::d10(&mut game.rng, DAMAGE);
        let result = table.get(usize::from(die)).copied().unwrap_or(Damage::None);
        take(game, target, result);
        shot.results.push((target, result));
        // AMB-AUTO-1..3: aimed automatic fire that hit and did damage may hit others there.
        if row.auto && kind == Kind::Aimed && die != 0 {
            let mut previous = die;
            let mut others = extra_targets(game, shooter, target);
            while !others.is_empty() {
                let next = dice::d10(&mut game.rng, AUTO);
                if next >= previous {
                    break;
                }
                let victim = others.remove(0);
                let result = table
                    .get(usize::from(next))
                    .copied()
                    .unwrap_or(Damage::None);
                take(game, victim, result);
                shot.results.push((victim, result));
                previous = next;
            }
        }
        // AMB-WPN-3: a bazooka's blast on everyone else in the target's hex.
        if let Some(blast) = row.side_blast.as_deref() {
            side_blast(game, target, blast, &mut shot);
        }
    }
    // AMB-FIRE-6, AMBX-WTC-4: US ammunition, after every shot fired.
    shot.ammo_used = uses_ammo(game, shooter, weapon, &row);
    Ok(shot)
}

/// AMB-AUTO-3: the others in the target's hex an automatic weapon may hit, easiest first
/// (standing, crouching, prone), then by id; occupants of vehicles are for the vehicle rules.
fn extra_targets(game: &Ambush, shooter: SoldierId, target: SoldierId) -> Vec<SoldierId> {
    let Place::Hex(hex) = game.soldier(target).place else {
        return Vec::new();
    };
    let side = game.soldier(target).side;
    let mut others: Vec<SoldierId> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| id != target && id != shooter)
        .filter(|&id| {
            let o = game.soldier(id);
            o.side == side && o.place == Place::Hex(hex) && !o.inactive()
        })
        .collect();
    let ease = |s: Stance| match s {
        Stance::Standing => 0,
        Stance::Crouching => 1,
        Stance::Prone => 2,
    };
    others.sort_by_key(|&id| (ease(game.soldier(id).stance), id));
    others
}

/// AMB-WPN-3, AMBX-WTC-7: everyone else in `target`'s hex takes the blast row, the damage die
/// lowered by his stance's blast shift, in ascending id order.
fn side_blast(game: &mut Ambush, target: SoldierId, blast: &str, shot: &mut Shot) {
    let Place::Hex(hex) = game.soldier(target).place else {
        return;
    };
    let Some(row) = game
        .data()
        .weapons
        .blasts
        .get(blast)
        .map(|b| b.damage.clone())
    else {
        return;
    };
    let shift = game.data().tables.blast_shift.clone();
    let others: Vec<SoldierId> = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter(|&id| id != target && game.soldier(id).place == Place::Hex(hex))
        .collect();
    for id in others {
        let lowered = match game.soldier(id).stance {
            Stance::Standing => shift.standing,
            Stance::Crouching => shift.crouching,
            Stance::Prone => shift.prone,
        };
        let die = dice::d10(&mut game.rng, SIDE_BLAST);
        let result = row
            .get(usize::from(die.saturating_sub(lowered)))
            .copied()
            .unwrap_or(Damage::None);
        take(game, id, result);
        shot.results.push((id, result));
    }
}

/// AMBX-DMG-1/2, AMB-STS, AMB-AWR-5: `soldier` takes `result`.
pub fn take(game: &mut Ambush, soldier: SoldierId, result: Damage) {
    let s = &mut game.soldiers[soldier.index()];
    let before = s.health;
    let effect = damage::apply(s.health, s.stance, result);
    s.health = effect.health;
    // AMB-AWR-5: attacked, an Unaware soldier is aware (unless put out of action below).
    if s.marker.row == Row::Unaware {
        s.marker.row = Row::Complete;
    }
    if effect.panic {
        s.panicked = true;
        s.marker.row = Row::Panic;
    }
    if effect.captured {
        s.captured = true;
    }
    if s.inactive() {
        // AMB-STS-5: inactive soldiers are prone and off the track.
        s.stance = Stance::Prone;
        s.panicked = false;
        s.marker.row = Row::Inactive;
    } else if before == Health::Healthy && effect.health == Health::Wounded {
        // AMB-STS-1, AMBX-DMG-2: prone, on Complete, one Port Box less; AMBX-SOL-5 as read
        // in docs/ambush/interpretations.md: he keeps what he carries.
        s.stance = Stance::Prone;
        s.marker.row = Row::Complete;
        s.port_boxes = s.port_boxes.saturating_sub(1);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use overlord_engine::{GameRng, RandomSpec, Script, ScriptedRoll};
    use std::path::Path;
    use std::sync::Arc;

    /// S1's squad (US1..US5 = 0..4) and Germans (A..E = 5..9) on an open 8 x 6 map (every hex
    /// clear, elevation 0, but `brush`), healthy and aware, weapons prepared; the dice
    /// scripted.
    fn s1(dice: &[u16]) -> Ambush {
        s1_on(dice, &[])
    }

    fn s1_on(dice: &[u16], brush: &[&str]) -> Ambush {
        use crate::data::map::HexDef;
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        let mut data = AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}"));
        let mut hexes = std::collections::BTreeMap::new();
        for c in 1..=8u8 {
            for r in 1..=6u8 {
                let label = format!("{c:02}{r:02}");
                let terrain = if brush.contains(&label.as_str()) {
                    Terrain::Brush
                } else {
                    Terrain::Clear
                };
                hexes.insert(
                    label,
                    HexDef {
                        terrain,
                        elev: 0,
                        building: None,
                        material: None,
                        sides: Default::default(),
                    },
                );
            }
        }
        data.missions[0].hexes = Some(crate::map::MissionMap::build("open", 8, 6, &hexes).unwrap());
        let data = Arc::new(data);
        let script = Script {
            dice: dice.iter().map(|&d| ScriptedRoll::Value(d)).collect(),
            strict: true,
            ..Script::default()
        };
        let mut game = Ambush::start(
            &data,
            "S1",
            None,
            GameRng::new(&RandomSpec::scripted(0, script)),
        )
        .unwrap();
        for s in &mut game.soldiers {
            s.marker.row = Row::Complete;
            for item in &mut s.items {
                item.prepared = true;
            }
        }
        game
    }

    fn put(game: &mut Ambush, soldier: u8, label: &str, stance: Stance) {
        let hex = game.map().unwrap().hex(label).unwrap();
        let s = &mut game.soldiers[usize::from(soldier)];
        s.place = Place::Hex(hex);
        s.stance = stance;
    }

    fn ammo(game: &Ambush, soldier: u8, weapon: &str) -> usize {
        let w = game.data().weapons.index_of(weapon).unwrap();
        game.soldiers[usize::from(soldier)]
            .ammo
            .iter()
            .filter(|&&a| a == w)
            .count()
    }

    const US2: SoldierId = SoldierId(1);
    const C: SoldierId = SoldierId(7);

    /// T-FIRE-1 (AMB-FIRE-1..6): US2's Garand at C standing in clear at range 5.
    #[test]
    fn t_fire_1_a_rifle_shot_in_order() {
        let mut game = s1(&[35, 6, 6, 20]);
        put(&mut game, 1, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        assert_eq!(
            game.map().unwrap().distance(
                game.map().unwrap().hex("0103").unwrap(),
                game.map().unwrap().hex("0601").unwrap()
            ),
            5
        );
        let shot = shoot(&mut game, US2, 0, C, Kind::Aimed).unwrap();
        assert_eq!(shot.dd, 7, "DD 6 at range 4-6, +1 standing");
        assert!(shot.hit && !shot.jammed);
        assert_eq!(shot.results, [(C, Damage::Incapacitate)]);
        assert_eq!(game.soldier(C).health, Health::Incapacitated);
        assert_eq!(ammo(&game, 1, "m1_garand"), 2);
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// AMB-FIRE-4, AMB-FIRE-5, AMB-FIRE-1: the chances shown before the shot of T-FIRE-1 (DD 7:
    /// the faces 0..=7 hit), each damage as many tenths as the Garand's row gives it faces, and
    /// the jam chance of its row; nothing rolled.
    #[test]
    fn amb_fire_4_the_shot_chances_shown_before_it_is_fired() {
        let mut game = s1(&[]);
        put(&mut game, 1, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        let odds = preview(&game, US2, 0, C, Kind::Aimed).unwrap();
        assert!(odds.starts_with("hit 80%: "), "{odds}");
        let row = weapon_type(&game, US2, 0).unwrap();
        let table = row.damage.clone().unwrap();
        let kills = table.iter().filter(|&&d| d == Damage::Kill).count();
        assert!(
            kills > 0 && odds.contains(&format!("K {}%", kills * 10)),
            "{odds}"
        );
        let shown: usize = odds
            .split(": ")
            .nth(1)
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .split(", ")
            .map(|part| {
                part.rsplit(' ')
                    .next()
                    .unwrap()
                    .trim_end_matches('%')
                    .parse::<usize>()
                    .unwrap()
            })
            .sum();
        assert_eq!(shown, 100, "{odds}");
        if let Some(jam) = row.jam_aimed.filter(|&j| j > 0 && !row.never_jams) {
            assert!(odds.ends_with(&format!("; jams {jam}%")), "{odds}");
        }
        // Out of sight or reach, no chances: the shot is not offered.
        game.soldiers[7].place = Place::OffMap;
        assert!(preview(&game, US2, 0, C, Kind::Aimed).is_none());
        assert!(game.rng().fault().is_none());
    }

    /// AMB-LOS, AMBX-HID: line of sight from a selected soldier (`crate::sight`): every hex of
    /// an open map, the Germans placed and able to be shot with no reason given, those not yet
    /// placed left out, and a soldier with no weapon told why he can fire on none.
    #[test]
    fn amb_los_sight_from_a_selected_soldier_names_what_he_can_fire_on() {
        let mut game = s1(&[]);
        put(&mut game, 1, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        for other in [5, 6, 8, 9] {
            game.soldiers[other].place = Place::OffMap;
        }
        let sight = crate::sight::sight(&game, 1).unwrap();
        assert_eq!(sight.from, "0103");
        assert_eq!(sight.hexes.len(), 48, "the open map is all in sight");
        let targets: Vec<(u32, &str, Option<&str>)> = sight
            .targets
            .iter()
            .map(|t| (t.unit, t.hex.as_str(), t.blocked.as_deref()))
            .collect();
        assert_eq!(
            targets,
            [(7, "0601", None)],
            "only C is placed: the others are unknown"
        );
        assert!(
            crate::sight::sight(&game, 5).is_none(),
            "an unplaced German has no sight"
        );
        game.soldiers[1].items.clear();
        let unarmed = crate::sight::sight(&game, 1).unwrap();
        let why = unarmed.targets[0].blocked.as_deref().unwrap();
        assert!(why.contains("AMB-FIRE-2"), "{why}");
    }

    /// T-FIRE-2 (AMB-FIRE-1): a jam ends the shot: no further dice, the weapon jammed.
    #[test]
    fn t_fire_2_a_jam() {
        let mut game = s1(&[2]);
        put(&mut game, 1, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        let shot = shoot(&mut game, US2, 0, C, Kind::Aimed).unwrap();
        assert!(shot.jammed && !shot.hit);
        assert!(game.soldier(US2).items[0].jammed);
        assert_eq!(ammo(&game, 1, "m1_garand"), 3);
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
        assert_eq!(
            dd(&game, US2, 0, C, Kind::Aimed).unwrap_err().rule,
            RuleId("AMB-FIRE-1")
        );
    }

    /// T-FIRE-3 (AMB-FIRE-6, AMBX-GER-8): a German's shot rolls jam, hit and damage only.
    #[test]
    fn t_fire_3_germans_track_no_ammunition() {
        let mut game = s1(&[50, 0, 5]);
        put(&mut game, 5, "0503", Stance::Standing);
        put(&mut game, 0, "0403", Stance::Standing);
        let shot = shoot(&mut game, SoldierId(5), 0, SoldierId(0), Kind::Aimed).unwrap();
        assert!(shot.hit);
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// T-FIRE-5 (AMB-FIRE-1, AMBX-FCM-1): snap fire rolls against the snap jam value at −2.
    #[test]
    fn t_fire_5_snap_fire() {
        let mut game = s1(&[3, 9, 50]);
        put(&mut game, 1, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        let shot = shoot(&mut game, US2, 0, C, Kind::Snap).unwrap();
        assert!(shot.jammed, "the Garand's snap jam value is 3");
        let mut game = s1(&[4, 9, 50]);
        put(&mut game, 1, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        let shot = shoot(&mut game, US2, 0, C, Kind::Snap).unwrap();
        assert_eq!((shot.jammed, shot.dd, shot.hit), (false, 5, false));
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// T-FIRE-4 (AMB-FIRE-6): a bazooka rolls no ammunition d% and always uses a rocket.
    #[test]
    fn t_fire_4_the_bazooka_always_uses_a_rocket() {
        let mut game = s1(&[50, 9]);
        put(&mut game, 3, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        let shot = shoot(&mut game, SoldierId(3), 1, C, Kind::Aimed).unwrap();
        assert!(!shot.hit && shot.ammo_used);
        assert_eq!(ammo(&game, 3, "bazooka"), 2);
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// T-FIRE-6 (AMB-EQP-1): a captured German weapon is fired at WS −1.
    #[test]
    fn t_fire_6_captured_weapons() {
        let mut game = s1(&[]);
        put(&mut game, 2, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        let mp40 = game.data().weapons.index_of("mp40").unwrap();
        let us3 = &mut game.soldiers[2];
        us3.items.push(crate::state::Item {
            weapon: mp40,
            prepared: false,
            jammed: false,
            captured: true,
        });
        us3.ammo.push(mp40);
        let with_mp40 = dd(&game, SoldierId(2), 1, C, Kind::Aimed).unwrap();
        // smg at range 5: 5, +1 standing, WS +1 - 1.
        assert_eq!(with_mp40, 6);
    }

    /// T-FIRE-7 (AMB-WPN-3, AMBX-WTC-7): a bazooka hit blasts the others in the hex.
    #[test]
    fn t_fire_7_the_bazookas_blast() {
        // Hit, A's damage 5 (K), then D (prone, shift 2) 6 → 4 (I), E (crouching, shift 1) 1
        // → 0 (WP, crouching: wounded); then the rocket goes.
        let mut game = s1(&[50, 0, 5, 6, 1]);
        put(&mut game, 3, "0103", Stance::Standing);
        put(&mut game, 5, "0601", Stance::Standing);
        put(&mut game, 8, "0601", Stance::Prone);
        put(&mut game, 9, "0601", Stance::Crouching);
        let shot = shoot(&mut game, SoldierId(3), 1, SoldierId(5), Kind::Aimed).unwrap();
        assert_eq!(
            shot.results,
            [
                (SoldierId(5), Damage::Kill),
                (SoldierId(8), Damage::Incapacitate),
                (SoldierId(9), Damage::WoundProne),
            ]
        );
        assert_eq!(game.soldier(SoldierId(9)).health, Health::Wounded);
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// T-AUTO-1 (AMB-AUTO-1..3): a BAR's aimed burst goes on while each die is lower.
    #[test]
    fn t_auto_1_an_automatic_burst() {
        let mut game = s1(&[50, 0, 6, 4, 4, 50]);
        put(&mut game, 2, "0103", Stance::Standing);
        put(&mut game, 5, "0601", Stance::Standing);
        put(&mut game, 9, "0601", Stance::Crouching);
        put(&mut game, 8, "0601", Stance::Prone);
        let shot = shoot(&mut game, SoldierId(2), 0, SoldierId(5), Kind::Aimed).unwrap();
        assert_eq!(
            shot.results,
            [
                (SoldierId(5), Damage::Incapacitate),
                (SoldierId(9), Damage::Wound)
            ]
        );
        assert_eq!(
            game.soldier(SoldierId(8)).health,
            Health::Healthy,
            "D untouched"
        );
        assert!(game.rng().fault().is_none() && !game.rng().script_pending());
    }

    /// T-AUTO-2, T-AUTO-3: a damage die of 0, or snap fire, rolls no extra die.
    #[test]
    fn t_auto_2_and_3_no_burst() {
        for (kind, dice) in [(Kind::Aimed, [50, 0, 0, 50]), (Kind::Snap, [50, 0, 6, 50])] {
            let mut game = s1(&dice);
            put(&mut game, 2, "0103", Stance::Standing);
            put(&mut game, 5, "0601", Stance::Standing);
            put(&mut game, 9, "0601", Stance::Standing);
            let shot = shoot(&mut game, SoldierId(2), 0, SoldierId(5), kind).unwrap();
            assert_eq!(shot.results.len(), 1, "{kind:?}");
            assert!(game.rng().fault().is_none() && !game.rng().script_pending());
        }
    }

    /// T-GER-4 (AMBX-FCM-1): A's MP40 against US3 standing in clear at range 2 (DD 9) and US2
    /// prone in brush at range 1 (DD 7).
    #[test]
    fn t_ger_4_the_easier_target() {
        let mut game = s1_on(&[], &["0303"]);
        put(&mut game, 5, "0304", Stance::Standing);
        put(&mut game, 2, "0104", Stance::Standing);
        put(&mut game, 1, "0303", Stance::Prone);
        assert_eq!(
            dd(&game, SoldierId(5), 0, SoldierId(2), Kind::Aimed).unwrap(),
            9
        );
        assert_eq!(
            dd(&game, SoldierId(5), 0, SoldierId(1), Kind::Aimed).unwrap(),
            7
        );
    }

    /// T-SACT-3, T-SACT-4: no firing into a hex with an active friend, nor at the inactive.
    #[test]
    fn t_sact_3_and_4_forbidden_targets() {
        let mut game = s1(&[]);
        put(&mut game, 4, "0103", Stance::Standing);
        put(&mut game, 7, "0601", Stance::Standing);
        put(&mut game, 2, "0601", Stance::Standing);
        assert_eq!(
            dd(&game, SoldierId(4), 0, C, Kind::Aimed).unwrap_err().rule,
            RuleId("AMB-SACT-3")
        );
        game.soldiers[2].health = Health::Incapacitated;
        assert!(dd(&game, SoldierId(4), 0, C, Kind::Aimed).is_ok());
        game.soldiers[7].health = Health::Incapacitated;
        assert_eq!(
            dd(&game, SoldierId(4), 0, C, Kind::Aimed).unwrap_err().rule,
            RuleId("AMB-SACT-4")
        );
    }
}
