//! A US soldier's turn in an Action Round (AMB-SACT, AMB-ACT, AMB-CMD-3/4): what he may do
//! now, and doing it. A turn is a small state machine ([`Doing`]): fresh, every table is open;
//! a move goes on hex by hex; snap fire twice waits for its second shot.
//!
//! The crew weapon's shared actions (AMB-ACT-12/18) are here; taking items and carrying the
//! inactive (AMB-ACT-15/17) are [`crate::equipment`]'s, riding and driving (AMB-ACT-16)
//! [`crate::riding`]'s.

use crate::action::{AmbAction, AmbEvent};
use crate::assault::{self, Mode};
use crate::attacks::{clear_jam, resolve_assault, resolve_shot, resolve_throw};
use crate::data::mission::Stance;
use crate::data::weapons::{Prep, Side};
use crate::fire::{self, Kind};
use crate::grenade;
use crate::map::Hex;
use crate::movement::infantry_cost;
use crate::state::{Ambush, Doing, Place, SoldierId, Turn};
use crate::status::{current_mpa, stance_change_cost};
use crate::tables::damage::Health;
use crate::tables::track::{Row, after_acting};
use overlord_engine::RuleId;

/// AMB-SACT-1: a soldier's activation.
pub const ACTIVATE: RuleId = RuleId("AMB-SACT-1");
/// AMB-CMD-3: a commander gives an action.
pub const GIVE: RuleId = RuleId("AMB-CMD-3");
/// AMB-CMD-4: a commander wakes a soldier.
pub const AWAKEN: RuleId = RuleId("AMB-CMD-4");

/// AMB-RND-6: `soldier`'s turn begins (his MP for the turn not yet spent).
pub fn begin(game: &mut Ambush, soldier: SoldierId) {
    let s = &mut game.soldiers[soldier.index()];
    s.turn.mp_spent = 0;
    let row = s.marker.row;
    game.turn = Some(Turn {
        soldier,
        doing: Doing::Fresh,
        row,
    });
    game.note(ACTIVATE, AmbEvent::Moved { soldier }, |game| {
        let name = game.name(soldier);
        format!("{name} is activated")
    });
}

/// The turn ends: his marker moves down a row, unless what happened moved it already
/// (AMBX-AR-3, AMB-STS).
pub fn end(game: &mut Ambush) {
    let Some(turn) = game.turn.take() else {
        return;
    };
    let s = &mut game.soldiers[turn.soldier.index()];
    if s.marker.row == turn.row {
        s.marker.row = after_acting(turn.row);
    }
}

/// The item's weapon-type row.
fn kind_of(
    game: &Ambush,
    soldier: SoldierId,
    item: usize,
) -> Option<&crate::data::weapons::WeaponType> {
    let weapon = game.soldier(soldier).items.get(item)?.weapon;
    game.data().weapons.type_by_index(weapon)
}

/// The active Germans on the map (the targets the player may see).
fn germans_on_map(game: &Ambush) -> Vec<SoldierId> {
    game.side(Side::German)
        .filter(|&g| {
            let s = game.soldier(g);
            !s.inactive() && matches!(s.place, Place::Hex(_))
        })
        .collect()
}

/// The MP a step into `to` costs him, if he may take it.
fn step_cost(game: &Ambush, soldier: SoldierId, to: Hex) -> Option<u8> {
    let map = game.map()?;
    let Place::Hex(from) = game.soldier(soldier).place else {
        return None;
    };
    if map.distance(from, to) != 1 {
        return None;
    }
    infantry_cost(map, &game.data().tables.movement.infantry, from, to)
}

/// AMBX-MOV-2, AMB-ACT-11/13/14: whether he may step into `to` with a budget of `budget` MP
/// this turn: standing or crouching (crawling, one hex a Move), within the budget, or one hex
/// whatever it costs as his first spending.
fn may_step(game: &Ambush, soldier: SoldierId, to: Hex, budget: u8, stepped: bool) -> bool {
    let s = game.soldier(soldier);
    if s.stance == Stance::Prone || (s.stance == Stance::Crouching && stepped) {
        return false;
    }
    let Some(cost) = step_cost(game, soldier, to) else {
        return false;
    };
    let spent = s.turn.mp_spent;
    u16::from(spent) + u16::from(cost) <= u16::from(budget) || spent == 0
}

/// The hexes next to him.
fn next_hexes(game: &Ambush, soldier: SoldierId) -> Vec<Hex> {
    let Some(map) = game.map() else {
        return Vec::new();
    };
    let Place::Hex(from) = game.soldier(soldier).place else {
        return Vec::new();
    };
    crate::data::map::Dir::ALL
        .into_iter()
        .filter_map(|d| map.neighbour(from, d))
        .collect()
}

/// Every action the acting soldier may take now, into `out`.
pub fn legal(game: &Ambush, turn: Turn, out: &mut Vec<AmbAction>) {
    let id = turn.soldier;
    let s = game.soldier(id);
    let mpa = current_mpa(s);
    let half = mpa / 2;
    let spent = s.turn.mp_spent;
    out.push(AmbAction::EndTurn);
    let targets = germans_on_map(game);
    // Aboard a car: getting out, driving, changing seats, and snap shots from it (AMB-VCBT-1:
    // the driver one on his drive, a passenger two).
    if matches!(s.place, Place::Aboard { .. }) {
        crate::riding::legal(game, id, Some(turn), out);
        match turn.doing {
            Doing::Fresh if spent == 0 => snap_shots(game, id, &targets, out),
            Doing::SecondSnap { item } => second_snaps(game, id, item, &targets, out),
            Doing::Driving { fired: false, .. } => snap_shots(game, id, &targets, out),
            _ => {}
        }
        return;
    }
    crate::riding::legal(game, id, Some(turn), out);
    // AMB-SACT-2, AMBX-MOV-3: a stance change, free once a round, else 1 MP of the budget
    // the turn is under.
    let budget = match turn.doing {
        Doing::Fresh | Doing::Moving => mpa,
        Doing::MoveSnap { .. } | Doing::Charging => half,
        Doing::SecondSnap { .. } | Doing::Driving { .. } => 0,
    };
    if !matches!(turn.doing, Doing::SecondSnap { .. }) {
        let cost = stance_change_cost(s);
        for stance in [Stance::Standing, Stance::Crouching, Stance::Prone] {
            if stance != s.stance && (cost == 0 || spent + cost <= budget) {
                out.push(AmbAction::Stance {
                    soldier: id,
                    stance,
                });
            }
        }
    }
    match turn.doing {
        Doing::SecondSnap { item } => {
            second_snaps(game, id, item, &targets, out);
            return;
        }
        Doing::Fresh if spent == 0 => {
            stationary(game, id, &targets, out);
            // AMB-ACT-15/17: exchanging equipment, picking up or putting down the inactive.
            crate::equipment::hands(game, id, out);
            out.retain(|a| match *a {
                AmbAction::Take { soldier, .. }
                | AmbAction::Carry { soldier, .. }
                | AmbAction::Release { soldier } => soldier == id,
                _ => true,
            });
        }
        Doing::Fresh | Doing::MoveSnap { fired: false } if spent <= half => {
            snap_shots(game, id, &targets, out);
        }
        _ => {}
    }
    // AMB-ACT-14: the charge's assault, after moving (or standing up) within half the MPA.
    if (turn.doing == Doing::Charging || (turn.doing == Doing::Fresh && spent > 0)) && spent <= half
    {
        assaults(game, id, true, out);
    }
    let stepped = turn.doing != Doing::Fresh;
    for to in next_hexes(game, id) {
        if matches!(turn.doing, Doing::Fresh | Doing::Moving)
            && may_step(game, id, to, mpa, stepped)
        {
            out.push(AmbAction::Step { to });
        }
        if matches!(turn.doing, Doing::Fresh | Doing::MoveSnap { .. })
            && may_step(game, id, to, half, stepped)
            && step_cost(game, id, to).is_some_and(|c| spent + c <= half)
        {
            out.push(AmbAction::SnapStep { to });
        }
        if matches!(turn.doing, Doing::Fresh | Doing::Charging)
            && step_cost(game, id, to).is_some_and(|c| spent + c <= half)
            && may_step(game, id, to, half, stepped)
        {
            out.push(AmbAction::ChargeStep { to });
        }
    }
}

/// AMB-ACT-2: the second snap shot, with the same item.
fn second_snaps(
    game: &Ambush,
    id: SoldierId,
    item: u8,
    targets: &[SoldierId],
    out: &mut Vec<AmbAction>,
) {
    for &t in targets {
        if fire::dd(game, id, usize::from(item), t, Kind::Snap).is_ok() {
            out.push(AmbAction::Fire {
                item,
                target: t,
                aimed: false,
            });
        }
    }
}

/// The snap shots he may take (AMB-ACT-2/3/13).
fn snap_shots(game: &Ambush, id: SoldierId, targets: &[SoldierId], out: &mut Vec<AmbAction>) {
    let s = game.soldier(id);
    for item in 0..s.items.len() {
        // AMB-ACT-3: a crew weapon snap fires crouching.
        if kind_of(game, id, item).is_some_and(|k| k.crew) && s.stance != Stance::Crouching {
            continue;
        }
        for &t in targets {
            if fire::dd(game, id, item, t, Kind::Snap).is_ok() {
                out.push(AmbAction::Fire {
                    item: item as u8,
                    target: t,
                    aimed: false,
                });
            }
        }
    }
}

/// The partners `id` may work a crew weapon with (AMB-ACT-12/18): active US soldiers of his
/// hex, not panicked, with a turn left.
fn crew_partners(game: &Ambush, id: SoldierId) -> Vec<SoldierId> {
    let here = game.soldier(id).place;
    game.side(Side::Us)
        .filter(|&p| {
            let o = game.soldier(p);
            p != id
                && o.place == here
                && !o.inactive()
                && !o.panicked
                && matches!(o.marker.row, Row::TwoTurns | Row::OneTurn)
        })
        .collect()
}

/// AMB-ACT-12/18: the crew weapon fired by two (one of them crouching) or carried by two (the
/// partner with a Port Box free).
fn crew_weapon(game: &Ambush, id: SoldierId, targets: &[SoldierId], out: &mut Vec<AmbAction>) {
    let s = game.soldier(id);
    for item in 0..s.items.len() {
        if !kind_of(game, id, item).is_some_and(|k| k.crew) {
            continue;
        }
        for partner in crew_partners(game, id) {
            let crouching =
                s.stance == Stance::Crouching || game.soldier(partner).stance == Stance::Crouching;
            if crouching {
                for &t in targets {
                    if fire::dd(game, id, item, t, Kind::Aimed).is_ok() {
                        out.push(AmbAction::DoubleFire {
                            item: item as u8,
                            partner,
                            target: t,
                        });
                    }
                }
            }
            let carries = crate::equipment::free_port_boxes(game, partner) >= 1
                && game.soldier(partner).stance != Stance::Prone
                && s.stance != Stance::Prone;
            if carries {
                for to in next_hexes(game, id) {
                    if step_cost(game, id, to).is_some() {
                        out.push(AmbAction::MoveCrewWeapon {
                            item: item as u8,
                            partner,
                            to,
                        });
                    }
                }
            }
        }
    }
}

/// The assaults he may make in his hex (AMB-ACT-4/14).
fn assaults(game: &Ambush, id: SoldierId, charged: bool, out: &mut Vec<AmbAction>) {
    let Place::Hex(here) = game.soldier(id).place else {
        return;
    };
    for g in game.side(Side::German) {
        if game.soldier(g).place != Place::Hex(here) {
            continue;
        }
        for (mode, capture) in [(Mode::Kill, false), (Mode::Capture, true)] {
            if assault::dd(game, id, g, mode, charged).is_ok() {
                out.push(AmbAction::Assault { target: g, capture });
            }
        }
    }
}

/// The stationary table (AMB-ACT-1..10) and the commander's actions (AMB-CMD-3/4).
fn stationary(game: &Ambush, id: SoldierId, targets: &[SoldierId], out: &mut Vec<AmbAction>) {
    let s = game.soldier(id);
    for item in 0..s.items.len() {
        for &t in targets {
            if fire::dd(game, id, item, t, Kind::Aimed).is_ok() {
                out.push(AmbAction::Fire {
                    item: item as u8,
                    target: t,
                    aimed: true,
                });
            }
        }
    }
    snap_shots(game, id, targets, out);
    crew_weapon(game, id, targets, out);
    // AMBX-DMG-4: the walls of the buildings Germans are seen in.
    if let Some(map) = game.map() {
        let mut houses: Vec<Hex> = targets
            .iter()
            .filter_map(|&t| match game.soldier(t).place {
                Place::Hex(h) if map.cell(h).building.is_some() => Some(h),
                _ => None,
            })
            .collect();
        houses.sort_unstable();
        houses.dedup();
        for hex in houses {
            for item in 0..s.items.len() {
                for aimed in [true, false] {
                    let kind = if aimed { Kind::Aimed } else { Kind::Snap };
                    if crate::walls::dd(game, id, item, hex, kind).is_ok() {
                        out.push(AmbAction::FireAtWall {
                            item: item as u8,
                            hex,
                            aimed,
                        });
                    }
                }
            }
        }
    }
    // AMB-VDMG, AMB-VGREN: the enemy's vehicles, shot at or blown up.
    for v in (0..game.vehicles.len() as u8).map(crate::state::VehicleId) {
        if !crate::vehicle_hits::target_vehicle(game, id, v) {
            continue;
        }
        for item in 0..s.items.len() {
            for aimed in [true, false] {
                let kind = if aimed { Kind::Aimed } else { Kind::Snap };
                if crate::vehicle_hits::dd(game, id, item, v, kind).is_ok() {
                    out.push(AmbAction::FireAtVehicle {
                        item: item as u8,
                        vehicle: v,
                        aimed,
                    });
                }
            }
        }
        for satchel in [false, true] {
            if !grenade::has_charge(game, id, satchel) {
                continue;
            }
            for into in [true, false] {
                if crate::vehicle_hits::throw_dd(game, id, v, satchel, into).is_ok() {
                    out.push(AmbAction::ThrowAtVehicle {
                        vehicle: v,
                        satchel,
                        into,
                    });
                }
            }
        }
    }
    assaults(game, id, false, out);
    // AMB-ACT-6/7: at the hexes of the Germans in sight or not (a throw needs no sight); a
    // hex with no enemy in it is not offered (AMBIG recorded in interpretations.md).
    let mut hexes: Vec<Hex> = targets
        .iter()
        .filter_map(|&t| match game.soldier(t).place {
            Place::Hex(h) => Some(h),
            _ => None,
        })
        .collect();
    hexes.sort_unstable();
    hexes.dedup();
    for satchel in [false, true] {
        if !grenade::has_charge(game, id, satchel) {
            continue;
        }
        for &hex in &hexes {
            if grenade::throw_dd(game, id, hex, satchel).is_ok() {
                out.push(AmbAction::Throw { hex, satchel });
            }
        }
    }
    if s.stance != Stance::Prone {
        for (item, it) in s.items.iter().enumerate() {
            let prep = kind_of(game, id, item).and_then(|k| k.prep);
            if it.jammed {
                out.push(AmbAction::ClearJam {
                    soldier: id,
                    item: item as u8,
                });
            } else if prep.is_some() && !it.prepared {
                out.push(AmbAction::Prepare {
                    soldier: id,
                    item: item as u8,
                });
            }
        }
    }
    if commands(game, id) {
        for other in game.side(Side::Us) {
            if other == id || !within_command(game, id, other) {
                continue;
            }
            let o = game.soldier(other);
            if o.health != Health::Healthy || o.inactive() || o.panicked {
                continue;
            }
            if matches!(o.marker.row, Row::OneTurn | Row::Complete) {
                out.push(AmbAction::GiveAction { to: other });
            }
            if o.marker.row == Row::Unaware {
                out.push(AmbAction::Awaken { target: other });
            }
        }
    }
}

/// AMB-CMD-1: a commander neither panicked nor inactive.
fn commands(game: &Ambush, id: SoldierId) -> bool {
    let s = game.soldier(id);
    s.commander && !s.panicked && !s.inactive()
}

/// AMB-CMD-1: `other` within the commander's 2 hexes.
fn within_command(game: &Ambush, commander: SoldierId, other: SoldierId) -> bool {
    let Some(map) = game.map() else {
        return false;
    };
    match (
        game.soldier(commander).hex(&game.vehicles),
        game.soldier(other).hex(&game.vehicles),
    ) {
        (Some(a), Some(b)) => map.distance(a, b) <= 2,
        _ => false,
    }
}

/// Carry out `action`, known to be legal for the acting soldier.
pub fn answer(game: &mut Ambush, turn: Turn, action: AmbAction) {
    let id = turn.soldier;
    match action {
        AmbAction::EndTurn if matches!(turn.doing, Doing::Driving { .. }) => {
            crate::riding::finish(game);
        }
        AmbAction::EndTurn => end(game),
        action @ (AmbAction::Mount { .. }
        | AmbAction::Dismount { .. }
        | AmbAction::Drive { .. }
        | AmbAction::ChangeSeat { .. }) => crate::riding::answer(game, Some(turn), action),
        AmbAction::Stance { stance, .. } => {
            let cost = stance_change_cost(game.soldier(id));
            let s = &mut game.soldiers[id.index()];
            if cost == 0 {
                s.turn.free_stance_change_used = true;
            }
            s.turn.mp_spent += cost;
            s.stance = stance;
            game.note(
                RuleId("AMB-SACT-2"),
                AmbEvent::Moved { soldier: id },
                |game| {
                    let name = game.name(id);
                    format!(
                        "{name} goes {stance:?}{}",
                        if cost == 0 { " (free)" } else { " (1 MP)" }
                    )
                },
            );
        }
        AmbAction::Fire {
            item,
            target,
            aimed,
        } => {
            let kind = if aimed { Kind::Aimed } else { Kind::Snap };
            let crew = kind_of(game, id, usize::from(item)).is_some_and(|k| k.crew);
            resolve_shot(game, id, usize::from(item), target, kind);
            let still_able = {
                let s = game.soldier(id);
                !s.inactive() && !s.panicked && s.marker.row == turn.row
            };
            let spent = game.soldier(id).turn.mp_spent;
            let next = match (turn.doing, aimed) {
                (_, true) => None,
                // AMB-VCBT-1: the driver's one snap shot on his drive.
                (Doing::Driving { fast, .. }, false) => Some(Doing::Driving { fast, fired: true }),
                // AMB-ACT-2: the first of two snap shots; a crew weapon snaps once (AMB-ACT-3).
                (Doing::Fresh, false) if spent == 0 => {
                    (!crew).then_some(Doing::SecondSnap { item })
                }
                // AMB-ACT-13: the move's one snap shot.
                (Doing::Fresh | Doing::MoveSnap { .. }, false) => {
                    Some(Doing::MoveSnap { fired: true })
                }
                _ => None,
            };
            match next {
                Some(doing) if still_able => set_doing(game, doing),
                _ => end(game),
            }
        }
        AmbAction::Assault { target, capture } => {
            let charged = turn.doing == Doing::Charging || game.soldier(id).turn.mp_spent > 0;
            let mode = if capture { Mode::Capture } else { Mode::Kill };
            resolve_assault(game, id, target, mode, charged);
            end(game);
        }
        AmbAction::Throw { hex, satchel } => {
            resolve_throw(game, id, hex, satchel);
            end(game);
        }
        AmbAction::FireAtWall { item, hex, aimed } => {
            let kind = if aimed { Kind::Aimed } else { Kind::Snap };
            if let Ok(shot) = crate::walls::shoot(game, id, usize::from(item), hex, kind) {
                crate::walls::log_shot(game, id, hex, &shot);
            }
            end(game);
        }
        AmbAction::DoubleFire {
            item,
            partner,
            target,
        } => {
            // AMB-ACT-18: the partner's turn goes with the shot.
            let p = &mut game.soldiers[partner.index()];
            p.marker.row = after_acting(p.marker.row);
            game.note(
                RuleId("AMB-ACT-18"),
                AmbEvent::Attack {
                    attacker: id,
                    target: Some(target),
                },
                |game| {
                    let (who, whom) = (game.name(id), game.name(partner));
                    format!("{who} and {whom} fire the crew weapon together")
                },
            );
            resolve_shot(game, id, usize::from(item), target, Kind::Aimed);
            end(game);
        }
        AmbAction::MoveCrewWeapon { partner, to, .. } => {
            // AMB-ACT-12: both go, both use their turns.
            let p = &mut game.soldiers[partner.index()];
            p.marker.row = after_acting(p.marker.row);
            crate::equipment::carried_along(game, partner, to);
            game.soldiers[partner.index()].place = Place::Hex(to);
            game.note(
                RuleId("AMB-ACT-12"),
                AmbEvent::Moved { soldier: id },
                |game| {
                    let (who, whom) = (game.name(id), game.name(partner));
                    format!("{who} and {whom} carry the crew weapon")
                },
            );
            walk(game, turn, to, Doing::Moving);
            if game.turn.is_some() {
                end(game);
            }
        }
        AmbAction::FireAtVehicle {
            item,
            vehicle,
            aimed,
        } => {
            let kind = if aimed { Kind::Aimed } else { Kind::Snap };
            if let Ok(shot) = crate::vehicle_hits::shoot(game, id, usize::from(item), vehicle, kind)
            {
                crate::vehicle_hits::log_shot(game, id, vehicle, &shot);
            }
            end(game);
        }
        AmbAction::ThrowAtVehicle {
            vehicle,
            satchel,
            into,
        } => {
            if let Ok(thrown) = crate::vehicle_hits::throw(game, id, vehicle, satchel, into) {
                game.note(
                    crate::vehicle_hits::CHARGE,
                    AmbEvent::Attack {
                        attacker: id,
                        target: None,
                    },
                    |game| {
                        let who = game.name(id);
                        format!(
                            "{who} throws {} {} the vehicle (DD {}): {}",
                            if satchel {
                                "a satchel charge"
                            } else {
                                "a grenade"
                            },
                            if into { "into" } else { "against" },
                            thrown.dd,
                            match (thrown.hit, thrown.dud) {
                                (_, true) => "a dud",
                                (true, false) => "on target",
                                (false, false) => "a miss",
                            }
                        )
                    },
                );
                crate::attacks::log_damage(game, &thrown.results, crate::vehicle_hits::EFFECT);
            }
            end(game);
        }
        AmbAction::Prepare { item, .. } => {
            if let Some(it) = game.soldiers[id.index()].items.get_mut(usize::from(item)) {
                it.prepared = true;
            }
            game.note(
                RuleId("AMBX-WTC-3"),
                AmbEvent::Weapon { soldier: id },
                |game| {
                    let name = game.name(id);
                    format!("{name} prepares his weapon")
                },
            );
            end(game);
        }
        AmbAction::ClearJam { item, .. } => {
            clear_jam(game, id, usize::from(item));
            end(game);
        }
        AmbAction::GiveAction { to } => {
            let advantage = game.soldier(id).marker.advantage;
            let o = &mut game.soldiers[to.index()];
            o.marker.row = match o.marker.row {
                Row::Complete => Row::OneTurn,
                _ => Row::TwoTurns,
            };
            o.marker.advantage = advantage;
            game.note(GIVE, AmbEvent::Command { soldier: id }, |game| {
                let (who, whom) = (game.name(id), game.name(to));
                format!("{who} gives an action to {whom}")
            });
            end(game);
        }
        AmbAction::Awaken { target } => {
            game.soldiers[target.index()].marker.row = Row::Complete;
            game.note(AWAKEN, AmbEvent::Command { soldier: id }, |game| {
                let (who, whom) = (game.name(id), game.name(target));
                format!("{who} wakes {whom}")
            });
            end(game);
        }
        // AMB-ACT-17: an exchange is the turn's action.
        action @ AmbAction::Take { .. } => {
            crate::equipment::hand_over(game, action);
            end(game);
        }
        // AMB-ACT-15: picking up or putting down is part of a drag, a movement action.
        action @ (AmbAction::Carry { .. } | AmbAction::Release { .. }) => {
            crate::equipment::hand_over(game, action);
            set_doing(game, Doing::Moving);
        }
        AmbAction::Step { to } => walk(game, turn, to, Doing::Moving),
        AmbAction::SnapStep { to } => {
            let fired = matches!(turn.doing, Doing::MoveSnap { fired: true });
            walk(game, turn, to, Doing::MoveSnap { fired });
        }
        AmbAction::ChargeStep { to } => walk(game, turn, to, Doing::Charging),
        _ => {}
    }
}

/// AMBX-WTC-3, AMB-OPA-7: a machine gun set up is no longer, once carried to another hex.
pub fn unprepare_on_moving(game: &mut Ambush, id: SoldierId) {
    for item in 0..game.soldier(id).items.len() {
        if kind_of(game, id, item).is_some_and(|k| k.prep == Some(Prep::UntilMoved)) {
            game.soldiers[id.index()].items[item].prepared = false;
        }
    }
}

fn set_doing(game: &mut Ambush, doing: Doing) {
    if let Some(t) = game.turn.as_mut() {
        t.doing = doing;
    }
}

/// AMBX-MOV-4: one step of a move: the MP spent, the hex entered and checked on the sheet; a
/// German activated, a blast, or the soldier stopped by what he met ends the move.
fn walk(game: &mut Ambush, turn: Turn, to: Hex, doing: Doing) {
    let id = turn.soldier;
    let cost = step_cost(game, id, to).unwrap_or(0);
    {
        let s = &mut game.soldiers[id.index()];
        s.turn.mp_spent = s.turn.mp_spent.saturating_add(cost);
        s.turn.moved_this_round = true;
    }
    unprepare_on_moving(game, id);
    crate::equipment::carried_along(game, id, to);
    set_doing(game, doing);
    game.note(
        RuleId("AMBX-MOV-1"),
        AmbEvent::Moved { soldier: id },
        |game| {
            let name = game.name(id);
            let label = game.map().map_or_else(String::new, |m| m.label(to));
            format!("{name} moves to {label} ({cost} MP)")
        },
    );
    let health = game.soldier(id).health;
    crate::operations::enter(game, &[id], to);
    let s = game.soldier(id);
    let stopped = game.activated || s.inactive() || s.panicked || s.health != health;
    if stopped {
        game.activated = false;
        if game.ask.is_none() {
            end(game);
        }
    }
}
