//! `/api/familias/{id}/finanzas`: the family's currency, the amounts under which expenses
//! approve themselves (per currency), and each co-parent's monthly income (the weights of
//! `ingresos` splits). A family without a row has its zone's currency and nothing else; the row
//! is made by the first change.
//!
//! What could make another co-parent owe more without their word waits for it
//! (`proposals`): raising an automatic amount, changing someone else's income. The rest (the
//! currency, lowering an automatic amount, one's own income) applies at once, and the others are
//! told of it.

use std::collections::BTreeMap;

use axum::{extract::State, http::StatusCode};
use chrono::Utc;
use sea_orm::{
    ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, Set, TransactionTrait,
    sea_query::OnConflict,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    access::{coparents, require_coparent},
    entities::finanzas,
    input::{self, amount_or_zero, currency_of_zone},
    notice::{self, publish_change},
    proposals::{self, Cambios, ProposalView},
};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        FamilyMember,
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    i18n::Msg,
    platform::live::Wake,
    request::Json,
    state::AppState,
};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
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

fn to_json(map: &BTreeMap<String, i64>) -> String {
    serde_json::to_string(map).unwrap_or_else(|_| "{}".into())
}

/// Takes the family's settings row as the lock of every change to them and to their proposals
/// (made with the defaults if it does not exist yet): the transaction's first statement, so two
/// changes queue here, on PostgreSQL by the row lock, on SQLite by the write lock.
pub async fn lock(txn: &impl ConnectionTrait, family: &familia::Model) -> Result<(), DbErr> {
    finanzas::Entity::insert(finanzas::ActiveModel {
        familia_id: Set(family.id.clone()),
        moneda: Set(currency_of_zone(&family.zona_horaria).to_owned()),
        aprobacion_automatica: Set("{}".to_owned()),
        ingresos: Set("{}".to_owned()),
        updated_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::column(finanzas::Column::FamiliaId)
            .update_column(finanzas::Column::FamiliaId)
            .to_owned(),
    )
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// Writes `settings` as the family's.
pub async fn write(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    settings: &Settings,
) -> Result<(), DbErr> {
    finanzas::Entity::insert(finanzas::ActiveModel {
        familia_id: Set(familia_id.to_owned()),
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
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsInput {
    /// ISO 4217; left out: unchanged.
    pub moneda: Option<String>,
    /// Replaces the amounts: `{"ARS": 500000}`; 0 removes a currency's. Left out: unchanged.
    /// Raising one (or setting one where there was none) is proposed to the other co-parents.
    #[schema(value_type = Option<BTreeMap<String, i64>>)]
    pub aprobacion_automatica: Option<BTreeMap<String, Value>>,
    /// Replaces the incomes: `{usuarioId: minor units}` of current co-parents. Left out:
    /// unchanged. One's own applies at once; anyone else's is proposed to the other co-parents.
    #[schema(value_type = Option<BTreeMap<String, i64>>)]
    pub ingresos: Option<BTreeMap<String, Value>>,
}

/// The settings in force, with the proposals to change them that wait for answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    #[serde(flatten)]
    pub settings: Settings,
    /// Pending proposals (at most one), oldest first.
    pub propuestas: Vec<ProposalView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsAnswer {
    pub success: bool,
    pub data: SettingsView,
    /// The proposal this change made, when part of it waits for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub propuesta: Option<ProposalView>,
}

async fn view(state: &AppState, family: &familia::Model) -> ApiResult<SettingsView> {
    let settings = load(&state.db, family).await?;
    let propuestas = proposals::pending_views(&state.db, &family.id).await?;
    Ok(SettingsView {
        settings,
        propuestas,
    })
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
        data: view(&state, &access.family).await?,
        propuesta: None,
    }))
}

/// The settings the body asks for, checked: the current ones with what it replaces.
async fn wanted(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    body: SettingsInput,
) -> ApiResult<Settings> {
    let mut settings = load(db, family).await?;
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
        let members = coparents(db, &family.id).await?;
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
    Ok(settings)
}

/// Records and tells a change applied at once. Inside the change's transaction.
pub async fn applied(
    txn: &DatabaseTransaction,
    familia_id: &str,
    me: &str,
    before: &Settings,
    after: &Settings,
) -> Result<Wake, DbErr> {
    let mut subjects = vec![record::user_subject(me)];
    subjects.extend(after.ingresos.keys().map(|u| record::user_subject(u)));
    subjects.sort();
    subjects.dedup();
    record::append(
        txn,
        familia_id,
        Act {
            kind: kinds::MONEY_SETTINGS,
            actor: Some(me),
            content: serde_json::json!({
                "moneda": after.moneda,
                "aprobacionAutomatica": after.aprobacion_automatica,
                "ingresos": after.ingresos,
            }),
            subjects,
            audience: Audience::CoParents,
        },
    )
    .await?;
    let changed = Cambios::between(before, after);
    let others = coparents(txn, familia_id).await?;
    let told = notice::tell_settings(
        txn,
        familia_id,
        me,
        &others,
        notice::SettingsStep::Changed {
            moneda: (before.moneda != after.moneda).then_some(after.moneda.as_str()),
            cambios: &changed,
            en: &after.moneda,
        },
    )
    .await?;
    let live = publish_change(txn, familia_id, serde_json::json!({"finanzas": true})).await?;
    Ok(told.join(live))
}

/// Change the family's finance settings (any co-parent). What needs the other co-parents'
/// consent (raising an automatic amount, another person's income) becomes a proposal, answered
/// 202 with it; the rest applies at once.
#[utoipa::path(put, path = "/familias/{id}/finanzas", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body = SettingsInput,
    responses(
        (status = 200, description = "applied", body = SettingsAnswer),
        (status = 202, description = "what applies at once applied; the rest waits for the others as `propuesta`", body = SettingsAnswer),
        (status = 401, body = ErrorBody),
        (status = 404, description = "not a co-parent of the family", body = ErrorBody),
        (status = 409, description = "`money_proposal_pending`: a proposal waits already; nothing was changed", body = ErrorBody),
        (status = 422, description = "an unknown currency, an amount that is not a whole number from 0 to 10^12, an income of someone who is not a co-parent", body = ErrorBody),
    ))]
pub async fn put_settings(
    State(state): State<AppState>,
    access: FamilyMember,
    Json(body): Json<SettingsInput>,
) -> ApiResult<(StatusCode, Json<SettingsAnswer>)> {
    require_coparent(&access)?;
    let family = &access.family;
    let me = access.auth.user.id.as_str();
    let asked = wanted(&state.db, family, body).await?;
    let txn = state.db.begin().await?;
    lock(&txn, family).await?;
    let current = load(&txn, family).await?;
    let members = coparents(&txn, &family.id).await?;
    let (now, later) = proposals::split(&current, &asked, me, &members);
    let mut wake = Wake::default();
    let mut made = None;
    if !later.is_empty() {
        if proposals::pending(&txn, &family.id).await?.is_some() {
            return Err(ApiError::conflict(Msg::MoneyProposalPending));
        }
        let (row, told) = proposals::create(&txn, family, me, &current, later).await?;
        wake = wake.join(told);
        made = Some(row);
    }
    if now != current {
        write(&txn, &family.id, &now).await?;
        wake = wake.join(applied(&txn, &family.id, me, &current, &now).await?);
    }
    txn.commit().await?;
    state.wake(wake);
    let propuesta = match made {
        Some(row) => Some(proposals::view(&state.db, row).await?),
        None => None,
    };
    let status = if propuesta.is_some() {
        StatusCode::ACCEPTED
    } else {
        StatusCode::OK
    };
    Ok((
        status,
        Json(SettingsAnswer {
            success: true,
            data: view(&state, family).await?,
            propuesta,
        }),
    ))
}
