//! Outgoing mail: SMTP when configured, otherwise one `.eml` file per mail in the outbox folder.

use std::path::PathBuf;

use anyhow::Context;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{
        Mailbox, MultiPart,
        header::{HeaderName, HeaderValue},
    },
};

use crate::config::Config;
use crate::i18n::Lang;

#[derive(Clone)]
pub enum Mailer {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

/// A mail ready to go, before it has a transport.
pub struct Mail {
    pub to: Mailbox,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Where answers go when that is not the sender (a contact message reaches support with the
    /// writer as Reply-To).
    pub reply_to: Option<Mailbox>,
    /// A link that stops this kind of mail: sent as `List-Unsubscribe` with one-click
    /// `List-Unsubscribe-Post` (RFC 8058), so mail readers offer their own button.
    pub unsubscribe: Option<String>,
}

/// `List-Unsubscribe: <link>`.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl lettre::message::header::Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(
            s.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_owned(),
        ))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: the link takes a POST without a page.
#[derive(Clone)]
struct ListUnsubscribePost;

impl lettre::message::header::Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

/// Text made safe to place inside a mail's HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Mailer {
    pub fn from_config(config: &Config) -> anyhow::Result<(Mailer, Mailbox)> {
        let from: Mailbox = config.mail_from.parse().context("NIDO_MAIL_FROM")?;
        let mailer = match &config.smtp_url {
            Some(url) => Mailer::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .context("NIDO_SMTP_URL")?
                    .build(),
            ),
            None => Mailer::Outbox(config.outbox_dir()),
        };
        Ok((mailer, from))
    }

    /// Where mails end up, for the start-up line.
    pub fn describe(&self) -> String {
        match self {
            Mailer::Smtp(_) => "SMTP (NIDO_SMTP_URL)".to_owned(),
            Mailer::Outbox(dir) => format!("{} (no NIDO_SMTP_URL set)", dir.display()),
        }
    }

    pub async fn send(&self, from: &Mailbox, mail: Mail) -> anyhow::Result<()> {
        let mut builder = Message::builder().from(from.clone()).to(mail.to);
        if let Some(reply_to) = mail.reply_to {
            builder = builder.reply_to(reply_to);
        }
        if let Some(link) = mail.unsubscribe {
            builder = builder
                .header(ListUnsubscribe(link))
                .header(ListUnsubscribePost);
        }
        let message = builder
            .subject(mail.subject)
            .multipart(MultiPart::alternative_plain_html(mail.text, mail.html))
            .context("building mail")?;
        match self {
            Mailer::Smtp(transport) => {
                transport
                    .send(message)
                    .await
                    .context("sending mail over SMTP")?;
            }
            Mailer::Outbox(dir) => {
                tokio::fs::create_dir_all(dir)
                    .await
                    .with_context(|| format!("creating {}", dir.display()))?;
                let name = format!(
                    "{}-{}.eml",
                    chrono::Utc::now().format("%Y%m%dT%H%M%S%.6fZ"),
                    uuid::Uuid::now_v7().simple()
                );
                let path = dir.join(&name);
                // Written aside, then renamed: whoever reads the outbox sees each mail whole.
                let partial = dir.join(format!(".{name}.partial"));
                tokio::fs::write(&partial, message.formatted())
                    .await
                    .with_context(|| format!("writing {}", partial.display()))?;
                tokio::fs::rename(&partial, &path)
                    .await
                    .with_context(|| format!("writing {}", path.display()))?;
                tracing::info!(path = %path.display(), "mail written to the outbox");
            }
        }
        Ok(())
    }

    /// Whether mail can leave now: the SMTP server answers, or the outbox folder takes a file.
    pub async fn probe(&self) -> anyhow::Result<()> {
        match self {
            Mailer::Smtp(transport) => {
                anyhow::ensure!(
                    transport.test_connection().await.context("SMTP")?,
                    "the SMTP server did not answer NOOP"
                );
            }
            Mailer::Outbox(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                let probe = dir.join(format!(".probe-{}", uuid::Uuid::now_v7().simple()));
                tokio::fs::write(&probe, b"probe").await?;
                tokio::fs::remove_file(&probe).await?;
            }
        }
        Ok(())
    }
}

/// One layout for every mail: a greeting, paragraphs, an optional button with its link
/// written out too (some mail readers hide buttons), and the closing notes.
pub fn compose(
    to: Mailbox,
    lang: Lang,
    subject: &str,
    nombre: &str,
    body: &[&str],
    button: Option<(&str, &str)>,
    notes: &[&str],
) -> Mail {
    let hello = match lang {
        Lang::Es => "Hola",
        Lang::En => "Hello",
    };
    // Someone invited by address alone has no name here yet.
    let greeting = if nombre.is_empty() {
        hello.to_owned()
    } else {
        format!("{hello} {nombre}")
    };
    let mut text = format!("{greeting},\n\n");
    let mut html = format!(
        "<!doctype html><html lang=\"{}\"><body style=\"font-family:sans-serif;color:#1f2937\"><p>{},</p>",
        lang.as_str(),
        escape(&greeting)
    );
    for paragraph in body {
        text.push_str(&format!("{paragraph}\n\n"));
        html.push_str(&format!("<p>{}</p>", escape(paragraph)));
    }
    if let Some((label, link)) = button {
        text.push_str(&format!("{link}\n\n"));
        html.push_str(&format!(
            "<p><a href=\"{link}\" style=\"background:#2f6f62;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none\">{}</a></p>\
             <p style=\"font-size:13px;color:#4b5563\">{link}</p>",
            escape(label),
            link = escape(link),
        ));
    }
    for note in notes {
        text.push_str(&format!("{note}\n"));
        html.push_str(&format!("<p style=\"color:#4b5563\">{}</p>", escape(note)));
    }
    text.push_str("\nNido\n");
    html.push_str("<p>Nido</p></body></html>");
    Mail {
        to,
        subject: subject.to_owned(),
        text,
        html,
        reply_to: None,
        unsubscribe: None,
    }
}
