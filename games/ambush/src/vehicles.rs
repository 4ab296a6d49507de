//! Vehicles' fixed procedures (AMB-VACT, AMBX-VEH-3/4/7/8): a tank's turn spent in Crew
//! Points, the arcs a vehicle's guns bear in and the aspect it is hit from, and the hit charts.
//!
//! Driving, accidents and running over are [`crate::driving`]'s, the damage a hit does
//! [`crate::vehicle_hits`]'.

use crate::data::map::Dir;
use crate::data::tables::{CarLocation, HitCharts, TankLocation};
use crate::map::{Hex, MissionMap};

/// One thing a tank's crew does in its turn (AMB-VACT-3..5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TankAction {
    CannonAimed,
    TurretMgAimed,
    TurretMgSnap,
    LoadCannon,
    BowAimed,
    BowSnap,
    SlowMove,
    FastMove,
    OpenOrClose,
}

impl TankAction {
    /// AMB-VACT-3/5: its Crew Points (Open or Close takes all of them, AMB-VACT-4).
    pub fn cost(self) -> u8 {
        match self {
            TankAction::CannonAimed | TankAction::TurretMgAimed | TankAction::BowAimed => 2,
            TankAction::TurretMgSnap | TankAction::LoadCannon | TankAction::BowSnap => 1,
            TankAction::SlowMove => 2,
            TankAction::FastMove => 3,
            TankAction::OpenOrClose => 0,
        }
    }

    fn turret_fire(self) -> bool {
        matches!(
            self,
            TankAction::CannonAimed | TankAction::TurretMgAimed | TankAction::TurretMgSnap
        )
    }

    fn bow_fire(self) -> bool {
        matches!(self, TankAction::BowAimed | TankAction::BowSnap)
    }

    fn movement(self) -> bool {
        matches!(self, TankAction::SlowMove | TankAction::FastMove)
    }
}

/// AMBX-VEH-7/8, AMB-VACT-3..5/8: whether a tank with `crew` surviving crew, open or not, may
/// do `actions` in one turn; the rule broken if not.
pub fn tank_turn(crew: u8, open: bool, actions: &[TankAction]) -> Result<(), &'static str> {
    let count = |f: fn(TankAction) -> bool| actions.iter().filter(|&&a| f(a)).count();
    if actions.contains(&TankAction::OpenOrClose) {
        // AMB-VACT-4, AMBX-VEH-8: opening or closing takes every Crew Point and excludes all else.
        return if actions.len() == 1 {
            Ok(())
        } else {
            Err("AMBX-VEH-8")
        };
    }
    let cp: u16 = actions.iter().map(|a| u16::from(a.cost())).sum();
    if cp > u16::from(crew.min(5)) {
        return Err("AMBX-VEH-7");
    }
    if count(TankAction::turret_fire) > 1
        || count(TankAction::bow_fire) > 1
        || count(TankAction::movement) > 1
    {
        return Err("AMBX-VEH-7");
    }
    // AMB-VACT-8, AMBX-VEH-8: loading excludes the turret MG; fast movement the cannon.
    let has = |a| actions.contains(&a);
    if has(TankAction::LoadCannon)
        && (has(TankAction::TurretMgAimed) || has(TankAction::TurretMgSnap))
    {
        return Err("AMB-VACT-8");
    }
    if has(TankAction::FastMove) && has(TankAction::CannonAimed) {
        return Err("AMBX-VEH-8");
    }
    // AMB-VACT-5: fast only open.
    if has(TankAction::FastMove) && !open {
        return Err("AMB-VACT-5");
    }
    Ok(())
}

/// The direction from `from` to `to` in degrees, 0 = north, clockwise, on the map's pixel
/// centres (AMBX-MAP-3).
fn bearing(map: &MissionMap, from: Hex, to: Hex) -> f64 {
    let centre = |h: Hex| {
        let c = map.cell(h);
        let col0 = f64::from(c.column) - 1.0;
        let row0 = f64::from(c.row) - 1.0;
        let odd = f64::from((c.column - 1) & 1);
        (1.5 * col0, 3f64.sqrt() * (row0 + 0.5 * odd))
    };
    let (a, b) = (centre(from), centre(to));
    // North is up (y grows down the page).
    let degrees = (b.0 - a.0).atan2(a.1 - b.1).to_degrees();
    (degrees + 360.0) % 360.0
}

/// How far `to` lies off `facing` seen from `from`, in degrees (0..=180).
fn off_facing(map: &MissionMap, from: Hex, facing: Dir, to: Hex) -> f64 {
    let facing = 60.0 * facing.index() as f64;
    let d = (bearing(map, from, to) - facing).abs() % 360.0;
    d.min(360.0 - d)
}

/// Half a degree: bearings on a hex map fall on exact multiples of a few angles, and the
/// arcs' boundaries are included (AMBX-VEH-3).
const SLACK: f64 = 0.5;

/// AMBX-VEH-3: whether `to` is in the frontal arc of a vehicle in `from` facing `facing`
/// (within 60 degrees, boundaries included).
pub fn in_frontal_arc(map: &MissionMap, from: Hex, facing: Dir, to: Hex) -> bool {
    to != from && off_facing(map, from, facing, to) <= 60.0 + SLACK
}

/// AMBX-VEH-3: whether `to` is straight ahead (AMB-VACT-2's immobilized Jagdpanther).
pub fn straight_ahead(map: &MissionMap, from: Hex, facing: Dir, to: Hex) -> bool {
    to != from && off_facing(map, from, facing, to) <= SLACK
}

/// The side of a tank a shot hits (AMBX-VEH-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect {
    Front,
    Side,
    Rear,
}

/// AMBX-VEH-3: the aspect a vehicle in `at` facing `facing` shows a firer in `firer`: front
/// within 60 degrees of its facing, rear beyond 120, side between.
pub fn aspect(map: &MissionMap, at: Hex, facing: Dir, firer: Hex) -> Aspect {
    let off = off_facing(map, at, facing, firer);
    if off <= 60.0 + SLACK {
        Aspect::Front
    } else if off > 120.0 + SLACK {
        Aspect::Rear
    } else {
        Aspect::Side
    }
}

/// AMBX-VEH-4: where a tank is hit.
pub fn tank_hit(charts: &HitCharts, aspect: Aspect, open: bool, die: u8) -> Option<TankLocation> {
    let t = &charts.tank;
    let row = match (aspect, open) {
        (Aspect::Front, false) => &t.front_closed,
        (Aspect::Front, true) => &t.front_open,
        (Aspect::Side, false) => &t.side_closed,
        (Aspect::Side, true) => &t.side_open,
        (Aspect::Rear, false) => &t.rear_closed,
        (Aspect::Rear, true) => &t.rear_open,
    };
    row.get(usize::from(die)).copied()
}

/// AMBX-VEH-4: where a car with `occupants` aboard is hit.
pub fn car_hit(charts: &HitCharts, occupants: u8, die: u8) -> Option<CarLocation> {
    charts
        .car
        .get(&occupants.min(4).to_string())?
        .get(usize::from(die))
        .copied()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::AmbushData;
    use TankAction::*;
    use std::path::Path;

    fn data() -> AmbushData {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ambush");
        AmbushData::load(&dir).unwrap_or_else(|e| panic!("{e}"))
    }

    /// T-VEH-7 (AMB-VACT-3..5, AMB-VACT-8, AMBX-VEH-7/8): Crew Points and exclusive actions.
    #[test]
    fn t_veh_7_a_tanks_turn() {
        assert_eq!(
            tank_turn(5, false, &[CannonAimed, BowAimed, LoadCannon]),
            Ok(())
        );
        assert_eq!(
            tank_turn(5, false, &[LoadCannon, TurretMgAimed]),
            Err("AMB-VACT-8")
        );
        assert_eq!(
            tank_turn(5, false, &[CannonAimed, TurretMgSnap]),
            Err("AMBX-VEH-7")
        );
        assert_eq!(tank_turn(3, false, &[SlowMove, BowSnap]), Ok(()));
        assert_eq!(tank_turn(3, false, &[FastMove]), Err("AMB-VACT-5"));
        assert_eq!(tank_turn(3, true, &[FastMove]), Ok(()));
        assert_eq!(tank_turn(5, false, &[OpenOrClose]), Ok(()));
        assert_eq!(
            tank_turn(5, false, &[OpenOrClose, BowSnap]),
            Err("AMBX-VEH-8")
        );
        assert_eq!(
            tank_turn(3, false, &[CannonAimed, BowAimed]),
            Err("AMBX-VEH-7"),
            "4 CP of 3"
        );
    }

    /// T-VEH-8 (AMBX-VEH-3, AMB-VACT-2): the frontal arc, and straight ahead.
    #[test]
    fn t_veh_8_arcs() {
        let data = data();
        let map = data.mission("S1").unwrap().hexes.as_ref().unwrap();
        let h = |l: &str| map.hex(l).unwrap();
        // A vehicle in 0404 facing N: 0402 straight ahead; 0503 30 degrees off; its NE
        // neighbour 0504 on the arc's edge (included); its SE neighbour 0505 to the side; 0406
        // behind.
        assert!(in_frontal_arc(map, h("0404"), Dir::N, h("0402")));
        assert!(straight_ahead(map, h("0404"), Dir::N, h("0402")));
        assert!(in_frontal_arc(map, h("0404"), Dir::N, h("0503")));
        assert!(!straight_ahead(map, h("0404"), Dir::N, h("0503")));
        assert!(in_frontal_arc(map, h("0404"), Dir::N, h("0504")));
        assert!(!in_frontal_arc(map, h("0404"), Dir::N, h("0505")));
        assert_eq!(aspect(map, h("0404"), Dir::N, h("0402")), Aspect::Front);
        assert_eq!(aspect(map, h("0404"), Dir::N, h("0505")), Aspect::Side);
        assert_eq!(aspect(map, h("0404"), Dir::N, h("0406")), Aspect::Rear);
    }

    /// AMBX-VEH-4, T-PEN-2, T-VEH-13: the hit charts.
    #[test]
    fn ambx_veh_4_hit_charts() {
        let data = data();
        let charts = &data.tables.hit_chart;
        assert_eq!(
            tank_hit(charts, Aspect::Side, false, 5),
            Some(TankLocation::Hull)
        );
        assert_eq!(
            tank_hit(charts, Aspect::Front, true, 9),
            Some(TankLocation::Crew)
        );
        assert_eq!(car_hit(charts, 2, 2), Some(CarLocation::Body));
        assert_eq!(car_hit(charts, 2, 0), Some(CarLocation::Tire));
        assert_eq!(car_hit(charts, 4, 9), Some(CarLocation::Psgr3));
    }
}
