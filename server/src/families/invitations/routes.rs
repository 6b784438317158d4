//! The invitation routes: a family's invitations and linking code, and looking up, accepting,
//! listing and declining an invitation.

use axum::{
    extract::{Path, Query, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
    TransactionTrait, sea_query::Expr,
};

use super::{
    access::{
        ACCEPT_PER_USER, INVITES_PER_USER, Invitations, LOOK_UP_PER_IP, Ticket, admits, usable,
        usable_guarded, verified_email,
    },
    input::{AcceptRequest, CodeRequest, InviteRequest, LookUpQuery, permission, relation},
    store::{
        ACCEPTED, CODE, DECLINED, Delivery, EMAIL, PENDING, REVOKED, VALID_FOR, check_invitee,
        close_pending, family_invitation, join, new_code_text,
    },
    views::{
        FamilyInvitations, FamilyInvitationsAnswer, InvitationAnswer, InvitationKind,
        InvitationPreview, InvitationPreviewAnswer, PersonView, ReceivedAnswer, ReceivedInvitation,
        view, views,
    },
};
use crate::ids::FamilyId;
use crate::vocabulary::ClosedSet;
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        self, Changes, Permission, Reads, Relation, blocking,
        entities::{familia, invitacion},
        lock_family, mails,
        routes::{FamilyAnswer, answer as family_answer},
    },
    fields,
    i18n::{self, Lang, Msg},
    ids,
    platform::changes::Change,
    request::{AuthUser, ClientInfo, Done, Json},
    state::AppState,
};

/// The family's invitations still waiting for someone, and its linking code.
#[utoipa::path(get, path = "/familias/{id}/invitaciones", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = FamilyInvitationsAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family of yours, or a viewer of it", body = ErrorBody),
    ))]
pub async fn list_invitations(
    State(state): State<AppState>,
    access: Reads<Invitations>,
) -> ApiResult<Json<FamilyInvitationsAnswer>> {
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

/// Invite someone by email: they get a link, in the language chosen, to join the family
/// (registering first if they have no account).
#[utoipa::path(post, path = "/familias/{id}/invitaciones", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    request_body = InviteRequest,
    responses(
        (status = 201, body = InvitationAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family of yours, or a viewer of it", body = ErrorBody),
        (status = 409, description = "already a member, or already invited", body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
        (status = 429, description = "too many invitations", body = ErrorBody),
    ))]
pub async fn invite_by_email(
    State(state): State<AppState>,
    access: Changes<Invitations>,
    Json(body): Json<InviteRequest>,
) -> ApiResult<(StatusCode, Json<InvitationAnswer>)> {
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

pub(super) fn send_invitation(
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

/// Send a mailed invitation again: a new link valid for 7 more days; the old link stops working.
#[utoipa::path(post, path = "/familias/{id}/invitaciones/{invitacionId}/reenviar", tag = "families",
    security(("bearer" = [])),
    params(("id" = String, Path), ("invitacionId" = String, Path)),
    responses(
        (status = 200, body = InvitationAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such invitation in a family whose invitations you manage", body = ErrorBody),
        (status = 409, description = "already accepted, revoked or declined", body = ErrorBody),
        (status = 429, description = "too many invitations", body = ErrorBody),
    ))]
pub async fn resend_invitation(
    State(state): State<AppState>,
    access: Changes<Invitations>,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<InvitationAnswer>> {
    let (_, invitacion_id) = path;
    let invitation =
        family_invitation(&state.db, &FamilyId::new(&access.family.id), &invitacion_id).await?;
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
    let invitation =
        family_invitation(&state.db, &FamilyId::new(&access.family.id), &invitacion_id).await?;
    if delivery == Delivery::Send {
        send_invitation(&state, &invitation, sender, &access.family, &token);
    }
    Ok(Json(InvitationAnswer {
        success: true,
        data: view(&state.db, invitation).await?,
    }))
}

/// Revoke an invitation or linking code: its link or code stops working at once.
#[utoipa::path(delete, path = "/familias/{id}/invitaciones/{invitacionId}", tag = "families",
    security(("bearer" = [])),
    params(("id" = String, Path), ("invitacionId" = String, Path)),
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such invitation in a family whose invitations you manage", body = ErrorBody),
        (status = 409, description = "already accepted", body = ErrorBody),
    ))]
pub async fn revoke_invitation(
    State(state): State<AppState>,
    access: Changes<Invitations>,
    Path(path): Path<(String, String)>,
) -> ApiResult<Json<Done>> {
    let (_, invitacion_id) = path;
    let invitation =
        family_invitation(&state.db, &FamilyId::new(&access.family.id), &invitacion_id).await?;
    if invitation.estado == ACCEPTED {
        return Err(ApiError::conflict(Msg::InvitationNotPending));
    }
    close_pending(&state.db, &invitation.id, REVOKED).await?;
    Ok(Done::new(Msg::InvitationRevoked))
}

/// A new linking code for the family, valid for 7 days and one use; the previous one stops working.
#[utoipa::path(post, path = "/familias/{id}/codigo", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    request_body = CodeRequest,
    responses(
        (status = 201, body = InvitationAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family of yours, or a viewer of it", body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
    ))]
pub async fn new_code(
    State(state): State<AppState>,
    access: Changes<Invitations>,
    Json(body): Json<CodeRequest>,
) -> ApiResult<(StatusCode, Json<InvitationAnswer>)> {
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
pub async fn look_up(
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
            permiso: Permission::from_wire(&invitation.permiso).unwrap_or(Permission::Viewer),
            relacion: Relation::from_wire(&invitation.relacion).unwrap_or(Relation::Otro),
            expires_at: invitation.expires_at,
            cuenta_existe: account.is_some(),
        },
    }))
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
pub async fn accept(
    State(state): State<AppState>,
    auth: AuthUser,
    client: ClientInfo,
    Json(body): Json<AcceptRequest>,
) -> ApiResult<Json<FamilyAnswer>> {
    let ticket = Ticket::from_fields(body.token, body.codigo, body.invitacion_id)?
        .ok_or_else(|| ApiError::bad_request(Msg::InvitationOneWay))?;
    state.limiter.hit(&ACCEPT_PER_USER, &auth.id).await?;
    let invitation = usable_guarded(&state, &ticket, Some(&auth.user), &client).await?;
    admits(&invitation, &auth.user.email)?;
    if let Some(sender) = &invitation.invitado_por
        && blocking::blocks(&state.db, &auth.id, sender).await?
    {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::InviterBlocked));
    }
    let txn = state.db.begin().await?;
    let wake = join(&txn, &invitation, &auth.id).await?;
    families::drop_idle_families(&txn, &auth.id, &invitation.familia_id).await?;
    txn.commit().await?;
    state.wake(wake);
    state.announce(Change::User(&auth.id)).await;
    tracing::info!(familia_id = %invitation.familia_id, invitacion_id = %invitation.id, "invitation accepted");
    let family = familia::Entity::find_by_id(&invitation.familia_id)
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    family_answer(&state, &auth.id, family).await
}

/// Invitations mailed to the caller's address and still waiting, once that address is verified.
#[utoipa::path(get, path = "/invitaciones/recibidas", tag = "families",
    security(("bearer" = [])),
    responses((status = 200, body = ReceivedAnswer), (status = 401, body = ErrorBody)))]
pub async fn received(
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
    let mine: Vec<String> = families::memberships(&state, &auth.id)
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
pub async fn decline(
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
