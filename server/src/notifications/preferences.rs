//! How each user receives notices: mail and push per kind, quiet hours, discreet mode and the
//! summary mail. Nothing is stored until they change something: no row means the defaults.

use std::collections::HashMap;

use axum::extract::State;
use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    TransactionTrait, sea_query::OnConflict,
};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use super::{
    entities::{ajuste, notificacion, preferencia},
    kinds,
};
use crate::{
    error::{ApiResult, ErrorBody, FieldErrors},
    fields,
    i18n::{self, Msg},
    platform::jobs,
    request::{AuthUser, Json},
    state::AppState,
};

/// A user's settings, the defaults when they never changed them.
pub async fn settings_of(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<ajuste::Model, DbErr> {
    Ok(ajuste::Entity::find_by_id(usuario_id)
        .one(db)
        .await?
        .unwrap_or_else(|| defaults(usuario_id)))
}

fn defaults(usuario_id: &str) -> ajuste::Model {
    ajuste::Model {
        usuario_id: usuario_id.to_owned(),
        silencio_desde: None,
        silencio_hasta: None,
        discreto: false,
        resumen: ajuste::SummaryFrequency::Weekly.as_str().to_owned(),
        resumen_enviado: None,
    }
}

/// The user's (mail, push) choice per kind; kinds without a row are on.
pub async fn choices_of(
    db: &impl ConnectionTrait,
    usuario_id: &str,
) -> Result<HashMap<String, (bool, bool)>, DbErr> {
    Ok(preferencia::Entity::find()
        .filter(preferencia::Column::UsuarioId.eq(usuario_id))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.tipo, (p.email, p.push)))
        .collect())
}

/// Gives the user a settings row if they have none. As a transaction's first statement it also
/// takes SQLite's write lock, so the reads after it cannot go stale before the writes.
pub async fn ensure_settings(db: &impl ConnectionTrait, usuario_id: &str) -> Result<(), DbErr> {
    use sea_orm::IntoActiveModel;
    ajuste::Entity::insert(defaults(usuario_id).into_active_model())
        .on_conflict(
            OnConflict::column(ajuste::Column::UsuarioId)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

pub async fn save_settings(
    db: &impl ConnectionTrait,
    settings: ajuste::Model,
) -> Result<(), DbErr> {
    use sea_orm::IntoActiveModel;
    ajuste::Entity::insert(settings.into_active_model())
        .on_conflict(
            OnConflict::column(ajuste::Column::UsuarioId)
                .update_columns([
                    ajuste::Column::SilencioDesde,
                    ajuste::Column::SilencioHasta,
                    ajuste::Column::Discreto,
                    ajuste::Column::Resumen,
                    ajuste::Column::ResumenEnviado,
                ])
                .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(())
}

pub async fn save_choice(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    tipo: &str,
    email: bool,
    push: bool,
) -> Result<(), DbErr> {
    preferencia::Entity::insert(preferencia::ActiveModel {
        usuario_id: sea_orm::Set(usuario_id.to_owned()),
        tipo: sea_orm::Set(tipo.to_owned()),
        email: sea_orm::Set(email),
        push: sea_orm::Set(push),
    })
    .on_conflict(
        OnConflict::columns([preferencia::Column::UsuarioId, preferencia::Column::Tipo])
            .update_columns([preferencia::Column::Email, preferencia::Column::Push])
            .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct KindPreference {
    #[schema(value_type = super::kinds::NoticeKind)]
    pub tipo: String,
    pub nombre: String,
    pub descripcion: String,
    pub email: bool,
    pub push: bool,
    /// Arrives in quiet hours too.
    pub urgente: bool,
    /// Always by mail and push: shown on, and cannot be turned off.
    pub siempre: bool,
}

/// Quiet hours, "HH:MM" in the user's time zone; `desde` after `hasta` crosses midnight.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuietHours {
    pub desde: String,
    pub hasta: String,
}

/// Quiet hours to set, "HH:MM" each; they must differ.
#[derive(Debug, Deserialize, ToSchema)]
pub struct QuietHoursInput {
    pub desde: Option<String>,
    pub hasta: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Preferences {
    pub tipos: Vec<KindPreference>,
    pub silencio: Option<QuietHours>,
    pub discreto: bool,
    #[schema(value_type = ajuste::SummaryFrequency)]
    pub resumen: String,
    /// The user's time zone, what quiet hours count in.
    #[schema(value_type = crate::time_zone::TimeZoneName)]
    pub zona_horaria: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PreferencesAnswer {
    pub success: bool,
    pub data: Preferences,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct KindChoice {
    #[schema(value_type = super::kinds::NoticeKind)]
    pub tipo: String,
    pub email: bool,
    pub push: bool,
}

/// Every field may be left out to keep it; `silencio: null` removes quiet hours.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PreferencesInput {
    #[serde(default)]
    pub tipos: Vec<KindChoice>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<QuietHoursInput>)]
    pub silencio: Option<Option<QuietHoursInput>>,
    pub discreto: Option<bool>,
    #[schema(value_type = Option<ajuste::SummaryFrequency>)]
    pub resumen: Option<String>,
}

/// A field given as null is `Some(None)`, told apart from a field left out (`None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

async fn answer(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    zona_horaria: &str,
) -> ApiResult<Json<PreferencesAnswer>> {
    let settings = settings_of(db, usuario_id).await?;
    let choices = choices_of(db, usuario_id).await?;
    let lang = i18n::current();
    let tipos = kinds::ALL
        .iter()
        .map(|kind| {
            let (email, push) = if kind.siempre {
                (true, true)
            } else {
                choices.get(kind.tipo).copied().unwrap_or((true, true))
            };
            KindPreference {
                tipo: kind.tipo.to_owned(),
                nombre: kind.nombre(lang).to_owned(),
                descripcion: kind.descripcion(lang).to_owned(),
                email,
                push,
                urgente: kind.urgente,
                siempre: kind.siempre,
            }
        })
        .collect();
    let silencio = match (settings.silencio_desde, settings.silencio_hasta) {
        (Some(desde), Some(hasta)) => Some(QuietHours { desde, hasta }),
        _ => None,
    };
    Ok(Json(PreferencesAnswer {
        success: true,
        data: Preferences {
            tipos,
            silencio,
            discreto: settings.discreto,
            resumen: settings.resumen,
            zona_horaria: zona_horaria.to_owned(),
        },
    }))
}

/// How you receive notices.
#[utoipa::path(get, path = "/notificaciones/preferencias", tag = "notifications", security(("bearer" = [])),
    responses((status = 200, body = PreferencesAnswer), (status = 401, body = ErrorBody)))]
pub async fn get(
    State(state): State<AppState>,
    auth: AuthUser,
) -> ApiResult<Json<PreferencesAnswer>> {
    answer(&state.db, &auth.id, &auth.user.zona_horaria).await
}

fn quiet_hours(value: QuietHoursInput) -> Result<(String, String), Msg> {
    let desde = fields::optional_time(value.desde)?.ok_or(Msg::TimeInvalid)?;
    let hasta = fields::optional_time(value.hasta)?.ok_or(Msg::TimeInvalid)?;
    if desde == hasta {
        return Err(Msg::QuietHoursSame);
    }
    Ok((desde, hasta))
}

fn summary_choice(value: &str) -> Result<ajuste::SummaryFrequency, Msg> {
    crate::vocabulary::one_of(value, Msg::SummaryChoiceInvalid)
}

/// A choice that would silence a kind that always goes out (an emergency).
fn turns_off_always(choice: &KindChoice) -> bool {
    kinds::find(&choice.tipo).is_some_and(|k| k.siempre) && !(choice.email && choice.push)
}

/// Change how you receive notices. Kinds not listed keep their setting; a kind that is `siempre`
/// may be listed only as on (422 otherwise).
#[utoipa::path(put, path = "/notificaciones/preferencias", tag = "notifications", security(("bearer" = [])),
    request_body = PreferencesInput,
    responses(
        (status = 200, body = PreferencesAnswer),
        (status = 401, body = ErrorBody),
        (status = 422, description = "an unknown kind, a `siempre` kind turned off, bad quiet hours or summary", body = ErrorBody),
    ))]
pub async fn put(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(body): Json<PreferencesInput>,
) -> ApiResult<Json<PreferencesAnswer>> {
    let mut errors = FieldErrors::default();
    if body.tipos.iter().any(|c| kinds::find(&c.tipo).is_none()) {
        errors.add("tipos", Msg::NotificationKindUnknown);
    }
    if body.tipos.iter().any(turns_off_always) {
        errors.add("tipos", Msg::NotificationKindAlways);
    }
    let silencio = match body.silencio {
        None => None,
        Some(None) => Some(None),
        Some(Some(value)) => errors.check("silencio", quiet_hours(value)).map(Some),
    };
    let resumen = match body.resumen.as_deref() {
        None => None,
        Some(value) => errors.check("resumen", summary_choice(value)),
    };
    errors.into_result()?;
    let usuario_id = &auth.id;
    let txn = state.db.begin().await?;
    ensure_settings(&txn, usuario_id).await?;
    for choice in &body.tipos {
        save_choice(&txn, usuario_id, &choice.tipo, choice.email, choice.push).await?;
    }
    let mut settings = settings_of(&txn, usuario_id).await?;
    if let Some(silencio) = silencio {
        (settings.silencio_desde, settings.silencio_hasta) = match silencio {
            Some((desde, hasta)) => (Some(desde), Some(hasta)),
            None => (None, None),
        };
    }
    if let Some(discreto) = body.discreto {
        settings.discreto = discreto;
    }
    if let Some(resumen) = resumen {
        settings.resumen = resumen.as_str().to_owned();
    }
    save_settings(&txn, settings).await?;
    // Moved or removed quiet hours may have ended: what they held goes out now.
    release_soon(&txn, usuario_id).await?;
    let answer = answer(&txn, usuario_id, &auth.user.zona_horaria).await;
    txn.commit().await?;
    answer
}

/// The job that looks whether a user's quiet hours are over and sends what they held.
pub const RELEASE_JOB: &str = "notificaciones.liberar";

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleasePayload {
    pub usuario_id: String,
}

/// After a change of quiet hours, inside its transaction: if the user has held notices, a job
/// looks at once whether their hours are over.
pub async fn release_soon(db: &impl ConnectionTrait, usuario_id: &str) -> Result<(), DbErr> {
    let held = notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.eq(usuario_id))
        .filter(notificacion::Column::Entrega.eq(notificacion::HELD))
        .count(db)
        .await?;
    if held > 0 {
        jobs::enqueue(
            db,
            RELEASE_JOB,
            &ReleasePayload {
                usuario_id: usuario_id.to_owned(),
            },
            Utc::now(),
            Some(&format!("{RELEASE_JOB}:{usuario_id}")),
        )
        .await?;
    }
    Ok(())
}
