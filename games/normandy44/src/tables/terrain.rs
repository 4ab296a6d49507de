//! TEMPORARY: replaced by the TEC module on the tables branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Clear,
    Mixed,
    Bocage,
    Woods,
    Town,
    City,
    Flooded,
    Marsh,
    Airfield,
    Sea,
}
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexsideFeature {
    MinorRiver,
    MajorRiver,
    Flooded,
    Causeway,
    Impassable,
    AllSea,
    Carpiquet,
    CherbourgPerimeter,
}
