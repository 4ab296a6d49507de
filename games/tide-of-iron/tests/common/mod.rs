//! What the integration tests share: the shipped data, loaded once per test binary.

use overlord_engine::Components;
use overlord_tide_of_iron::ToiData;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// `data/tide-of-iron`, loaded once.
pub fn data() -> Arc<ToiData> {
    static DATA: OnceLock<Arc<ToiData>> = OnceLock::new();
    Arc::clone(DATA.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/tide-of-iron");
        Arc::new(<ToiData as Components>::load(&dir).unwrap_or_else(|e| panic!("{e}")))
    }))
}
