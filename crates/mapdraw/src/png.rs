//! SVG to PNG with resvg.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// The largest PNG side we agree to allocate, in pixels.
pub const MAX_PNG_SIDE: u32 = 16_384;

/// Why an SVG could not become a PNG.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The SVG text did not parse. (Not marked as the source: the message already says it, and
    /// error chains would print it twice.)
    #[error("the SVG could not be read: {0}")]
    Svg(usvg::Error),
    /// The scale is not a positive finite number.
    #[error("the scale must be a positive number, not {0}")]
    Scale(f32),
    /// The scaled picture is empty or too large to allocate.
    #[error(
        "a {width} x {height} pixel picture cannot be made; pick a scale that keeps both sides \
         between 1 and {MAX_PNG_SIDE} pixels"
    )]
    Size { width: f32, height: f32 },
    /// PNG encoding failed.
    #[error("the PNG could not be encoded: {0}")]
    Encode(String),
}

/// The system fonts, loaded once per process. With no fonts installed the database is empty and
/// text is left out of the picture, but every shape is still drawn.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            // Generic families resolve to fonts commonly present on Linux before the defaults
            // (Arial, Times New Roman), which are often missing there.
            if db
                .faces()
                .any(|f| f.families.iter().any(|(n, _)| n == "DejaVu Sans"))
            {
                db.set_sans_serif_family("DejaVu Sans");
            }
            Arc::new(db)
        })
        .clone()
}

/// Rasterises `svg` at `scale` (1 = one PNG pixel per SVG pixel) and encodes it as PNG.
///
/// Text uses the system fonts (via `fontdb`); where none are installed the text is simply missing.
///
/// # Errors
/// The SVG does not parse, the scale is not positive and finite, the result would be larger than
/// [`MAX_PNG_SIDE`] on a side, or encoding fails.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, Error> {
    if !scale.is_finite() || scale <= 0.0 {
        return Err(Error::Scale(scale));
    }
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: "DejaVu Sans".to_owned(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(Error::Svg)?;
    let size = tree.size();
    let width = (size.width() * scale).ceil();
    let height = (size.height() * scale).ceil();
    let limit = MAX_PNG_SIDE as f32;
    if !(1.0..=limit).contains(&width) || !(1.0..=limit).contains(&height) {
        return Err(Error::Size { width, height });
    }
    // Both are within 1..=MAX_PNG_SIDE, so the conversions are exact.
    let mut pixmap =
        tiny_skia::Pixmap::new(width as u32, height as u32).ok_or(Error::Size { width, height })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|error| Error::Encode(error.to_string()))
}
