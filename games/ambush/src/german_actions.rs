//! A German's turn carried out (AMB-GER, AMBX-GER-2..8): the code his card gives him done,
//! with the table's fallback when it cannot be, every step logged with the row and column read.
//!
//! Vehicles are not driven yet: a driver's `DR`/`DF` and a `PF` at a vehicle fall back as the
//! table says (`MV`, `AF`).

use crate::action::AmbEvent;
use crate::assault::{self, Mode};
use crate::attacks::{clear_jam, log_damage, resolve_assault, resolve_shot, resolve_throw};
use crate::blast;
use crate::data::mission::{Marker, Stance};
use crate::data::weapons::Side;
use crate::fire::Kind;
use crate::german::{self, Arms};
use crate::grenade;
use crate::map::Hex;
use crate::state::{Ambush, Phase, Place, SoldierId, Task};
use crate::tables::damage::Health;
use crate::tables::dice;
use overlord_engine::RuleId;

/// AMBX-GER-2: the action a German's card gives.
pub const ACTION: RuleId = RuleId("AMBX-GER-2");

/// How many fallbacks one action may go through before the German holds (the table's
/// fallbacks can lead back to where they began: `AF` to `MV` to `AF`).
const FALLBACKS: u8 = 4;

/// AMB-GER-2..9: German `g` acts on this round's Action Number.
pub fn act(game: &mut Ambush, g: SoldierId) {
    let Phase::Rounds(round) = game.phase else {
        return;
    };
    // AMBX-HID: his card is hidden until he acts. Beyond the veil of a state drawn for search,
    // he is played by what the squad can foresee of any German: aimed fire at the easiest
    // target he sees, or holding.
    if game.veil != crate::state::Veil::Off {
        fire_at_easiest(game, g, Kind::Aimed);
        return;
    }
    let card = german::card_action(game, g, round.action_number);
    game.reveals += 1;
    let Some(card) = card else {
        game.note(ACTION, AmbEvent::German { soldier: g }, |_| {
            "no action on the card: he holds".to_owned()
        });
        return;
    };
    let code = card.code.clone();
    game.note(ACTION, AmbEvent::German { soldier: g }, |game| {
        let name = game.name(g);
        format!(
            "{name}: row {} of column {} reads {code}",
            card.row, card.column
        )
    });
    perform(game, g, &code, 0);
}

/// Carry out card code `code` for German `g` (as his card gave it), with its fallbacks.
pub fn perform_code(game: &mut Ambush, g: SoldierId, code: &str) {
    perform(game, g, code, 0);
}

/// Carry out `code` for `g`, or its fallback.
fn perform(game: &mut Ambush, g: SoldierId, code: &str, depth: u8) {
    if depth >= FALLBACKS || !game.soldier(g).active_on_map() {
        return;
    }
    let fallback = |game: &mut Ambush, next: &str| {
        game.note(ACTION, AmbEvent::German { soldier: g }, |game| {
            format!("{} cannot {code}: {next} instead", game.name(g))
        });
        perform(game, g, next, depth + 1);
    };
    match code {
        "AF" => {
            if !fire_at_easiest(game, g, Kind::Aimed) {
                // AMBX-GER-2: `MV` if his hex has a red instruction, else `HD`.
                let red = game
                    .soldier(g)
                    .hex(&game.vehicles)
                    .is_some_and(|h| game.mission().table.gmove(h, game.condition).is_some());
                let next = if red { "MV" } else { "HD" };
                fallback(game, next);
            }
        }
        "SF" => {
            if fire_at_easiest(game, g, Kind::Snap) {
                fire_at_easiest(game, g, Kind::Snap);
            } else {
                fallback(game, "AF");
            }
        }
        "GR" => {
            if !throw_grenade(game, g) {
                fallback(game, "AF");
            }
        }
        // Vehicles are not targets yet: a Panzerfaust has none.
        "PF" => fallback(game, "AF"),
        // AMBX-GER-2: aboard, the driver drives (DR slow, DF fast), `DX` dismounts; a
        // passenger told to move stays put.
        "MV" | "DR" | "DF" | "DX" | "MS" if aboard(game, g).is_some() => {
            let Some((v, seat)) = aboard(game, g) else {
                return;
            };
            let tank = crate::driving::is_tank(game, v);
            match code {
                "DX" if !tank => dismount(game, g),
                "DX" => {}
                _ if seat == 0 => {
                    if !crate::driving::drive(game, v, code == "DF") {
                        fallback(game, "AF");
                    } else if code != "MV" {
                        // AMB-VCBT-1: the drive's one snap shot.
                        fire_at_easiest(game, g, Kind::Snap);
                    }
                }
                _ => fallback(game, "AF"),
            }
        }
        "MV" | "DR" | "DF" | "DX" => {
            let mpa = crate::status::current_mpa(game.soldier(g));
            if !walk_red(game, g, mpa) {
                fallback(game, if code == "DX" { "HD" } else { "AF" });
            }
        }
        "MS" => {
            let half = crate::status::current_mpa(game.soldier(g)) / 2;
            if walk_red(game, g, half) {
                fire_at_easiest(game, g, Kind::Snap);
            } else {
                fallback(game, "AF");
            }
        }
        "MA" => {
            if !charge(game, g) {
                fallback(game, "AF");
            }
        }
        "AS" => {
            if !assault_here(game, g, false) {
                fallback(game, "MA");
            }
        }
        "EV" => match german::evasion(game, g) {
            Some((hex, stance)) => {
                walk_to(game, g, hex);
                // A minefield on the way may have put him out of the fight (prone for good).
                if game.soldier(g).active_on_map() {
                    game.soldiers[g.index()].stance = stance;
                }
            }
            None => fallback(game, "ST:P"),
        },
        "RT" => {
            if !retreat(game, g) {
                fallback(game, "EV");
            }
        }
        "ST:P" => set_stance(game, g, Stance::Prone),
        "ST:C" => set_stance(game, g, Stance::Crouching),
        "ST:S" => set_stance(game, g, Stance::Standing),
        "ST:C+AF" => {
            set_stance(game, g, Stance::Crouching);
            fire_at_easiest(game, g, Kind::Aimed);
        }
        "SU" => {
            german::surrender(game, g);
            game.note(
                RuleId("AMB-GER-5"),
                AmbEvent::German { soldier: g },
                |game| {
                    let name = game.name(g);
                    format!("{name} surrenders")
                },
            );
        }
        other => {
            if let Some(id) = other
                .strip_prefix("PA:")
                .and_then(|n| n.parse::<u16>().ok())
            {
                read_paragraph(game, id);
            }
            // "HD" and anything unknown: he holds.
        }
    }
}

/// AMB-GER-7/8, AMBX-GER-5: fire `kind` at the easiest target with the first weapon that can,
/// getting up from prone with his free stance change first; clear a jam when every weapon is
/// jammed. Whether he did either.
fn fire_at_easiest(game: &mut Ambush, g: SoldierId, kind: Kind) -> bool {
    if let Some((v, 0)) = aboard(game, g)
        && crate::driving::is_tank(game, v)
    {
        return tank_fire(game, g, v, kind);
    }
    if aboard(game, g).is_some() {
        // AMB-VCBT-1: a passenger's snap shots (stances do not count aboard).
        return match german::arms(game, g, Kind::Snap) {
            Arms::Fire { item, target } => {
                resolve_shot(game, g, item, target, Kind::Snap);
                true
            }
            _ => false,
        };
    }
    if game.soldier(g).items.is_empty() {
        return arm_from_the_fallen(game, g);
    }
    let before = game.soldier(g).stance;
    if before == Stance::Prone {
        game.soldiers[g.index()].stance = Stance::Crouching;
    }
    match german::arms(game, g, kind) {
        Arms::Fire { item, target } => {
            if before == Stance::Prone {
                game.soldiers[g.index()].turn.free_stance_change_used = true;
            }
            resolve_shot(game, g, item, target, kind);
            true
        }
        Arms::ClearJam { item } => {
            game.soldiers[g.index()].stance = before;
            clear_jam(game, g, item);
            true
        }
        Arms::Nothing => {
            game.soldiers[g.index()].stance = before;
            false
        }
    }
}

/// The vehicle and seat `g` rides in, if he does.
fn aboard(game: &Ambush, g: SoldierId) -> Option<(crate::state::VehicleId, u8)> {
    match game.soldier(g).place {
        Place::Aboard { vehicle, seat } => Some((vehicle, seat)),
        _ => None,
    }
}

/// AMBX-GER-2 `DX`, AMBX-VEH-9: he gets out into the vehicle's hex.
fn dismount(game: &mut Ambush, g: SoldierId) {
    let Some(hex) = game.soldier(g).hex(&game.vehicles) else {
        return;
    };
    game.soldiers[g.index()].place = Place::Hex(hex);
    game.soldiers[g.index()].stance = Stance::Crouching;
    game.note(
        RuleId("AMBX-VEH-9"),
        AmbEvent::Moved { soldier: g },
        |game| {
            let name = game.name(g);
            format!("{name} dismounts")
        },
    );
}

/// AMB-VCBT-2, AMB-VACT-1/3, AMBX-VEH-7/8: a tank's crew fires: aimed, the gun (2 CP) then the
/// bow MG (2 CP), then reloads the gun (1 CP) with what is left; snap, the turret MG (1 CP)
/// and the bow MG (1 CP). An empty gun is loaded first (and the turret MG then stays silent).
fn tank_fire(game: &mut Ambush, g: SoldierId, v: crate::state::VehicleId, kind: Kind) -> bool {
    use crate::fire::Mount;
    let mut cp = game.vehicles[usize::from(v.0)].crew.min(5);
    let mounts: Vec<(usize, Mount)> = (0..game.soldier(g).items.len())
        .filter_map(|i| crate::fire::mount_of(game, g, i).map(|m| (i, m)))
        .collect();
    let find = |m: Mount| mounts.iter().find(|(_, x)| *x == m).map(|(i, _)| *i);
    let mut acted = false;
    let mut loaded_now = false;
    if let Some(gun) = find(Mount::Gun)
        && !game.soldier(g).items[gun].prepared
        && cp >= 1
    {
        game.soldiers[g.index()].items[gun].prepared = true;
        cp -= 1;
        loaded_now = true;
        acted = true;
    }
    let order: &[(Mount, Kind, u8)] = match kind {
        Kind::Aimed => &[(Mount::Gun, Kind::Aimed, 2), (Mount::BowMg, Kind::Aimed, 2)],
        Kind::Snap => &[
            (Mount::TurretMg, Kind::Snap, 1),
            (Mount::BowMg, Kind::Snap, 1),
        ],
    };
    for &(mount, fire_kind, cost) in order {
        // AMB-VACT-8: loading excludes the turret MG this turn.
        if cp < cost || (mount == Mount::TurretMg && loaded_now) {
            continue;
        }
        let Some(item) = find(mount) else { continue };
        if let Some(target) = german::easiest_target(game, g, item, fire_kind) {
            resolve_shot(game, g, item, target, fire_kind);
            cp -= cost;
            acted = true;
        }
    }
    if let Some(gun) = find(Mount::Gun)
        && !game.soldier(g).items[gun].prepared
        && cp >= 1
        && !loaded_now
    {
        game.soldiers[g.index()].items[gun].prepared = true;
    }
    acted
}

/// AMB-GER-9, AMBX-GER-5: unarmed, he goes to the nearest inactive soldier with a weapon his
/// MPA reaches (equals: the lowest id) and takes the first one that may be taken (AMB-EQP-2);
/// whether he found one.
fn arm_from_the_fallen(game: &mut Ambush, g: SoldierId) -> bool {
    let Some(map) = game.map() else {
        return false;
    };
    let Place::Hex(from) = game.soldier(g).place else {
        return false;
    };
    let weapons = &game.data().weapons;
    let takeable = |item: &crate::state::Item| {
        weapons
            .type_by_index(item.weapon)
            .is_some_and(|t| t.capturable && (t.dd.is_some() || t.thrown))
    };
    let reach = german::reachable(game, from, crate::status::current_mpa(game.soldier(g)));
    let found = (0..game.soldiers.len() as u8)
        .map(SoldierId)
        .filter_map(|id| {
            let s = game.soldier(id);
            let Place::Hex(h) = s.place else { return None };
            let item = s.items.iter().position(takeable)?;
            (s.inactive() && reach.contains(&h)).then_some(((map.distance(from, h), id), h, item))
        })
        .min_by_key(|(key, ..)| *key);
    let Some(((_, holder), hex, item)) = found else {
        return false;
    };
    walk_to(game, g, hex);
    if game.soldier(g).place != Place::Hex(hex) || !game.soldier(g).active_on_map() {
        return true;
    }
    let mut taken = game.soldiers[holder.index()].items.remove(item);
    taken.captured = game.soldier(holder).side != Side::German;
    taken.prepared = false;
    game.soldiers[g.index()].items.push(taken);
    game.note(
        RuleId("AMB-GER-9"),
        AmbEvent::Weapon { soldier: g },
        |game| {
            let (who, whom) = (game.name(g), game.name(holder));
            format!("{who} takes a weapon from {whom}")
        },
    );
    true
}

/// AMBX-GER-2 `GR`: at the hex within reach holding the most US soldiers (ties: the best DD,
/// then the lowest hex id).
fn throw_grenade(game: &mut Ambush, g: SoldierId) -> bool {
    if !grenade::has_charge(game, g, false) {
        return false;
    }
    let before = game.soldier(g).stance;
    if before == Stance::Prone {
        game.soldiers[g.index()].stance = Stance::Crouching;
    }
    let mut targets: Vec<Hex> = game
        .side(Side::Us)
        .filter(|&id| !game.soldier(id).inactive())
        .filter_map(|id| match game.soldier(id).place {
            Place::Hex(h) => Some(h),
            _ => None,
        })
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let best = targets
        .into_iter()
        .filter_map(|h| {
            let dd = grenade::throw_dd(game, g, h, false).ok()?;
            let count = game
                .side(Side::Us)
                .filter(|&id| {
                    !game.soldier(id).inactive() && game.soldier(id).place == Place::Hex(h)
                })
                .count();
            Some(((std::cmp::Reverse(count), std::cmp::Reverse(dd), h), h))
        })
        .min_by_key(|(key, _)| *key)
        .map(|(_, h)| h);
    let Some(hex) = best else {
        game.soldiers[g.index()].stance = before;
        return false;
    };
    resolve_throw(game, g, hex, false);
    true
}

/// AMB-GER-6, AMBX-MOV-5: along the red instruction with at most `budget` MP; whether he
/// moved.
fn walk_red(game: &mut Ambush, g: SoldierId, budget: u8) -> bool {
    if game.soldier(g).stance == Stance::Prone {
        // His free stance change gets him up to move (AMBX-GER-5's spirit, AMBX-MOV-2).
        game.soldiers[g.index()].stance = Stance::Standing;
    }
    let path = german::red_path(game, g, budget.max(1));
    if path.is_empty() {
        return false;
    }
    walk_path(game, g, path);
    true
}

/// Walk `g` to `to` (a hex his MPA reaches), one step at a time.
fn walk_to(game: &mut Ambush, g: SoldierId, to: Hex) {
    let Some(from) = game.soldier(g).hex(&game.vehicles) else {
        return;
    };
    if from == to {
        return;
    }
    let path = german::walk_toward(game, from, to, u8::MAX);
    walk_path(game, g, path);
}

/// `g` walks `path`, hex by hex, as long as he can go on.
fn walk_path(game: &mut Ambush, g: SoldierId, path: Vec<Hex>) {
    for hex in path {
        if !step(game, g, hex) {
            break;
        }
    }
}

/// One hex of a German's move (AMBX-GER-7: no sheet checks, known minefields go off; an
/// LMG set up is no longer, AMBX-WTC-3); whether he can go on.
fn step(game: &mut Ambush, g: SoldierId, hex: Hex) -> bool {
    let s = &mut game.soldiers[g.index()];
    s.place = Place::Hex(hex);
    s.turn.moved_this_round = true;
    for item in &mut s.items {
        if item.prepared {
            item.prepared = false;
        }
    }
    game.note(
        RuleId("AMB-GER-6"),
        AmbEvent::Moved { soldier: g },
        |game| {
            let name = game.name(g);
            let label = game.map().map_or_else(String::new, |m| m.label(hex));
            format!("{name} moves to {label}")
        },
    );
    if game.marked(hex, Marker::Minefield) {
        let results = blast::minefield(game, hex, &[g]);
        game.reveals += 1;
        log_damage(game, &results, blast::MINEFIELD);
    }
    game.soldier(g).active_on_map()
}

/// AMBX-GER-2 `MA`: a US soldier within ⌊MPA/2⌋, the defenseless first (prone or wounded),
/// then the nearest, then the lowest id: he moves there and assaults him.
fn charge(game: &mut Ambush, g: SoldierId) -> bool {
    let Some(from) = game.soldier(g).hex(&game.vehicles) else {
        return false;
    };
    let half = crate::status::current_mpa(game.soldier(g)) / 2;
    let Some(map) = game.map() else {
        return false;
    };
    let reach = german::reachable(game, from, half.max(1));
    let target = game
        .side(Side::Us)
        .filter_map(|id| {
            let s = game.soldier(id);
            let Place::Hex(h) = s.place else { return None };
            (!s.inactive() && reach.contains(&h)).then_some((
                (
                    !(s.stance == Stance::Prone || s.health == Health::Wounded),
                    map.distance(from, h),
                    id,
                ),
                h,
            ))
        })
        .min_by_key(|(key, _)| *key);
    let Some((_, hex)) = target else {
        return false;
    };
    walk_to(game, g, hex);
    game.soldier(g).active_on_map() && assault_here(game, g, true)
}

/// AMBX-GER-2 `AS`: an assault in his own hex, standing up first (AMB-ASLT-1).
fn assault_here(game: &mut Ambush, g: SoldierId, charged: bool) -> bool {
    let Some(target) = assault::german_target(game, g) else {
        return false;
    };
    game.soldiers[g.index()].stance = Stance::Standing;
    resolve_assault(game, g, target, Mode::Kill, charged);
    true
}

/// AMBX-GER-2 `RT`: toward the nearest hex of the mission's German exit edge with his MPA;
/// standing on it, he leaves the map.
fn retreat(game: &mut Ambush, g: SoldierId) -> bool {
    let Some(map) = game.map() else {
        return false;
    };
    let Place::Hex(from) = game.soldier(g).place else {
        return false;
    };
    let edge = game.mission().header.german_exit_edge;
    if map.on_edge(from, edge) {
        game.soldiers[g.index()].place = Place::Exited;
        game.note(
            RuleId("AMBX-GER-2"),
            AmbEvent::Moved { soldier: g },
            |game| format!("{} leaves the map", game.name(g)),
        );
        return true;
    }
    let Some(exit) = map
        .hexes()
        .filter(|&h| map.on_edge(h, edge))
        .min_by_key(|&h| (map.distance(from, h), h))
    else {
        return false;
    };
    if game.soldier(g).stance == Stance::Prone {
        game.soldiers[g.index()].stance = Stance::Standing;
    }
    let mpa = crate::status::current_mpa(game.soldier(g));
    let path = german::walk_toward(game, from, exit, mpa);
    if path.is_empty() {
        return false;
    }
    walk_path(game, g, path);
    true
}

/// AMBX-GER-2 `ST:x`.
fn set_stance(game: &mut Ambush, g: SoldierId, stance: Stance) {
    game.soldiers[g.index()].stance = stance;
    game.note(
        RuleId("AMBX-GER-2"),
        AmbEvent::Moved { soldier: g },
        |game| {
            let name = game.name(g);
            format!("{name} goes {stance:?}")
        },
    );
}

/// AMBX-GER-2 `PA:nnn`: the paragraph is read, for a random active US soldier (AMBX-MIS-7).
fn read_paragraph(game: &mut Ambush, id: u16) {
    if game.veil != crate::state::Veil::Off
        && game.paragraphs_read.binary_search(&id).is_err()
        && game.veiled()
    {
        return;
    }
    let candidates: Vec<SoldierId> = game
        .side(Side::Us)
        .filter(|&u| !game.soldier(u).inactive() && game.soldier(u).hex(&game.vehicles).is_some())
        .collect();
    let actor = match candidates.len() {
        0 => 0,
        1 => 1u64 << candidates[0].0,
        n => 1u64 << candidates[dice::random_determination(&mut game.rng, n)].0,
    };
    game.reveals += 1;
    game.note(
        RuleId("AMBX-GER-2"),
        AmbEvent::Read { paragraph: id },
        |_| format!("the card reads paragraph {id}"),
    );
    game.work.push(Task::Effects {
        id,
        line: None,
        next: 0,
        actor,
    });
    crate::operations::run(game);
}
