//! `overlord serve`: the games in the browser. Opens (or creates) the database, listens, and
//! prints the address to open; runs until Ctrl-C.

use anyhow::Result;
use overlord_engine::Registry;
use overlord_server::{BotSettings, Limits, ServerConfig};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What the user asked for on the command line.
pub struct Options {
    pub db: PathBuf,
    pub addr: String,
    /// `--bot-think SECONDS`: the most a searching bot seat thinks per decision.
    pub bot_think: Option<f64>,
    /// `--bot-pace SECONDS`: a pause before each bot move, so watchers can follow.
    pub bot_pace: Option<f64>,
    /// `--rate-limit seat=N,address=N`: requests per second per seat and per address.
    pub rate_limit: Option<String>,
    /// `--trust-proxy`: the client's address is the last of `X-Forwarded-For`.
    pub trust_proxy: bool,
    /// `--log LEVEL`: what the server's log on stderr holds.
    pub log: Option<String>,
    /// `--allowed-host NAME`, each time given: the names the server answers to.
    pub allowed_hosts: Vec<String>,
    /// `--retention-days DAYS`: games untouched this long are deleted.
    pub retention_days: Option<f64>,
}

/// Send the server's log to stderr, filtered by `--log`, else RUST_LOG, else `info`.
fn start_log(level: Option<&str>) -> Result<()> {
    use tracing_subscriber::EnvFilter;
    let filter = match level {
        Some(level) => EnvFilter::try_new(level).map_err(|error| {
            anyhow::anyhow!(
                "--log {level}: {error}; give a level (error, warn, info, debug) or a filter \
                 such as warn,overlord_server=info"
            )
        })?,
        None => EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
    };
    // A second call (tests running the command twice in one process) keeps the first log.
    let _already = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    Ok(())
}

/// The server's limits: the defaults, with what the command line sets.
fn limits(options: &Options) -> Result<Limits> {
    let mut limits = Limits {
        trust_proxy: options.trust_proxy,
        ..Limits::default()
    };
    if let Some(days) = options.retention_days {
        let retention = std::time::Duration::try_from_secs_f64(days * 86_400.0)
            .ok()
            .filter(|retention| !retention.is_zero());
        let Some(retention) = retention else {
            anyhow::bail!(
                "--retention-days {days}: give a number of days above 0, such as 90 (or leave \
                 it out to keep every game)"
            );
        };
        limits.retention = Some(retention);
    }
    if let Some(rates) = &options.rate_limit {
        for part in rates.split(',').map(str::trim) {
            let (who, rate) = part.split_once('=').unwrap_or((part, ""));
            let rate: f64 = match rate.trim().parse() {
                Ok(rate) if rate > 0.0 && f64::is_finite(rate) => rate,
                _ => anyhow::bail!(
                    "--rate-limit {rates}: `{part}` needs a number of requests per second above \
                     0, such as seat=20 or address=100"
                ),
            };
            match who.trim() {
                "seat" => (limits.token_per_second, limits.token_burst) = (rate, 2.0 * rate),
                "address" => {
                    (limits.address_per_second, limits.address_burst) = (rate, 2.0 * rate);
                }
                other => anyhow::bail!(
                    "--rate-limit {rates}: `{other}` is neither `seat` nor `address`; write \
                     seat=N,address=N"
                ),
            }
        }
    }
    Ok(limits)
}

/// The server's bot settings: the defaults, with what the command line sets.
fn bot_settings(options: &Options) -> Result<BotSettings> {
    let mut bots = BotSettings::default();
    let seconds = |flag: &str, value: f64| -> Result<std::time::Duration> {
        std::time::Duration::try_from_secs_f64(value).map_err(|_| {
            anyhow::anyhow!(
                "{flag} {value}: give a number of seconds, 0 or more (such as 2 or 0.5)"
            )
        })
    };
    if let Some(value) = options.bot_think {
        if value <= 0.0 {
            anyhow::bail!(
                "--bot-think {value}: a bot needs some time to think; give more than 0 seconds"
            );
        }
        bots.think_time = seconds("--bot-think", value)?;
    }
    if let Some(value) = options.bot_pace {
        bots.pace = seconds("--bot-pace", value)?;
    }
    Ok(bots)
}

pub fn run(
    registry: Registry,
    data_root: &Path,
    options: &Options,
    out: &mut impl Write,
) -> Result<()> {
    start_log(options.log.as_deref())?;
    let config = ServerConfig {
        db_path: options.db.clone(),
        data_root: data_root.to_path_buf(),
        limits: limits(options)?,
        bots: bot_settings(options)?,
        allowed_hosts: options.allowed_hosts.clone(),
    };
    let mut printed = Ok(());
    overlord_server::run(&config, registry, &options.addr, |address| {
        // Tests and scripts read this line to find the port when --addr ends in :0.
        printed = writeln!(
            out,
            "Overlord is serving on http://{address}/ — open it in a browser.\n\
             Games are kept in {}. Press Ctrl-C to stop.",
            options.db.display()
        )
        .and_then(|()| out.flush());
    })?;
    Ok(printed?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(rate_limit: Option<&str>) -> Options {
        Options {
            db: PathBuf::from("x.db"),
            addr: String::new(),
            bot_think: None,
            bot_pace: None,
            rate_limit: rate_limit.map(str::to_owned),
            trust_proxy: true,
            log: None,
            allowed_hosts: Vec::new(),
            retention_days: None,
        }
    }

    #[test]
    fn the_rate_limit_and_retention_are_read_and_bad_values_refused() {
        let set = limits(&options(Some("seat=5, address=300"))).unwrap();
        assert_eq!((set.token_per_second, set.token_burst), (5.0, 10.0));
        assert_eq!((set.address_per_second, set.address_burst), (300.0, 600.0));
        assert!(set.trust_proxy);
        let only_seats = limits(&options(Some("seat=1"))).unwrap();
        assert_eq!(
            only_seats.address_per_second,
            Limits::default().address_per_second
        );
        let kept = limits(&Options {
            retention_days: Some(0.5),
            ..options(None)
        })
        .unwrap();
        assert_eq!(kept.retention, Some(std::time::Duration::from_secs(43_200)));
        for days in [0.0, -1.0, f64::NAN] {
            let refused = limits(&Options {
                retention_days: Some(days),
                ..options(None)
            });
            assert!(refused.is_err(), "{days}");
        }
        for bad in [
            "seat", "seat=0", "seat=-1", "seat=x", "player=3", "seat=inf",
        ] {
            let refused = limits(&options(Some(bad))).unwrap_err().to_string();
            assert!(refused.starts_with("--rate-limit"), "{bad}: {refused}");
        }
    }
}
