//! `/api/familias/{id}/finanzas`: the family's currency, the amounts under which expenses
//! approve themselves (per currency), and each co-parent's monthly income (the weights of
//! `ingresos` splits). A family without a row has its zone's currency and nothing else; the row
//! is made by the first change.

use std::collections::BTreeMap;

use axum::extract::State;
use chrono::Utc;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set, TransactionTrait, sea_query::OnConflict};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    access::{coparents, require_coparent},
    entities::finanzas,
    input::{self, amount_or_zero, currency_of_zone},
    notice::publish_change,
};
use crate::{
    error::{ApiResult, ErrorBody, FieldErrors},
    families::{
        FamilyMember,
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    i18n::Msg,
    request::Json,
    state::AppState,
};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// The family's default currency (ISO 4217).
    pub moneda: String,
    /// Currency → amount in minor units: expenses strictly under it approve themselves.
    pub aprobacion_automatica: BTreeMap<String, i64>,
    /// usuarioId → monthly income in minor units.
    pub ingresos: BTreeMap<String, i64>,
}

impl Settings {
    /// The amount under which an expense in `moneda` approves itself.
    pub fn approves_itself(&self, moneda: &str, monto: i64) -> bool {
        self.aprobacion_automatica
            .get(moneda)
            .is_some_and(|limit| monto < *limit)
    }
}

/// The family's settings, or its defaults.
pub async fn load(db: &impl ConnectionTrait, family: &familia::Model) -> Result<Settings, DbErr> {
    let row = finanzas::Entity::find_by_id(&family.id).one(db).await?;
    Ok(match row {
        Some(row) => Settings {
            moneda: row.moneda,
            aprobacion_automatica: serde_json::from_str(&row.aprobacion_automatica)
                .unwrap_or_default(),
            ingresos: serde_json::from_str(&row.ingresos).unwrap_or_default(),
        },
        None => Settings {
            moneda: currency_of_zone(&family.zona_horaria).to_owned(),
            aprobacion_automatica: BTreeMap::new(),
            ingresos: BTreeMap::new(),
        },
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsInput {
    /// ISO 4217; left out: unchanged.
    pub moneda: Option<String>,
    /// Replaces the amounts: `{"ARS": 500000}`; 0 removes a currency's. Left out: unchanged.
    #[schema(value_type = Option<BTreeMap<String, i64>>)]
    pub aprobacion_automatica: Option<BTreeMap<String, Value>>,
    /// Replaces the incomes: `{usuarioId: minor units}` of current co-parents. Left out:
    /// unchanged.
    #[schema(value_type = Option<BTreeMap<String, i64>>)]
    pub ingresos: Option<BTreeMap<String, Value>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsAnswer {
    pub success: bool,
    pub data: Settings,
}

/// The family's finance settings.
#[utoipa::path(get, path = "/familias/{id}/finanzas", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = SettingsAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
    ))]
pub async fn get_settings(
    State(state): State<AppState>,
    access: FamilyMember,
) -> ApiResult<Json<SettingsAnswer>> {
    require_coparent(&access)?;
    Ok(Json(SettingsAnswer {
        success: true,
        data: load(&state.db, &access.family).await?,
    }))
}

/// Change the family's finance settings (any co-parent).
#[utoipa::path(put, path = "/familias/{id}/finanzas", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = SettingsInput,
    responses(
        (status = 200, body = SettingsAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 422, description = "an unknown currency, an amount that is not a whole number from 0 to 10^12, an income of someone who is not a co-parent", body = ErrorBody),
    ))]
pub async fn put_settings(
    State(state): State<AppState>,
    access: FamilyMember,
    Json(body): Json<SettingsInput>,
) -> ApiResult<Json<SettingsAnswer>> {
    require_coparent(&access)?;
    let family = &access.family;
    let mut settings = load(&state.db, family).await?;
    let mut errors = FieldErrors::default();
    if let Some(moneda) = body.moneda.as_deref()
        && let Some(m) = errors.check("moneda", input::currency(Some(moneda)))
    {
        settings.moneda = m;
    }
    if let Some(amounts) = body.aprobacion_automatica {
        let mut checked = BTreeMap::new();
        for (code, value) in amounts {
            match (input::currency(Some(&code)), amount_or_zero(&value)) {
                (Ok(code), Some(v)) => {
                    if v > 0 {
                        checked.insert(code, v);
                    }
                }
                _ => errors.add("aprobacionAutomatica", Msg::MoneyApprovalAmountsInvalid),
            }
        }
        settings.aprobacion_automatica = checked;
    }
    if let Some(incomes) = body.ingresos {
        let members = coparents(&state.db, &family.id).await?;
        let mut checked = BTreeMap::new();
        for (usuario_id, value) in incomes {
            if !members.contains(&usuario_id) {
                errors.add("ingresos", Msg::MoneyNotCoparent);
                continue;
            }
            match amount_or_zero(&value) {
                Some(v) => {
                    checked.insert(usuario_id, v);
                }
                None => errors.add("ingresos", Msg::MoneyIncomesInvalid),
            }
        }
        settings.ingresos = checked;
    }
    errors.into_result()?;
    let to_json =
        |m: &BTreeMap<String, i64>| serde_json::to_string(m).unwrap_or_else(|_| "{}".into());
    let txn = state.db.begin().await?;
    finanzas::Entity::insert(finanzas::ActiveModel {
        familia_id: Set(family.id.clone()),
        moneda: Set(settings.moneda.clone()),
        aprobacion_automatica: Set(to_json(&settings.aprobacion_automatica)),
        ingresos: Set(to_json(&settings.ingresos)),
        updated_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::column(finanzas::Column::FamiliaId)
            .update_columns([
                finanzas::Column::Moneda,
                finanzas::Column::AprobacionAutomatica,
                finanzas::Column::Ingresos,
                finanzas::Column::UpdatedAt,
            ])
            .to_owned(),
    )
    .exec_without_returning(&txn)
    .await?;
    let me = access.auth.user.id.as_str();
    let mut subjects = vec![record::user_subject(me)];
    subjects.extend(settings.ingresos.keys().map(|u| record::user_subject(u)));
    record::append(
        &txn,
        &family.id,
        Act {
            kind: kinds::MONEY_SETTINGS,
            actor: Some(me),
            content: serde_json::json!({
                "moneda": settings.moneda,
                "aprobacionAutomatica": settings.aprobacion_automatica,
                "ingresos": settings.ingresos,
            }),
            subjects,
            audience: Audience::CoParents,
        },
    )
    .await?;
    let wake = publish_change(&txn, &family.id, serde_json::json!({"finanzas": true})).await?;
    txn.commit().await?;
    state.wake(wake);
    Ok(Json(SettingsAnswer {
        success: true,
        data: settings,
    }))
}
