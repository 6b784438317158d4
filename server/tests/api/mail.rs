//! Mail through a real SMTP conversation with a small server this test starts.

use std::sync::{Arc, Mutex};

use serde_json::json;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};

use crate::helpers::{Options, TestApp, decode_quoted_printable, reset_token};

/// What the SMTP server received: envelope sender, recipients and the message data.
#[derive(Default, Clone, Debug)]
struct Received {
    from: String,
    to: Vec<String>,
    data: String,
}

/// A minimal SMTP server (RFC 5321 without extensions) that records each message.
async fn start_smtp_server() -> (u16, Arc<Mutex<Vec<Received>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind smtp");
    let port = listener.local_addr().expect("addr").port();
    let inbox = Arc::new(Mutex::new(Vec::new()));
    let store = inbox.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let store = store.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 test.smtp ESMTP ready\r\n").await;
                let mut current = Received::default();
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                        b"250 test.smtp\r\n"
                    } else if upper.starts_with("MAIL FROM:") {
                        current.from = line[10..].trim().to_owned();
                        b"250 OK\r\n"
                    } else if upper.starts_with("RCPT TO:") {
                        current.to.push(line[8..].trim().to_owned());
                        b"250 OK\r\n"
                    } else if upper == "DATA" {
                        let _ = write
                            .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                            .await;
                        let mut data = String::new();
                        while let Ok(Some(l)) = lines.next_line().await {
                            if l == "." {
                                break;
                            }
                            data.push_str(&l);
                            data.push('\n');
                        }
                        current.data = data;
                        if let Ok(mut inbox) = store.lock() {
                            inbox.push(std::mem::take(&mut current));
                        }
                        b"250 OK queued\r\n"
                    } else if upper == "QUIT" {
                        let _ = write.write_all(b"221 Bye\r\n").await;
                        break;
                    } else {
                        b"250 OK\r\n"
                    };
                    if write.write_all(reply).await.is_err() {
                        break;
                    }
                }
            });
        }
    });
    (port, inbox)
}

#[tokio::test]
async fn reset_mail_goes_through_smtp_when_configured() {
    let (port, inbox) = start_smtp_server().await;
    let app = TestApp::spawn_with(Options {
        smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
        ..Options::default()
    })
    .await;
    app.register("ana@example.org", "buenas-noches").await;
    let a = app
        .post(
            "/api/usuarios/olvide-password",
            None,
            json!({"email": "ana@example.org"}),
        )
        .await;
    assert_eq!(a.status, reqwest::StatusCode::OK);

    let mut received = None;
    for _ in 0..100 {
        let reset = inbox.lock().ok().and_then(|i| {
            i.iter()
                .find(|m| decode_quoted_printable(&m.data).contains("/reset-password/"))
                .cloned()
        });
        if let Some(m) = reset {
            received = Some(m);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let received = received.expect("the SMTP server received the mail");
    assert_eq!(received.to, vec!["<ana@example.org>".to_owned()]);
    assert!(
        received.from.contains("no-reply@localhost"),
        "{}",
        received.from
    );
    let data = decode_quoted_printable(&received.data);
    assert!(data.contains("Subject: Restablece tu"), "{data}");
    let token = reset_token(&data);
    let check = app
        .get(&format!("/api/usuarios/olvide-password/{token}"), None)
        .await;
    assert_eq!(
        check.status,
        reqwest::StatusCode::OK,
        "the mailed link works"
    );
    assert_eq!(app.mail_count(), 0, "nothing went to the outbox");
}
