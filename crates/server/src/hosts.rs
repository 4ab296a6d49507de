//! The host names the server answers to. A page on another site can make a browser reach a
//! server on the visitor's own machine by pointing a name it controls at 127.0.0.1 (DNS
//! rebinding); the browser then sends that name as the `Host`. Checking it keeps such pages
//! out: a server listening on a loopback address answers only to loopback names unless told
//! others (`--allowed-host`) or put behind a reverse proxy (`--trust-proxy`, where the proxy
//! routes by name), and a server given names answers only to those.

use std::net::{IpAddr, SocketAddr};

/// The names answered to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hosts {
    /// Lower-case names, without ports.
    names: Vec<String>,
    /// Whether loopback addresses and `localhost` are answered to as well.
    loopback: bool,
}

impl Hosts {
    /// The policy for a server listening on `local` and given `allowed` names: `None` (any
    /// name) for a server given none that is reachable from other machines, or that sits
    /// behind a reverse proxy (`behind_proxy`), which passes on the names people type and
    /// routes by them itself.
    pub fn new(local: SocketAddr, allowed: &[String], behind_proxy: bool) -> Option<Hosts> {
        let loopback = local.ip().is_loopback();
        if allowed.is_empty() && (!loopback || behind_proxy) {
            return None;
        }
        Some(Hosts {
            names: allowed
                .iter()
                .map(|name| without_port(name.trim()).to_ascii_lowercase())
                .collect(),
            loopback: loopback || allowed.is_empty(),
        })
    }

    /// Whether a request whose `Host` header is `host` is answered.
    pub fn allows(&self, host: &str) -> bool {
        let name = without_port(host.trim()).to_ascii_lowercase();
        if self.names.contains(&name) {
            return true;
        }
        self.loopback
            && (name == "localhost"
                || name
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .parse::<IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback()))
    }
}

/// `host` without its `:port` (an IPv6 address keeps its brackets).
fn without_port(host: &str) -> &str {
    if host.starts_with('[') {
        return host
            .split_once(']')
            .map_or(host, |(address, _)| address)
            .trim_start_matches('[');
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(address: &str) -> SocketAddr {
        address.parse().unwrap()
    }

    #[test]
    fn a_loopback_server_answers_only_to_loopback_names_unless_given_others() {
        let hosts = Hosts::new(local("127.0.0.1:8080"), &[], false).unwrap();
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "127.0.0.2",
        ] {
            assert!(hosts.allows(host), "{host}");
        }
        for host in ["attacker.example:8080", "attacker.example", "10.0.0.1:8080"] {
            assert!(!hosts.allows(host), "{host}");
        }
        let named = Hosts::new(
            local("127.0.0.1:8080"),
            &["Games.Example.org".into()],
            false,
        )
        .unwrap();
        assert!(named.allows("games.example.org:443"));
        assert!(named.allows("localhost:8080"));
        assert!(!named.allows("attacker.example"));
    }

    #[test]
    fn a_server_behind_a_proxy_answers_the_names_the_proxy_passes_on_unless_given_some() {
        assert_eq!(Hosts::new(local("127.0.0.1:8080"), &[], true), None);
        let named =
            Hosts::new(local("127.0.0.1:8080"), &["games.example.org".into()], true).unwrap();
        assert!(named.allows("games.example.org"));
        assert!(!named.allows("attacker.example"));
    }

    #[test]
    fn a_server_for_other_machines_answers_to_any_name_unless_given_some() {
        assert_eq!(Hosts::new(local("0.0.0.0:8080"), &[], false), None);
        let named =
            Hosts::new(local("0.0.0.0:8080"), &["games.example.org".into()], false).unwrap();
        assert!(named.allows("games.example.org"));
        assert!(!named.allows("localhost"));
        assert!(!named.allows("192.168.1.9:8080"));
    }
}
