//! The HTML page: the command, the summary and comparison tables, then the plots inline.

use super::{ReportInput, plots};
use crate::SimError;
use crate::summary::Summary;
use std::fmt::Write;

/// Text made safe inside HTML elements and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em auto;max-width:62em;color:#222}\
table{border-collapse:collapse;margin:1em 0}\
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}\
th:first-child,td:first-child{text-align:left}\
code{background:#f4f4f4;padding:.2em .4em;display:inline-block;white-space:pre-wrap}\
figure{margin:1.5em 0}figcaption{font-weight:bold;margin-bottom:.4em}";

/// The whole page for `input`: one `<svg>` per plot, nothing fetched from elsewhere.
pub fn html(input: &ReportInput<'_>) -> Result<String, SimError> {
    let plots = plots(input.results)?;
    page(input, &plots).map_err(|error| SimError::Report(error.to_string()))
}

fn page(input: &ReportInput<'_>, plots: &[super::Plot]) -> Result<String, std::fmt::Error> {
    let mut h = String::new();
    let runs = &input.results.runs;
    writeln!(h, "<!DOCTYPE html>")?;
    writeln!(h, "<html lang=\"en\"><head><meta charset=\"utf-8\">")?;
    writeln!(
        h,
        "<title>Overlord simulation: {}</title>",
        escape(input.title)
    )?;
    writeln!(h, "<style>{STYLE}</style></head><body>")?;
    writeln!(h, "<h1>Simulation: {}</h1>", escape(input.title))?;
    writeln!(
        h,
        "<p>Produced by</p><p><code>{}</code></p>",
        escape(input.command)
    )?;
    summary_table(&mut h, runs)?;
    if let Some(c) = &input.results.comparison {
        writeln!(h, "<h2>Comparison on the same seeds</h2>")?;
        writeln!(
            h,
            "<p>{} against {}: paired differences over {} seeds where both games ended, \
             with their 95&nbsp;% intervals.</p>",
            escape(&c.b),
            escape(&c.a),
            c.pairs
        )?;
        writeln!(
            h,
            "<table><tr><th>difference ({} − {})</th><th>mean</th><th>95 % interval</th></tr>",
            escape(&c.b),
            escape(&c.a)
        )?;
        writeln!(
            h,
            "<tr><td>win rate (points)</td><td>{:+.1}</td><td>[{:+.1}, {:+.1}]</td></tr>",
            100.0 * c.win_rate.mean,
            100.0 * c.win_rate.low,
            100.0 * c.win_rate.high
        )?;
        writeln!(
            h,
            "<tr><td>score (VP)</td><td>{:+.2}</td><td>[{:+.2}, {:+.2}]</td></tr>",
            c.score.mean, c.score.low, c.score.high
        )?;
        writeln!(
            h,
            "<tr><td>seeds won only by {}</td><td>{}</td><td></td></tr>",
            escape(&c.b),
            c.only_b_won
        )?;
        writeln!(
            h,
            "<tr><td>seeds won only by {}</td><td>{}</td><td></td></tr></table>",
            escape(&c.a),
            c.only_a_won
        )?;
    }
    endings_table(&mut h, runs)?;
    writeln!(h, "<h2>Plots</h2>")?;
    for plot in plots {
        writeln!(
            h,
            "<figure id=\"{}\"><figcaption>{}</figcaption>",
            plot.name,
            escape(&plot.title)
        )?;
        // plotters writes a bare <svg> element with its namespace: it embeds as is.
        writeln!(h, "{}", plot.svg.trim())?;
        writeln!(h, "</figure>")?;
    }
    losses_table(&mut h, runs)?;
    writeln!(h, "</body></html>")?;
    Ok(h)
}

fn summary_table(h: &mut String, runs: &[Summary]) -> std::fmt::Result {
    writeln!(h, "<h2>Summary</h2><table><tr><th></th>")?;
    for run in runs {
        write!(h, "<th>{}</th>", escape(&run.label))?;
    }
    writeln!(h, "</tr>")?;
    let mut row = |name: &str, cell: &dyn Fn(&Summary) -> String| -> std::fmt::Result {
        write!(h, "<tr><td>{name}</td>")?;
        for run in runs {
            write!(h, "<td>{}</td>", escape(&cell(run)))?;
        }
        writeln!(h, "</tr>")
    };
    row("bot", &|r| r.bot.clone())?;
    row("options", &|r| {
        if r.options.is_null() {
            "none".to_owned()
        } else {
            r.options.to_string()
        }
    })?;
    row("games", &|r| r.games.to_string())?;
    row("won", &|r| r.won.to_string())?;
    row("lost", &|r| r.lost.to_string())?;
    row("drawn", &|r| r.draws.to_string())?;
    row("failed", &|r| r.failed.to_string())?;
    row("win rate [95 % interval]", &|r| {
        format!(
            "{:.1}% [{:.1}%, {:.1}%]",
            100.0 * r.win_rate.rate,
            100.0 * r.win_rate.low,
            100.0 * r.win_rate.high
        )
    })?;
    row("mean score (VP) [95 % interval]", &|r| {
        r.score.mean.to_string()
    })?;
    row("score sd", &|r| format!("{:.2}", r.score.mean.sd))?;
    row(
        "score min / median / max",
        &|r| match (r.score.min, r.score.median, r.score.max) {
            (Some(min), Some(median), Some(max)) => format!("{min} / {median} / {max}"),
            _ => "–".to_owned(),
        },
    )?;
    row("decisions per game", &|r| {
        format!("{:.1}", r.decisions.mean)
    })?;
    for (i, formation) in runs
        .first()
        .map(|r| r.losses.as_slice())
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        row(
            &format!("losses per game: {}", escape(&formation.formation)),
            &|r| {
                r.losses
                    .get(i)
                    .map(|l| l.total.to_string())
                    .unwrap_or_default()
            },
        )?;
    }
    for (i, counter) in runs
        .first()
        .map(|r| r.counters.as_slice())
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        row(&format!("mean {}", escape(&counter.name)), &|r| {
            r.counters
                .get(i)
                .map(|c| c.value.to_string())
                .unwrap_or_default()
        })?;
    }
    writeln!(h, "</table>")?;
    seats_table(h, runs)
}

/// Every seat's and every side's win rate and mean score, per run.
fn seats_table(h: &mut String, runs: &[Summary]) -> std::fmt::Result {
    writeln!(
        h,
        "<h2>Seats and sides</h2><table><tr><th>run</th><th>seat or side</th><th>bot</th>\
         <th>win rate [95 % interval]</th><th>drawn</th><th>mean score [95 % interval]</th></tr>"
    )?;
    let rate = |r: &crate::summary::Rate| {
        format!(
            "{:.1}% [{:.1}%, {:.1}%]",
            100.0 * r.rate,
            100.0 * r.low,
            100.0 * r.high
        )
    };
    for run in runs {
        for seat in &run.seats {
            writeln!(
                h,
                "<tr><td>{}</td><td>seat {}: {} ({})</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&run.label),
                seat.seat.seat,
                escape(&seat.seat.label),
                escape(&seat.seat.side),
                escape(&seat.seat.bot),
                rate(&seat.win_rate),
                seat.draws,
                seat.score
            )?;
        }
        for side in &run.sides {
            let seats: Vec<String> = side.seats.iter().map(ToString::to_string).collect();
            writeln!(
                h,
                "<tr><td>{}</td><td>side {} (seats {})</td><td></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&run.label),
                escape(&side.side),
                seats.join(", "),
                rate(&side.win_rate),
                side.draws,
                side.score
            )?;
        }
    }
    writeln!(h, "</table>")
}

fn endings_table(h: &mut String, runs: &[Summary]) -> std::fmt::Result {
    writeln!(
        h,
        "<h2>How games ended</h2><table><tr><th>run</th><th>rule</th><th>games</th><th>won</th>\
         <th>lost</th><th>drawn</th><th>mean turn</th><th>games by turn (turn: games)</th></tr>"
    )?;
    for run in runs {
        for e in &run.endings {
            let turns: Vec<String> = e
                .turns
                .iter()
                .map(|t| format!("{}: {}", t.turn, t.games))
                .collect();
            writeln!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td>{:.1}</td><td>{}</td></tr>",
                escape(&run.label),
                escape(&e.rule),
                e.games,
                e.won,
                e.lost,
                e.draws,
                e.mean_turn,
                escape(&turns.join(", "))
            )?;
        }
    }
    writeln!(h, "</table>")
}

fn losses_table(h: &mut String, runs: &[Summary]) -> std::fmt::Result {
    writeln!(h, "<h2>Losses per turn</h2>")?;
    writeln!(
        h,
        "<p>Mean losses per game still in play on the turn (the losses of a turn run from \
         its first decision to the next turn's first decision).</p>"
    )?;
    for run in runs {
        let Some(first) = run.losses.first() else {
            continue;
        };
        writeln!(
            h,
            "<h3>{}</h3><table><tr><th>turn</th><th>games in play</th>",
            escape(&run.label)
        )?;
        for formation in &run.losses {
            write!(h, "<th>{}</th>", escape(&formation.formation))?;
        }
        writeln!(h, "</tr>")?;
        for (i, turn) in first.per_turn.iter().enumerate() {
            write!(h, "<tr><td>{}</td><td>{}</td>", turn.turn, turn.games)?;
            for formation in &run.losses {
                let mean = formation.per_turn.get(i).map_or(0.0, |t| t.mean);
                write!(h, "<td>{mean:.2}</td>")?;
            }
            writeln!(h, "</tr>")?;
        }
        writeln!(h, "</table>")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup() {
        assert_eq!(
            escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
