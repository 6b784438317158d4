//! `/api/mensajes/...`: the caller's unread count across their conversations, and their messages
//! settings (the shield that folds messages rated hostile).

use axum::extract::State;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, Set,
    sea_query::OnConflict,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    access::readable_ids,
    entities::{ajuste, vista},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    i18n::Msg,
    request::{AuthUser, Json},
    state::AppState,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadMessages {
    pub total: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadMessagesAnswer {
    pub success: bool,
    pub data: UnreadMessages,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MessageSettings {
    /// Fold incoming messages rated hostile until you open them.
    pub escudo: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MessageSettingsInput {
    #[schema(required = true, value_type = bool)]
    pub escudo: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageSettingsAnswer {
    pub success: bool,
    pub data: MessageSettings,
}

/// Messages to `usuario_id` they have not seen, in the conversations they read.
pub async fn unread_total(db: &impl ConnectionTrait, usuario_id: &str) -> Result<u64, DbErr> {
    vista::Entity::find()
        .filter(vista::Column::UsuarioId.eq(usuario_id))
        .filter(vista::Column::VistaAt.is_null())
        .filter(vista::Column::ConversacionId.in_subquery(readable_ids(usuario_id, None)))
        .count(db)
        .await
}

/// How many messages to you are unseen, across your conversations.
#[utoipa::path(get, path = "/mensajes/no-leidos", tag = "messages", security(("bearer" = [])),
    responses((status = 200, body = UnreadMessagesAnswer), (status = 401, body = ErrorBody)))]
pub async fn unread_messages(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<UnreadMessagesAnswer>> {
    Ok(Json(UnreadMessagesAnswer {
        success: true,
        data: UnreadMessages {
            total: unread_total(&state.db, &auth.id).await?,
        },
    }))
}

/// Whether `usuario_id` folds hostile messages (off until they turn it on).
pub async fn shield_of(db: &impl ConnectionTrait, usuario_id: &str) -> Result<bool, DbErr> {
    Ok(ajuste::Entity::find_by_id(usuario_id)
        .one(db)
        .await?
        .is_some_and(|a| a.escudo))
}

fn answer(escudo: bool) -> Json<MessageSettingsAnswer> {
    Json(MessageSettingsAnswer {
        success: true,
        data: MessageSettings { escudo },
    })
}

/// Your messages settings.
#[utoipa::path(get, path = "/mensajes/ajustes", tag = "messages", security(("bearer" = [])),
    responses((status = 200, body = MessageSettingsAnswer), (status = 401, body = ErrorBody)))]
pub async fn get_message_settings(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<MessageSettingsAnswer>> {
    Ok(answer(shield_of(&state.db, &auth.id).await?))
}

/// Change your messages settings.
#[utoipa::path(put, path = "/mensajes/ajustes", tag = "messages", security(("bearer" = [])),
    request_body = MessageSettingsInput,
    responses(
        (status = 200, body = MessageSettingsAnswer),
        (status = 401, body = ErrorBody),
        (status = 422, description = "`escudo` missing", body = ErrorBody),
    ))]
pub async fn put_message_settings(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<MessageSettingsInput>,
) -> ApiResult<Json<MessageSettingsAnswer>> {
    let escudo = body
        .escudo
        .ok_or_else(|| ApiError::field("escudo", Msg::MessageShieldRequired))?;
    ajuste::Entity::insert(ajuste::ActiveModel {
        usuario_id: Set(auth.user.id.clone()),
        escudo: Set(escudo),
    })
    .on_conflict(
        OnConflict::column(ajuste::Column::UsuarioId)
            .update_column(ajuste::Column::Escudo)
            .to_owned(),
    )
    .exec_without_returning(&state.db)
    .await?;
    Ok(answer(escudo))
}
