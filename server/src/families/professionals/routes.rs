//! The professional-access routes: granting, listing, consenting, ending and accepting an
//! access, and a professional's cases.

use axum::{
    extract::{Path, State},
    http::StatusCode,
};
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
    TransactionTrait,
};

use super::{
    acts, entities as acceso,
    input::{self, AcceptRequest, AccessKind, GrantRequest},
    notices::{self, About},
    store::{
        ACCEPT_PER_USER, AccessState, GRANTS_PER_USER, find, kind_of, list, of_family, state_of,
    },
    taking,
    views::{
        AccessAnswer, AccessesAnswer, CaseParent, CasesAnswer, case, latest_activity, view, views,
    },
};
use crate::{
    db::entities::usuario,
    domain,
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        self, Changes, Need, Reads, Whole,
        access::coparents,
        entities::{familia, miembro},
        lock_family, mails,
    },
    fields,
    i18n::{self, Lang, Msg},
    ids::{self, FamilyId},
    notifications::kinds,
    platform::live::Wake,
    request::{AuthUser, Done, Json},
    state::AppState,
    vocabulary::ClosedSet,
};

/// Grant a professional access to part of the family (a co-parent): for yourself (`de-parte`,
/// active once they accept) or for the family (`de-familia`, active once they accept and every
/// co-parent consents; yours counts). The address gets a link to accept it.
#[utoipa::path(post, path = "/familias/{id}/profesionales", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    request_body = GrantRequest,
    responses(
        (status = 201, body = AccessAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer of the family", body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
        (status = 409, description = "`professional_is_member`: the address is a member's", body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
        (status = 429, description = "too many accesses granted", body = ErrorBody),
    ))]
pub async fn grant_access(
    State(state): State<AppState>,
    access: Changes<Whole>,
    Json(body): Json<GrantRequest>,
) -> ApiResult<(StatusCode, Json<AccessAnswer>)> {
    let now = Utc::now();
    let mut errors = FieldErrors::default();
    let email = errors.check("email", fields::email(body.email));
    let profesion = errors.check("profesion", input::profession(body.profesion));
    let tipo = errors.check("tipo", input::kind(body.tipo));
    let vence_at = errors.check("venceAt", input::expiry(body.vence_at.as_deref(), now));
    let idioma = errors.check("idioma", fields::language(body.idioma, i18n::current()));
    let scope = body.alcance;
    if scope.is_none() {
        errors.add("alcance", Msg::AccessAreasInvalid);
    }
    let areas = scope
        .as_ref()
        .and_then(|s| errors.check("alcance.areas", input::areas(s.areas.as_deref())));
    let (desde, hasta) = input::period(
        scope.as_ref().and_then(|s| s.desde.as_deref()),
        scope.as_ref().and_then(|s| s.hasta.as_deref()),
    );
    let desde = errors.check("alcance.desde", desde);
    let hasta = errors.check("alcance.hasta", hasta);
    let hijos = scope.and_then(|s| s.hijos);
    if let Some(hijos) = &hijos
        && (hijos.is_empty()
            || !domain::children_of_family(&state.db, &access.family_id(), hijos).await?)
    {
        errors.add("alcance.hijos", Msg::AccessChildInvalid);
    }
    errors.into_result()?;
    let (Some(email), Some(profesion), Some(tipo), Some(vence_at), Some(idioma), Some(areas)) =
        (email, profesion, tipo, vence_at, idioma, areas)
    else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let grantor = &access.auth.user;
    state.limiter.hit(&GRANTS_PER_USER, &grantor.id).await?;
    // A member of the family reads it as a member: a professional's access would be a second,
    // narrower door for the same person.
    let members = sea_orm::sea_query::Query::select()
        .column(miembro::Column::UsuarioId)
        .from(miembro::Entity)
        .and_where(miembro::Column::FamiliaId.eq(&access.family.id))
        .to_owned();
    let member_address = usuario::Entity::find()
        .filter(usuario::Column::Id.in_subquery(members))
        .filter(usuario::Column::Email.eq(&email))
        .one(&state.db)
        .await?;
    if member_address.is_some() {
        return Err(ApiError::conflict(Msg::ProfessionalIsMember));
    }

    let token = ids::new_secret();
    let txn = state.db.begin().await?;
    if !lock_family(&txn, &access.family.id).await? {
        return Err(ApiError::not_found());
    }
    let consentimientos = match tipo {
        AccessKind::Family => vec![grantor.id.clone()],
        AccessKind::OneParent => Vec::new(),
    };
    let row = acceso::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(access.family.id.clone()),
        tipo: Set(tipo.wire().to_owned()),
        profesion: Set(profesion.wire().to_owned()),
        email: Set(email),
        idioma: Set(idioma.as_str().to_owned()),
        otorgado_por: Set(Some(grantor.id.clone())),
        profesional_id: Set(None),
        areas: Set(json_list(areas.iter().map(|a| a.wire()))),
        hijos: Set(hijos.map(|h| json_list(h.iter().map(String::as_str)))),
        desde: Set(desde.flatten()),
        hasta: Set(hasta.flatten()),
        vence_at: Set(vence_at),
        consentimientos: Set(json_list(consentimientos.iter().map(String::as_str))),
        token_hash: Set(Some(ids::hash_secret(&token))),
        aceptado_at: Set(None),
        terminado_at: Set(None),
        terminado_por: Set(None),
        vencido_at: Set(None),
        avisado_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(&txn)
    .await?;
    acts::granted(&txn, &row).await?;
    let wake = if tipo == AccessKind::Family {
        let others = coparents(&txn, &access.family.id).await?;
        let about = About {
            row: &row,
            family: &access.family,
            actor: Some((&grantor.id, notices::full_name(grantor))),
        };
        notices::coparents_told(&txn, kinds::PROFESSIONAL_PROPOSED, &others, &about).await?
    } else {
        Wake::none()
    };
    txn.commit().await?;
    state.wake(wake);
    send_invitation(&state, &row, grantor, &access.family, &token);
    let coparents = coparents(&state.db, &access.family.id).await?;
    let view = view(&state.db, row, &coparents, &grantor.id).await?;
    Ok((
        StatusCode::CREATED,
        Json(AccessAnswer {
            success: true,
            data: view,
        }),
    ))
}

fn json_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    serde_json::to_string(&items.collect::<Vec<_>>()).unwrap_or_else(|_| "[]".into())
}

fn send_invitation(
    state: &AppState,
    row: &acceso::Model,
    grantor: &usuario::Model,
    family: &familia::Model,
    token: &str,
) {
    let Ok(to) = row.email.parse() else {
        tracing::warn!(acceso_id = %row.id, "professional's address does not parse");
        return;
    };
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("token", token)
        .append_pair("email", &row.email)
        .finish();
    let link = state.config.link(&format!("/casos/aceptar?{query}"));
    let lang = Lang::parse(&row.idioma).unwrap_or_default();
    state.send_mail(mails::professional_invitation(
        lettre::message::Mailbox::new(None, to),
        &format!("{} {}", grantor.nombre, grantor.apellido),
        &family.nombre,
        &link,
        row.vence_at,
        family.zona_horaria.parse().unwrap_or(chrono_tz::Tz::UTC),
        lang,
    ));
}

/// The family's professional accesses, for every member: who, their profession, kind, scope,
/// state and dates.
#[utoipa::path(get, path = "/familias/{id}/profesionales", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = AccessesAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
    ))]
pub async fn list_accesses(
    State(state): State<AppState>,
    access: Reads<Whole>,
) -> ApiResult<Json<AccessesAnswer>> {
    let rows = of_family(&state.db, &access.family.id).await?;
    let coparents = coparents(&state.db, &access.family.id).await?;
    Ok(Json(AccessesAnswer {
        success: true,
        data: views(&state.db, rows, &coparents, &access.auth.id).await?,
    }))
}

/// The access `id` as the caller may change it: a co-parent of its family (404 to anyone else,
/// 403 to a viewer), with the family's co-parents today.
async fn reach_access(
    state: &AppState,
    auth: &AuthUser,
    id: &str,
) -> ApiResult<(acceso::Model, Vec<String>)> {
    let row = find(&state.db, id).await?;
    families::reach::<Whole>(
        &state.db,
        &FamilyId::new(&row.familia_id),
        &auth.id,
        Need::Change,
    )
    .await?;
    let coparents = coparents(&state.db, &row.familia_id).await?;
    Ok((row, coparents))
}

/// Consent to a family's professional (each co-parent). Consenting twice changes nothing.
#[utoipa::path(post, path = "/accesos/{id}/consentir", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = AccessAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer of the family", body = ErrorBody),
        (status = 404, description = "no such access in a family of yours", body = ErrorBody),
        (status = 409, description = "`access_not_consentable`: a parent's own professional, or an access ended or expired", body = ErrorBody),
    ))]
pub async fn consent_to_access(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<AccessAnswer>> {
    let (row, _) = reach_access(&state, &auth, &id).await?;
    let txn = state.db.begin().await?;
    if !lock_family(&txn, &row.familia_id).await? {
        return Err(ApiError::not_found());
    }
    // Read again under the family's lock: two consents at once both count.
    let row = find(&txn, &id).await?;
    let coparents = coparents(&txn, &row.familia_id).await?;
    let open = matches!(
        state_of(&row, &coparents, Utc::now()),
        AccessState::Pending | AccessState::Active
    );
    if kind_of(&row) != Some(AccessKind::Family) || !open {
        return Err(ApiError::conflict(Msg::AccessNotConsentable));
    }
    let mut given = list(&row.consentimientos);
    let mut wake = Wake::none();
    let row = if given.contains(&auth.id.to_string()) {
        row
    } else {
        let was = state_of(&row, &coparents, Utc::now());
        given.push(auth.id.to_string());
        let mut active = row.into_active_model();
        active.consentimientos = Set(json_list(given.iter().map(String::as_str)));
        active.updated_at = Set(Utc::now());
        let row = active.update(&txn).await?;
        acts::consented(&txn, &row, &auth.id).await?;
        if was != AccessState::Active
            && state_of(&row, &coparents, Utc::now()) == AccessState::Active
        {
            wake = notices::started(&txn, &row, &coparents, &auth.user).await?;
        }
        row
    };
    txn.commit().await?;
    state.wake(wake);
    let view = view(&state.db, row, &coparents, &auth.id).await?;
    Ok(Json(AccessAnswer {
        success: true,
        data: view,
    }))
}

/// End an access at once: its grantor for a parent's own professional, any co-parent for the
/// family's. Ending one already ended or expired changes nothing.
#[utoipa::path(delete, path = "/accesos/{id}", tag = "families",
    security(("bearer" = [])), params(("id" = String, Path)),
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 403, description = "a viewer, or another parent's own professional", body = ErrorBody),
        (status = 404, description = "no such access in a family of yours", body = ErrorBody),
    ))]
pub async fn end_access(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Done>> {
    let (row, coparents) = reach_access(&state, &auth, &id).await?;
    let theirs = row.otorgado_por.as_deref() == Some(auth.id.as_str());
    if kind_of(&row) != Some(AccessKind::Family) && !theirs {
        return Err(ApiError::forbidden());
    }
    if matches!(
        state_of(&row, &coparents, Utc::now()),
        AccessState::Ended | AccessState::Expired
    ) {
        return Ok(Done::new(Msg::AccessEnded));
    }
    let txn = state.db.begin().await?;
    let now = Utc::now();
    let ended = acceso::Entity::update_many()
        .col_expr(
            acceso::Column::TerminadoAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .col_expr(
            acceso::Column::TerminadoPor,
            sea_orm::sea_query::Expr::value(auth.id.to_string()),
        )
        .col_expr(
            acceso::Column::TokenHash,
            sea_orm::sea_query::Expr::value(None::<String>),
        )
        .col_expr(
            acceso::Column::UpdatedAt,
            sea_orm::sea_query::Expr::value(now),
        )
        .filter(acceso::Column::Id.eq(&row.id))
        .filter(acceso::Column::TerminadoAt.is_null())
        .exec(&txn)
        .await?;
    let mut wake = Wake::none();
    if ended.rows_affected == 1 {
        acts::ended(&txn, &row, &auth.id).await?;
        let family = familia::Entity::find_by_id(&row.familia_id)
            .one(&txn)
            .await?
            .ok_or_else(ApiError::not_found)?;
        let about = About {
            row: &row,
            family: &family,
            actor: Some((&auth.user.id, notices::full_name(&auth.user))),
        };
        wake = notices::ended(&txn, &coparents, &about).await?;
    }
    txn.commit().await?;
    state.wake(wake);
    Ok(Done::new(Msg::AccessEnded))
}

/// Accept an access with the mailed link's secret, signed in with the address it was sent to.
#[utoipa::path(post, path = "/accesos/aceptar", tag = "families",
    security(("bearer" = [])),
    request_body = AcceptRequest,
    responses(
        (status = 200, body = AccessAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "`access_unknown`: no access waits for that link", body = ErrorBody),
        (status = 409, description = "`access_closed`: ended or expired; `professional_is_member`: you are a member of that family", body = ErrorBody),
        (status = 422, description = "`access_email_mismatch`: signed in with another address", body = ErrorBody),
        (status = 429, description = "too many tries", body = ErrorBody),
    ))]
pub async fn accept_access(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<AcceptRequest>,
) -> ApiResult<Json<AccessAnswer>> {
    state.limiter.hit(&ACCEPT_PER_USER, &auth.id).await?;
    let token = body.token.unwrap_or_default();
    let row = taking::usable(&state.db, &token, &auth.user.email).await?;
    let txn = state.db.begin().await?;
    let (row, coparents, wake) = taking::take(&txn, &row, &token, &auth.user).await?;
    txn.commit().await?;
    state.wake(wake);
    let view = view(&state.db, row, &coparents, &auth.id).await?;
    Ok(Json(AccessAnswer {
        success: true,
        data: view,
    }))
}

/// Your cases as a professional: each family you accepted an access to, with its scope, expiry
/// and state, newest first.
#[utoipa::path(get, path = "/profesional/casos", tag = "families",
    security(("bearer" = [])),
    responses(
        (status = 200, body = CasesAnswer),
        (status = 401, body = ErrorBody),
    ))]
pub async fn professional_cases(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<CasesAnswer>> {
    let rows = acceso::Entity::find()
        .filter(acceso::Column::ProfesionalId.eq(auth.id.as_str()))
        .order_by_desc(acceso::Column::AceptadoAt)
        .order_by_desc(acceso::Column::Id)
        .all(&state.db)
        .await?;
    let mut data = Vec::with_capacity(rows.len());
    for row in rows {
        let Some(family) = familia::Entity::find_by_id(&row.familia_id)
            .one(&state.db)
            .await?
        else {
            continue;
        };
        let coparents = coparents(&state.db, &row.familia_id).await?;
        let mut view = case(row, &family, &coparents);
        if view.estado == AccessState::Active {
            view.ultima_actividad = latest_activity(&state.db, &view, &family.zona_horaria).await?;
            let people = usuario::Entity::find()
                .filter(usuario::Column::Id.is_in(coparents.clone()))
                .all(&state.db)
                .await?;
            view.progenitores = coparents
                .iter()
                .filter_map(|id| people.iter().find(|p| &p.id == id))
                .map(|p| CaseParent {
                    id: p.id.clone(),
                    nombre: p.nombre.clone(),
                    apellido: p.apellido.clone(),
                })
                .collect();
        }
        data.push(view);
    }
    Ok(Json(CasesAnswer {
        success: true,
        data,
    }))
}
