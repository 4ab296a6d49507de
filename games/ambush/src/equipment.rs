//! Equipment and the inactive (AMB-OPA-5/6/9, AMB-EQP, AMB-WPN-1/2, AMBX-SOL-4): what a soldier
//! carries in his Port Boxes and Ammo Box slots, taking items from a friend or from the fallen,
//! and carrying an inactive soldier or escorting a prisoner.

use crate::action::{AmbAction, AmbEvent};
use crate::data::mission::Stance;
use crate::data::weapons::Side;
use crate::map::Hex;
use crate::state::{Ambush, Place, SoldierId};
use crate::tables::damage::Health;
use crate::tables::dice;
use overlord_engine::RuleId;

/// AMB-OPA-6 (AMBIG-5): the die for a wounded soldier carried.
pub const CARRIED: RuleId = RuleId("AMB-OPA-6");

/// The Port Boxes weapon `weapon` fills (AMBX-SOL-4).
pub fn port_boxes_of(game: &Ambush, weapon: u8) -> u8 {
    game.data()
        .weapons
        .type_by_index(weapon)
        .map_or(1, |t| t.port_boxes)
}

/// The Port Boxes `soldier` has free (AMBX-SOL-4): his capacity less his items and the soldier
/// he carries (1 PB).
pub fn free_port_boxes(game: &Ambush, soldier: SoldierId) -> u8 {
    let s = game.soldier(soldier);
    let used: u8 = s
        .items
        .iter()
        .map(|i| port_boxes_of(game, i.weapon))
        .sum::<u8>()
        + u8::from(s.carrying.is_some_and(|c| !escorted(game, c)));
    s.port_boxes.saturating_sub(used)
}

/// A prisoner walking under guard (captured, not incapacitated) rather than carried.
fn escorted(game: &Ambush, other: SoldierId) -> bool {
    let o = game.soldier(other);
    o.captured && !matches!(o.health, Health::Incapacitated | Health::Killed)
}

/// Two soldiers in one hex, on the map.
fn together(game: &Ambush, a: SoldierId, b: SoldierId) -> bool {
    matches!(game.soldier(a).place, Place::Hex(_)) && game.soldier(a).place == game.soldier(b).place
}

/// AMB-OPA-5, AMB-EQP-2, AMBX-SOL-4: whether `taker` may take item `item` of `from`: both in one
/// hex, `from` a comrade or inactive (crouching to take from the fallen), the item his to give
/// (a radio never from the enemy), and a Port Box free for it.
pub fn may_take(
    game: &Ambush,
    taker: SoldierId,
    from: SoldierId,
    item: usize,
) -> Result<(), &'static str> {
    let t = game.soldier(taker);
    let f = game.soldier(from);
    if taker == from || t.inactive() || !together(game, taker, from) {
        return Err("AMB-OPA-5: only between soldiers in the same hex");
    }
    let Some(it) = f.items.get(item) else {
        return Err("AMB-OPA-5: no such item");
    };
    if f.side != t.side && !f.inactive() {
        return Err("AMB-OPA-5: an active enemy keeps his weapons");
    }
    if f.inactive() && t.stance != Stance::Crouching {
        return Err("AMB-OPA-5: taking from an inactive soldier is done crouching");
    }
    let capturable = game
        .data()
        .weapons
        .type_by_index(it.weapon)
        .is_none_or(|k| k.capturable);
    if f.side != t.side && !capturable {
        return Err("AMB-EQP-2: radios cannot be taken from the enemy");
    }
    if free_port_boxes(game, taker) < port_boxes_of(game, it.weapon) {
        return Err("AMBX-SOL-4: no Port Box free for it");
    }
    Ok(())
}

/// AMB-OPA-5, AMB-WPN-2, AMB-EQP-1: `taker` takes item `item` of `from` (known allowed): a weapon
/// of the other side is marked captured (fired at WS −1) and comes with one Ammo Box when a
/// slot is free; a comrade's weapon comes with the Ammo Boxes he has for it.
pub fn take(game: &mut Ambush, taker: SoldierId, from: SoldierId, item: usize) {
    let mut it = game.soldiers[from.index()].items.remove(item);
    let enemy = game.soldier(from).side != game.soldier(taker).side;
    it.prepared = false;
    if enemy {
        it.captured = true;
    }
    let weapon = it.weapon;
    game.soldiers[taker.index()].items.push(it);
    let ammo_used = game
        .data()
        .weapons
        .type_by_index(weapon)
        .is_some_and(|k| !k.ammo_unlimited && k.dd.is_some());
    if !ammo_used {
        return;
    }
    let boxes: usize = if enemy {
        1
    } else {
        game.soldier(from)
            .ammo
            .iter()
            .filter(|&&w| w == weapon)
            .count()
    };
    for _ in 0..boxes {
        let t = game.soldier(taker);
        if t.ammo.len() >= usize::from(t.ammo_slots) {
            break;
        }
        if !enemy {
            let f = &mut game.soldiers[from.index()].ammo;
            if let Some(at) = f.iter().position(|&w| w == weapon) {
                f.remove(at);
            }
        }
        game.soldiers[taker.index()].ammo.push(weapon);
    }
}

/// AMB-OPA-6, AMB-OPA-9: whether `carrier` may carry inactive `other` (a free Port Box) or
/// escort prisoner `other` (standing or crouching): both in one hex, nobody carrying him yet.
pub fn may_carry(game: &Ambush, carrier: SoldierId, other: SoldierId) -> Result<(), &'static str> {
    let c = game.soldier(carrier);
    let o = game.soldier(other);
    if carrier == other || c.inactive() || !o.inactive() || !together(game, carrier, other) {
        return Err("AMB-OPA-6: an inactive soldier in the carrier's hex");
    }
    if o.health == Health::Killed && o.side != c.side {
        return Err("AMB-OPA-6: the enemy dead stay where they fell");
    }
    if c.carrying.is_some()
        || game
            .soldiers
            .iter()
            .any(|s| s.carrying == Some(other) && !s.inactive())
    {
        return Err("AMB-OPA-6: one soldier at a time");
    }
    if c.stance == Stance::Prone {
        return Err("AMB-OPA-9: standing or crouching");
    }
    if o.side == Side::German && !o.captured {
        return Err("AMB-PRIS-1: only prisoners are moved");
    }
    if !escorted(game, other) && free_port_boxes(game, carrier) == 0 {
        return Err("AMB-OPA-6: no Port Box free to carry him");
    }
    Ok(())
}

/// AMB-OPA-6 (AMBIG-5): the soldier `carrier` carries comes with him into `hex`; a wounded one
/// (incapacitated, or wounded before his capture) rolls a d10 for each hex, dying on 0.
pub fn carried_along(game: &mut Ambush, carrier: SoldierId, hex: Hex) {
    let Some(other) = game.soldier(carrier).carrying else {
        return;
    };
    if game.soldier(other).health == Health::Killed && game.soldier(other).side == Side::German {
        game.soldiers[carrier.index()].carrying = None;
        return;
    }
    game.soldiers[other.index()].place = Place::Hex(hex);
    let wounded = matches!(
        game.soldier(other).health,
        Health::Incapacitated | Health::Wounded
    );
    if wounded && dice::d10(&mut game.rng, CARRIED) == 0 {
        let o = &mut game.soldiers[other.index()];
        o.health = Health::Killed;
        game.note(CARRIED, AmbEvent::Damage { soldier: other }, |game| {
            let name = game.name(other);
            format!("{name} dies as he is carried")
        });
    }
}

/// AMB-OPA-5/6/9: what `soldier` may take, pick up or put down in his hex.
pub fn hands(game: &Ambush, soldier: SoldierId, out: &mut Vec<AmbAction>) {
    let s = game.soldier(soldier);
    if s.inactive() || !matches!(s.place, Place::Hex(_)) {
        return;
    }
    if s.carrying.is_some() {
        out.push(AmbAction::Release { soldier });
    }
    for from in (0..game.soldiers.len() as u8).map(SoldierId) {
        if from == soldier || game.soldier(from).place != s.place {
            continue;
        }
        for item in 0..game.soldier(from).items.len() {
            if may_take(game, soldier, from, item).is_ok() {
                out.push(AmbAction::Take {
                    soldier,
                    from,
                    item: item as u8,
                });
            }
        }
        if may_carry(game, soldier, from).is_ok() {
            out.push(AmbAction::Carry {
                soldier,
                other: from,
            });
        }
    }
}

/// AMB-OPA-5/6/9 (AMB-ACT-15/17 in rounds): a take, a pick-up or a release, logged.
pub fn hand_over(game: &mut Ambush, action: AmbAction) {
    match action {
        AmbAction::Take {
            soldier,
            from,
            item,
        } => {
            let what = game
                .soldier(from)
                .items
                .get(usize::from(item))
                .and_then(|it| game.data().weapons.by_index(it.weapon))
                .map_or_else(String::new, |(_, w)| w.name.clone());
            take(game, soldier, from, usize::from(item));
            game.note(RuleId("AMB-OPA-5"), AmbEvent::Weapon { soldier }, |game| {
                let (who, whom) = (game.name(soldier), game.name(from));
                format!("{who} takes the {what} of {whom}")
            });
        }
        AmbAction::Carry { soldier, other } => {
            game.soldiers[soldier.index()].carrying = Some(other);
            game.note(RuleId("AMB-OPA-6"), AmbEvent::Moved { soldier }, |game| {
                let (who, whom) = (game.name(soldier), game.name(other));
                format!("{who} takes {whom} along")
            });
        }
        AmbAction::Release { soldier } => {
            game.soldiers[soldier.index()].carrying = None;
            game.note(RuleId("AMB-OPA-6"), AmbEvent::Moved { soldier }, |game| {
                let who = game.name(soldier);
                format!("{who} puts down the soldier he carried")
            });
        }
        _ => {}
    }
}
