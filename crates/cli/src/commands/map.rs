//! `overlord map <game> --out FILE.svg|FILE.png`: draw a game's board.
//!
//! The game draws its own board (with `overlord-mapdraw`, through its registry entry's `map_svg`);
//! this command only writes the SVG or rasterises it to PNG.

use crate::data_root;
use anyhow::{Context, Result, bail};
use overlord_engine::Registry;
use std::io::Write;
use std::path::Path;

/// What the output file's extension asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

fn format_of(path: &Path) -> Result<Format> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => bail!(
            "cannot tell what to write to {}: the file name must end in .svg or .png",
            path.display()
        ),
    }
}

pub fn run(
    registry: &Registry,
    data_root: &Path,
    game: &str,
    out_path: &Path,
    scale: f32,
    out: &mut impl Write,
) -> Result<()> {
    // Check what we were asked for before loading anything.
    let format = format_of(out_path)?;
    if format == Format::Png && !(scale.is_finite() && scale > 0.0) {
        bail!("--scale must be a positive number, like 1 or 2.5, not {scale}");
    }
    let entry = registry.get(game)?;
    let dir = data_root::game_dir(data_root, game);
    let svg = entry.map_svg(&dir).with_context(|| {
        format!(
            "the data in {} did not load; `overlord validate {game}` lists every problem",
            dir.display()
        )
    })?;
    let Some(svg) = svg else {
        bail!("{game} has no map to draw");
    };
    let bytes = match format {
        Format::Svg => svg.into_bytes(),
        Format::Png => overlord_mapdraw::svg_to_png(&svg, scale)
            .with_context(|| format!("the map of {game} could not be made into a PNG"))?,
    };
    std::fs::write(out_path, &bytes).with_context(|| {
        format!(
            "cannot write {}; check that its folder exists and is writable",
            out_path.display()
        )
    })?;
    writeln!(
        out,
        "wrote the map of {game} to {} ({} bytes)",
        out_path.display(),
        bytes.len()
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use overlord_engine::{Components, ComponentsEntry, DataErrors, GameInfo, ScenarioInfo};
    use std::path::PathBuf;

    /// Components without a board.
    struct NoBoard;

    impl Components for NoBoard {
        fn load(_dir: &Path) -> Result<Self, DataErrors> {
            Ok(Self)
        }
        fn scenarios(&self) -> Vec<ScenarioInfo> {
            Vec::new()
        }
    }

    /// Components whose board is one red square.
    struct Square;

    impl Components for Square {
        fn load(_dir: &Path) -> Result<Self, DataErrors> {
            Ok(Self)
        }
        fn scenarios(&self) -> Vec<ScenarioInfo> {
            Vec::new()
        }
        fn map_svg(&self) -> Option<String> {
            Some(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\">\
                 <rect width=\"20\" height=\"10\" fill=\"red\"/></svg>"
                    .to_owned(),
            )
        }
    }

    fn info(id: &'static str) -> GameInfo {
        GameInfo {
            id,
            name: "Test game",
            rules_version: "0",
            min_seats: 1,
            max_seats: 1,
        }
    }

    fn registry() -> Registry {
        Registry::new(vec![
            ComponentsEntry::<NoBoard>::boxed(info("noboard")),
            ComponentsEntry::<Square>::boxed(info("square")),
        ])
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("overlord-map-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_game_without_a_map_says_so() {
        let dir = scratch("none");
        let error = run(
            &registry(),
            &dir,
            "noboard",
            &dir.join("m.svg"),
            1.0,
            &mut Vec::new(),
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("noboard has no map"), "{error}");
        assert!(!dir.join("m.svg").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_map_is_written_as_svg_or_png() {
        let dir = scratch("both");
        let mut out = Vec::new();
        run(
            &registry(),
            &dir,
            "square",
            &dir.join("m.svg"),
            1.0,
            &mut out,
        )
        .unwrap();
        let svg = std::fs::read_to_string(dir.join("m.svg")).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("fill=\"red\""));
        run(
            &registry(),
            &dir,
            "square",
            &dir.join("m.png"),
            2.0,
            &mut out,
        )
        .unwrap();
        let png = std::fs::read(dir.join("m.png")).unwrap();
        assert!(png.starts_with(&overlord_mapdraw::PNG_SIGNATURE));
        assert!(
            String::from_utf8(out)
                .unwrap()
                .contains("wrote the map of square")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bad_scale_or_folder_is_an_error() {
        let dir = scratch("bad");
        for scale in [0.0, -2.0, f32::NAN] {
            let error = run(
                &registry(),
                &dir,
                "square",
                &dir.join("m.png"),
                scale,
                &mut Vec::new(),
            )
            .unwrap_err()
            .to_string();
            assert!(error.contains("--scale"), "{error}");
        }
        let error = run(
            &registry(),
            &dir,
            "square",
            &dir.join("no/such/m.svg"),
            1.0,
            &mut Vec::new(),
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("cannot write"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_extension_picks_the_format() {
        assert_eq!(format_of(Path::new("a/b.svg")).unwrap(), Format::Svg);
        assert_eq!(format_of(Path::new("B.PNG")).unwrap(), Format::Png);
        for bad in ["map.jpg", "map", "svg", "map.svg.txt"] {
            let error = format_of(Path::new(bad)).unwrap_err().to_string();
            assert!(error.contains(".svg or .png"), "{bad}: {error}");
        }
    }
}
