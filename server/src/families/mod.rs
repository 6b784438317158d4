//! Families: the group of adults around a set of children. Every user gets one at registration.
//! Members are co-parents (full access) or viewers (read only); the rules of what a family must
//! keep (an admin, and an active co-parent while it has children) live in `Roster`.

pub mod access;
pub mod blocking;
pub mod creation;
pub mod entities;
mod export;
pub mod invitations;
mod mails;
pub mod notices;
pub mod professionals;
pub mod record;
pub mod record_acts;
pub mod routes;

use std::{collections::HashSet, sync::Arc};

use async_trait::async_trait;
use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    db::entities::usuario,
    domain::{self, Domain, ExportFile, RightsLoss, RightsLost, Work},
    error::ApiResult,
    i18n::Msg,
    ids::{self, FamilyId, MemberId, UserId},
    notifications,
    platform::{
        cache::Cache,
        changes::{Change, Forget},
        jobs::Periodic,
        live::{self, Wake},
    },
    state::{AppState, Parts},
};
pub use access::{
    Changes, FamilyAdmin, FamilyMember, Need, Permission, Reached, Reads, Scope, Whole, can_edit,
    look, membership, reach,
};
use entities::{familia, miembro};

/// A family the user belongs to, and what they may do in it: what every children read checks.
#[derive(Debug, Clone)]
pub struct Membership {
    pub familia_id: String,
    pub permission: Permission,
}

impl Membership {
    pub fn can_edit(&self) -> bool {
        self.permission.edits()
    }
}

/// Each user's memberships, dropped on every instance when they change (`Change::User`).
pub type MembershipCache = Cache<Arc<Vec<Membership>>>;

pub fn membership_cache() -> MembershipCache {
    Cache::new(std::time::Duration::from_secs(300), 50_000)
}

/// The families a user belongs to, from memory when it can be.
pub async fn memberships(
    state: &AppState,
    usuario_id: &str,
) -> Result<Arc<Vec<Membership>>, DbErr> {
    if let Some(found) = state.part::<MembershipCache>().get(usuario_id) {
        return Ok(found);
    }
    let generation = state.part::<MembershipCache>().generation();
    let found: Arc<Vec<Membership>> = Arc::new(
        miembro::Entity::find()
            .filter(miembro::Column::UsuarioId.eq(usuario_id))
            .order_by_asc(miembro::Column::CreatedAt)
            .all(&state.db)
            .await?
            .into_iter()
            .map(|m| Membership {
                permission: Permission::of(&m),
                familia_id: m.familia_id,
            })
            .collect(),
    );
    state
        .part::<MembershipCache>()
        .put(generation, usuario_id.to_owned(), found.clone());
    Ok(found)
}

/// Creates the family a new user starts with, with the user as its admin co-parent.
pub async fn create_own_family(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    apellido: &str,
    zona_horaria: &str,
) -> Result<familia::Model, DbErr> {
    create_family(db, usuario_id, format!("Familia {apellido}"), zona_horaria).await
}

/// Creates a family with `usuario_id` as its only member, an admin co-parent.
pub async fn create_family(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    nombre: String,
    zona_horaria: &str,
) -> Result<familia::Model, DbErr> {
    create_family_as(db, usuario_id, nombre, zona_horaria, Relation::Otro).await
}

/// Creates a family with `usuario_id` as its only member, an admin co-parent who stands in
/// `relacion` to its children (what a new parent says at registration).
pub async fn create_family_as(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    nombre: String,
    zona_horaria: &str,
    relacion: Relation,
) -> Result<familia::Model, DbErr> {
    let now = Utc::now();
    let family = familia::ActiveModel {
        id: Set(ids::new_id()),
        nombre: Set(nombre),
        zona_horaria: Set(zona_horaria.to_owned()),
        calendario_version: Set(0),
        dinero_version: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(db)
    .await?;
    let creator = miembro::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(family.id.clone()),
        usuario_id: Set(usuario_id.to_owned()),
        relacion: Set(relacion.as_str().to_owned()),
        permiso: Set("coparent".to_owned()),
        es_admin: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(db)
    .await?;
    record_acts::family_created(db, &family.id, &family.nombre, &creator).await?;
    Ok(family)
}

/// Families of `usuario_id` other than `kept` that hold nothing yet (no other member, no child,
/// no invitation someone could accept) go: someone who joined another family no longer sees an
/// empty one of their own, as if they had registered from the invitation. They start a new one
/// when they choose to (`POST /api/familias`, or `POST /api/hijos` with `nuevaFamilia`).
pub async fn drop_idle_families(
    txn: &DatabaseTransaction,
    usuario_id: &str,
    kept: &str,
) -> Result<(), DbErr> {
    let mine = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .filter(miembro::Column::FamiliaId.ne(kept))
        .all(txn)
        .await?;
    for membership in mine {
        let familia_id = &membership.familia_id;
        if !lock_family(txn, familia_id).await? {
            continue;
        }
        let roster = Roster::load(txn, familia_id).await?;
        if roster.members.len() == 1
            && !roster.has_children
            && !invitations::has_open_invitation(txn, familia_id).await?
        {
            // Its spent invitations go with it (foreign keys cascade).
            familia::Entity::delete_by_id(familia_id).exec(txn).await?;
        }
    }
    Ok(())
}

/// A family that `usuario_id`, now closed, administered with no other active admin gets one at
/// once: its longest-standing active co-parent, the heir an erasure would choose. Also ends the
/// linking codes they made. Call inside the closing transaction, after the account is closed.
pub async fn after_account_closed(
    txn: &DatabaseTransaction,
    usuario_id: &str,
) -> Result<Wake, DbErr> {
    let mut wake = Wake::none();
    invitations::revoke_codes_of(txn, usuario_id).await?;
    let coparent_of = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .filter(miembro::Column::Permiso.is_in(Permission::EDITORS))
        .all(txn)
        .await?;
    for membership in &coparent_of {
        wake = wake.join(coparent_rights_lost(txn, membership, RightsLoss::AccountClosed).await?);
    }
    let administered = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .filter(miembro::Column::EsAdmin.eq(true))
        .all(txn)
        .await?;
    for membership in administered {
        if !lock_family(txn, &membership.familia_id).await? {
            continue;
        }
        let roster = Roster::load(txn, &membership.familia_id).await?;
        if let Some(heir) = roster.heir() {
            let mut active: miembro::ActiveModel = heir.clone().into();
            active.es_admin = Set(true);
            active.updated_at = Set(Utc::now());
            let made_admin = active.update(txn).await?;
            record_acts::member_changed(txn, heir, &made_admin, None).await?;
            wake = wake.join(publish_change(txn, &membership.familia_id, None).await?);
        }
    }
    Ok(wake)
}

/// `member` no longer holds the co-parent's rights in their family (`how`): every domain ends what
/// they held only as one (`domain::coparent_rights_lost`: the emergency card's links they made).
/// Inside the change's transaction, after its own record entry; to be woken after the commit.
pub(crate) async fn coparent_rights_lost(
    txn: &DatabaseTransaction,
    member: &miembro::Model,
    how: RightsLoss,
) -> Result<Wake, DbErr> {
    let told = professionals::rights_lost(txn, &member.familia_id, &member.usuario_id).await?;
    let lost = RightsLost {
        familia_id: FamilyId::new(&member.familia_id),
        usuario_id: UserId::new(&member.usuario_id),
        how,
    };
    Ok(told.join(domain::coparent_rights_lost(txn, &lost).await?))
}

/// Tells the other members of the families `usuario_id` shares that one of them is gone. Inside
/// the erasure's transaction, once every domain erased its part (a family only they belonged to
/// is gone by then, with nobody left to tell) and before the user's row takes their memberships
/// with it; to be woken after the commit.
pub async fn publish_member_erased(
    txn: &DatabaseTransaction,
    usuario_id: &str,
) -> Result<Wake, DbErr> {
    let families: Vec<String> = miembro::Entity::find()
        .select_only()
        .column(miembro::Column::FamiliaId)
        .filter(miembro::Column::UsuarioId.eq(usuario_id))
        .into_tuple()
        .all(txn)
        .await?;
    let mut wake = Wake::none();
    for familia_id in families {
        let mut others = member_ids(txn, &familia_id).await?;
        others.retain(|id| id != usuario_id);
        wake = wake.join(publish_to(txn, &others, &familia_id).await?);
    }
    Ok(wake)
}

/// The user ids of the family's members.
pub async fn member_ids(db: &impl ConnectionTrait, familia_id: &str) -> Result<Vec<String>, DbErr> {
    miembro::Entity::find()
        .select_only()
        .column(miembro::Column::UsuarioId)
        .filter(miembro::Column::FamiliaId.eq(familia_id))
        .into_tuple::<String>()
        .all(db)
        .await
}

/// Tells the family's members, and `gone` (a member just removed, who then hears no more of
/// it), that its members, roles, name or time zone changed. Inside the change's transaction, to
/// be woken after it commits.
pub async fn publish_change(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    gone: Option<&str>,
) -> Result<Wake, DbErr> {
    let mut recipients = member_ids(txn, familia_id).await?;
    recipients.extend(gone.map(str::to_owned));
    publish_to(txn, &recipients, familia_id).await
}

async fn publish_to(
    txn: &impl ConnectionTrait,
    recipients: &[String],
    familia_id: &str,
) -> Result<Wake, DbErr> {
    live::publish(
        txn,
        recipients,
        live::LiveEvent::Family(live::FamilyIds {
            familia_id: familia_id.to_owned(),
        }),
    )
    .await
}

/// Notifies the family's members (minus `actor_id`) that `usuario_id` joined or left (`kind`);
/// inside the change's transaction, to be woken after it commits. A member who left is no
/// longer among the recipients.
pub async fn notify_membership(
    txn: &DatabaseTransaction,
    familia_id: &FamilyId,
    usuario_id: &UserId,
    actor_id: Option<&str>,
    kind: &'static str,
) -> Result<Wake, DbErr> {
    let member = usuario::Entity::find_by_id(usuario_id).one(txn).await?;
    let family = familia::Entity::find_by_id(familia_id).one(txn).await?;
    let datos = serde_json::json!({
        "miembro": member.map(|m| format!("{} {}", m.nombre, m.apellido)),
        "familia": family.map(|f| f.nombre),
    });
    let notice = notifications::Notice {
        kind,
        familia_id: Some(familia_id.to_string()),
        actor_id: actor_id.map(str::to_owned),
        datos,
        enlace: Some("/profile/coparents".to_owned()),
        objeto_id: None,
        solo_app: Vec::new(),
    };
    let members = member_ids(txn, familia_id).await?;
    notices::notify(txn, &members, notice).await
}

/// The ids of the families `usuario_id` belongs to, as a subquery.
pub fn family_ids_of(usuario_id: &str) -> sea_orm::sea_query::SelectStatement {
    sea_orm::sea_query::Query::select()
        .column(miembro::Column::FamiliaId)
        .from(miembro::Entity)
        .and_where(miembro::Column::UsuarioId.eq(usuario_id))
        .to_owned()
}

/// Whether any domain holds records of this family (its children, say): such a family must keep
/// an active co-parent.
async fn holds_records(txn: &DatabaseTransaction, familia_id: &str) -> Result<bool, DbErr> {
    let counts = domain::family_counters(&txn.into(), &[FamilyId::new(familia_id)]).await?;
    Ok(counts.values().any(|n| *n > 0))
}

/// Erases what `user` leaves behind in their families, inside the account's erasure: a family only
/// they belonged to goes whole, with what every domain holds for it; a family shared with others
/// keeps its records, and gets a new admin if the user was the only one. Gives back the stored
/// files to remove after the commit, and the families erased.
async fn erase_member(
    txn: &DatabaseTransaction,
    user: &usuario::Model,
) -> Result<(Vec<String>, Vec<String>), DbErr> {
    let mut files = Vec::new();
    let mut erased = Vec::new();
    let memberships = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(&user.id))
        .all(txn)
        .await?;
    for membership in memberships {
        let others = miembro::Entity::find()
            .filter(miembro::Column::FamiliaId.eq(&membership.familia_id))
            .filter(miembro::Column::UsuarioId.ne(&user.id))
            .order_by_asc(miembro::Column::CreatedAt)
            .all(txn)
            .await?;
        if others.is_empty() {
            for domain in domain::all() {
                files.extend(
                    domain
                        .erase_family(txn, &FamilyId::new(&membership.familia_id))
                        .await?,
                );
            }
            familia::Entity::delete_by_id(&membership.familia_id)
                .exec(txn)
                .await?;
            erased.push(membership.familia_id.clone());
        } else if membership.es_admin && !others.iter().any(|o| o.es_admin) {
            let heir = others.iter().find(|o| can_edit(o)).unwrap_or(&others[0]);
            let mut active: miembro::ActiveModel = heir.clone().into();
            active.es_admin = Set(true);
            active.updated_at = Set(Utc::now());
            let made_admin = active.update(txn).await?;
            record_acts::member_changed(txn, heir, &made_admin, None).await?;
        }
        if !others.is_empty() {
            record_acts::member_erased(txn, &membership).await?;
            if can_edit(&membership) {
                // Its events reach the members left with the erasure's own wake, which
                // `publish_member_erased` gives every one of them.
                let _ = coparent_rights_lost(txn, &membership, RightsLoss::AccountErased).await?;
            }
        }
    }
    // The shared families' records keep their entries; what they say about this person goes.
    record::erase_subject(txn, &record::user_subject(&user.id)).await?;
    Ok((files, erased))
}

/// The families domain's part of the contract (`domain`).
pub struct Families;

#[async_trait]
impl Domain for Families {
    /// Each of the user's families' latest record checkpoint, one line each.
    async fn summary_lines(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<Vec<String>> {
        let lang = crate::i18n::Lang::parse(&user.language).unwrap_or_default();
        let families = familia::Entity::find()
            .filter(familia::Column::Id.in_subquery(family_ids_of(&user.id)))
            .order_by_asc(familia::Column::Nombre)
            .all(&state.db)
            .await?;
        let mut lines = Vec::new();
        for family in families {
            lines.extend(
                record::checkpoint::summary_line(&state.db, &family.id, &family.nombre, lang)
                    .await?,
            );
        }
        Ok(lines)
    }

    fn router(&self) -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(routes::list_families, creation::create_family))
            .routes(routes!(routes::get_family, routes::update_family))
            .routes(routes!(routes::update_member, routes::remove_member))
            .merge(invitations::router())
            .merge(professionals::router())
            .merge(blocking::router())
            .merge(record::routes::router())
    }

    /// The daily signed checkpoint of every family record that moved; and, with a timestamp
    /// authority configured, a frequent pass stamping the checkpoints not stamped yet.
    fn periodic(&self) -> Vec<(Periodic, Work)> {
        vec![
            (
                Periodic {
                    kind: "record_stamps",
                    every: chrono::Duration::minutes(10),
                },
                |state| {
                    Box::pin(async move {
                        if let Some(authority) = &state.timestamps {
                            let stamped =
                                record::checkpoint::stamp_pending(&state.db, authority).await?;
                            tracing::info!(stamped, "record checkpoints stamped");
                        }
                        Ok(())
                    })
                },
            ),
            (
                Periodic {
                    kind: "professional_expiries",
                    every: chrono::Duration::minutes(15),
                },
                |state| {
                    Box::pin(async move {
                        let expired = professionals::expire(&state, Utc::now()).await?;
                        tracing::info!(expired, "professional accesses expired");
                        Ok(())
                    })
                },
            ),
            (
                Periodic {
                    kind: "record_checkpoints",
                    every: chrono::Duration::days(1),
                },
                |state| {
                    Box::pin(async move {
                        let signed =
                            record::checkpoint::checkpoint_all(&state.db, &state.signer).await?;
                        tracing::info!(signed, "family records checkpointed");
                        let pruned = record::daily::prune_marks(&state.db).await?;
                        tracing::info!(pruned, "past days' record marks forgotten");
                        Ok(())
                    })
                },
            ),
        ]
    }

    fn parts(&self, parts: &mut Parts, forget: &mut Vec<Forget>) {
        let cache = membership_cache();
        forget.push(cache.forgetter(|change| match change {
            Change::User(id) => Some(id),
            Change::Family(_) => None,
        }));
        parts.insert(cache);
        parts.insert(professionals::lens::Noted::new());
    }

    async fn export(
        &self,
        state: &AppState,
        user: &usuario::Model,
    ) -> ApiResult<(Vec<ExportFile>, &'static str)> {
        Ok((export::files(state, user).await?, export::README))
    }

    async fn erase_account(
        &self,
        txn: &DatabaseTransaction,
        user: &usuario::Model,
    ) -> Result<Vec<String>, DbErr> {
        let files = erase_member(txn, user).await?.0;
        professionals::erase_account(txn, &user.id).await?;
        Ok(files)
    }

    async fn user_counters(
        &self,
        db: &DatabaseConnection,
        usuario_id: &UserId,
    ) -> Result<Vec<(&'static str, u64)>, DbErr> {
        // One adult sharing two families with the user counts once.
        let coparents = miembro::Entity::find()
            .select_only()
            .column(miembro::Column::UsuarioId)
            .distinct()
            .filter(miembro::Column::FamiliaId.in_subquery(family_ids_of(usuario_id)))
            .filter(miembro::Column::UsuarioId.ne(usuario_id))
            .count(db)
            .await?;
        Ok(vec![("coparents", coparents)])
    }
}

crate::closed_set! {
    /// A member's relation to the family's children.
    pub enum Relation {
        Madre = "madre",
        Padre = "padre",
        Tutor = "tutor",
        Tutora = "tutora",
        Abuelo = "abuelo",
        Abuela = "abuela",
        Cuidador = "cuidador",
        Cuidadora = "cuidadora",
        Otro = "otro",
    }
}

impl Relation {
    pub fn of(member: &miembro::Model) -> Relation {
        <Self as crate::vocabulary::ClosedSet>::from_wire(&member.relacion)
            .unwrap_or(Relation::Otro)
    }
}

/// Everyone in one family as the rules about admins and co-parents need to see them.
#[derive(Debug)]
pub struct Roster {
    pub members: Vec<miembro::Model>,
    /// Users whose account is closed: they still belong, but cannot act for the family.
    closed: HashSet<String>,
    has_children: bool,
}

impl Roster {
    /// Loads a family's roster. Inside a transaction, call `lock_family` first so that two
    /// changes cannot both pass these rules on the same old state.
    pub async fn load(db: &DatabaseTransaction, familia_id: &str) -> Result<Roster, DbErr> {
        let members = miembro::Entity::find()
            .filter(miembro::Column::FamiliaId.eq(familia_id))
            .order_by_asc(miembro::Column::CreatedAt)
            .order_by_asc(miembro::Column::Id)
            .all(db)
            .await?;
        let user_ids: Vec<String> = members.iter().map(|m| m.usuario_id.clone()).collect();
        let closed = usuario::Entity::find()
            .select_only()
            .column(usuario::Column::Id)
            .filter(usuario::Column::Id.is_in(user_ids))
            .filter(usuario::Column::DesactivadoAt.is_not_null())
            .into_tuple::<String>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        let has_children = holds_records(db, familia_id).await?;
        Ok(Roster {
            members,
            closed,
            has_children,
        })
    }

    fn is_active(&self, member: &miembro::Model) -> bool {
        !self.closed.contains(&member.usuario_id)
    }

    /// Who should take over when no active admin is left: the longest-standing active co-parent.
    /// None while an active admin remains, or when no active co-parent is there to take over.
    pub fn heir(&self) -> Option<&miembro::Model> {
        if self.members.iter().any(|m| m.es_admin && self.is_active(m)) {
            return None;
        }
        self.members
            .iter()
            .find(|m| can_edit(m) && self.is_active(m))
    }

    pub fn member(&self, id: &MemberId) -> Option<&miembro::Model> {
        self.members.iter().find(|m| m.id == id.as_str())
    }

    /// Refuses to replace member `target` by `after` (or remove them, with `None`) when the family
    /// would be left empty, without an admin who can act, or, having children, without a co-parent
    /// who can act. A rule already broken before (say, the only admin closed their account) does
    /// not block changes that do not make it worse.
    pub fn check(&self, target: &str, after: Option<&miembro::Model>) -> Result<(), Msg> {
        let before: Vec<&miembro::Model> = self.members.iter().collect();
        let remaining: Vec<&miembro::Model> = self
            .members
            .iter()
            .filter(|m| m.id != target)
            .chain(after)
            .collect();
        if remaining.is_empty() {
            return Err(Msg::FamilyOnlyMember);
        }
        let any_active = |list: &[&miembro::Model], role: fn(&miembro::Model) -> bool| {
            list.iter()
                .any(|m| role(m) && !self.closed.contains(&m.usuario_id))
        };
        let admin = |m: &miembro::Model| m.es_admin;
        if any_active(&before, admin) && !any_active(&remaining, admin) {
            return Err(Msg::FamilyLastAdmin);
        }
        if self.has_children && any_active(&before, can_edit) && !any_active(&remaining, can_edit) {
            return Err(Msg::FamilyLastCoparent);
        }
        Ok(())
    }
}

/// Makes the family's row the lock every change of membership takes first: on PostgreSQL the
/// update holds the row until commit, on SQLite it takes the database's write lock. A second
/// change waits and then reads the first one's result. Also dates the family's last change.
/// Gives back whether the family still exists.
pub async fn lock_family(db: &impl ConnectionTrait, familia_id: &str) -> Result<bool, DbErr> {
    let touched = familia::Entity::update_many()
        .col_expr(familia::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(familia::Column::Id.eq(familia_id))
        .exec(db)
        .await?;
    Ok(touched.rows_affected > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: &str, permiso: &str, es_admin: bool) -> miembro::Model {
        miembro::Model {
            id: id.to_owned(),
            familia_id: "f".to_owned(),
            usuario_id: format!("u-{id}"),
            relacion: "otro".to_owned(),
            permiso: permiso.to_owned(),
            es_admin,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    fn roster(members: Vec<miembro::Model>, closed: &[&str], has_children: bool) -> Roster {
        Roster {
            members,
            closed: closed.iter().map(|id| format!("u-{id}")).collect(),
            has_children,
        }
    }

    #[test]
    fn the_only_member_cannot_leave() {
        let r = roster(vec![member("a", "coparent", true)], &[], false);
        assert_eq!(r.check("a", None), Err(Msg::FamilyOnlyMember));
    }

    #[test]
    fn the_last_admin_hands_over_first() {
        let r = roster(
            vec![
                member("a", "coparent", true),
                member("b", "coparent", false),
            ],
            &[],
            false,
        );
        assert_eq!(r.check("a", None), Err(Msg::FamilyLastAdmin));
        let mut stepping_down = member("a", "coparent", false);
        assert_eq!(
            r.check("a", Some(&stepping_down)),
            Err(Msg::FamilyLastAdmin)
        );
        assert_eq!(r.check("b", None), Ok(()));
        // An admin whose account is closed cannot act, so they do not count.
        let r = roster(
            vec![member("a", "coparent", true), member("b", "coparent", true)],
            &["b"],
            false,
        );
        assert_eq!(r.check("a", None), Err(Msg::FamilyLastAdmin));
        stepping_down.es_admin = true;
        assert_eq!(r.check("a", Some(&stepping_down)), Ok(()));
    }

    #[test]
    fn the_heir_is_the_longest_standing_active_coparent() {
        let members = vec![
            member("a", "coparent", true),
            member("b", "viewer", false),
            member("c", "coparent", false),
            member("d", "coparent", false),
        ];
        // While the admin can act, nobody takes over.
        assert!(roster(members.clone(), &[], false).heir().is_none());
        let r = roster(members.clone(), &["a"], false);
        assert_eq!(r.heir().map(|m| m.id.as_str()), Some("c"));
        let r = roster(members, &["a", "c"], false);
        assert_eq!(r.heir().map(|m| m.id.as_str()), Some("d"));
        // Only viewers left: no admin is made of them.
        let r = roster(
            vec![member("a", "coparent", true), member("b", "viewer", false)],
            &["a"],
            false,
        );
        assert!(r.heir().is_none());
    }

    #[test]
    fn a_family_with_children_keeps_an_active_coparent() {
        let members = vec![
            member("a", "coparent", true),
            member("b", "coparent", false),
            member("c", "viewer", false),
        ];
        let r = roster(members.clone(), &["a"], true);
        assert_eq!(r.check("b", None), Err(Msg::FamilyLastCoparent));
        assert_eq!(
            r.check("b", Some(&member("b", "viewer", false))),
            Err(Msg::FamilyLastCoparent)
        );
        assert_eq!(r.check("c", None), Ok(()));
        // Without children there is nothing to look after.
        let r = roster(members, &["a"], false);
        assert_eq!(r.check("b", None), Ok(()));
    }
}
