//! Where a request comes from, as far as the server can tell.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{header, request::Parts},
};

use crate::{
    error::{ApiError, ApiResult},
    state::AppState,
};

/// Where a request comes from and with what, as far as the server can tell.
pub struct ClientInfo {
    pub ip: Option<IpAddr>,
    pub user_agent: Option<String>,
}

impl FromRequestParts<AppState> for ClientInfo {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let forwarded = state
            .config
            .trust_proxy
            .then(|| {
                parts
                    .headers
                    .get("x-forwarded-for")?
                    .to_str()
                    .ok()?
                    // The client writes what it likes on the left; the entry our proxy appended
                    // is the last one.
                    .rsplit(',')
                    .next()?
                    .trim()
                    .parse::<IpAddr>()
                    .ok()
            })
            .flatten();
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let user_agent = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.chars().take(300).collect());
        Ok(ClientInfo {
            ip: forwarded.or(peer),
            user_agent,
        })
    }
}

impl ClientInfo {
    /// The key rate limits count per address: an IPv4 address, or an IPv6 client's /64 (one
    /// subscriber usually holds a whole /64, and could otherwise take a new address per try).
    pub fn ip_key(&self) -> String {
        match self.ip.map(|ip| ip.to_canonical()) {
            Some(IpAddr::V6(v6)) => {
                let prefix = u128::from(v6) & (u128::MAX << 64);
                format!("{}/64", std::net::Ipv6Addr::from(prefix))
            }
            Some(ip) => ip.to_string(),
            None => String::new(),
        }
    }
}
