//! Reading and judging professional accesses: their state, the family's co-parents whose consent
//! a family access needs, and the one access a route names.

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

use super::{
    entities::{self as acceso},
    input::AccessKind,
};
use crate::{
    closed_set,
    error::{ApiError, ApiResult},
    platform::rate_limit::Limit,
    vocabulary::ClosedSet,
};

closed_set! {
    /// Where an access stands. Pending: not yet accepted, or (for a family's professional) not
    /// yet consented by every co-parent.
    pub enum AccessState {
        Pending = "pendiente",
        Active = "activo",
        Ended = "terminado",
        Expired = "vencido",
    }
}

/// Accesses a co-parent grants in an hour: room for a family's lawyers and mediators, not for
/// mailing strangers.
pub(super) const GRANTS_PER_USER: Limit = Limit {
    name: "professional_grant_user",
    max: 20,
    window: std::time::Duration::from_secs(60 * 60),
};

/// Acceptance tries per person in a quarter of an hour: a link's secret is not guessed.
pub(super) const ACCEPT_PER_USER: Limit = Limit {
    name: "professional_accept_user",
    max: 20,
    window: std::time::Duration::from_secs(15 * 60),
};

pub(super) fn list(json: &str) -> Vec<String> {
    serde_json::from_str(json).unwrap_or_default()
}

pub(super) fn kind_of(row: &acceso::Model) -> Option<AccessKind> {
    AccessKind::from_wire(&row.tipo)
}

/// The co-parents whose consent a family access still waits for; none for a parent's own.
pub(super) fn missing_consents(row: &acceso::Model, coparents: &[String]) -> Vec<String> {
    if kind_of(row) != Some(AccessKind::Family) {
        return Vec::new();
    }
    let given = list(&row.consentimientos);
    coparents
        .iter()
        .filter(|id| !given.contains(id))
        .cloned()
        .collect()
}

/// Where `row` stands at `now`, given the family's co-parents today: a family access is active
/// only while every one of them has consented, so a co-parent who joins later is asked too.
pub(super) fn state_of(
    row: &acceso::Model,
    coparents: &[String],
    now: DateTime<Utc>,
) -> AccessState {
    if row.terminado_at.is_some() {
        AccessState::Ended
    } else if row.vence_at <= now {
        AccessState::Expired
    } else if row.profesional_id.is_some() && missing_consents(row, coparents).is_empty() {
        AccessState::Active
    } else {
        AccessState::Pending
    }
}

/// The access `id`, whatever its family; 404 when there is none.
pub(super) async fn find(db: &impl ConnectionTrait, id: &str) -> ApiResult<acceso::Model> {
    acceso::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// The family's accesses, newest first.
pub(super) async fn of_family(
    db: &impl ConnectionTrait,
    familia_id: &str,
) -> Result<Vec<acceso::Model>, DbErr> {
    acceso::Entity::find()
        .filter(acceso::Column::FamiliaId.eq(familia_id))
        .order_by_desc(acceso::Column::CreatedAt)
        .order_by_desc(acceso::Column::Id)
        .all(db)
        .await
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;

    fn row(tipo: &str) -> acceso::Model {
        let now = Utc::now();
        acceso::Model {
            id: "a".into(),
            familia_id: "f".into(),
            tipo: tipo.into(),
            profesion: "mediador".into(),
            email: "m@example.org".into(),
            idioma: "es".into(),
            otorgado_por: Some("ana".into()),
            profesional_id: None,
            areas: r#"["mensajes"]"#.into(),
            hijos: None,
            desde: None,
            hasta: None,
            vence_at: now + Duration::days(30),
            consentimientos: r#"["ana"]"#.into(),
            token_hash: None,
            aceptado_at: None,
            terminado_at: None,
            terminado_por: None,
            vencido_at: None,
            avisado_at: None,
            created_at: now,
            updated_at: now,
        }
    }

    #[test]
    fn an_access_is_active_once_accepted_and_for_a_family_consented_by_every_coparent() {
        let now = Utc::now();
        let coparents = ["ana".to_owned(), "beto".to_owned()];
        let mut own = row("de-parte");
        assert_eq!(state_of(&own, &coparents, now), AccessState::Pending);
        own.profesional_id = Some("pro".into());
        assert_eq!(state_of(&own, &coparents, now), AccessState::Active);
        let mut family = row("de-familia");
        family.profesional_id = Some("pro".into());
        assert_eq!(missing_consents(&family, &coparents), ["beto"]);
        assert_eq!(state_of(&family, &coparents, now), AccessState::Pending);
        family.consentimientos = r#"["ana","beto"]"#.into();
        assert_eq!(state_of(&family, &coparents, now), AccessState::Active);
        // A co-parent who joins later must consent too.
        let three = ["ana".to_owned(), "beto".to_owned(), "caro".to_owned()];
        assert_eq!(state_of(&family, &three, now), AccessState::Pending);
        // Its end and its expiry win over everything.
        assert_eq!(
            state_of(&family, &coparents, now + Duration::days(31)),
            AccessState::Expired
        );
        family.terminado_at = Some(now);
        assert_eq!(state_of(&family, &coparents, now), AccessState::Ended);
    }
}
