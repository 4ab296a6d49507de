//! The rules tables of Normandy '44 (spec section 2), as pure functions over small enums.
pub mod terrain;
