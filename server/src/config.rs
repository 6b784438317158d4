//! Every setting, read from the environment once at start.

use std::{fmt, net::SocketAddr, path::PathBuf};

use url::Url;

#[derive(Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub public_url: Url,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// How long a notice's mail waits, so that a notice seen in the app meanwhile is not mailed.
    pub mail_delay: chrono::Duration,
    pub support_email: String,
    pub storage_url: String,
    /// The key that wraps every stored file's key; never in the database.
    pub master_key_file: PathBuf,
    pub rate_limits: bool,
    pub trust_proxy: bool,
    /// The Ed25519 key that signs the family record's checkpoints (created at first start).
    pub signing_key_file: PathBuf,
    /// The P-256 key and certificate that sign the certified reports (PDF).
    pub document_key_file: PathBuf,
    /// An RFC 3161 timestamp authority that stamps report signatures and record checkpoints.
    pub tsa_url: Option<Url>,
    /// The P-256 key that signs web push requests (VAPID; created at first start).
    pub vapid_key_file: PathBuf,
    /// Lets push go to a push service on this machine (plain http on a loopback address), for
    /// test suites that run one; off, every push endpoint must be https to public addresses.
    pub push_allow_loopback: bool,
    /// The most a family's documents may take in the store, every version counted.
    pub document_quota_bytes: u64,
    /// The most files (documents and versions) one person may upload in any 24 hours.
    pub document_daily_uploads: u64,
    /// The most bytes of documents one person may upload in any 24 hours.
    pub document_daily_bytes: u64,
}

/// A bad setting: names the variable and says what is wrong, in one line.
#[derive(Debug, thiserror::Error)]
#[error("{name}: {problem}")]
pub struct ConfigError {
    pub name: &'static str,
    pub problem: String,
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
    }

    /// Reads settings through `get`, so tests can build a configuration without touching the process environment.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let bad = |name: &'static str, problem: String| ConfigError { name, problem };

        let addr = get("NIDO_ADDR").unwrap_or_else(|| "127.0.0.1:8080".into());
        let addr: SocketAddr = addr.parse().map_err(|_| {
            bad(
                "NIDO_ADDR",
                format!("'{addr}' is not a host:port address such as 127.0.0.1:8080"),
            )
        })?;

        let data_dir = PathBuf::from(get("NIDO_DATA_DIR").unwrap_or_else(|| "./data".into()));

        let database_url = match get("DATABASE_URL") {
            Some(url) => {
                if !(url.starts_with("sqlite:")
                    || url.starts_with("postgres://")
                    || url.starts_with("postgresql://"))
                {
                    return Err(bad(
                        "DATABASE_URL",
                        "must start with sqlite: or postgres://".into(),
                    ));
                }
                url
            }
            None => format!("sqlite://{}/nido.db?mode=rwc", data_dir.display()),
        };

        let public_url = get("NIDO_PUBLIC_URL").unwrap_or_else(|| "http://localhost:8080".into());
        let public_url = Url::parse(&public_url)
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https"))
            .ok_or_else(|| {
                bad(
                    "NIDO_PUBLIC_URL",
                    format!("'{public_url}' is not an http(s) URL"),
                )
            })?;

        let smtp_url = get("NIDO_SMTP_URL");
        if let Some(url) = &smtp_url {
            let ok = Url::parse(url)
                .map(|u| matches!(u.scheme(), "smtp" | "smtps") && u.host_str().is_some())
                .unwrap_or(false);
            if !ok {
                return Err(bad(
                    "NIDO_SMTP_URL",
                    "must look like smtp://user:pass@host:587 or smtps://host:465".into(),
                ));
            }
        }

        let mail_from = get("NIDO_MAIL_FROM").unwrap_or_else(|| "Nido <no-reply@localhost>".into());
        if mail_from.parse::<lettre::message::Mailbox>().is_err() {
            return Err(bad(
                "NIDO_MAIL_FROM",
                format!("'{mail_from}' is not a mailbox such as Nido <no-reply@example.org>"),
            ));
        }

        let mail_delay = match get("NIDO_MAIL_DELAY_SECONDS") {
            None => DEFAULT_MAIL_DELAY_SECONDS,
            Some(value) => value
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= MAX_MAIL_DELAY_SECONDS)
                .ok_or_else(|| {
                    bad(
                        "NIDO_MAIL_DELAY_SECONDS",
                        format!(
                            "'{value}' must be a number of seconds from 0 to {MAX_MAIL_DELAY_SECONDS}"
                        ),
                    )
                })?,
        };
        let mail_delay = chrono::Duration::seconds(i64::from(mail_delay));

        let support_email =
            get("NIDO_SUPPORT_EMAIL").unwrap_or_else(|| "Nido <soporte@nido.app>".into());
        if support_email.parse::<lettre::message::Mailbox>().is_err() {
            return Err(bad(
                "NIDO_SUPPORT_EMAIL",
                format!("'{support_email}' is not a mailbox such as soporte@example.org"),
            ));
        }

        let storage_url = get("NIDO_STORAGE_URL")
            .unwrap_or_else(|| format!("file://{}/files", data_dir.display()));

        let master_key_file = get("NIDO_MASTER_KEY_FILE")
            .map(PathBuf::from)
            .unwrap_or_else(|| data_dir.join("master.key"));

        let rate_limits =
            on_off(get("NIDO_RATE_LIMITS"), true).map_err(|p| bad("NIDO_RATE_LIMITS", p))?;
        let trust_proxy =
            on_off(get("NIDO_TRUST_PROXY"), false).map_err(|p| bad("NIDO_TRUST_PROXY", p))?;

        let signing_key_file = get("NIDO_SIGNING_KEY_FILE")
            .map(PathBuf::from)
            .unwrap_or_else(|| data_dir.join("signing-key.pem"));

        let document_key_file = get("NIDO_DOCUMENT_KEY_FILE")
            .map(PathBuf::from)
            .unwrap_or_else(|| data_dir.join("document-key.pem"));

        let tsa_url = match get("NIDO_TSA_URL") {
            None => None,
            Some(value) => Some(
                Url::parse(value.trim())
                    .ok()
                    .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
                    .ok_or_else(|| {
                        bad(
                            "NIDO_TSA_URL",
                            format!(
                                "'{value}' is not the http(s) address of a timestamp authority"
                            ),
                        )
                    })?,
            ),
        };

        let vapid_key_file = get("NIDO_VAPID_KEY_FILE")
            .map(PathBuf::from)
            .unwrap_or_else(|| data_dir.join("vapid.key"));

        let push_allow_loopback = on_off(get("NIDO_PUSH_ALLOW_LOOPBACK"), false)
            .map_err(|p| bad("NIDO_PUSH_ALLOW_LOOPBACK", p))?;

        let document_quota_bytes = match get("NIDO_DOCUMENT_QUOTA_BYTES") {
            None => DEFAULT_DOCUMENT_QUOTA_BYTES,
            Some(value) => value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| {
                    bad(
                        "NIDO_DOCUMENT_QUOTA_BYTES",
                        format!("'{value}' must be a positive number of bytes"),
                    )
                })?,
        };
        let positive = |name: &'static str, default: u64, unit: &str| match get(name) {
            None => Ok(default),
            Some(value) => value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| {
                    bad(
                        name,
                        format!("'{value}' must be a positive number of {unit}"),
                    )
                }),
        };
        let document_daily_uploads = positive(
            "NIDO_DOCUMENT_DAILY_UPLOADS",
            DEFAULT_DOCUMENT_DAILY_UPLOADS,
            "files",
        )?;
        let document_daily_bytes = positive(
            "NIDO_DOCUMENT_DAILY_BYTES",
            DEFAULT_DOCUMENT_DAILY_BYTES,
            "bytes",
        )?;

        Ok(Config {
            addr,
            data_dir,
            database_url,
            public_url,
            smtp_url,
            mail_from,
            mail_delay,
            support_email,
            storage_url,
            master_key_file,
            rate_limits,
            trust_proxy,
            signing_key_file,
            document_key_file,
            tsa_url,
            vapid_key_file,
            push_allow_loopback,
            document_quota_bytes,
            document_daily_uploads,
            document_daily_bytes,
        })
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    /// An absolute link into the web app, e.g. `link("/reset-password/abc")`.
    pub fn link(&self, path: &str) -> String {
        format!("{}{}", self.public_url.as_str().trim_end_matches('/'), path)
    }
}

/// Three minutes: long enough for someone reading live to see a notice before its mail goes.
pub const DEFAULT_MAIL_DELAY_SECONDS: u32 = 180;
/// A day: a longer wait would make the mail of a notice news of another day.
const MAX_MAIL_DELAY_SECONDS: u32 = 24 * 60 * 60;

/// 5 GiB: years of a family's scanned papers and photos of them.
pub const DEFAULT_DOCUMENT_QUOTA_BYTES: u64 = 5 * 1024 * 1024 * 1024;
/// A parent scanning a whole folder on their first day uploads tens of files, not hundreds.
pub const DEFAULT_DOCUMENT_DAILY_UPLOADS: u64 = 100;
/// 1 GiB a day: a whole folder of scans; filling the default quota alone takes five days.
pub const DEFAULT_DOCUMENT_DAILY_BYTES: u64 = 1024 * 1024 * 1024;

fn on_off(value: Option<String>, default: bool) -> Result<bool, String> {
    match value.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => Ok(default),
        Some("on" | "true" | "1") => Ok(true),
        Some("off" | "false" | "0") => Ok(false),
        Some(other) => Err(format!("'{other}' must be on or off")),
    }
}

/// Hides passwords inside URLs so a configuration can be logged.
fn redact(url: &str) -> String {
    match Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_owned(),
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("data_dir", &self.data_dir)
            .field("database_url", &redact(&self.database_url))
            .field("public_url", &self.public_url.as_str())
            .field("smtp_url", &self.smtp_url.as_deref().map(redact))
            .field("mail_from", &self.mail_from)
            .field("mail_delay", &self.mail_delay.num_seconds())
            .field("support_email", &self.support_email)
            .field("storage_url", &redact(&self.storage_url))
            .field("master_key_file", &self.master_key_file)
            .field("rate_limits", &self.rate_limits)
            .field("trust_proxy", &self.trust_proxy)
            .field("signing_key_file", &self.signing_key_file)
            .field("document_key_file", &self.document_key_file)
            .field(
                "tsa_url",
                &self.tsa_url.as_ref().map(|u| redact(u.as_str())),
            )
            .field("vapid_key_file", &self.vapid_key_file)
            .field("push_allow_loopback", &self.push_allow_loopback)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn defaults_follow_the_design() {
        let c = config(&[]).expect("defaults are valid");
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(c.database_url, "sqlite://./data/nido.db?mode=rwc");
        assert_eq!(c.storage_url, "file://./data/files");
        assert!(c.rate_limits);
        assert!(c.smtp_url.is_none());
        assert_eq!(c.mail_delay.num_seconds(), 180);
        assert!(!c.push_allow_loopback);
        assert_eq!(
            c.link("/reset-password/x"),
            "http://localhost:8080/reset-password/x"
        );
    }

    #[test]
    fn a_bad_setting_names_itself() {
        for (name, value) in [
            ("NIDO_ADDR", "nowhere"),
            ("DATABASE_URL", "mysql://x"),
            ("NIDO_PUBLIC_URL", "ftp://x"),
            ("NIDO_SMTP_URL", "http://x"),
            ("NIDO_RATE_LIMITS", "maybe"),
            ("NIDO_SUPPORT_EMAIL", "not an address"),
            ("NIDO_MAIL_DELAY_SECONDS", "-1"),
            ("NIDO_MAIL_DELAY_SECONDS", "soon"),
            ("NIDO_PUSH_ALLOW_LOOPBACK", "maybe"),
            ("NIDO_TSA_URL", "ftp://tsa.example"),
            ("NIDO_TSA_URL", "not a url"),
        ] {
            let err = config(&[(name, value)]).expect_err(name);
            assert_eq!(err.name, name);
            assert!(err.to_string().starts_with(name));
        }
    }

    #[test]
    fn debug_hides_passwords() {
        let c = config(&[
            ("DATABASE_URL", "postgres://nido:secret@db/nido"),
            ("NIDO_SMTP_URL", "smtp://u:hunter2@mail:587"),
        ])
        .expect("valid");
        let shown = format!("{c:?}");
        assert!(
            !shown.contains("secret") && !shown.contains("hunter2"),
            "{shown}"
        );
    }
}
