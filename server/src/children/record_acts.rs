//! What the children domain writes into the family record (`families::record`): a child added,
//! which parts of its record changed, deleted, restored, purged. Every member reads these, as
//! every member reads the child's record.

use sea_orm::{ConnectionTrait, DbErr};
use serde_json::json;

use super::entities::hijo;
use crate::families::record::{self, Act, Audience, Kind, child_subject, kinds};

/// The parts of a child's record an entry names when they change.
pub mod parts {
    pub const BASIC: &str = "datosBasicos";
    pub const SCHOOL: &str = "informacionEscolar";
    pub const MEDICAL: &str = "informacionMedica";
    pub const ACTIVITIES: &str = "actividades";
    pub const APPOINTMENTS: &str = "turnosMedicos";
    pub const CONTACTS: &str = "contactosEmergencia";
    pub const PHOTO: &str = "foto";
}

async fn write(
    txn: &impl ConnectionTrait,
    kind: Kind,
    child: &hijo::Model,
    actor: Option<&str>,
    content: serde_json::Value,
) -> Result<(), DbErr> {
    record::append(
        txn,
        &child.familia_id,
        Act {
            kind,
            actor,
            content,
            subjects: vec![child_subject(&child.id)],
            audience: Audience::Family,
        },
    )
    .await
    .map(|_| ())
}

pub async fn created(
    txn: &impl ConnectionTrait,
    child: &hijo::Model,
    actor: &str,
) -> Result<(), DbErr> {
    let content = json!({"hijo": child.id, "nombre": child.nombre, "apellido": child.apellido});
    write(txn, kinds::CHILD_CREATED, child, Some(actor), content).await
}

pub async fn changed(
    txn: &impl ConnectionTrait,
    child: &hijo::Model,
    actor: &str,
    parts: &[&str],
) -> Result<(), DbErr> {
    let content = json!({"hijo": child.id, "campos": parts});
    write(txn, kinds::CHILD_CHANGED, child, Some(actor), content).await
}

pub async fn deleted(
    txn: &impl ConnectionTrait,
    child: &hijo::Model,
    actor: &str,
) -> Result<(), DbErr> {
    write(
        txn,
        kinds::CHILD_DELETED,
        child,
        Some(actor),
        json!({"hijo": child.id}),
    )
    .await
}

pub async fn restored(
    txn: &impl ConnectionTrait,
    child: &hijo::Model,
    actor: &str,
) -> Result<(), DbErr> {
    write(
        txn,
        kinds::CHILD_RESTORED,
        child,
        Some(actor),
        json!({"hijo": child.id}),
    )
    .await
}

/// The server's own act: the 30 days to restore it ended. Everything the record held about the
/// child is erased with it; this entry's content goes too.
pub async fn purged(txn: &impl ConnectionTrait, child: &hijo::Model) -> Result<(), DbErr> {
    write(
        txn,
        kinds::CHILD_PURGED,
        child,
        None,
        json!({"hijo": child.id}),
    )
    .await?;
    record::erase_subject(txn, &child_subject(&child.id)).await?;
    Ok(())
}
