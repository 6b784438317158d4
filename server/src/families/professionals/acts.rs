//! What professional access writes into the family record. Every member reads these: who was
//! given access to the family, to what and until when is no one's secret within it. What a
//! professional reads is never written here in detail, only that they read an area on a day.

use sea_orm::{ConnectionTrait, DbErr};
use serde_json::json;

use super::{entities as acceso, store::list};
use crate::{
    families::record::{self, Act, Audience, Kind, kinds, user_subject},
    ids::UserId,
};

fn content(row: &acceso::Model) -> serde_json::Value {
    json!({
        "acceso": row.id,
        "tipo": row.tipo,
        "profesion": row.profesion,
        "email": row.email,
        "alcance": {
            "areas": list(&row.areas),
            "hijos": row.hijos.as_deref().map(list),
            "desde": row.desde.map(|d| d.to_string()),
            "hasta": row.hasta.map(|d| d.to_string()),
        },
        "venceAt": row.vence_at.to_rfc3339(),
    })
}

/// The access and whom it is for: what every later act about it names.
fn who(row: &acceso::Model) -> serde_json::Value {
    json!({"acceso": row.id, "profesion": row.profesion, "email": row.email})
}

async fn write(
    txn: &impl ConnectionTrait,
    row: &acceso::Model,
    kind: Kind,
    actor: Option<&str>,
    content: serde_json::Value,
) -> Result<(), DbErr> {
    let subjects = actor.map(user_subject).into_iter().collect();
    record::append(
        txn,
        &row.familia_id,
        Act {
            kind,
            actor,
            content,
            subjects,
            audience: Audience::Family,
        },
    )
    .await
    .map(|_| ())
}

/// Granted by its grantor.
pub(super) async fn granted(txn: &impl ConnectionTrait, row: &acceso::Model) -> Result<(), DbErr> {
    write(
        txn,
        row,
        kinds::PROFESSIONAL_GRANTED,
        row.otorgado_por.as_deref(),
        content(row),
    )
    .await
}

/// A co-parent consented to a family's professional.
pub(super) async fn consented(
    txn: &impl ConnectionTrait,
    row: &acceso::Model,
    by: &UserId,
) -> Result<(), DbErr> {
    let mut content = who(row);
    content["consentimientos"] = json!(list(&row.consentimientos));
    write(
        txn,
        row,
        kinds::PROFESSIONAL_CONSENTED,
        Some(by.as_str()),
        content,
    )
    .await
}

/// Accepted by the professional (the actor, who is not a member).
pub(super) async fn accepted(txn: &impl ConnectionTrait, row: &acceso::Model) -> Result<(), DbErr> {
    let mut content = who(row);
    content["profesional"] = json!(row.profesional_id);
    write(
        txn,
        row,
        kinds::PROFESSIONAL_ACCEPTED,
        row.profesional_id.as_deref(),
        content,
    )
    .await
}

/// Ended by a co-parent.
pub(super) async fn ended(
    txn: &impl ConnectionTrait,
    row: &acceso::Model,
    by: &UserId,
) -> Result<(), DbErr> {
    write(
        txn,
        row,
        kinds::PROFESSIONAL_ENDED,
        Some(by.as_str()),
        who(row),
    )
    .await
}

/// Ended by the server: its grantor no longer holds a co-parent's rights.
pub(super) async fn ended_by_server(
    txn: &impl ConnectionTrait,
    row: &acceso::Model,
) -> Result<(), DbErr> {
    write(txn, row, kinds::PROFESSIONAL_ENDED, None, who(row)).await
}

/// Its expiry came without its being ended: the server's act.
pub(super) async fn expired(txn: &impl ConnectionTrait, row: &acceso::Model) -> Result<(), DbErr> {
    write(txn, row, kinds::PROFESSIONAL_EXPIRED, None, who(row)).await
}
