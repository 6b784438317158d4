//! A family professional's own conversation with the co-parents (topic `profesional`), the one
//! place a professional writes. Only a family professional (`de-familia`) whose access is active
//! starts it, one per access, whatever the areas of their scope; the co-parents of that day take
//! part. Its messages are like any other: numbered, never changed, in the record. The
//! professional reads and writes there while their access stays active and not a moment longer;
//! the co-parents keep it afterwards as any conversation of theirs.

use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set, SqlErr, TransactionTrait,
};

use super::{
    entities::{conversacion, participante},
    limits,
    vocabulary::Topic,
};
use crate::{
    error::{ApiError, ApiResult},
    families::{
        access::coparents,
        entities::familia,
        professionals::{
            input::AccessKind,
            lens::{self, Lens},
        },
        record::{self, Act, Audience, kinds},
    },
    i18n::Msg,
    ids,
    platform::live,
    request::AuthUser,
    state::AppState,
};

/// The active accesses of `usuario_id` to a family, oldest first (none if it is not a family).
async fn accesses(
    db: &impl ConnectionTrait,
    familia_id: &str,
    usuario_id: &str,
) -> Result<Vec<Lens>, DbErr> {
    let Some(family) = familia::Entity::find_by_id(familia_id).one(db).await? else {
        return Ok(Vec::new());
    };
    let coparents = coparents(db, familia_id).await?;
    lens::all_active(db, &family, usuario_id, &coparents).await
}

/// The accesses through which the caller writes in a family: their active family-professional
/// ones (their own conversations are those of these accesses).
pub async fn own_accesses(
    db: &impl ConnectionTrait,
    familia_id: &str,
    usuario_id: &str,
) -> Result<Vec<String>, DbErr> {
    Ok(accesses(db, familia_id, usuario_id)
        .await?
        .into_iter()
        .filter(|l| l.kind == AccessKind::Family)
        .map(|l| l.access_id)
        .collect())
}

/// The professional who takes part in a conversation now: its access's, while that access is
/// active. None for every conversation of members alone.
pub async fn active_professional(
    db: &impl ConnectionTrait,
    conversation: &conversacion::Model,
) -> Result<Option<String>, DbErr> {
    let Some(acceso_id) = conversation.acceso_id.as_deref() else {
        return Ok(None);
    };
    let Some(family) = familia::Entity::find_by_id(&conversation.familia_id)
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let coparents = coparents(db, &family.id).await?;
    Ok(lens::of_access(db, &family, acceso_id, &coparents)
        .await?
        .map(|(_, professional)| professional))
}

/// The conversation, if it is `usuario_id`'s own as a family professional whose access is active.
pub async fn own(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    conversacion_id: &str,
) -> Result<Option<conversacion::Model>, DbErr> {
    let Some(row) = conversacion::Entity::find_by_id(conversacion_id)
        .filter(conversacion::Column::AccesoId.is_not_null())
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let theirs = active_professional(db, &row).await?;
    Ok(theirs.is_some_and(|p| p == usuario_id).then_some(row))
}

/// Starts the caller's conversation with a family's co-parents. A member asking for this topic
/// is told to choose another (422); a parent's own professional writes nowhere (403); anyone
/// else is naming a family that is not theirs (422, as for any conversation).
pub async fn start(
    state: &AppState,
    auth: &AuthUser,
    familia_id: &str,
    asunto: String,
) -> ApiResult<conversacion::Model> {
    let me = auth.id.as_str();
    let memberships = crate::families::memberships(state, me).await?;
    if memberships.iter().any(|m| m.familia_id == familia_id) {
        return Err(ApiError::field("tema", Msg::ConversationTopicReserved));
    }
    let held = accesses(&state.db, familia_id, me).await?;
    let Some(access) = held.iter().find(|l| l.kind == AccessKind::Family) else {
        return Err(if held.is_empty() {
            ApiError::field("familiaId", Msg::FamilyInvalid)
        } else {
            ApiError::forbidden()
        });
    };
    let exists = conversacion::Entity::find()
        .filter(conversacion::Column::AccesoId.eq(&access.access_id))
        .one(&state.db)
        .await?
        .is_some();
    if exists {
        return Err(ApiError::conflict(Msg::ProfessionalConversationExists));
    }
    let mut people = coparents(&state.db, familia_id).await?;
    people.push(me.to_owned());
    people.sort();
    people.dedup();
    limits::count_conversation(&state.limiter, &auth.id).await?;
    let now = Utc::now();
    let row = conversacion::Model {
        id: ids::new_id(),
        familia_id: familia_id.to_owned(),
        tema: Topic::Professional.into(),
        asunto,
        creada_por: Some(me.to_owned()),
        mensajes: 0,
        version: 0,
        ultimo_mensaje_at: None,
        created_at: now,
        updated_at: now,
        acceso_id: Some(access.access_id.clone()),
    };
    let txn = state.db.begin().await?;
    let inserted = conversacion::Entity::insert(conversacion::ActiveModel::from(row.clone()))
        .exec_without_returning(&txn)
        .await;
    if let Err(error) = inserted {
        // Another request started it a moment ago: the index on the access said no.
        return Err(match error.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => {
                ApiError::conflict(Msg::ProfessionalConversationExists)
            }
            _ => error.into(),
        });
    }
    participante::Entity::insert_many(people.iter().map(|usuario_id| participante::ActiveModel {
        conversacion_id: Set(row.id.clone()),
        usuario_id: Set(usuario_id.clone()),
        created_at: Set(now),
    }))
    .exec_without_returning(&txn)
    .await?;
    record::append(
        &txn,
        familia_id,
        Act {
            kind: kinds::CONVERSATION_CREATED,
            actor: Some(me),
            content: serde_json::json!({
                "conversacion": row.id,
                "tema": row.tema,
                "asunto": row.asunto,
                "participantes": people,
                "acceso": access.access_id,
            }),
            subjects: vec![record::user_subject(me)],
            audience: Audience::Users(people.clone()),
        },
    )
    .await?;
    let wake = live::publish(
        &txn,
        &people,
        live::LiveEvent::Conversations(live::ConversationIds {
            conversacion_id: row.id.clone(),
        }),
    )
    .await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(row)
}
