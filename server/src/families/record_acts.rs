//! What the families domain writes into the family record: a family made, renamed or moved to
//! another time zone, members joining, leaving, removed, and changes to their access or role.
//! Every member reads these: the family's own make-up is no one's secret within it.

use sea_orm::{ConnectionTrait, DbErr};
use serde_json::json;

use super::{
    entities::miembro,
    record::{self, Act, Audience, Kind, kinds, user_subject},
};
use crate::ids::{FamilyId, UserId};

async fn write(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    kind: Kind,
    actor: Option<&str>,
    content: serde_json::Value,
    subjects: Vec<String>,
) -> Result<(), DbErr> {
    record::append(
        txn,
        familia_id,
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

fn member_content(member: &miembro::Model) -> serde_json::Value {
    json!({
        "miembro": member.id,
        "usuario": member.usuario_id,
        "permiso": member.permiso,
        "relacion": member.relacion,
        "esAdmin": member.es_admin,
    })
}

/// The family's first entry: it was made, with its creator as admin.
pub async fn family_created(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    nombre: &str,
    creator: &miembro::Model,
) -> Result<(), DbErr> {
    let content = json!({"nombre": nombre, "creador": member_content(creator)});
    let actor = Some(creator.usuario_id.as_str());
    let subjects = vec![user_subject(&creator.usuario_id)];
    write(
        txn,
        familia_id,
        kinds::FAMILY_CREATED,
        actor,
        content,
        subjects,
    )
    .await
}

/// The family's name or time zone changed: both as they are now.
pub async fn family_changed(
    txn: &impl ConnectionTrait,
    familia_id: &FamilyId,
    actor: &UserId,
    nombre: &str,
    zona_horaria: &str,
) -> Result<(), DbErr> {
    let content = json!({"nombre": nombre, "zonaHoraria": zona_horaria});
    write(
        txn,
        familia_id,
        kinds::FAMILY_CHANGED,
        Some(actor),
        content,
        vec![],
    )
    .await
}

/// A member joined by accepting `invitacion_id`.
pub async fn member_joined(
    txn: &impl ConnectionTrait,
    member: &miembro::Model,
    invitacion_id: &str,
) -> Result<(), DbErr> {
    let mut content = member_content(member);
    content["invitacion"] = json!(invitacion_id);
    let subjects = vec![user_subject(&member.usuario_id)];
    let actor = Some(member.usuario_id.as_str());
    write(
        txn,
        &member.familia_id,
        kinds::MEMBER_JOINED,
        actor,
        content,
        subjects,
    )
    .await
}

/// A member left (`actor` is the member) or was removed (by `actor`, an admin).
pub async fn member_gone(
    txn: &impl ConnectionTrait,
    member: &miembro::Model,
    actor: &str,
) -> Result<(), DbErr> {
    let kind = if actor == member.usuario_id {
        kinds::MEMBER_LEFT
    } else {
        kinds::MEMBER_REMOVED
    };
    let content = member_content(member);
    let subjects = vec![user_subject(&member.usuario_id)];
    write(
        txn,
        &member.familia_id,
        kind,
        Some(actor),
        content,
        subjects,
    )
    .await
}

/// A member's account was erased after its grace period: the server's act.
pub async fn member_erased(
    txn: &impl ConnectionTrait,
    member: &miembro::Model,
) -> Result<(), DbErr> {
    let content = member_content(member);
    let subjects = vec![user_subject(&member.usuario_id)];
    write(
        txn,
        &member.familia_id,
        kinds::MEMBER_REMOVED,
        None,
        content,
        subjects,
    )
    .await
}

/// A member's permission, relation or admin role changed; `actor` None when the server made the
/// change (an heir made admin when the last admin closed their account).
pub async fn member_changed(
    txn: &impl ConnectionTrait,
    before: &miembro::Model,
    after: &miembro::Model,
    actor: Option<&str>,
) -> Result<(), DbErr> {
    let content = json!({"antes": member_content(before), "despues": member_content(after)});
    let subjects = vec![user_subject(&after.usuario_id)];
    write(
        txn,
        &after.familia_id,
        kinds::MEMBER_CHANGED,
        actor,
        content,
        subjects,
    )
    .await
}
