//! What joins hexes or groups them: hexsides, named places and roads.

use std::collections::HashMap;

use serde_spanned::Spanned;

use super::super::map::MapData;
use super::super::raw::{RawHexside, RawPlace, RawRoad};
use super::super::{FeatureId, FeatureSet, Place, Road, RoadKindId};
use super::{Builder, Interner};
use crate::coords::Hex;
use crate::hexside::HexsideId;

impl Builder<'_, '_> {
    pub(super) fn hexsides(&mut self, raw: Vec<Spanned<RawHexside>>, map: &mut MapData) {
        let mut features = Interner::new("hexside features", 64);
        let mut seen: HashMap<HexsideId, usize> = HashMap::new();
        for side in raw {
            let side = side.into_inner();
            let between = &side.between;
            let [a, b] = between.get_ref().as_slice() else {
                let message = "expected two labels, like between = [\"0812\", \"0912\"]";
                self.diag.at(&between.span(), "hexside.between", message);
                continue;
            };
            let a = self.map_hex(a, "hexside.between");
            let b = self.map_hex(b, "hexside.between");
            let mut set = FeatureSet::EMPTY;
            for feature in &side.features {
                if let Some(id) = features.intern(feature, "hexside.features", self.diag) {
                    set.insert(FeatureId(u8::try_from(id).unwrap_or(u8::MAX)));
                }
            }
            let (Some((la, ha)), Some((lb, hb))) = (a, b) else {
                continue;
            };
            if !self.geometry_known {
                continue;
            }
            let Some(id) = HexsideId::between(ha, hb) else {
                let message = format!(
                    "{la} and {lb} are not adjacent; a hexside joins two neighbouring hexes"
                );
                self.diag.at(&between.span(), "hexside.between", message);
                continue;
            };
            // AMBX-MAP-4: one definition per hexside; the same side from its other hex is a
            // second definition, not a mirror, and would be a conflict waiting to happen.
            if let Some(&first) = seen.get(&id) {
                let line = self.diag.line_of(first);
                let message = format!(
                    "the hexside between {la} and {lb} is declared twice; first at line {line}"
                );
                self.diag.at(&between.span(), "hexside.between", message);
                continue;
            }
            seen.insert(id, between.span().start);
            map.hexsides.push((id, set));
        }
        map.hexsides.sort_unstable_by_key(|(id, _)| *id);
        map.feature_names = features.names;
    }

    pub(super) fn places(&mut self, raw: Vec<Spanned<RawPlace>>, kind: &str) -> Vec<Place> {
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut places = Vec::new();
        for place in raw {
            let place = place.into_inner();
            let id_field = format!("{kind}.id");
            let id = &place.id;
            if id.get_ref().trim().is_empty() {
                self.diag.at(&id.span(), id_field, "must not be empty");
                continue;
            }
            if let Some(&first) = seen.get(id.get_ref()) {
                let line = self.diag.line_of(first);
                let message = format!("`{}` is used twice; first at line {line}", id.get_ref());
                self.diag.at(&id.span(), id_field, message);
                continue;
            }
            seen.insert(id.get_ref().clone(), id.span().start);
            let hexes_field = format!("{kind}.hexes");
            let mut hexes: Vec<Hex> = Vec::with_capacity(place.hexes.len());
            for label in &place.hexes {
                let Some((parsed, hex)) = self.map_hex(label, &hexes_field) else {
                    continue;
                };
                if hexes.contains(&hex) {
                    self.diag.at(
                        &label.span(),
                        &hexes_field,
                        format!("{parsed} is listed twice"),
                    );
                    continue;
                }
                hexes.push(hex);
            }
            places.push(Place {
                id: place.id.into_inner(),
                name: place.name,
                hexes,
                tags: place.tags,
            });
        }
        places
    }

    pub(super) fn roads(&mut self, raw: Vec<Spanned<RawRoad>>, map: &mut MapData) {
        let mut kinds = Interner::new("road kinds", 256);
        for road in raw {
            let road = road.into_inner();
            let kind = kinds.intern(&road.kind, "road.kind", self.diag);
            let path = &road.path;
            if path.get_ref().len() < 2 {
                let message = "a road needs at least two hexes, like path = [\"0812\", \"0813\"]";
                self.diag.at(&path.span(), "road.path", message);
                continue;
            }
            let found: Vec<_> = path
                .get_ref()
                .iter()
                .map(|label| (label.span(), self.map_hex(label, "road.path")))
                .collect();
            let mut hexes = Vec::with_capacity(found.len());
            for pair in found.windows(2) {
                let [(_, Some((la, a))), (span, Some((lb, b)))] = pair else {
                    continue;
                };
                if self.geometry_known && HexsideId::between(*a, *b).is_none() {
                    let message = format!(
                        "{la} and {lb} are not adjacent; each step of a road goes to a \
                         neighbouring hex"
                    );
                    self.diag.at(span, "road.path", message);
                }
            }
            hexes.extend(found.iter().filter_map(|(_, hex)| hex.map(|(_, h)| h)));
            let Some(kind) = kind.map(|k| RoadKindId(u8::try_from(k).unwrap_or(u8::MAX))) else {
                continue;
            };
            map.roads.push(Road { kind, path: hexes });
        }
        map.link_roads();
        map.road_kinds = kinds.names;
    }
}
