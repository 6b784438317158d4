//! `/api/familias/{id}/finanzas`: the family's finance settings, read and changed by any
//! co-parent.
//!
//! What could make another co-parent owe more without their word waits for it
//! (`proposals`): raising an automatic amount, changing someone else's income. The rest (the
//! currency, lowering an automatic amount, one's own income) applies at once, and the others are
//! told of it.

use std::collections::BTreeMap;

use axum::{extract::State, http::StatusCode};
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr, TransactionTrait};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    access::{Money, coparents},
    input::{self, amount_or_zero},
    notice::{self, publish_change},
    proposals::{self, SettingsAnswer, SettingsView},
    settings::{self, Settings, SettingsChanges, load, lock, write},
};
use crate::families::{Changes, Reads};
use crate::{
    error::{ApiError, ApiResult, ErrorBody, FieldErrors},
    families::{
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    i18n::Msg,
    ids::{FamilyId, UserId},
    platform::live::{MoneySubject, Wake},
    request::Json,
    state::AppState,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsInput {
    /// ISO 4217; left out: unchanged.
    #[schema(pattern = "^[A-Z]{3}$", example = "ARS")]
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
    access: Reads<Money>,
) -> ApiResult<Json<SettingsAnswer>> {
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
    let changed = SettingsChanges::between(before, after);
    let others = coparents(txn, familia_id).await?;
    let told = notice::tell_settings(
        txn,
        &FamilyId::new(familia_id),
        &UserId::new(me),
        &others,
        notice::SettingsStep::Changed {
            moneda: (before.moneda != after.moneda).then_some(after.moneda.as_str()),
            cambios: &changed,
            en: &after.moneda,
        },
    )
    .await?;
    let live = publish_change(txn, familia_id, MoneySubject::Settings(true)).await?;
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
    access: Changes<Money>,
    Json(body): Json<SettingsInput>,
) -> ApiResult<(StatusCode, Json<SettingsAnswer>)> {
    let family = &access.family;
    let me = access.auth.user.id.as_str();
    let asked = wanted(&state.db, family, body).await?;
    let txn = state.db.begin().await?;
    lock(&txn, family).await?;
    let current = load(&txn, family).await?;
    let members = coparents(&txn, &family.id).await?;
    let (now, later) = settings::split(&current, &asked, me, &members);
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
