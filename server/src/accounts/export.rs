//! "Your data" (GDPR articles 15 and 20): everything Nido holds about the user and the children
//! of their families, as a ZIP of JSON files plus the stored photos.

use std::{collections::HashMap, io::Write, time::Duration};

use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use zip::{CompressionMethod, ZipWriter, write::SimpleFileOptions};

use super::{entities::sesion, entities::usuario, session::AuthUser};
use crate::{
    children::{entities::hijo, routes::views},
    error::{ApiError, ApiResult, ErrorBody},
    families::entities::{bloqueo, familia, invitacion, miembro},
    platform::rate_limit::Limit,
    site::entities::mensaje,
    state::AppState,
};

const EXPORT_PER_USER: Limit = Limit {
    name: "export_user",
    max: 5,
    window: Duration::from_secs(60 * 60),
};

const README: &str = "Nido: tus datos / your data\n\n\
usuario.json        tu cuenta / your account\n\
sesiones.json       tus sesiones abiertas / your open sessions\n\
familias.json       tus familias y sus miembros / your families and their members\n\
hijos/<id>.json     la ficha completa de cada hijo / each child's whole record\n\
hijos/<id>.jpg      la foto de cada hijo / each child's photo\n\
foto.jpg            tu foto de perfil / your profile photo\n\
mensajes.json       lo que escribiste a soporte / what you wrote to support\n\
invitaciones.json   las invitaciones que enviaste / the invitations you sent\n\
bloqueos.json       las personas que bloqueaste / the people you blocked\n\
registro/<id>.json  el registro de cada familia, con su punto de control firmado; compruébalo con\n\
                    `nido verify` (docs/record.md) / each family's record with its signed\n\
                    checkpoint; check it with `nido verify` (docs/record.md)\n";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Account<'a> {
    id: &'a str,
    nombre: &'a str,
    apellido: &'a str,
    email: &'a str,
    telefono: Option<&'a str>,
    language: &'a str,
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FamilyRecord {
    id: String,
    nombre: String,
    zona_horaria: String,
    miembros: Vec<MemberRecord>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MemberRecord {
    nombre: String,
    relacion: String,
    permiso: String,
    es_admin: bool,
    desde: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MessageRecord {
    asunto: String,
    mensaje: String,
    created_at: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct InvitationRecord {
    familia_id: String,
    tipo: String,
    email: Option<String>,
    permiso: String,
    relacion: String,
    estado: String,
    expires_at: DateTime<Utc>,
    created_at: DateTime<Utc>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BlockRecord {
    nombre: String,
    desde: DateTime<Utc>,
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
    let memberships = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(&user.id))
        .all(&state.db)
        .await?;
    let family_ids: Vec<String> = memberships.iter().map(|m| m.familia_id.clone()).collect();
    let (sessions, families, members, children, messages, sent, blocks) = tokio::try_join!(
        sesion::Entity::find()
            .filter(sesion::Column::UsuarioId.eq(&user.id))
            .order_by_desc(sesion::Column::LastSeenAt)
            .all(&state.db),
        familia::Entity::find()
            .filter(familia::Column::Id.is_in(family_ids.clone()))
            .all(&state.db),
        miembro::Entity::find()
            .filter(miembro::Column::FamiliaId.is_in(family_ids.clone()))
            .all(&state.db),
        hijo::Entity::find()
            .filter(hijo::Column::FamiliaId.is_in(family_ids.clone()))
            .order_by_asc(hijo::Column::FechaNacimiento)
            .all(&state.db),
        // Anyone may write to support with any address: only a proven one is the user's.
        async {
            if user.email_verificado_at.is_none() {
                return Ok(Vec::new());
            }
            mensaje::Entity::find()
                .filter(mensaje::Column::Email.eq(&user.email))
                .order_by_asc(mensaje::Column::CreatedAt)
                .all(&state.db)
                .await
        },
        invitacion::Entity::find()
            .filter(invitacion::Column::InvitadoPor.eq(&user.id))
            .order_by_asc(invitacion::Column::CreatedAt)
            .all(&state.db),
        bloqueo::Entity::find()
            .filter(bloqueo::Column::UsuarioId.eq(&user.id))
            .order_by_asc(bloqueo::Column::CreatedAt)
            .all(&state.db),
    )?;

    let people: HashMap<String, String> = usuario::Entity::find()
        .filter(
            usuario::Column::Id.is_in(
                members
                    .iter()
                    .map(|m| m.usuario_id.clone())
                    .chain(blocks.iter().map(|b| b.bloqueado_id.clone())),
            ),
        )
        .all(&state.db)
        .await?
        .into_iter()
        .map(|p| (p.id, format!("{} {}", p.nombre, p.apellido)))
        .collect();
    let mut members_of: HashMap<String, Vec<MemberRecord>> = HashMap::new();
    for member in members {
        members_of
            .entry(member.familia_id.clone())
            .or_default()
            .push(MemberRecord {
                nombre: people.get(&member.usuario_id).cloned().unwrap_or_default(),
                relacion: member.relacion,
                permiso: member.permiso,
                es_admin: member.es_admin,
                desde: member.created_at,
            });
    }
    let families: Vec<FamilyRecord> = families
        .into_iter()
        .map(|f| FamilyRecord {
            miembros: members_of.remove(&f.id).unwrap_or_default(),
            id: f.id,
            nombre: f.nombre,
            zona_horaria: f.zona_horaria,
        })
        .collect();

    let blocks: Vec<BlockRecord> = blocks
        .into_iter()
        .map(|b| BlockRecord {
            nombre: people.get(&b.bloqueado_id).cloned().unwrap_or_default(),
            desde: b.created_at,
        })
        .collect();
    let sent: Vec<InvitationRecord> = sent
        .into_iter()
        .map(|i| InvitationRecord {
            familia_id: i.familia_id,
            tipo: i.tipo,
            email: i.email,
            permiso: i.permiso,
            relacion: i.relacion,
            estado: i.estado,
            expires_at: i.expires_at,
            created_at: i.created_at,
        })
        .collect();

    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("LEEME.txt".to_owned(), README.as_bytes().to_vec()),
        (
            "usuario.json".to_owned(),
            json(&Account {
                id: &user.id,
                nombre: &user.nombre,
                apellido: &user.apellido,
                email: &user.email,
                telefono: user.telefono.as_deref(),
                language: &user.language,
                email_verificado_at: user.email_verificado_at,
                created_at: user.created_at,
                updated_at: user.updated_at,
            })?,
        ),
        (
            "sesiones.json".to_owned(),
            json(
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
        ),
        ("familias.json".to_owned(), json(&families)?),
        ("invitaciones.json".to_owned(), json(&sent)?),
        ("bloqueos.json".to_owned(), json(&blocks)?),
        (
            "mensajes.json".to_owned(),
            json(
                &messages
                    .into_iter()
                    .map(|m| MessageRecord {
                        asunto: m.asunto,
                        mensaje: m.mensaje,
                        created_at: m.created_at,
                    })
                    .collect::<Vec<_>>(),
            )?,
        ),
    ];
    if let Some(key) = &user.foto
        && let Some(bytes) = stored(&state, key).await?
    {
        files.push(("foto.jpg".to_owned(), bytes));
    }
    for familia_id in &family_ids {
        let record = crate::families::record::export::family_record(&state.db, familia_id).await?;
        files.push((format!("registro/{familia_id}.json"), json(&record)?));
    }
    let photo_keys: Vec<(String, Option<String>)> = children
        .iter()
        .map(|c| (c.id.clone(), c.foto_key.clone()))
        .collect();
    for child in views(&state, children).await? {
        files.push((format!("hijos/{}.json", child.id), json(&child)?));
    }
    for (id, key) in photo_keys {
        if let Some(key) = key
            && let Some(bytes) = stored(&state, &key).await?
        {
            files.push((format!("hijos/{id}.jpg"), bytes));
        }
    }

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

fn json(value: &impl Serialize) -> ApiResult<Vec<u8>> {
    serde_json::to_vec_pretty(value).map_err(ApiError::internal)
}

async fn stored(state: &AppState, key: &str) -> ApiResult<Option<Vec<u8>>> {
    Ok(state
        .storage
        .get(key)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?
        .map(|b| b.to_vec()))
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
