//! Joining a family by invitation: a link mailed to someone, or a linking code they type. Either
//! is good for 7 days and one acceptance, can be revoked, and a mailed one can be sent again
//! (with a new link). A mailed invitation admits only the address it was mailed to. An invitation
//! from someone the invitee blocked looks sent to its sender but is never delivered. Linking codes
//! are bearer codes read aloud: failed tries at them are limited per client address and in total.

use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
};
use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QueryOrder, Set, TransactionTrait, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    FamilyMember, Permission, Relation, blocking,
    entities::{familia, invitacion, miembro},
    lock_family, mails,
    routes::{FamilyAnswer, answer as family_answer},
};
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    fields,
    i18n::{self, Lang, Msg},
    ids,
    platform::{changes::Change, live::Wake, rate_limit::Limit},
    request::{AuthUser, ClientInfo, Done, Json},
    state::AppState,
};

pub const VALID_FOR: Duration = Duration::days(7);
/// No 0/O, 1/I/L: a code is read aloud or copied from a phone screen.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LEN: usize = 8;

/// Looking invitations up without an account: enough for people, too few to guess codes.
const LOOK_UP_PER_IP: Limit = Limit {
    name: "invitation_look_up_ip",
    max: 60,
    window: std::time::Duration::from_secs(15 * 60),
};
const ACCEPT_PER_USER: Limit = Limit {
    name: "invitation_accept_user",
    max: 20,
    window: std::time::Duration::from_secs(15 * 60),
};
const INVITES_PER_USER: Limit = Limit {
    name: "invitation_send_user",
    max: 30,
    window: std::time::Duration::from_secs(60 * 60),
};
/// Failed linking codes from one client address: room for typos, not for guessing.
const CODE_FAILURES_PER_IP: Limit = Limit {
    name: "invitation_code_failures_ip",
    max: 20,
    window: std::time::Duration::from_secs(60 * 60),
};
/// Failed linking codes from everyone together, so that many addresses cannot add up: 4,800 a
/// day against 31^8 (about 8.5e11) possible codes.
const CODE_FAILURES_TOTAL: Limit = Limit {
    name: "invitation_code_failures_total",
    max: 200,
    window: std::time::Duration::from_secs(60 * 60),
};

const EMAIL: &str = "email";
const CODE: &str = "codigo";
const PENDING: &str = "pendiente";
const ACCEPTED: &str = "aceptada";
const REVOKED: &str = "revocada";
const DECLINED: &str = "rechazada";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_invitations, invite_by_email))
        .routes(routes!(resend_invitation))
        .routes(routes!(revoke_invitation))
        .routes(routes!(new_code))
        .routes(routes!(look_up))
        .routes(routes!(accept))
        .routes(routes!(received))
        .routes(routes!(decline))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InvitationKind {
    Email,
    Codigo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InvitationStatus {
    Pendiente,
    Aceptada,
    Revocada,
    Rechazada,
    /// Pending past its expiry: it no longer works, and can be sent again.
    Vencida,
}

fn status_of(invitation: &invitacion::Model, now: DateTime<Utc>) -> InvitationStatus {
    match invitation.estado.as_str() {
        ACCEPTED => InvitationStatus::Aceptada,
        REVOKED => InvitationStatus::Revocada,
        DECLINED => InvitationStatus::Rechazada,
        _ if invitation.expires_at <= now => InvitationStatus::Vencida,
        _ => InvitationStatus::Pendiente,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PersonView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    pub apellido: String,
}

impl PersonView {
    fn of(user: &usuario::Model) -> PersonView {
        PersonView {
            id: user.id.clone(),
            nombre: user.nombre.clone(),
            apellido: user.apellido.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    pub tipo: InvitationKind,
    /// The invited address (mailed invitations).
    pub email: Option<String>,
    /// The linking code (code invitations): 8 characters without look-alikes.
    pub codigo: Option<String>,
    pub permiso: Permission,
    pub relacion: Relation,
    /// The language of the mail.
    pub idioma: Lang,
    pub estado: InvitationStatus,
    /// Who invited; null once their account is erased.
    pub invitado_por: Option<PersonView>,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    /// When it was last sent.
    pub enviada_at: DateTime<Utc>,
}

async fn views(
    db: &impl ConnectionTrait,
    invitations: Vec<invitacion::Model>,
) -> ApiResult<Vec<InvitationView>> {
    let senders: Vec<String> = invitations
        .iter()
        .filter_map(|i| i.invitado_por.clone())
        .collect();
    let senders = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(senders))
        .all(db)
        .await?;
    let now = Utc::now();
    Ok(invitations
        .into_iter()
        .map(|i| InvitationView {
            estado: status_of(&i, now),
            tipo: if i.tipo == CODE {
                InvitationKind::Codigo
            } else {
                InvitationKind::Email
            },
            invitado_por: i
                .invitado_por
                .as_ref()
                .and_then(|id| senders.iter().find(|u| &u.id == id))
                .map(PersonView::of),
            permiso: Permission::parse(&i.permiso).unwrap_or(Permission::Viewer),
            relacion: Relation::parse(&i.relacion).unwrap_or(Relation::Otro),
            idioma: Lang::parse(&i.idioma).unwrap_or_default(),
            id: i.id,
            familia_id: i.familia_id,
            email: i.email,
            codigo: i.codigo,
            expires_at: i.expires_at,
            created_at: i.created_at,
            enviada_at: i.enviada_at,
        })
        .collect())
}

async fn view(
    db: &impl ConnectionTrait,
    invitation: invitacion::Model,
) -> ApiResult<InvitationView> {
    views(db, vec![invitation])
        .await?
        .pop()
        .ok_or_else(|| ApiError::internal("an invitation vanished"))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationAnswer {
    pub success: bool,
    pub data: InvitationView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FamilyInvitations {
    /// Mailed invitations not yet accepted, revoked or declined (expired ones included), newest first.
    pub pendientes: Vec<InvitationView>,
    /// The family's current linking code, if there is one.
    pub codigo: Option<InvitationView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FamilyInvitationsAnswer {
    pub success: bool,
    pub data: FamilyInvitations,
}

/// Only co-parents invite and manage invitations; viewers read the family but not this.
fn require_coparent(access: &FamilyMember) -> ApiResult<()> {
    if Permission::of(&access.me) == Permission::Coparent {
        Ok(())
    } else {
        Err(ApiError::forbidden())
    }
}

/// The family's invitations still waiting for someone, and its linking code.
#[utoipa::path(get, path = "/familias/{id}/invitaciones", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = FamilyInvitationsAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "viewers do not manage invitations", body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
    ))]
async fn list_invitations(
    State(state): State<AppState>,
    access: FamilyMember,
) -> ApiResult<Json<FamilyInvitationsAnswer>> {
    require_coparent(&access)?;
    let waiting = invitacion::Entity::find()
        .filter(invitacion::Column::FamiliaId.eq(&access.family.id))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .order_by_desc(invitacion::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let mut all = views(&state.db, waiting).await?;
    let codigo = all
        .iter()
        .position(|i| i.tipo == InvitationKind::Codigo)
        .map(|at| all.remove(at));
    all.retain(|i| i.tipo == InvitationKind::Email);
    Ok(Json(FamilyInvitationsAnswer {
        success: true,
        data: FamilyInvitations {
            pendientes: all,
            codigo,
        },
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteRequest {
    email: Option<String>,
    /// coparent (the default) or viewer.
    permiso: Option<String>,
    /// The invitee's relation to the children; otro when absent.
    relacion: Option<String>,
    /// es or en: the language of the mail; the caller's when absent.
    idioma: Option<String>,
}

fn permission(value: Option<String>) -> Result<Permission, Msg> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(Permission::Coparent),
        Some(v) => Permission::parse(&v.to_lowercase()).ok_or(Msg::PermissionInvalid),
    }
}

fn relation(value: Option<String>) -> Result<Relation, Msg> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(Relation::Otro),
        Some(v) => Relation::parse(&v.to_lowercase()).ok_or(Msg::RelationInvalid),
    }
}

/// Whether the person behind `email`, if they have an account, may be invited by `sender`; and
/// whether the invitation must be withheld because they blocked the sender. The sender is not
/// told: an abuser must not learn that they were blocked.
async fn check_invitee(
    db: &impl ConnectionTrait,
    familia_id: &str,
    email: &str,
    sender: &str,
) -> ApiResult<Delivery> {
    let Some(invitee) = usuario::Entity::find()
        .filter(usuario::Column::Email.eq(email))
        .one(db)
        .await?
    else {
        return Ok(Delivery::Send);
    };
    let member = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .filter(miembro::Column::UsuarioId.eq(&invitee.id))
        .one(db)
        .await?;
    if member.is_some() {
        return Err(ApiError::conflict(Msg::InviteeAlreadyMember));
    }
    if blocking::blocks(db, &invitee.id, sender).await? {
        return Ok(Delivery::Withhold);
    }
    Ok(Delivery::Send)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Delivery {
    Send,
    Withhold,
}

/// Invite someone by email: they get a link, in the language chosen, to join the family
/// (registering first if they have no account).
#[utoipa::path(post, path = "/familias/{id}/invitaciones", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    request_body = InviteRequest,
    responses(
        (status = 201, body = InvitationAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer", body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
        (status = 409, description = "already a member, or already invited", body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
        (status = 429, description = "too many invitations", body = ErrorBody),
    ))]
async fn invite_by_email(
    State(state): State<AppState>,
    access: FamilyMember,
    Json(body): Json<InviteRequest>,
) -> ApiResult<(StatusCode, Json<InvitationAnswer>)> {
    require_coparent(&access)?;
    let mut errors = FieldErrors::default();
    let email = errors.check("email", fields::email(body.email));
    let permiso = errors.check("permiso", permission(body.permiso));
    let relacion = errors.check("relacion", relation(body.relacion));
    let idioma = errors.check("idioma", fields::language(body.idioma, i18n::current()));
    errors.into_result()?;
    let (Some(email), Some(permiso), Some(relacion), Some(idioma)) =
        (email, permiso, relacion, idioma)
    else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let sender = &access.auth.user;
    state.limiter.hit(&INVITES_PER_USER, &sender.id).await?;
    let delivery = check_invitee(&state.db, &access.family.id, &email, &sender.id).await?;

    let now = Utc::now();
    let txn = state.db.begin().await?;
    if !lock_family(&txn, &access.family.id).await? {
        return Err(ApiError::not_found());
    }
    let earlier = invitacion::Entity::find()
        .filter(invitacion::Column::FamiliaId.eq(&access.family.id))
        .filter(invitacion::Column::Email.eq(&email))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .all(&txn)
        .await?;
    if earlier.iter().any(|i| i.expires_at > now) {
        return Err(ApiError::conflict(Msg::InvitationPending));
    }
    // An expired invitation to the same address gives way to the new one.
    for old in earlier {
        let mut active = old.into_active_model();
        active.estado = Set(REVOKED.to_owned());
        active.updated_at = Set(now);
        active.update(&txn).await?;
    }
    let token = ids::new_secret();
    let invitation = invitacion::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(access.family.id.clone()),
        invitado_por: Set(Some(sender.id.clone())),
        tipo: Set(EMAIL.to_owned()),
        email: Set(Some(email)),
        token_hash: Set(Some(ids::hash_secret(&token))),
        codigo: Set(None),
        permiso: Set(permiso.as_str().to_owned()),
        relacion: Set(relacion.as_str().to_owned()),
        idioma: Set(idioma.as_str().to_owned()),
        estado: Set(PENDING.to_owned()),
        expires_at: Set(now + VALID_FOR),
        enviada_at: Set(now),
        aceptada_por: Set(None),
        retenida: Set(delivery == Delivery::Withhold),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    if delivery == Delivery::Send {
        send_invitation(&state, &invitation, sender, &access.family, &token);
    }
    tracing::info!(familia_id = %access.family.id, invitacion_id = %invitation.id, "invitation sent");
    Ok((
        StatusCode::CREATED,
        Json(InvitationAnswer {
            success: true,
            data: view(&state.db, invitation).await?,
        }),
    ))
}

fn send_invitation(
    state: &AppState,
    invitation: &invitacion::Model,
    sender: &usuario::Model,
    family: &familia::Model,
    token: &str,
) {
    let Some(email) = invitation.email.as_deref() else {
        return;
    };
    let Ok(to) = email.parse() else {
        tracing::warn!(invitacion_id = %invitation.id, "invitation address does not parse");
        return;
    };
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("invitedBy", &sender.id)
        .append_pair("email", email)
        .append_pair("token", token)
        .finish();
    let link = state.config.link(&format!("/register-invited?{query}"));
    let lang = Lang::parse(&invitation.idioma).unwrap_or_default();
    state.send_mail(mails::family_invitation(
        lettre::message::Mailbox::new(None, to),
        &format!("{} {}", sender.nombre, sender.apellido),
        &family.nombre,
        &link,
        invitation.expires_at,
        family.zona_horaria.parse().unwrap_or(chrono_tz::Tz::UTC),
        lang,
    ));
}

/// The invitation of this family with this id, whatever its state.
async fn family_invitation(
    db: &impl ConnectionTrait,
    familia_id: &str,
    invitacion_id: &str,
) -> ApiResult<invitacion::Model> {
    invitacion::Entity::find_by_id(invitacion_id)
        .filter(invitacion::Column::FamiliaId.eq(familia_id))
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// Send a mailed invitation again: a new link valid for 7 more days; the old link stops working.
#[utoipa::path(post, path = "/familias/{id}/invitaciones/{invitacionId}/reenviar", tag = "families",
    security(("bearer" = [])),
    params(("id" = String, Path), ("invitacionId" = String, Path)),
    responses(
        (status = 200, body = InvitationAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer", body = ErrorBody),
        (status = 404, description = "no such invitation in a family of yours", body = ErrorBody),
        (status = 409, description = "already accepted, revoked or declined", body = ErrorBody),
        (status = 429, description = "too many invitations", body = ErrorBody),
    ))]
async fn resend_invitation(
    State(state): State<AppState>,
    access: FamilyMember,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<InvitationAnswer>> {
    let (_, invitacion_id) = path;
    require_coparent(&access)?;
    let invitation = family_invitation(&state.db, &access.family.id, &invitacion_id).await?;
    let Some(email) = invitation
        .email
        .clone()
        .filter(|_| invitation.tipo == EMAIL)
    else {
        return Err(ApiError::not_found());
    };
    if invitation.estado != PENDING {
        return Err(ApiError::conflict(Msg::InvitationNotPending));
    }
    let sender = &access.auth.user;
    state.limiter.hit(&INVITES_PER_USER, &sender.id).await?;
    let delivery = check_invitee(&state.db, &access.family.id, &email, &sender.id).await?;
    let token = ids::new_secret();
    let now = Utc::now();
    // Only a still-pending invitation is renewed: one accepted a moment ago stays accepted.
    let renewed = invitacion::Entity::update_many()
        .col_expr(
            invitacion::Column::TokenHash,
            Expr::value(ids::hash_secret(&token)),
        )
        .col_expr(invitacion::Column::ExpiresAt, Expr::value(now + VALID_FOR))
        .col_expr(invitacion::Column::EnviadaAt, Expr::value(now))
        .col_expr(
            invitacion::Column::InvitadoPor,
            Expr::value(sender.id.clone()),
        )
        .col_expr(
            invitacion::Column::Retenida,
            Expr::value(delivery == Delivery::Withhold),
        )
        .col_expr(invitacion::Column::UpdatedAt, Expr::value(now))
        .filter(invitacion::Column::Id.eq(&invitation.id))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .exec(&state.db)
        .await?;
    if renewed.rows_affected != 1 {
        return Err(ApiError::conflict(Msg::InvitationNotPending));
    }
    let invitation = family_invitation(&state.db, &access.family.id, &invitacion_id).await?;
    if delivery == Delivery::Send {
        send_invitation(&state, &invitation, sender, &access.family, &token);
    }
    Ok(Json(InvitationAnswer {
        success: true,
        data: view(&state.db, invitation).await?,
    }))
}

/// Ends a pending invitation as `estado`; one accepted in the meantime stays accepted.
async fn close_pending(
    db: &impl ConnectionTrait,
    invitacion_id: &str,
    estado: &str,
) -> Result<(), sea_orm::DbErr> {
    invitacion::Entity::update_many()
        .col_expr(invitacion::Column::Estado, Expr::value(estado))
        .col_expr(invitacion::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(invitacion::Column::Id.eq(invitacion_id))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .exec(db)
        .await?;
    Ok(())
}

/// Revoke an invitation or linking code: its link or code stops working at once.
#[utoipa::path(delete, path = "/familias/{id}/invitaciones/{invitacionId}", tag = "families",
    security(("bearer" = [])),
    params(("id" = String, Path), ("invitacionId" = String, Path)),
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 403, description = "viewers do not manage invitations", body = ErrorBody),
        (status = 404, description = "no such invitation in a family of yours", body = ErrorBody),
        (status = 409, description = "already accepted", body = ErrorBody),
    ))]
async fn revoke_invitation(
    State(state): State<AppState>,
    access: FamilyMember,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<Done>> {
    let (_, invitacion_id) = path;
    require_coparent(&access)?;
    let invitation = family_invitation(&state.db, &access.family.id, &invitacion_id).await?;
    if invitation.estado == ACCEPTED {
        return Err(ApiError::conflict(Msg::InvitationNotPending));
    }
    close_pending(&state.db, &invitation.id, REVOKED).await?;
    Ok(Done::new(Msg::InvitationRevoked))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeRequest {
    /// coparent (the default) or viewer: what whoever types the code may do.
    permiso: Option<String>,
    /// Their relation to the children; otro when absent.
    relacion: Option<String>,
}

fn new_code_text() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect()
}

/// A new linking code for the family, valid for 7 days and one use; the previous one stops working.
#[utoipa::path(post, path = "/familias/{id}/codigo", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    request_body = CodeRequest,
    responses(
        (status = 201, body = InvitationAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "viewers do not manage invitations", body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
    ))]
async fn new_code(
    State(state): State<AppState>,
    access: FamilyMember,
    Json(body): Json<CodeRequest>,
) -> ApiResult<(StatusCode, Json<InvitationAnswer>)> {
    require_coparent(&access)?;
    let mut errors = FieldErrors::default();
    let permiso = errors.check("permiso", permission(body.permiso));
    let relacion = errors.check("relacion", relation(body.relacion));
    errors.into_result()?;
    let (Some(permiso), Some(relacion)) = (permiso, relacion) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let sender = &access.auth.user;
    state.limiter.hit(&INVITES_PER_USER, &sender.id).await?;
    let now = Utc::now();
    // A clash with any code ever made is astronomically rare; trying again settles it.
    for _ in 0..5 {
        let txn = state.db.begin().await?;
        if !lock_family(&txn, &access.family.id).await? {
            return Err(ApiError::not_found());
        }
        invitacion::Entity::update_many()
            .col_expr(invitacion::Column::Estado, Expr::value(REVOKED))
            .col_expr(invitacion::Column::UpdatedAt, Expr::value(now))
            .filter(invitacion::Column::FamiliaId.eq(&access.family.id))
            .filter(invitacion::Column::Tipo.eq(CODE))
            .filter(invitacion::Column::Estado.eq(PENDING))
            .exec(&txn)
            .await?;
        let inserted = invitacion::ActiveModel {
            id: Set(ids::new_id()),
            familia_id: Set(access.family.id.clone()),
            invitado_por: Set(Some(sender.id.clone())),
            tipo: Set(CODE.to_owned()),
            email: Set(None),
            token_hash: Set(None),
            codigo: Set(Some(new_code_text())),
            permiso: Set(permiso.as_str().to_owned()),
            relacion: Set(relacion.as_str().to_owned()),
            idioma: Set(i18n::current().as_str().to_owned()),
            estado: Set(PENDING.to_owned()),
            expires_at: Set(now + VALID_FOR),
            enviada_at: Set(now),
            aceptada_por: Set(None),
            retenida: Set(false),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(&txn)
        .await;
        match inserted {
            Ok(invitation) => {
                txn.commit().await?;
                return Ok((
                    StatusCode::CREATED,
                    Json(InvitationAnswer {
                        success: true,
                        data: view(&state.db, invitation).await?,
                    }),
                ));
            }
            Err(err)
                if matches!(
                    err.sql_err(),
                    Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
                ) =>
            {
                txn.rollback().await?;
            }
            Err(err) => return Err(err.into()),
        }
    }
    Err(ApiError::internal("no free linking code after 5 tries"))
}

/// How an invitation is presented: its mailed secret, its code, or (signed in) its id.
pub enum Ticket {
    Token(String),
    Code(String),
    Received(String),
}

impl Ticket {
    /// From the fields of a request: exactly one must be given.
    pub fn from_fields(
        token: Option<String>,
        code: Option<String>,
        id: Option<String>,
    ) -> ApiResult<Option<Ticket>> {
        let clean = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        match (clean(token), clean(code), clean(id)) {
            (None, None, None) => Ok(None),
            (Some(token), None, None) => Ok(Some(Ticket::Token(token))),
            (None, Some(code), None) => Ok(Some(Ticket::Code(normalize_code(&code)))),
            (None, None, Some(id)) => Ok(Some(Ticket::Received(id))),
            _ => Err(ApiError::bad_request(Msg::InvitationOneWay)),
        }
    }
}

/// What people type: any case, with spaces or dashes between groups.
pub fn normalize_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// The invitation a ticket names, if it can still be accepted; a clear error otherwise.
/// `caller` is who presents it (needed for received invitations).
pub async fn usable(
    db: &impl ConnectionTrait,
    ticket: &Ticket,
    caller: Option<&usuario::Model>,
) -> ApiResult<invitacion::Model> {
    let query = invitacion::Entity::find();
    let found = match ticket {
        Ticket::Token(token) if token.len() <= 200 => {
            query
                .filter(invitacion::Column::TokenHash.eq(ids::hash_secret(token)))
                .one(db)
                .await?
        }
        Ticket::Code(code) if code.len() == CODE_LEN => {
            query
                .filter(invitacion::Column::Codigo.eq(code))
                .one(db)
                .await?
        }
        Ticket::Received(id) => match caller.and_then(verified_email) {
            Some(email) => {
                query
                    .filter(invitacion::Column::Id.eq(id))
                    .filter(invitacion::Column::Email.eq(email))
                    .filter(invitacion::Column::Retenida.eq(false))
                    .one(db)
                    .await?
            }
            None => None,
        },
        _ => None,
    };
    let invitation =
        found.ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, Msg::InvitationUnknown))?;
    let gone = |msg| Err(ApiError::new(StatusCode::GONE, msg));
    match status_of(&invitation, Utc::now()) {
        InvitationStatus::Pendiente => Ok(invitation),
        InvitationStatus::Vencida => gone(Msg::InvitationExpired),
        InvitationStatus::Aceptada => gone(Msg::InvitationUsed),
        InvitationStatus::Revocada | InvitationStatus::Rechazada => gone(Msg::InvitationWithdrawn),
    }
}

/// `usable`, for someone who may be guessing: a linking code that fails counts against the
/// client's address and against everyone together, and past either limit every code is refused
/// with 429 before it is looked up, so a right guess is not told apart from a wrong one. Each try
/// is counted first and given back if the code works, so parallel tries cannot slip past.
/// Mailed tokens are long random secrets and are not counted here.
pub async fn usable_guarded(
    state: &AppState,
    ticket: &Ticket,
    caller: Option<&usuario::Model>,
    client: &ClientInfo,
) -> ApiResult<invitacion::Model> {
    if !matches!(ticket, Ticket::Code(_)) {
        return usable(&state.db, ticket, caller).await;
    }
    let ip = client.ip_key();
    state.limiter.hit(&CODE_FAILURES_PER_IP, &ip).await?;
    if let Err(err) = state.limiter.hit(&CODE_FAILURES_TOTAL, "all").await {
        state.limiter.refund(&CODE_FAILURES_PER_IP, &ip).await?;
        return Err(err);
    }
    let found = usable(&state.db, ticket, caller).await;
    if found.is_ok() {
        state.limiter.refund(&CODE_FAILURES_PER_IP, &ip).await?;
        state.limiter.refund(&CODE_FAILURES_TOTAL, "all").await?;
    }
    found
}

/// A mailed invitation admits only the address it was mailed to (compared as emails are stored,
/// in lower case); a linking code admits whoever holds it.
pub fn admits(invitation: &invitacion::Model, email: &str) -> ApiResult<()> {
    match invitation.email.as_deref() {
        Some(invited) if !invited.eq_ignore_ascii_case(email.trim()) => Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Msg::InvitationEmailMismatch,
        )),
        _ => Ok(()),
    }
}

/// Linking codes made by someone who closed their account stop working.
pub async fn revoke_codes_of(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<(), sea_orm::DbErr> {
    invitacion::Entity::update_many()
        .col_expr(invitacion::Column::Estado, Expr::value(REVOKED))
        .col_expr(invitacion::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(invitacion::Column::InvitadoPor.eq(usuario_id))
        .filter(invitacion::Column::Tipo.eq(CODE))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .exec(db)
        .await?;
    Ok(())
}

/// Whether the family has an invitation someone could still accept.
pub(super) async fn has_open_invitation(
    db: &impl ConnectionTrait,
    familia_id: &str,
) -> Result<bool, sea_orm::DbErr> {
    Ok(invitacion::Entity::find()
        .filter(invitacion::Column::FamiliaId.eq(familia_id))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .filter(invitacion::Column::ExpiresAt.gt(Utc::now()))
        .one(db)
        .await?
        .is_some())
}

fn verified_email(user: &usuario::Model) -> Option<&str> {
    user.email_verificado_at.map(|_| user.email.as_str())
}

/// Makes `usuario_id` a member of the invitation's family and uses the invitation up, inside the
/// caller's transaction. Two acceptances at once: one wins, the other is told it was used.
pub async fn join(
    txn: &sea_orm::DatabaseTransaction,
    invitation: &invitacion::Model,
    usuario_id: &str,
) -> ApiResult<Wake> {
    if !lock_family(txn, &invitation.familia_id).await? {
        return Err(ApiError::new(StatusCode::GONE, Msg::InvitationWithdrawn));
    }
    let already = miembro::Entity::find()
        .filter(miembro::Column::FamiliaId.eq(&invitation.familia_id))
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .one(txn)
        .await?;
    if already.is_some() {
        return Err(ApiError::conflict(Msg::AlreadyMember));
    }
    let now = Utc::now();
    let claimed = invitacion::Entity::update_many()
        .col_expr(invitacion::Column::Estado, Expr::value(ACCEPTED))
        .col_expr(invitacion::Column::AceptadaPor, Expr::value(usuario_id))
        .col_expr(invitacion::Column::UpdatedAt, Expr::value(now))
        .filter(invitacion::Column::Id.eq(&invitation.id))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .filter(invitacion::Column::ExpiresAt.gt(now))
        .exec(txn)
        .await?;
    if claimed.rows_affected != 1 {
        return Err(ApiError::new(StatusCode::GONE, Msg::InvitationUsed));
    }
    let member = miembro::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(invitation.familia_id.clone()),
        usuario_id: Set(usuario_id.to_owned()),
        relacion: Set(invitation.relacion.clone()),
        permiso: Set(invitation.permiso.clone()),
        es_admin: Set(false),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(txn)
    .await?;
    super::record_acts::member_joined(txn, &member, &invitation.id).await?;
    let joined = super::notify_membership(
        txn,
        &invitation.familia_id,
        usuario_id,
        Some(usuario_id),
        crate::notifications::kinds::MEMBER_JOINED,
    )
    .await?;
    Ok(super::publish_change(txn, &invitation.familia_id, None)
        .await?
        .join(joined))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookUpQuery {
    /// The secret of a mailed link.
    token: Option<String>,
    /// A linking code.
    codigo: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationPreview {
    pub invitado_por: Option<PersonView>,
    /// The family's name.
    pub familia: String,
    /// The invited address (mailed invitations).
    pub email: Option<String>,
    pub permiso: Permission,
    pub relacion: Relation,
    pub expires_at: DateTime<Utc>,
    /// Someone already has an account with the invited address: they sign in to accept.
    pub cuenta_existe: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationPreviewAnswer {
    pub success: bool,
    pub data: InvitationPreview,
}

/// What an invitation link or code is for, before registering or accepting: who invites, to
/// which family, with what access.
#[utoipa::path(get, path = "/invitaciones/consulta", tag = "families",
    params(LookUpQuery),
    responses(
        (status = 200, body = InvitationPreviewAnswer),
        (status = 400, description = "neither or both of token and codigo", body = ErrorBody),
        (status = 404, description = "no such invitation", body = ErrorBody),
        (status = 410, description = "expired, used or revoked", body = ErrorBody),
        (status = 429, description = "too many look-ups", body = ErrorBody),
    ))]
async fn look_up(
    State(state): State<AppState>,
    client: ClientInfo,
    Query(query): Query<LookUpQuery>,
) -> ApiResult<Json<InvitationPreviewAnswer>> {
    let ticket = Ticket::from_fields(query.token, query.codigo, None)?
        .ok_or_else(|| ApiError::bad_request(Msg::InvitationOneWay))?;
    state.limiter.hit(&LOOK_UP_PER_IP, &client.ip_key()).await?;
    let invitation = usable_guarded(&state, &ticket, None, &client).await?;
    let (family, sender, account) = tokio::try_join!(
        familia::Entity::find_by_id(&invitation.familia_id).one(&state.db),
        async {
            match &invitation.invitado_por {
                Some(id) => usuario::Entity::find_by_id(id).one(&state.db).await,
                None => Ok(None),
            }
        },
        async {
            match &invitation.email {
                Some(email) => {
                    usuario::Entity::find()
                        .filter(usuario::Column::Email.eq(email))
                        .one(&state.db)
                        .await
                }
                None => Ok(None),
            }
        },
    )?;
    let family = family.ok_or_else(|| ApiError::new(StatusCode::GONE, Msg::InvitationWithdrawn))?;
    Ok(Json(InvitationPreviewAnswer {
        success: true,
        data: InvitationPreview {
            invitado_por: sender.as_ref().map(PersonView::of),
            familia: family.nombre,
            email: invitation.email.clone(),
            permiso: Permission::parse(&invitation.permiso).unwrap_or(Permission::Viewer),
            relacion: Relation::parse(&invitation.relacion).unwrap_or(Relation::Otro),
            expires_at: invitation.expires_at,
            cuenta_existe: account.is_some(),
        },
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptRequest {
    /// The secret of a mailed link.
    token: Option<String>,
    /// A linking code.
    codigo: Option<String>,
    /// One of the caller's received invitations (`GET /invitaciones/recibidas`).
    invitacion_id: Option<String>,
}

/// Join a family with an invitation: a mailed link's token, a linking code, or a received invitation.
#[utoipa::path(post, path = "/invitaciones/aceptar", tag = "families",
    security(("bearer" = [])),
    request_body = AcceptRequest,
    responses(
        (status = 200, description = "the family joined", body = FamilyAnswer),
        (status = 400, description = "none or several of token, codigo and invitacionId", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "the caller blocked whoever invited them", body = ErrorBody),
        (status = 404, description = "no such invitation", body = ErrorBody),
        (status = 409, description = "already a member of that family", body = ErrorBody),
        (status = 410, description = "expired, used or revoked", body = ErrorBody),
        (status = 422, description = "a mailed invitation for another address (invitation_email_mismatch)", body = ErrorBody),
        (status = 429, description = "too many attempts", body = ErrorBody),
    ))]
async fn accept(
    State(state): State<AppState>,
    auth: AuthUser,
    client: ClientInfo,
    Json(body): Json<AcceptRequest>,
) -> ApiResult<Json<FamilyAnswer>> {
    let ticket = Ticket::from_fields(body.token, body.codigo, body.invitacion_id)?
        .ok_or_else(|| ApiError::bad_request(Msg::InvitationOneWay))?;
    state.limiter.hit(&ACCEPT_PER_USER, &auth.user.id).await?;
    let invitation = usable_guarded(&state, &ticket, Some(&auth.user), &client).await?;
    admits(&invitation, &auth.user.email)?;
    if let Some(sender) = &invitation.invitado_por
        && blocking::blocks(&state.db, &auth.user.id, sender).await?
    {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::InviterBlocked));
    }
    let txn = state.db.begin().await?;
    let wake = join(&txn, &invitation, &auth.user.id).await?;
    super::drop_idle_families(&txn, &auth.user.id, &invitation.familia_id).await?;
    txn.commit().await?;
    state.wake(wake);
    state.announce(Change::User(&auth.user.id)).await;
    tracing::info!(familia_id = %invitation.familia_id, invitacion_id = %invitation.id, "invitation accepted");
    let family = familia::Entity::find_by_id(&invitation.familia_id)
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    family_answer(&state, &auth.user.id, family).await
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedInvitation {
    #[serde(rename = "_id")]
    pub id: String,
    /// The family's name.
    pub familia: String,
    pub invitado_por: Option<PersonView>,
    pub permiso: Permission,
    pub relacion: Relation,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReceivedAnswer {
    pub success: bool,
    pub data: Vec<ReceivedInvitation>,
}

/// Invitations mailed to the caller's address and still waiting, once that address is verified.
#[utoipa::path(get, path = "/invitaciones/recibidas", tag = "families",
    security(("bearer" = [])),
    responses((status = 200, body = ReceivedAnswer), (status = 401, body = ErrorBody)))]
async fn received(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<ReceivedAnswer>> {
    let Some(email) = verified_email(&auth.user) else {
        return Ok(Json(ReceivedAnswer {
            success: true,
            data: Vec::new(),
        }));
    };
    let invitations = invitacion::Entity::find()
        .filter(invitacion::Column::Email.eq(email))
        .filter(invitacion::Column::Retenida.eq(false))
        .filter(invitacion::Column::Estado.eq(PENDING))
        .filter(invitacion::Column::ExpiresAt.gt(Utc::now()))
        .order_by_desc(invitacion::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let family_ids: Vec<String> = invitations.iter().map(|i| i.familia_id.clone()).collect();
    let mine: Vec<String> = super::memberships(&state, &auth.user.id)
        .await?
        .iter()
        .map(|m| m.familia_id.clone())
        .collect();
    let families = familia::Entity::find()
        .filter(familia::Column::Id.is_in(family_ids))
        .all(&state.db)
        .await?;
    let mut pending = views(&state.db, invitations).await?;
    // An invitation to a family the caller already belongs to is no longer news.
    pending.retain(|v| !mine.contains(&v.familia_id));
    Ok(Json(ReceivedAnswer {
        success: true,
        data: pending
            .into_iter()
            .filter_map(|v| {
                let family = families.iter().find(|f| f.id == v.familia_id)?;
                Some(ReceivedInvitation {
                    id: v.id,
                    familia: family.nombre.clone(),
                    invitado_por: v.invitado_por,
                    permiso: v.permiso,
                    relacion: v.relacion,
                    expires_at: v.expires_at,
                })
            })
            .collect(),
    }))
}

/// Decline an invitation mailed to the caller: it stops working, and the family sees it declined.
#[utoipa::path(delete, path = "/invitaciones/recibidas/{invitacionId}", tag = "families",
    security(("bearer" = [])),
    params(("invitacionId" = String, Path)),
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such invitation for the caller", body = ErrorBody),
        (status = 410, description = "expired, used or revoked", body = ErrorBody),
    ))]
async fn decline(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(invitacion_id): Path<String>,
) -> ApiResult<Json<Done>> {
    let invitation = usable(
        &state.db,
        &Ticket::Received(invitacion_id),
        Some(&auth.user),
    )
    .await?;
    close_pending(&state.db, &invitation.id, DECLINED).await?;
    Ok(Done::new(Msg::InvitationDeclined))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_use_only_unambiguous_characters() {
        for _ in 0..200 {
            let code = new_code_text();
            assert_eq!(code.len(), CODE_LEN);
            assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{code}");
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{code}");
        }
    }

    #[test]
    fn typed_codes_are_normalized() {
        assert_eq!(normalize_code(" abcd-efgh "), "ABCDEFGH");
        assert_eq!(normalize_code("abcd efgh"), "ABCDEFGH");
    }
}
