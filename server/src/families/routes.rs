//! `/api/familias/...`: the caller's families, their name and time zone, and their members'
//! permissions and roles. Invitations come later; members are added by them.

use std::collections::HashMap;

use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder,
    QuerySelect, Set, TransactionTrait, sea_query::Query,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    FamilyAdmin, FamilyMember, Permission, Relation, Roster, can_edit,
    entities::{familia, miembro},
    lock_family, record_acts,
};
use crate::platform::{changes::Change, live::Wake};
use crate::vocabulary::ClosedSet;
use crate::{
    db::entities::usuario,
    domain::{self, RightsLoss},
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    fields,
    i18n::Msg,
    ids::{FamilyId, MemberId, UserId},
    request::{AuthUser, Done, Json},
    state::AppState,
};

/// Whether a member can still sign in and act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MemberStatus {
    Activo,
    /// The user closed their account; it is erased 90 days later unless reopened.
    CuentaCerrada,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberView {
    /// The membership's id, used in `/familias/{id}/miembros/{miembroId}`.
    #[serde(rename = "_id")]
    pub id: String,
    pub usuario_id: String,
    pub nombre: String,
    pub apellido: String,
    /// A link to the profile photo that works for a while, or null.
    pub foto: Option<String>,
    pub relacion: Relation,
    pub permiso: Permission,
    pub es_admin: bool,
    pub estado: MemberStatus,
    /// This member is the caller.
    pub yo: bool,
    /// The caller blocked this member.
    pub bloqueado: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyView {
    #[serde(rename = "_id")]
    pub id: String,
    pub nombre: String,
    /// An IANA name, such as America/Argentina/Buenos_Aires.
    #[schema(value_type = crate::time_zone::TimeZoneName)]
    pub zona_horaria: String,
    pub mi_permiso: Permission,
    pub soy_admin: bool,
    /// How many children the family has.
    pub hijos: u64,
    /// Oldest membership first.
    pub miembros: Vec<MemberView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FamiliesAnswer {
    pub success: bool,
    pub data: Vec<FamilyView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FamilyAnswer {
    pub success: bool,
    pub data: FamilyView,
}

/// The columns of a member's user that a family shows: never their email or anything secret.
type MemberUser = (
    String,
    String,
    String,
    Option<String>,
    Option<DateTime<Utc>>,
);

/// Builds the views of several families with a few queries in all (members, their users, each
/// domain's counts, the caller's blocks), whatever their number.
async fn views(
    state: &AppState,
    caller: &str,
    mut families: Vec<familia::Model>,
) -> ApiResult<Vec<FamilyView>> {
    let ids: Vec<FamilyId> = families.iter().map(|f| FamilyId::new(&f.id)).collect();
    let member_users = Query::select()
        .column(miembro::Column::UsuarioId)
        .from(miembro::Entity)
        .and_where(miembro::Column::FamiliaId.is_in(ids.clone()))
        .to_owned();
    let db = (&state.db).into();
    let (members, users, counts, blocked) = tokio::try_join!(
        miembro::Entity::find()
            .filter(miembro::Column::FamiliaId.is_in(ids.clone()))
            .order_by_asc(miembro::Column::CreatedAt)
            .order_by_asc(miembro::Column::Id)
            .all(&state.db),
        usuario::Entity::find()
            .select_only()
            .columns([
                usuario::Column::Id,
                usuario::Column::Nombre,
                usuario::Column::Apellido,
                usuario::Column::Foto,
                usuario::Column::DesactivadoAt,
            ])
            .filter(usuario::Column::Id.in_subquery(member_users))
            .into_tuple::<MemberUser>()
            .all(&state.db),
        domain::family_counters(&db, &ids),
        super::blocking::blocked_by(&state.db, caller),
    )?;
    let users: HashMap<String, MemberUser> = users.into_iter().map(|u| (u.0.clone(), u)).collect();
    let mut by_family: HashMap<String, Vec<miembro::Model>> = HashMap::new();
    for member in members {
        by_family
            .entry(member.familia_id.clone())
            .or_default()
            .push(member);
    }

    // In the order the caller joined them: their own family, made at registration, comes first.
    let joined = |family: &familia::Model| {
        by_family.get(&family.id).and_then(|members| {
            members
                .iter()
                .find(|m| m.usuario_id == caller)
                .map(|m| (m.created_at, m.id.clone()))
        })
    };
    families.sort_by_cached_key(joined);

    let mut out = Vec::with_capacity(families.len());
    for family in families {
        let members = by_family.remove(&family.id).unwrap_or_default();
        // A family listed here was found through the caller's membership; should it have gone
        // in between the queries, it is left out rather than shown without them.
        let Some(me) = members.iter().find(|m| m.usuario_id == caller) else {
            continue;
        };
        let (mi_permiso, soy_admin) = (Permission::of(me), me.es_admin);
        let miembros = members
            .iter()
            // Memberships cascade with their user, so every member has one.
            .filter_map(|m| {
                let (_, nombre, apellido, foto, closed_at) = users.get(&m.usuario_id)?;
                Some(MemberView {
                    id: m.id.clone(),
                    usuario_id: m.usuario_id.clone(),
                    nombre: nombre.clone(),
                    apellido: apellido.clone(),
                    foto: foto
                        .as_deref()
                        .map(|key| state.storage.signed_link(key, caller)),
                    relacion: Relation::of(m),
                    permiso: Permission::of(m),
                    es_admin: m.es_admin,
                    estado: if closed_at.is_some() {
                        MemberStatus::CuentaCerrada
                    } else {
                        MemberStatus::Activo
                    },
                    yo: m.usuario_id == caller,
                    bloqueado: blocked.contains(&m.usuario_id),
                })
            })
            .collect();
        out.push(FamilyView {
            hijos: counts
                .get(&(FamilyId::new(&family.id), "hijos"))
                .copied()
                .unwrap_or(0),
            id: family.id,
            nombre: family.nombre,
            zona_horaria: family.zona_horaria,
            mi_permiso,
            soy_admin,
            miembros,
        });
    }
    Ok(out)
}

pub(super) async fn answer(
    state: &AppState,
    caller: &str,
    family: familia::Model,
) -> ApiResult<Json<FamilyAnswer>> {
    let data = views(state, caller, vec![family])
        .await?
        .pop()
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(FamilyAnswer {
        success: true,
        data,
    }))
}

/// The families the caller belongs to, in the order they joined them, each with its members.
#[utoipa::path(get, path = "/familias", tag = "families", security(("bearer" = [])),
    responses((status = 200, body = FamiliesAnswer), (status = 401, body = ErrorBody)))]
pub(super) async fn list_families(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<FamiliesAnswer>> {
    let mine = Query::select()
        .column(miembro::Column::FamiliaId)
        .from(miembro::Entity)
        .and_where(miembro::Column::UsuarioId.eq(&auth.id))
        .to_owned();
    let families = familia::Entity::find()
        .filter(familia::Column::Id.in_subquery(mine))
        .all(&state.db)
        .await?;
    Ok(Json(FamiliesAnswer {
        success: true,
        data: views(&state, &auth.id, families).await?,
    }))
}

/// One of the caller's families.
#[utoipa::path(get, path = "/familias/{id}", tag = "families", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = FamilyAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
    ))]
pub(super) async fn get_family(
    State(state): State<AppState>,
    access: FamilyMember,
) -> ApiResult<Json<FamilyAnswer>> {
    answer(&state, &access.auth.user.id, access.family).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyInput {
    /// 1 to 100 characters.
    #[schema(format = "one-line", required = true, value_type = String, min_length = 1, max_length = 100)]
    nombre: Option<String>,
    /// An IANA name, `Area/Location[/More]`, such as America/Argentina/Buenos_Aires.
    #[schema(required = true, value_type = String, pattern = "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$", max_length = 64, example = "America/Argentina/Buenos_Aires")]
    zona_horaria: Option<String>,
}

/// Rename the family or change its time zone (admins only).
#[utoipa::path(put, path = "/familias/{id}", tag = "families", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = FamilyInput,
    responses(
        (status = 200, body = FamilyAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not an admin of this family", body = ErrorBody),
        (status = 404, description = "no such family of yours", body = ErrorBody),
        (status = 422, description = "invalid fields", body = ErrorBody),
    ))]
pub(super) async fn update_family(
    State(state): State<AppState>,
    FamilyAdmin(access): FamilyAdmin,
    Json(body): Json<FamilyInput>,
) -> ApiResult<Json<FamilyAnswer>> {
    let mut errors = FieldErrors::default();
    let nombre = errors.check("nombre", fields::name(body.nombre, Msg::FamilyNameRequired));
    let zona = errors.check("zonaHoraria", crate::time_zone::required(body.zona_horaria));
    errors.into_result()?;
    let (Some(nombre), Some(zona)) = (nombre, zona) else {
        return Err(ApiError::internal("field check passed without values"));
    };
    let changed = nombre != access.family.nombre || zona != access.family.zona_horaria;
    let mut active = access.family.into_active_model();
    active.nombre = Set(nombre);
    active.zona_horaria = Set(zona);
    active.updated_at = Set(Utc::now());
    let txn = state.db.begin().await?;
    let family = active.update(&txn).await?;
    if changed {
        record_acts::family_changed(
            &txn,
            &FamilyId::new(&family.id),
            &UserId::new(&access.auth.user.id),
            &family.nombre,
            &family.zona_horaria,
        )
        .await?;
    }
    let wake = match changed {
        true => super::publish_change(&txn, &family.id, None).await?,
        false => Wake::none(),
    };
    txn.commit().await?;
    state.wake(wake);
    answer(&state, &access.auth.user.id, family).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberChange {
    /// coparent (full access) or viewer (read only); unchanged when absent.
    #[schema(value_type = Option<Permission>)]
    permiso: Option<String>,
    /// madre, padre, tutor, tutora, abuelo, abuela, cuidador, cuidadora or otro; unchanged when
    /// absent.
    #[schema(value_type = Option<Relation>)]
    relacion: Option<String>,
    /// Only a co-parent can be an admin; unchanged when absent.
    es_admin: Option<bool>,
}

/// Change a member's permission, relation or admin role, one's own included (admins only); any
/// member may change their own relation alone. The family always keeps an admin and, when it has
/// children, an active co-parent.
#[utoipa::path(put, path = "/familias/{id}/miembros/{miembroId}", tag = "families",
    security(("bearer" = [])),
    params(("id" = String, Path), ("miembroId" = String, Path)),
    request_body = MemberChange,
    responses(
        (status = 200, body = FamilyAnswer),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not an admin of this family, beyond one's own relation", body = ErrorBody),
        (status = 404, description = "no such family of yours, or no such member in it", body = ErrorBody),
        (status = 409, description = "the family would be left without an admin or a co-parent", body = ErrorBody),
        (status = 422, description = "invalid fields, or an admin without full access", body = ErrorBody),
    ))]
pub(super) async fn update_member(
    State(state): State<AppState>,
    access: FamilyMember,
    Path(path): Path<(String, MemberId)>,
    Json(body): Json<MemberChange>,
) -> ApiResult<Json<FamilyAnswer>> {
    let (_, miembro_id) = path;
    // How one relates to the children is one's own to say; access and roles are the admins'.
    let own_relation_only =
        miembro_id.as_str() == access.me.id && body.permiso.is_none() && body.es_admin.is_none();
    if !own_relation_only && !access.me.es_admin {
        return Err(ApiError::forbidden());
    }
    let mut errors = FieldErrors::default();
    let permiso = body.permiso.map(|p| {
        errors.check(
            "permiso",
            Permission::from_wire(&p.trim().to_lowercase()).ok_or(Msg::PermissionInvalid),
        )
    });
    let relacion = body.relacion.map(|r| {
        errors.check(
            "relacion",
            Relation::from_wire(&r.trim().to_lowercase()).ok_or(Msg::RelationInvalid),
        )
    });
    errors.into_result()?;

    let txn = state.db.begin().await?;
    if !lock_family(&txn, &access.family.id).await? {
        return Err(ApiError::not_found());
    }
    let roster = Roster::load(&txn, &access.family.id).await?;
    // The role is checked again under the lock: another admin may have just taken it away.
    if !own_relation_only
        && !roster
            .member(&MemberId::new(&access.me.id))
            .is_some_and(|me| me.es_admin)
    {
        return Err(ApiError::forbidden());
    }
    let target = roster.member(&miembro_id).ok_or_else(ApiError::not_found)?;
    let mut changed = target.clone();
    if let Some(Some(permiso)) = permiso {
        changed.permiso = permiso.as_str().to_owned();
    }
    if let Some(Some(relacion)) = relacion {
        changed.relacion = relacion.as_str().to_owned();
    }
    if let Some(es_admin) = body.es_admin {
        changed.es_admin = es_admin;
    }
    // Making a viewer an admin does not quietly give them full access too: the admin says so.
    // An admin without full access from before (the heir of an erased account) may still have
    // other details changed.
    let role_changed = changed.es_admin != target.es_admin || changed.permiso != target.permiso;
    if role_changed && changed.es_admin && Permission::of(&changed) != Permission::Coparent {
        let mut errors = FieldErrors::default();
        if body.es_admin == Some(true) && !target.es_admin {
            errors.add("esAdmin", Msg::AdminNeedsCoparent);
        } else {
            errors.add("permiso", Msg::AdminKeepsCoparent);
        }
        errors.into_result()?;
    }
    roster
        .check(&target.id, Some(&changed))
        .map_err(ApiError::conflict)?;
    let mut active = target.clone().into_active_model();
    active.permiso = Set(changed.permiso);
    active.relacion = Set(changed.relacion);
    active.es_admin = Set(changed.es_admin);
    active.updated_at = Set(Utc::now());
    let after = active.update(&txn).await?;
    let mut wake = Wake::none();
    if after.permiso != target.permiso
        || after.relacion != target.relacion
        || after.es_admin != target.es_admin
    {
        record_acts::member_changed(&txn, target, &after, Some(&access.auth.user.id)).await?;
        wake = super::publish_change(&txn, &access.family.id, None).await?;
    }
    if can_edit(target) && !can_edit(&after) {
        wake = wake.join(super::coparent_rights_lost(&txn, &after, RightsLoss::MadeViewer).await?);
    }
    txn.commit().await?;
    state.wake(wake);
    state.announce(Change::User(&target.usuario_id)).await;
    answer(&state, &access.auth.user.id, access.family).await
}

/// Remove a member (admins), or leave the family (anyone, with their own member id). The
/// family's children stay with it. The last admin hands over first; the last active co-parent of
/// a family with children cannot go; the only member cannot leave their own family.
#[utoipa::path(delete, path = "/familias/{id}/miembros/{miembroId}", tag = "families",
    security(("bearer" = [])),
    params(("id" = String, Path), ("miembroId" = String, Path)),
    responses(
        (status = 200, body = Done),
        (status = 401, body = ErrorBody),
        (status = 403, description = "removing someone else without being an admin", body = ErrorBody),
        (status = 404, description = "no such family of yours, or no such member in it", body = ErrorBody),
        (status = 409, description = "the family would be left empty, or without an admin or a co-parent", body = ErrorBody),
    ))]
pub(super) async fn remove_member(
    State(state): State<AppState>,
    access: FamilyMember,
    Path(path): Path<(String, MemberId)>,
) -> ApiResult<Json<Done>> {
    let (_, miembro_id) = path;
    let leaving = miembro_id.as_str() == access.me.id;
    let txn = state.db.begin().await?;
    if !lock_family(&txn, &access.family.id).await? {
        return Err(ApiError::not_found());
    }
    let roster = Roster::load(&txn, &access.family.id).await?;
    let target = roster.member(&miembro_id).ok_or_else(ApiError::not_found)?;
    // Read under the lock, so a role taken away a moment ago counts.
    if !leaving
        && !roster
            .member(&MemberId::new(&access.me.id))
            .is_some_and(|me| me.es_admin)
    {
        return Err(ApiError::forbidden());
    }
    roster.check(&target.id, None).map_err(ApiError::conflict)?;
    // Only the membership goes: the children belong to the family, not to the member.
    miembro::Entity::delete_by_id(&target.id).exec(&txn).await?;
    record_acts::member_gone(&txn, target, &access.auth.user.id).await?;
    let mut ended = Wake::none();
    if can_edit(target) {
        let how = if leaving {
            RightsLoss::Left
        } else {
            RightsLoss::Removed
        };
        ended = super::coparent_rights_lost(&txn, target, how).await?;
    }
    let gone = super::notify_membership(
        &txn,
        &FamilyId::new(&access.family.id),
        &UserId::new(&target.usuario_id),
        Some(&access.auth.user.id),
        crate::notifications::kinds::MEMBER_LEFT,
    )
    .await?;
    let wake = super::publish_change(&txn, &access.family.id, Some(&target.usuario_id))
        .await?
        .join(gone)
        .join(ended);
    txn.commit().await?;
    state.wake(wake);
    state.announce(Change::User(&target.usuario_id)).await;
    tracing::info!(
        familia_id = %access.family.id,
        miembro_id = %miembro_id,
        leaving,
        "family member removed"
    );
    Ok(Done::new(if leaving {
        Msg::FamilyLeft
    } else {
        Msg::MemberRemoved
    }))
}
