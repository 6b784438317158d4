//! The notices of professional access: the other co-parents when a family's professional is
//! proposed; the co-parents when an access starts; the co-parents and the professional when it
//! ends or expires; its grantor a week before it expires. Names come from the access itself
//! (the address invited), so a notice says nothing its readers do not already see in the list.

use sea_orm::{DatabaseTransaction, DbErr, EntityTrait};
use serde_json::json;

use super::entities as acceso;
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult},
    families::{entities::familia, notices},
    notifications::{Notice, kinds},
    platform::live::Wake,
};

/// Where the co-parents manage their family's professionals.
const FAMILY_PAGE: &str = "/profile/coparents";

pub(super) struct About<'a> {
    pub row: &'a acceso::Model,
    pub family: &'a familia::Model,
    /// Who acted, by id and name; none for the server.
    pub actor: Option<(&'a str, String)>,
}

async fn tell(
    txn: &DatabaseTransaction,
    kind: &'static str,
    recipients: &[String],
    about: &About<'_>,
    enlace: Option<&str>,
) -> Result<Wake, DbErr> {
    let zone = about
        .family
        .zona_horaria
        .parse()
        .unwrap_or(chrono_tz::Tz::UTC);
    let hasta = about.row.vence_at.with_timezone(&zone).date_naive();
    notices::notify(
        txn,
        recipients,
        Notice {
            kind,
            familia_id: Some(about.family.id.clone()),
            actor_id: about.actor.as_ref().map(|(id, _)| (*id).to_owned()),
            datos: json!({
                "actor": about.actor.as_ref().map(|(_, name)| name.clone()),
                "email": about.row.email,
                "familia": about.family.nombre,
                "hasta": hasta.format("%Y-%m-%d").to_string(),
            }),
            enlace: enlace.map(str::to_owned),
            objeto_id: Some(about.row.id.clone()),
            solo_app: Vec::new(),
        },
    )
    .await
}

/// The co-parents (an actor among them is not told of their own act): `kinds::PROFESSIONAL_PROPOSED`
/// or `kinds::PROFESSIONAL_STARTED`.
pub(super) async fn coparents_told(
    txn: &DatabaseTransaction,
    kind: &'static str,
    coparents: &[String],
    about: &About<'_>,
) -> Result<Wake, DbErr> {
    tell(txn, kind, coparents, about, Some(FAMILY_PAGE)).await
}

/// A person's name as notices give it.
pub(super) fn full_name(user: &usuario::Model) -> String {
    format!("{} {}", user.nombre, user.apellido)
}

/// Tells the co-parents an access started, `actor` having taken its last step.
pub(super) async fn started(
    txn: &DatabaseTransaction,
    row: &acceso::Model,
    coparents: &[String],
    actor: &usuario::Model,
) -> ApiResult<Wake> {
    let family = familia::Entity::find_by_id(&row.familia_id)
        .one(txn)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let about = About {
        row,
        family: &family,
        actor: Some((&actor.id, full_name(actor))),
    };
    Ok(coparents_told(txn, kinds::PROFESSIONAL_STARTED, coparents, &about).await?)
}

/// An access ended or expired: the co-parents, and the professional if one had accepted it.
pub(super) async fn ended(
    txn: &DatabaseTransaction,
    coparents: &[String],
    about: &About<'_>,
) -> Result<Wake, DbErr> {
    let wake = tell(
        txn,
        kinds::PROFESSIONAL_ENDED,
        coparents,
        about,
        Some(FAMILY_PAGE),
    )
    .await?;
    let Some(professional) = about.row.profesional_id.clone() else {
        return Ok(wake);
    };
    let told = tell(txn, kinds::PROFESSIONAL_ENDED, &[professional], about, None).await?;
    Ok(wake.join(told))
}

/// An access its grantor gave ends within a week.
pub(super) async fn expiring(txn: &DatabaseTransaction, about: &About<'_>) -> Result<Wake, DbErr> {
    let Some(grantor) = about.row.otorgado_por.clone() else {
        return Ok(Wake::none());
    };
    tell(
        txn,
        kinds::PROFESSIONAL_EXPIRING,
        &[grantor],
        about,
        Some(FAMILY_PAGE),
    )
    .await
}
