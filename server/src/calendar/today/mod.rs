//! `GET /api/hoy`: what the signed-in app shows at its top, for each of the caller's families:
//! who has the children now and until when, the next exchange, today's events (in the family's
//! zone), the swap requests waiting for the caller's answer; per child their last activity (the
//! latest family-record entry about them) and their coming events; and the invitations waiting
//! for the caller (docs/calendar.md).

pub mod people;
mod view;

use std::collections::HashMap;

use axum::extract::State;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    custody::{
        self,
        plan::{Plan, today},
    },
    events,
    swaps::entities::cambio,
};
use crate::{
    error::{ApiResult, ErrorBody},
    families::{
        entities::{familia, invitacion, miembro},
        record,
    },
    ids::{ChildId, FamilyId, UserId},
    request::{AuthUser, Json},
    state::AppState,
};
pub use view::*;

/// How far ahead a holding's end and the next exchange are looked for.
const LOOK_AHEAD_DAYS: i64 = 62;
/// How far ahead a child's coming events are counted, and how many are listed.
const UPCOMING_DAYS: i64 = 30;
const UPCOMING_LISTED: usize = 3;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_today))
}

/// Today, for the caller: each family's custody now, next exchange, today's events, swaps to
/// answer, and per child their last activity and coming events.
#[utoipa::path(get, path = "/hoy", tag = "calendar", security(("bearer" = [])),
    responses(
        (status = 200, body = TodayAnswer),
        (status = 401, body = ErrorBody),
    ))]
pub async fn get_today(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<TodayAnswer>> {
    Ok(Json(TodayAnswer {
        success: true,
        data: today_of(&state.db, &auth.user, Utc::now()).await?,
    }))
}

pub async fn today_of(
    db: &DatabaseConnection,
    user: &crate::db::entities::usuario::Model,
    now: DateTime<Utc>,
) -> ApiResult<TodayView> {
    let memberships = miembro::Entity::find()
        .filter(miembro::Column::UsuarioId.eq(&user.id))
        .order_by_asc(miembro::Column::CreatedAt)
        .all(db)
        .await?;
    let mut familias = Vec::new();
    for membership in memberships {
        if let Some(family) = familia::Entity::find_by_id(&membership.familia_id)
            .one(db)
            .await?
        {
            familias.push(family_today(db, &family, &UserId::new(&user.id), now).await?);
        }
    }
    let invitaciones_pendientes = invitacion::Entity::find()
        .filter(invitacion::Column::Tipo.eq("email"))
        .filter(invitacion::Column::Email.eq(user.email.to_lowercase()))
        .filter(invitacion::Column::Estado.eq("pendiente"))
        .filter(invitacion::Column::Retenida.eq(false))
        .filter(invitacion::Column::ExpiresAt.gt(now))
        .count(db)
        .await?;
    Ok(TodayView {
        ahora: now,
        familias,
        invitaciones_pendientes,
    })
}

async fn family_today(
    db: &DatabaseConnection,
    family: &familia::Model,
    usuario_id: &UserId,
    now: DateTime<Utc>,
) -> ApiResult<FamilyToday> {
    let familia_id = FamilyId::new(&family.id);
    let zone = custody::zone_of(Some(&family.zona_horaria));
    let fecha = today(zone, now);
    let plan = Plan::load(
        db,
        &familia_id,
        zone,
        fecha - Duration::days(1),
        fecha + Duration::days(LOOK_AHEAD_DAYS),
    )
    .await?;
    let (ahora, proximo_intercambio) = custody_now(&plan, fecha, now);
    let mut people_ids: Vec<String> = Vec::new();
    if let Some(a) = &ahora {
        people_ids.push(a.usuario_id.clone());
    }
    if let Some(e) = &proximo_intercambio {
        people_ids.extend([e.de_usuario_id.clone(), e.a_usuario_id.clone()]);
    }
    let names = people::first_names(db, people_ids).await?;
    let named = |id: &str| names.get(id).cloned().unwrap_or_default();
    let ahora = ahora.map(|mut a| {
        a.nombre = named(&a.usuario_id);
        a
    });
    let proximo_intercambio = proximo_intercambio.map(|mut e| {
        e.de_nombre = named(&e.de_usuario_id);
        e.a_nombre = named(&e.a_usuario_id);
        e
    });
    let day_start = custody::plan::resolve(zone, fecha.and_time(chrono::NaiveTime::MIN));
    let day_end = custody::plan::resolve(
        zone,
        (fecha + Duration::days(1)).and_time(chrono::NaiveTime::MIN),
    );
    let eventos_hoy = events::occurrences(db, &familia_id, usuario_id, day_start, day_end).await?;
    let upcoming = events::occurrences(
        db,
        &familia_id,
        usuario_id,
        now,
        now + Duration::days(UPCOMING_DAYS),
    )
    .await?;
    let children = people::children(db, &familia_id).await?;
    let latest = last_activity(db, &familia_id, &children).await?;
    let hijos = children
        .into_iter()
        .map(|child| {
            let mine: Vec<_> = upcoming
                .iter()
                .filter(|o| o.hijos.iter().any(|h| *h == child.id))
                .collect();
            ChildToday {
                ultima_actividad: latest.get(&child.id).copied(),
                proximos_eventos_total: mine.len() as u64,
                proximos_eventos: mine
                    .into_iter()
                    .take(UPCOMING_LISTED)
                    .map(UpcomingEvent::of)
                    .collect(),
                hijo_id: child.id.into(),
                nombre: child.nombre,
                con: ahora.clone(),
            }
        })
        .collect();
    let por_responder = cambio::Entity::find()
        .filter(cambio::Column::FamiliaId.eq(&familia_id))
        .filter(cambio::Column::DestinatarioId.eq(usuario_id))
        .filter(cambio::Column::Estado.eq(cambio::OPEN))
        .filter(cambio::Column::ResponderAntesDe.gt(now))
        .order_by_asc(cambio::Column::ResponderAntesDe)
        .all(db)
        .await?
        .iter()
        .map(SwapToAnswer::of)
        .collect();
    Ok(FamilyToday {
        familia_id: family.id.clone(),
        nombre: family.nombre.clone(),
        zona_horaria: family.zona_horaria.clone(),
        fecha,
        ahora,
        proximo_intercambio,
        eventos_hoy,
        cambios_por_responder: por_responder,
        hijos,
    })
}

/// Who holds the children at `now` and until when, and the next exchange. The night of D runs
/// from the exchange on D to the exchange on D+1, so before today's exchange time the children
/// are still with yesterday night's holder.
pub fn custody_now(
    plan: &Plan,
    fecha: NaiveDate,
    now: DateTime<Utc>,
) -> (Option<Holding>, Option<NextExchange>) {
    let night = if now >= plan.exchange_at(fecha) {
        fecha
    } else {
        fecha - Duration::days(1)
    };
    let current = plan.actual(night);
    let horizon = fecha + Duration::days(LOOK_AHEAD_DAYS);
    // The next date whose night goes to someone else than the night before.
    let mut previous = current.clone();
    let mut exchange = None;
    for date in (night + Duration::days(1))
        .iter_days()
        .take_while(|d| *d <= horizon)
    {
        let holder = plan.actual(date);
        if let (Some(from), Some(to)) = (&previous, &holder)
            && from != to
        {
            exchange = Some(NextExchange {
                fecha: date,
                at: plan.exchange_at(date),
                de_usuario_id: from.clone(),
                de_nombre: String::new(),
                a_usuario_id: to.clone(),
                a_nombre: String::new(),
            });
            break;
        }
        previous = holder;
    }
    let holding = current.map(|usuario_id| Holding {
        hasta: exchange
            .as_ref()
            .filter(|e| e.de_usuario_id == usuario_id)
            .map(|e| e.at),
        usuario_id,
        nombre: String::new(),
    });
    (holding, exchange)
}

/// The time of the latest family-record entry about each child of the family.
async fn last_activity(
    db: &impl ConnectionTrait,
    familia_id: &FamilyId,
    children: &[people::Child],
) -> Result<HashMap<ChildId, DateTime<Utc>>, DbErr> {
    let mut found = HashMap::new();
    for child in children {
        let hora = record::latest_about(db, familia_id, &record::child_subject(&child.id)).await?;
        if let Some(at) = hora
            .as_deref()
            .and_then(|h| DateTime::parse_from_rfc3339(h).ok())
        {
            found.insert(child.id.clone(), at.with_timezone(&Utc));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::calendar::custody::{
        pattern::Pattern,
        plan::{DEFAULT_EXCHANGE, Version},
    };

    fn date(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().expect("instant")
    }

    /// 7-7 from Monday 2 March 2026 in Madrid, Ana first, exchanges at 18:00 (17:00Z in winter).
    fn plan() -> Plan {
        Plan {
            zone: "Europe/Madrid".parse().expect("zone"),
            versions: vec![Version {
                inicio: date("2026-03-02"),
                pattern: Pattern::parse("7-7", None).expect("pattern"),
                a: "ana".into(),
                b: "beto".into(),
                exchange: DEFAULT_EXCHANGE,
            }],
            periods: Vec::new(),
            swapped: HashMap::new(),
        }
    }

    #[test]
    fn before_the_exchange_the_children_are_still_with_last_nights_parent() {
        let plan = plan();
        // Monday 9 March, Beto's week begins at 18:00.
        let (holding, next) = custody_now(&plan, date("2026-03-09"), at("2026-03-09T16:59:00Z"));
        let holding = holding.expect("a holder");
        assert_eq!(holding.usuario_id, "ana");
        assert_eq!(holding.hasta, Some(at("2026-03-09T17:00:00Z")));
        let next = next.expect("an exchange");
        assert_eq!(
            (next.de_usuario_id.as_str(), next.a_usuario_id.as_str()),
            ("ana", "beto")
        );
        assert_eq!(next.fecha, date("2026-03-09"));

        let (holding, next) = custody_now(&plan, date("2026-03-09"), at("2026-03-09T17:00:00Z"));
        let holding = holding.expect("a holder");
        assert_eq!(holding.usuario_id, "beto");
        // His week ends on Monday 16 March at 18:00.
        assert_eq!(holding.hasta, Some(at("2026-03-16T17:00:00Z")));
        assert_eq!(next.map(|n| n.a_usuario_id), Some("ana".to_owned()));
    }

    #[test]
    fn before_the_first_schedule_nobody_holds_them() {
        let (holding, next) = custody_now(&plan(), date("2026-02-20"), at("2026-02-20T10:00:00Z"));
        assert!(holding.is_none());
        // The first exchange is when Beto's first week begins.
        assert_eq!(next.map(|n| n.fecha), Some(date("2026-03-09")));
    }
}
