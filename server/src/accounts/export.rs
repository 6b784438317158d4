//! "Your data" (GDPR articles 15 and 20): everything Nido holds about the user and the children
//! of their families, as a ZIP of JSON files plus the stored photos and message attachments,
//! written to a temporary file and streamed from there.

use std::{
    io::{Seek, SeekFrom, Write},
    time::Duration,
};

use axum::{
    body::Body,
    extract::State,
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use tokio::{fs::File, io::AsyncReadExt, sync::mpsc};
use zip::{CompressionMethod, ZipWriter, write::SimpleFileOptions};

use super::entities::sesion;
use crate::{
    domain::{self, ExportContent, ExportFile, export_json, export_stored},
    error::{ApiError, ApiResult, ErrorBody},
    platform::{download::Download, rate_limit::Limit},
    request::AuthUser,
    state::AppState,
};

const EXPORT_PER_USER: Limit = Limit {
    name: "export_user",
    max: 5,
    window: Duration::from_secs(60 * 60),
};

/// The archive's README starts with these lines; every domain adds its own (`domain::Domain::export`).
const README: &str = "Nido: tus datos / your data\n\n\
usuario.json        tu cuenta / your account\n\
sesiones.json       tus sesiones abiertas / your open sessions\n\
foto.jpg            tu foto de perfil / your profile photo\n";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Account<'a> {
    id: &'a str,
    nombre: &'a str,
    apellido: &'a str,
    email: &'a str,
    telefono: Option<&'a str>,
    language: &'a str,
    zona_horaria: &'a str,
    email_verificado_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SessionRecord {
    user_agent: Option<String>,
    ip: Option<String>,
    created_at: DateTime<Utc>,
    last_seen_at: DateTime<Utc>,
}

/// Download everything Nido holds about you and your children, as a ZIP.
#[utoipa::path(get, path = "/usuarios/exportar", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, description = "a ZIP of JSON files and the stored photos", content_type = "application/zip", body = Vec<u8>),
        (status = 401, body = ErrorBody),
        (status = 429, description = "asked too often", body = ErrorBody),
    ))]
pub async fn export(State(state): State<AppState>, auth: AuthUser) -> ApiResult<Response> {
    state.limiter.hit(&EXPORT_PER_USER, &auth.id).await?;
    let user = &auth.user;
    let sessions = sesion::Entity::find()
        .filter(sesion::Column::UsuarioId.eq(&user.id))
        .order_by_desc(sesion::Column::LastSeenAt)
        .all(&state.db)
        .await?;
    let mut readme = README.to_owned();
    let mut files: Vec<ExportFile> = vec![
        export_json(
            "usuario.json",
            &Account {
                id: &user.id,
                nombre: &user.nombre,
                apellido: &user.apellido,
                email: &user.email,
                telefono: user.telefono.as_deref(),
                language: &user.language,
                zona_horaria: &user.zona_horaria,
                email_verificado_at: user.email_verificado_at,
                created_at: user.created_at,
                updated_at: user.updated_at,
            },
        )?,
        export_json(
            "sesiones.json",
            &sessions
                .into_iter()
                .map(|s| SessionRecord {
                    user_agent: s.user_agent,
                    ip: s.ip,
                    created_at: s.created_at,
                    last_seen_at: s.last_seen_at,
                })
                .collect::<Vec<_>>(),
        )?,
    ];
    if let Some(key) = &user.foto {
        files.push(export_stored("foto.jpg", key));
    }
    for domain in domain::all() {
        let (theirs, lines) = domain.export(&state, user).await?;
        files.extend(theirs);
        readme.push_str(lines);
    }
    files.insert(
        0,
        ExportFile {
            path: "LEEME.txt".to_owned(),
            content: ExportContent::Bytes(readme.into_bytes()),
        },
    );

    let (archive, len) = write_archive(&state, files).await?;
    let name = format!("nido-{}.zip", Utc::now().format("%Y-%m-%d"));
    let mut response = Body::from_stream(read_chunks(archive)).into_response();
    Download::attachment("application/zip", &name)
        .len(len)
        .apply(response.headers_mut());
    Ok(response)
}

/// What the archive's writer is handed, in order.
enum Piece {
    /// The next file, and how to compress it.
    Start(String, CompressionMethod),
    Data(Bytes),
}

/// Pieces on their way to the writer: with a stored file's chunks (64 KiB), what the export
/// holds in memory beyond its JSON is a few chunks, whatever the size of the files.
const PIECES_IN_FLIGHT: usize = 4;

/// Writes the archive into a temporary file (gone when closed) on a blocking thread, fed one
/// piece at a time: stored files are decrypted chunk by chunk, never whole. Gives back the file,
/// at its start, and its length.
async fn write_archive(state: &AppState, files: Vec<ExportFile>) -> ApiResult<(File, u64)> {
    let (tx, rx) = mpsc::channel(PIECES_IN_FLIGHT);
    let writer = tokio::task::spawn_blocking(move || zip_pieces(rx));
    let fed = feed(state, files, &tx).await;
    drop(tx);
    let written = writer
        .await
        .map_err(ApiError::internal)?
        .map_err(|e| ApiError::internal(format!("writing the export: {e:#}")))?;
    fed?;
    Ok(written)
}

async fn feed(state: &AppState, files: Vec<ExportFile>, tx: &mpsc::Sender<Piece>) -> ApiResult<()> {
    // The writer stopped (its error is the one to report): nothing more to send.
    let gone = |_| ApiError::internal("the export's writer stopped");
    for file in files {
        match file.content {
            ExportContent::Bytes(bytes) => {
                tx.send(Piece::Start(file.path, CompressionMethod::Deflated))
                    .await
                    .map_err(gone)?;
                tx.send(Piece::Data(Bytes::from(bytes)))
                    .await
                    .map_err(gone)?;
            }
            ExportContent::Stored(key) => {
                let opened = state
                    .files
                    .open(&state.db, &key)
                    .await
                    .map_err(|e| ApiError::internal(format!("{e:#}")))?;
                let Some(mut opened) = opened else {
                    continue;
                };
                // Photos, images and PDFs are compressed already: deflating them gains nothing.
                tx.send(Piece::Start(file.path, CompressionMethod::Stored))
                    .await
                    .map_err(gone)?;
                while let Some(chunk) = opened.content.next().await {
                    let chunk = chunk.map_err(|e| ApiError::internal(format!("{e:#}")))?;
                    tx.send(Piece::Data(chunk)).await.map_err(gone)?;
                }
            }
        }
    }
    Ok(())
}

fn zip_pieces(mut rx: mpsc::Receiver<Piece>) -> anyhow::Result<(File, u64)> {
    let mut writer = ZipWriter::new(tempfile::tempfile()?);
    while let Some(piece) = rx.blocking_recv() {
        match piece {
            Piece::Start(name, method) => writer.start_file(
                name,
                SimpleFileOptions::default().compression_method(method),
            )?,
            Piece::Data(bytes) => writer.write_all(&bytes)?,
        }
    }
    let mut file = writer.finish()?;
    let len = file.seek(SeekFrom::End(0))?;
    file.rewind()?;
    Ok((File::from_std(file), len))
}

/// The file's bytes as a stream, 64 KiB at a time; it ends at the first error. Fused: the
/// compression layer may poll a body again after its end, which `unfold` alone answers with a
/// panic.
fn read_chunks(file: File) -> impl futures_util::Stream<Item = std::io::Result<Bytes>> {
    futures_util::stream::unfold(Some(file), |file| async move {
        let mut file = file?;
        let mut buffer = vec![0u8; 64 * 1024];
        match file.read(&mut buffer).await {
            Ok(0) => None,
            Ok(n) => {
                buffer.truncate(n);
                Some((Ok(Bytes::from(buffer)), Some(file)))
            }
            Err(e) => Some((Err(e), None)),
        }
    })
    .fuse()
}
