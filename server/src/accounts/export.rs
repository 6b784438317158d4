//! "Your data" (GDPR articles 15 and 20): everything Nido holds about the user and the children
//! of their families, as a ZIP of JSON files plus the stored photos.

use std::{io::Write, time::Duration};

use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use zip::{CompressionMethod, ZipWriter, write::SimpleFileOptions};

use super::entities::sesion;
use crate::{
    domain::{self, export_json, export_stored},
    error::{ApiError, ApiResult, ErrorBody},
    platform::rate_limit::Limit,
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
    state.limiter.hit(&EXPORT_PER_USER, &auth.user.id).await?;
    let user = &auth.user;
    let sessions = sesion::Entity::find()
        .filter(sesion::Column::UsuarioId.eq(&user.id))
        .order_by_desc(sesion::Column::LastSeenAt)
        .all(&state.db)
        .await?;
    let mut readme = README.to_owned();
    let mut files: Vec<(String, Vec<u8>)> = vec![
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
    if let Some(key) = &user.foto
        && let Some(bytes) = export_stored(&state, key).await?
    {
        files.push(("foto.jpg".to_owned(), bytes));
    }
    for domain in domain::all() {
        let (theirs, lines) = domain.export(&state, user).await?;
        files.extend(theirs);
        readme.push_str(lines);
    }
    files.insert(0, ("LEEME.txt".to_owned(), readme.into_bytes()));

    let archive = tokio::task::spawn_blocking(move || zip_files(files))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    let name = format!(
        "attachment; filename=\"nido-{}.zip\"",
        Utc::now().format("%Y-%m-%d")
    );
    let mut response = archive.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/zip"),
    );
    if let Ok(value) = HeaderValue::from_str(&name) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

fn zip_files(files: Vec<(String, Vec<u8>)>) -> zip::result::ZipResult<Vec<u8>> {
    let mut writer = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in files {
        // Photos are JPEG already: deflating them again gains nothing.
        let method = if name.ends_with(".jpg") {
            CompressionMethod::Stored
        } else {
            CompressionMethod::Deflated
        };
        writer.start_file(
            name,
            SimpleFileOptions::default().compression_method(method),
        )?;
        writer.write_all(&bytes)?;
    }
    Ok(writer.finish()?.into_inner())
}
