//! `overlord map <game> [--scenario S] --out FILE.svg|FILE.png`: draw a game's board, or a
//! scenario's own map where the game's scenarios assemble theirs.
//!
//! The game draws its own board (with `overlord-mapdraw`, through its registry entry's `map_svg`);
//! this command only writes the SVG or rasterises it to PNG.

use anyhow::{Context, Result, bail};
use overlord_engine::Registry;
use overlord_registry::data_root;
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

/// What to draw, and where.
pub struct Request<'a> {
    /// The game's id.
    pub game: &'a str,
    /// A scenario whose own map to draw (`--scenario`), or the game's board.
    pub scenario: Option<&'a str>,
    /// The file to write (`.svg` or `.png`).
    pub out: &'a Path,
    /// PNG only: pixels per SVG pixel.
    pub scale: f32,
}

pub fn run(
    registry: &Registry,
    data_root: &Path,
    request: &Request<'_>,
    out: &mut impl Write,
) -> Result<()> {
    let &Request {
        game,
        scenario,
        out: out_path,
        scale,
    } = request;
    // Check what we were asked for before loading anything.
    let format = format_of(out_path)?;
    if format == Format::Png && !(scale.is_finite() && scale > 0.0) {
        bail!("--scale must be a positive number, like 1 or 2.5, not {scale}");
    }
    let entry = registry.get(game)?;
    let dir = data_root::game_dir(data_root, game);
    let not_loaded = || {
        format!(
            "the data in {} did not load; `overlord validate {game}` lists every problem",
            dir.display()
        )
    };
    let svg = match scenario {
        None => entry.map_svg(&dir).with_context(not_loaded)?,
        Some(id) => match entry.scenario_svg(&dir, id).with_context(not_loaded)? {
            Some(Ok(svg)) => Some(svg),
            Some(Err(why)) => bail!("{why}"),
            None => bail!("{game}'s scenarios share one map: leave out --scenario to draw it"),
        },
    };
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
    fn a_scenario_map_of_a_game_without_them_is_refused() {
        let dir = scratch("scenario");
        let error = run(
            &registry(),
            &dir,
            &Request {
                game: "square",
                scenario: Some("first-wave"),
                out: &dir.join("m.svg"),
                scale: 1.0,
            },
            &mut Vec::new(),
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("leave out --scenario"), "{error}");
        assert!(!dir.join("m.svg").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_game_without_a_map_says_so() {
        let dir = scratch("none");
        let error = run(
            &registry(),
            &dir,
            &Request {
                game: "noboard",
                scenario: None,
                out: &dir.join("m.svg"),
                scale: 1.0,
            },
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
            &Request {
                game: "square",
                scenario: None,
                out: &dir.join("m.svg"),
                scale: 1.0,
            },
            &mut out,
        )
        .unwrap();
        let svg = std::fs::read_to_string(dir.join("m.svg")).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("fill=\"red\""));
        run(
            &registry(),
            &dir,
            &Request {
                game: "square",
                scenario: None,
                out: &dir.join("m.png"),
                scale: 2.0,
            },
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
                &Request {
                    game: "square",
                    scenario: None,
                    out: &dir.join("m.png"),
                    scale,
                },
                &mut Vec::new(),
            )
            .unwrap_err()
            .to_string();
            assert!(error.contains("--scale"), "{error}");
        }
        let error = run(
            &registry(),
            &dir,
            &Request {
                game: "square",
                scenario: None,
                out: &dir.join("no/such/m.svg"),
                scale: 1.0,
            },
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
