//! Where push may go: a browser's push service on the public internet, never this machine or its
//! network. An endpoint is checked when it is registered (its form, and where its name resolves
//! now) and again on every connection: the client resolves names through `PublicOnly`, so the
//! addresses it connects to are the ones it checked, and a name that changes its answer between
//! the registration and a push (DNS rebinding) is refused at the push.

use std::{
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr},
    time::Duration,
};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::{Host, Url};

/// A lookup at registration that takes longer tells nothing: the push checks again anyway.
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(3);

/// The endpoint as a URL when its form is one push may go to: `https` to a name or a public
/// address, without a user or password; with `allow_loopback` (`NIDO_PUSH_ALLOW_LOOPBACK`, for
/// a test suite's push service), also `http` or `https` to a loopback host.
pub fn endpoint(endpoint: &str, allow_loopback: bool) -> Option<Url> {
    let url = Url::parse(endpoint).ok()?;
    if !url.username().is_empty() || url.password().is_some() {
        return None;
    }
    // The URL parser already turned `127.1`, `0x7f.1` and `2130706433` into 127.0.0.1.
    let host = url.host()?;
    let loopback = match &host {
        Host::Domain(name) => is_localhost(name),
        Host::Ipv4(ip) => ip.is_loopback(),
        Host::Ipv6(ip) => ip.to_canonical().is_loopback(),
    };
    let ok = match url.scheme() {
        "https" => match host {
            Host::Domain(_) => !loopback || allow_loopback,
            Host::Ipv4(ip) => allowed(IpAddr::V4(ip), allow_loopback),
            Host::Ipv6(ip) => allowed(IpAddr::V6(ip), allow_loopback),
        },
        "http" => allow_loopback && loopback,
        _ => false,
    };
    ok.then_some(url)
}

/// `localhost` and its subdomains resolve to this machine whatever DNS says (RFC 6761).
fn is_localhost(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost")
}

/// Whether the server may connect to `ip`: a public address, or a loopback one when allowed.
pub fn allowed(ip: IpAddr, allow_loopback: bool) -> bool {
    public_ip(ip) || (allow_loopback && embedded_v4(ip).map_or(ip, IpAddr::V4).is_loopback())
}

/// The IPv4 address an IPv6 one stands for: mapped (`::ffff:a.b.c.d`), compatible (`::a.b.c.d`,
/// deprecated but still routed by some stacks), NAT64 (`64:ff9b::/96`) or 6to4 (`2002::/16`).
fn embedded_v4(ip: IpAddr) -> Option<Ipv4Addr> {
    let IpAddr::V6(v6) = ip else {
        return None;
    };
    if let Some(v4) = v6.to_ipv4_mapped() {
        return Some(v4);
    }
    let s = v6.segments();
    let last = |a: u16, b: u16| Ipv4Addr::new((a >> 8) as u8, a as u8, (b >> 8) as u8, b as u8);
    if s[..6] == [0; 6] && !(s[6] == 0 && s[7] <= 1) {
        return Some(last(s[6], s[7]));
    }
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return Some(last(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        return Some(last(s[1], s[2]));
    }
    None
}

/// Whether `ip` is an address on the public internet: not loopback, private, shared (CGNAT),
/// link-local, unique-local, site-local, multicast, broadcast, unspecified, reserved or kept for
/// documentation and benchmarks, nor an IPv6 form of any of those.
pub fn public_ip(ip: IpAddr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return public_v4(v4);
    }
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

fn public_v4(v4: Ipv4Addr) -> bool {
    let [a, b, c, _] = v4.octets();
    !(v4.is_private()
        || v4.is_loopback()
        || v4.is_link_local()
        || v4.is_unspecified()
        || v4.is_broadcast()
        || v4.is_multicast()
        || v4.is_documentation()
        // 0.0.0.0/8 "this network": 0.x.y.z reaches this machine on Linux.
        || a == 0
        // 100.64.0.0/10, carrier-grade NAT.
        || (a == 100 && (b & 0xc0) == 64)
        // 192.0.0.0/24, protocol assignments.
        || (a == 192 && b == 0 && c == 0)
        // 198.18.0.0/15, benchmarking.
        || (a == 198 && (b & 0xfe) == 18)
        // 240.0.0.0/4, reserved.
        || a >= 240)
}

fn public_v6(v6: Ipv6Addr) -> bool {
    let first = v6.segments()[0];
    !(v6.is_loopback()
        || v6.is_unspecified()
        || v6.is_multicast()
        // fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local (deprecated).
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || (first & 0xffc0) == 0xfec0
        // 2001:db8::/32, documentation; 100::/64, discard.
        || (first == 0x2001 && v6.segments()[1] == 0x0db8)
        || (first == 0x0100 && v6.segments()[1..4] == [0, 0, 0]))
}

/// Where `url`'s host resolves now, when some of it is not allowed: the registration refuses
/// such an endpoint at once. A name that does not resolve now is let through (a push service's
/// DNS may be briefly down); the push checks again when it connects.
pub async fn resolves_inside(url: &Url, allow_loopback: bool) -> bool {
    let Some(Host::Domain(name)) = url.host() else {
        return false;
    };
    let port = url.port_or_known_default().unwrap_or(443);
    match tokio::time::timeout(LOOKUP_TIMEOUT, tokio::net::lookup_host((name, port))).await {
        Ok(Ok(addrs)) => addrs
            .into_iter()
            .any(|addr| !allowed(addr.ip(), allow_loopback)),
        _ => false,
    }
}

/// The push client's resolver: a name resolves only when every address it has is allowed, and
/// the client connects to exactly those addresses.
pub struct PublicOnly {
    pub allow_loopback: bool,
}

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_loopback = self.allow_loopback;
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if addrs.is_empty() {
                return Err("the push service's name has no address".into());
            }
            if addrs.iter().any(|a| !allowed(a.ip(), allow_loopback)) {
                return Err(
                    "the push service's name resolves to an address that is not public".into(),
                );
            }
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

/// The endpoint for a log line: its host, never its path (the path is the capability to push to
/// that browser).
pub fn for_log(endpoint: &str) -> String {
    Url::parse(endpoint)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_else(|| "?".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_are_https_to_public_hosts() {
        for ok in [
            "https://fcm.googleapis.com/fcm/send/abc",
            "https://updates.push.services.mozilla.com/wpush/v2/abc",
            "https://web.push.apple.com/QGxyz",
            "https://8.8.8.8/x",
            "https://[2606:4700::1111]/x",
        ] {
            assert!(endpoint(ok, false).is_some(), "{ok}");
        }
        for bad in [
            "http://fcm.googleapis.com/fcm/send/abc",
            "ftp://example.org/x",
            "https://localhost/x",
            "https://push.localhost./x",
            "https://127.0.0.1/x",
            "https://127.1/x",
            "https://0x7f.1/x",
            "https://2130706433/x",
            "https://0.0.0.0/x",
            "https://0/x",
            "https://10.0.0.5/x",
            "https://172.16.3.4/x",
            "https://192.168.1.1/x",
            "https://100.64.0.1/x",
            "https://169.254.169.254/latest/meta-data",
            "https://224.0.0.1/x",
            "https://255.255.255.255/x",
            "https://[::1]/x",
            "https://[::]/x",
            "https://[fd00::1]/x",
            "https://[fe80::1]/x",
            "https://[ff02::1]/x",
            "https://[::ffff:10.0.0.1]/x",
            "https://[::ffff:127.0.0.1]/x",
            "https://[::127.0.0.1]/x",
            "https://[64:ff9b::a00:1]/x",
            "https://[2002:7f00:1::]/x",
            "http://localhost:8090/notify/abc",
            "http://127.0.0.1:9000/x",
            "https://user:pass@example.org/x",
            "not a url",
            "",
        ] {
            assert!(endpoint(bad, false).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_loopback_setting_lets_in_this_machine_only() {
        for ok in [
            "http://localhost:8090/notify/abc",
            "http://127.0.0.1:9000/x",
            "http://[::1]:9000/x",
            "https://127.1/x",
        ] {
            assert!(endpoint(ok, true).is_some(), "{ok}");
        }
        for bad in [
            "http://10.0.0.5/x",
            "https://192.168.1.1/x",
            "http://push.example.org/x",
            "https://[fd00::1]/x",
        ] {
            assert!(endpoint(bad, true).is_none(), "{bad}");
        }
    }

    #[test]
    fn logs_carry_the_host_without_the_path() {
        assert_eq!(
            for_log("https://fcm.googleapis.com/fcm/send/secret"),
            "fcm.googleapis.com"
        );
        assert_eq!(for_log("nonsense"), "?");
    }

    #[tokio::test]
    async fn a_name_for_this_machine_resolves_inside() {
        let url = Url::parse("https://localhost/x").expect("url");
        assert!(resolves_inside(&url, false).await);
        assert!(!resolves_inside(&url, true).await);
        let resolver = PublicOnly {
            allow_loopback: false,
        };
        let name: Name = "localhost".parse().expect("name");
        assert!(resolver.resolve(name).await.is_err());
        let allowed = PublicOnly {
            allow_loopback: true,
        };
        let name: Name = "localhost".parse().expect("name");
        let addrs: Vec<SocketAddr> = allowed.resolve(name).await.expect("resolves").collect();
        assert!(addrs.iter().all(|a| a.ip().is_loopback()), "{addrs:?}");
    }
}
