//! What the families domain adds to a user's export: their families with the members, the
//! invitations they sent and the people they blocked.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::entities::{bloqueo, familia, invitacion, miembro};
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json},
    error::ApiResult,
    state::AppState,
};

pub const README: &str = "\
familias.json       tus familias y sus miembros / your families and their members\n\
invitaciones.json   las invitaciones que enviaste / the invitations you sent\n\
bloqueos.json       las personas que bloqueaste / the people you blocked\n\
profesional.json    si eres profesional: tu perfil y tus casos, sin nada de las familias / if you\n\
                    are a professional: your profile and your cases, nothing of the families\n\
registro/<id>.json  el registro de cada familia, con su punto de control firmado; compruébalo con\n\
                    `nido verify` (docs/record.md); el contenido que no es para ti figura como\n\
                    reservado / each family's record with its signed checkpoint; check it with\n\
                    `nido verify` (docs/record.md); content that is not yours to read shows as\n\
                    withheld\n";

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

pub async fn files(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    let memberships = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(&user.id))
        .all(&state.db)
        .await?;
    let family_ids: Vec<String> = memberships.iter().map(|m| m.familia_id.clone()).collect();
    let (families, members, sent, blocks) = tokio::try_join!(
        familia::Entity::find()
            .filter(familia::Column::Id.is_in(family_ids.clone()))
            .all(&state.db),
        miembro::Entity::find()
            .filter(miembro::Column::FamiliaId.is_in(family_ids.clone()))
            .all(&state.db),
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

    let mut files = vec![
        export_json("familias.json", &families)?,
        export_json("invitaciones.json", &sent)?,
        export_json("bloqueos.json", &blocks)?,
    ];
    files.extend(super::professionals::export::file(&state.db, &user.id).await?);
    // Each record as its exporter reads it on the screen: what is not theirs to read stays out.
    for me in &memberships {
        let familia_id = &me.familia_id;
        let record = super::record::export::family_record(&state.db, familia_id, me).await?;
        files.push(export_json(format!("registro/{familia_id}.json"), &record)?);
    }
    Ok(files)
}
