//! From TOML text to a [`RawDoc`]: syntax first, then each top-level entry decoded on its own.
//!
//! Decoding the whole file with one `toml::from_str` would stop at the first problem; walking the
//! span-preserving `DeTable` lets every bad `[[hex]]` be reported in one go.

use serde::Deserialize;
use serde_spanned::Spanned;
use toml::de::{DeTable, DeValue};

use super::diag::Diagnostics;
use super::raw::{RawDoc, RawHex, RawHexEntry, RawTerrain};

const TOP_LEVEL_KEYS: &str = "name, authored_by, convention, terrain, fill, hex, hexside, \
                              position, road, region";

/// Parses `text`, or returns `None` with the problems recorded in `diag`. Syntax errors stop
/// here: anything decoded from a half-parsed document would only add confusing noise.
pub(crate) fn parse(text: &str, diag: &mut Diagnostics<'_>) -> Option<RawDoc> {
    let (root, syntax_errors) = DeTable::parse_recoverable(text);
    if !syntax_errors.is_empty() {
        for error in &syntax_errors {
            let span = error.span().unwrap_or(0..0);
            diag.at(&span, "", error.message());
        }
        return None;
    }
    let mut doc = RawDoc::default();
    for (key, value) in root.into_inner() {
        let key_span = key.span();
        let key: &str = key.get_ref();
        doc.present.push(key.to_owned());
        match key {
            "name" => doc.name = decode(value, "name", diag),
            "authored_by" => doc.authored_by = decode(value, "authored_by", diag),
            "convention" => doc.convention = decode(value, "convention", diag),
            "terrain" => terrain_table(value, &mut doc, diag),
            "fill" => doc.fills = entries(value, "fill", diag),
            "hex" => {
                for entry in tables(value, "hex", diag) {
                    doc.hexes.extend(hex_entry(entry, diag));
                }
            }
            "hexside" => doc.hexsides = entries(value, "hexside", diag),
            "position" => doc.positions = entries(value, "position", diag),
            "road" => doc.roads = entries(value, "road", diag),
            "region" => doc.regions = entries(value, "region", diag),
            other => diag.at(
                &key_span,
                other,
                format!("unknown key; a map file has only {TOP_LEVEL_KEYS}"),
            ),
        }
    }
    Some(doc)
}

/// Decodes one value, reporting a failure against the innermost key that holds it.
fn decode<'a, T: Deserialize<'a>>(
    value: Spanned<DeValue<'a>>,
    field: &str,
    diag: &mut Diagnostics<'_>,
) -> Option<T> {
    match overlord_datafile::decode(diag.source(), value, field) {
        Ok(decoded) => Some(decoded.into_inner()),
        Err(problem) => {
            diag.push(problem);
            None
        }
    }
}

/// The elements of an array (`[[hex]]` or `hex = [...]`), or a lone table (`[hex]` or
/// `fill = { ... }`) as a one-element list.
fn tables<'a>(
    value: Spanned<DeValue<'a>>,
    field: &str,
    diag: &mut Diagnostics<'_>,
) -> Vec<Spanned<DeValue<'a>>> {
    let span = value.span();
    match value.into_inner() {
        DeValue::Array(items) => items
            .into_iter()
            .filter(|item| {
                let table = item.get_ref().is_table();
                if !table {
                    let message = format!(
                        "expected a table, like [[{field}]], found {}",
                        item.get_ref().type_str()
                    );
                    diag.at(&item.span(), field, message);
                }
                table
            })
            .collect(),
        table @ DeValue::Table(_) => vec![Spanned::new(span, table)],
        other => {
            diag.at(
                &span,
                field,
                format!(
                    "expected a table, like [[{field}]], found {}",
                    other.type_str()
                ),
            );
            Vec::new()
        }
    }
}

fn entries<'a, T: Deserialize<'a>>(
    value: Spanned<DeValue<'a>>,
    field: &str,
    diag: &mut Diagnostics<'_>,
) -> Vec<T> {
    tables(value, field, diag)
        .into_iter()
        .filter_map(|item| decode(item, field, diag))
        .collect()
}

/// `[terrain]`: each key is a terrain id. Entries are returned in file order, because a
/// `DeTable` is sorted by key and the ids should follow the author's order.
fn terrain_table<'a>(value: Spanned<DeValue<'a>>, doc: &mut RawDoc, diag: &mut Diagnostics<'_>) {
    let span = value.span();
    let DeValue::Table(table) = value.into_inner() else {
        diag.at(
            &span,
            "terrain",
            "expected a table of terrain ids, like `[terrain]` then `clear = {}`",
        );
        return;
    };
    for (key, value) in table {
        let field = format!("terrain.{}", key.get_ref());
        if !value.get_ref().is_table() {
            let message = format!(
                "expected a table, like {} = {{ colour = \"#4a7a3a\" }} or {} = {{}}",
                key.get_ref(),
                key.get_ref()
            );
            diag.at(&value.span(), field, message);
            continue;
        }
        if let Some(body) = decode::<RawTerrain>(value, &field, diag) {
            let key = Spanned::new(key.span(), key.get_ref().to_string());
            doc.terrain.push((key, body));
        }
    }
    doc.terrain.sort_by_key(|(key, _)| key.span().start);
}

/// One `[[hex]]`: `at` is one label or a list of labels, the rest decodes normally.
fn hex_entry(entry: Spanned<DeValue<'_>>, diag: &mut Diagnostics<'_>) -> Option<RawHexEntry> {
    let span = entry.span();
    let DeValue::Table(mut table) = entry.into_inner() else {
        diag.at(&span, "hex", "expected a table, like [[hex]]");
        return None;
    };
    let at = table.remove("at");
    let body = decode::<RawHex>(
        Spanned::new(span.clone(), DeValue::Table(table)),
        "hex",
        diag,
    );
    let Some(at) = at else {
        diag.at(
            &span,
            "hex",
            "missing field `at`, the hex label(s), like at = \"0812\"",
        );
        return None;
    };
    let at = labels(at, diag)?;
    Some(RawHexEntry { at, body: body? })
}

fn labels(value: Spanned<DeValue<'_>>, diag: &mut Diagnostics<'_>) -> Option<Vec<Spanned<String>>> {
    let span = value.span();
    let items = match value.into_inner() {
        DeValue::String(label) => return Some(vec![Spanned::new(span, label.into_owned())]),
        DeValue::Array(items) => items,
        _ => {
            diag.at(
                &span,
                "hex.at",
                "expected a label like \"0812\" or a list of labels",
            );
            return None;
        }
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let span = item.span();
        match item.into_inner() {
            DeValue::String(label) => out.push(Spanned::new(span, label.into_owned())),
            _ => diag.at(&span, "hex.at", "expected a label string like \"0812\""),
        }
    }
    Some(out)
}
