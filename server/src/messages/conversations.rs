//! `/api/conversaciones`: the caller's conversations, most recently active first, and starting
//! one. A conversation's participants are fixed when it starts; each reads it while they stay a
//! member of its family (`access`).

use std::collections::HashSet;

use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    access::{Messages, looked_conversation, readable_ids, through_lens},
    entities::{conversacion, participante},
    limits, professional, shield,
    views::{self, ConversationView},
    vocabulary::Topic,
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        self, Need,
        entities::miembro,
        professionals::lens::Lens,
        record::{self, Act, Audience, kinds},
    },
    fields,
    i18n::Msg,
    ids::{self, FamilyId},
    platform::live,
    request::{AuthUser, Json},
    state::AppState,
    vocabulary,
};

const PAGE: u64 = 30;
const SUBJECT_MAX_CHARS: usize = 200;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only this family's (one of the caller's; another answers 404).
    familia_id: Option<String>,
    /// Only this topic's.
    #[param(value_type = Option<Topic>)]
    tema: Option<String>,
    /// The `siguiente` of the previous page.
    cursor: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationPage {
    pub conversaciones: Vec<ConversationView>,
    /// The cursor of the next page; null on the last.
    pub siguiente: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationPageAnswer {
    pub success: bool,
    pub data: ConversationPage,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationAnswer {
    pub success: bool,
    pub data: ConversationView,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationInput {
    #[schema(required = true, value_type = String)]
    pub familia_id: Option<String>,
    /// general, medico, escuela, actividades, horarios or gastos; `profesional` only for a
    /// family professional starting their one conversation with the co-parents.
    #[schema(required = true, value_type = Topic)]
    pub tema: Option<String>,
    /// 1 to 200 characters.
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 200, pattern = r"\S")]
    pub asunto: Option<String>,
    /// Members of the family; the caller is added. Left out: the family's co-parents.
    #[schema(max_items = 50)]
    pub participantes: Option<Vec<String>>,
}

/// The views of these conversations as `me` sees them, their previews folded by `me`'s shield;
/// to a professional, no preview said outside their period but in their own conversations (of
/// the accesses `own`).
async fn shown(
    state: &AppState,
    rows: Vec<conversacion::Model>,
    me: &str,
    lens: Option<&Lens>,
    own: &[String],
) -> ApiResult<Vec<ConversationView>> {
    let mut views = views::conversations(state, rows, me).await?;
    if let Some(lens) = lens {
        for view in &mut views {
            // Their own conversation a professional reads whole.
            if !view.acceso_id.as_ref().is_some_and(|a| own.contains(a))
                && view
                    .ultimo_mensaje
                    .as_ref()
                    .is_some_and(|m| !lens.moment(m.enviado_at))
            {
                view.ultimo_mensaje = None;
            }
        }
    }
    let previews = views.iter_mut().filter_map(|c| c.ultimo_mensaje.as_mut());
    shield::fold_for(&state.db, me, previews).await?;
    Ok(views)
}

fn non_blank(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

fn topic(value: Option<&str>) -> Result<Topic, Msg> {
    vocabulary::one_of(value.unwrap_or_default(), Msg::ConversationTopicInvalid)
}

fn subject(value: Option<String>) -> Result<String, Msg> {
    fields::text(value, SUBJECT_MAX_CHARS, Msg::ConversationSubjectRequired).map_err(|m| match m {
        Msg::TooLong => Msg::ConversationSubjectTooLong,
        other => other,
    })
}

/// Your conversations (as a participant still in the family), most recently active first, 30 a
/// page, each with its last message and your unread count.
#[utoipa::path(get, path = "/conversaciones", tag = "messages", security(("bearer" = [])),
    params(ListQuery),
    responses(
        (status = 200, body = ConversationPageAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "a family that is not yours", body = ErrorBody),
        (status = 422, description = "a bad topic or cursor", body = ErrorBody),
    ))]
pub async fn list_conversations(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(query): Query<ListQuery>,
) -> ApiResult<Json<ConversationPageAnswer>> {
    let me = auth.id.as_str();
    let familia_id = non_blank(query.familia_id.as_deref());
    let mut lens = None;
    let mut own = Vec::new();
    let seen = match familia_id {
        Some(familia_id) => {
            let memberships = families::memberships(&state, me).await?;
            if memberships.iter().any(|m| m.familia_id == familia_id) {
                Condition::all()
                    .add(conversacion::Column::Id.in_subquery(readable_ids(me, Some(familia_id))))
            } else {
                // Not a member: a professional reading the family's messages or writing in their
                // own conversation, or no one.
                own = professional::own_accesses(&state.db, familia_id, me).await?;
                let looked =
                    families::look::<Messages>(&state, &FamilyId::new(familia_id), &auth.id).await;
                let mut seen = Condition::any();
                if !own.is_empty() {
                    seen = seen.add(
                        Condition::all()
                            .add(conversacion::Column::FamiliaId.eq(familia_id))
                            .add(conversacion::Column::AccesoId.is_in(own.clone())),
                    );
                }
                match looked.map(|reached| reached.lens) {
                    Ok(Some(reached_lens)) => {
                        seen = seen.add(through_lens(&state.db, familia_id, &reached_lens).await?);
                        lens = Some(reached_lens);
                    }
                    Ok(None) if own.is_empty() => return Err(ApiError::not_found()),
                    Err(refused) if own.is_empty() => return Err(refused),
                    _ => {}
                }
                seen
            }
        }
        None => Condition::all().add(conversacion::Column::Id.in_subquery(readable_ids(me, None))),
    };
    let mut find = conversacion::Entity::find().filter(seen.clone());
    if let Some(tema) = query.tema.as_deref().filter(|t| !t.trim().is_empty()) {
        let tema = topic(Some(tema)).map_err(|m| ApiError::field("tema", m))?;
        find = find.filter(conversacion::Column::Tema.eq(tema));
    }
    if let Some(cursor) = non_blank(query.cursor.as_deref()) {
        let last = conversacion::Entity::find_by_id(cursor)
            .filter(seen)
            .one(&state.db)
            .await?
            .ok_or_else(|| ApiError::field("cursor", Msg::MessageCursorInvalid))?;
        find = find.filter(
            Condition::any()
                .add(conversacion::Column::UpdatedAt.lt(last.updated_at))
                .add(
                    Condition::all()
                        .add(conversacion::Column::UpdatedAt.eq(last.updated_at))
                        .add(conversacion::Column::Id.lt(last.id)),
                ),
        );
    }
    let mut rows = find
        .order_by_desc(conversacion::Column::UpdatedAt)
        .order_by_desc(conversacion::Column::Id)
        .limit(PAGE + 1)
        .all(&state.db)
        .await?;
    let more = rows.len() as u64 > PAGE;
    rows.truncate(PAGE as usize);
    let siguiente = more.then(|| rows.last().map(|c| c.id.clone())).flatten();
    let conversaciones = shown(&state, rows, me, lens.as_ref(), &own).await?;
    Ok(Json(ConversationPageAnswer {
        success: true,
        data: ConversationPage {
            conversaciones,
            siguiente,
        },
    }))
}

/// One of your conversations.
#[utoipa::path(get, path = "/conversaciones/{id}", tag = "messages", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ConversationAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ))]
pub async fn get_conversation(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<ConversationAnswer>> {
    let (row, looked) = looked_conversation(&state, &auth.id, &id).await?;
    let data = shown(&state, vec![row], &auth.id, looked.lens(), &[])
        .await?
        .pop()
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(ConversationAnswer {
        success: true,
        data,
    }))
}

/// Who takes part: those asked for (each a member), or the family's co-parents, and the caller.
fn participants(
    members: &[miembro::Model],
    asked: Option<Vec<String>>,
    me: &str,
) -> Result<Vec<String>, Msg> {
    let mut chosen: Vec<String> = match asked {
        Some(asked) => {
            let ids: HashSet<&str> = members.iter().map(|m| m.usuario_id.as_str()).collect();
            let asked: Vec<String> = asked.into_iter().map(|a| a.trim().to_owned()).collect();
            if asked.iter().any(|a| !ids.contains(a.as_str())) {
                return Err(Msg::ParticipantsNotMembers);
            }
            asked
        }
        None => members
            .iter()
            .filter(|m| families::can_edit(m))
            .map(|m| m.usuario_id.clone())
            .collect(),
    };
    chosen.push(me.to_owned());
    chosen.sort();
    chosen.dedup();
    if chosen.len() < 2 {
        return Err(Msg::ParticipantsTooFew);
    }
    Ok(chosen)
}

/// Start a conversation in one of your families.
#[utoipa::path(post, path = "/conversaciones", tag = "messages", security(("bearer" = [])),
    request_body = ConversationInput,
    responses(
        (status = 201, body = ConversationAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a professional who writes nowhere (a parent's own) or only in their own conversation", body = ErrorBody),
        (status = 409, description = "`professional_conversation_exists`: the professional's conversation with this family was started already", body = ErrorBody),
        (status = 422, description = "a family not yours, a bad topic or subject, participants who are not members or nobody else; `conversation_topic_reserved`: a member asking for the professional's topic", body = ErrorBody),
        (status = 429, description = "`conversation_daily_limit`: more than 20 conversations started in a day; see Retry-After", body = ErrorBody),
    ))]
pub async fn create_conversation(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<ConversationInput>,
) -> ApiResult<(StatusCode, Json<ConversationAnswer>)> {
    let me = auth.user.id.clone();
    let mut errors = FieldErrors::default();
    let tema = errors.check("tema", topic(body.tema.as_deref()));
    let asunto = errors.check("asunto", subject(body.asunto));
    let familia_id = non_blank(body.familia_id.as_deref()).map(str::to_owned);
    if tema == Some(Topic::Professional) {
        if familia_id.is_none() {
            errors.add("familiaId", Msg::FamilyInvalid);
        }
        errors.into_result()?;
        let (Some(asunto), Some(familia_id)) = (asunto, familia_id) else {
            return Err(ApiError::internal("field check passed without values"));
        };
        let row = professional::start(&state, &auth, &familia_id, asunto).await?;
        return Ok((
            StatusCode::CREATED,
            Json(ConversationAnswer {
                success: true,
                data: views::conversation(&state, row, &me).await?,
            }),
        ));
    }
    let memberships = families::memberships(&state, &me).await?;
    if let Some(asked) = &familia_id
        && !memberships.iter().any(|m| &m.familia_id == asked)
    {
        // A professional who reads the family's messages starts none (403); to anyone else it
        // is a family they may not name.
        let reached =
            families::reach::<Messages>(&state.db, &FamilyId::new(asked), &auth.id, Need::Change)
                .await;
        if let Err(refused) = reached
            && refused.status() == StatusCode::FORBIDDEN
        {
            return Err(refused);
        }
    }
    let familia_id = familia_id.filter(|f| memberships.iter().any(|m| &m.familia_id == f));
    if familia_id.is_none() {
        errors.add("familiaId", Msg::FamilyInvalid);
    }
    errors.into_result()?;
    let (Some(tema), Some(asunto), Some(familia_id)) = (tema, asunto, familia_id) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    // Read before the transaction, whose first statement must be a write (on SQLite a read first
    // would make the later write fail when another commit came in between). A member removed
    // meanwhile may end up a participant: membership decides what they read.
    let members = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(&familia_id))
        .all(&state.db)
        .await?;
    if !members.iter().any(|m| m.usuario_id == me) {
        return Err(ApiError::field("familiaId", Msg::FamilyInvalid));
    }
    let people = participants(&members, body.participantes, &me)
        .map_err(|m| ApiError::field("participantes", m))?;
    limits::count_conversation(&state.limiter, &me).await?;
    let txn = state.db.begin().await?;
    let now = Utc::now();
    let row = conversacion::Model {
        id: ids::new_id(),
        familia_id: familia_id.clone(),
        tema: tema.into(),
        asunto,
        creada_por: Some(me.clone()),
        mensajes: 0,
        version: 0,
        ultimo_mensaje_at: None,
        created_at: now,
        updated_at: now,
        acceso_id: None,
    };
    conversacion::Entity::insert(conversacion::ActiveModel::from(row.clone()))
        .exec_without_returning(&txn)
        .await?;
    participante::Entity::insert_many(people.iter().map(|usuario_id| participante::ActiveModel {
        conversacion_id: Set(row.id.clone()),
        usuario_id: Set(usuario_id.clone()),
        created_at: Set(now),
    }))
    .exec_without_returning(&txn)
    .await?;
    record::append(
        &txn,
        &familia_id,
        Act {
            kind: kinds::CONVERSATION_CREATED,
            actor: Some(&me),
            content: serde_json::json!({
                "conversacion": row.id,
                "tema": row.tema,
                "asunto": row.asunto,
                "participantes": people,
            }),
            subjects: vec![record::user_subject(&me)],
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
    Ok((
        StatusCode::CREATED,
        Json(ConversationAnswer {
            success: true,
            data: views::conversation(&state, row, &me).await?,
        }),
    ))
}
