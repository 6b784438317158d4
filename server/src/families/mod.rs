//! Families: the group of adults around a set of children. Every user gets one at registration.

pub mod entities;

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, Set};

use crate::ids;
use entities::{familia, miembro};

pub const DEFAULT_TIME_ZONE: &str = "America/Argentina/Buenos_Aires";

/// Co-parents may change the family's records; viewers (a grandparent, a caregiver) only read.
pub const EDITING_PERMISSIONS: [&str; 1] = ["coparent"];

pub fn can_edit(member: &miembro::Model) -> bool {
    EDITING_PERMISSIONS.contains(&member.permiso.as_str())
}

/// Creates the family a new user starts with, with the user as its admin co-parent.
pub async fn create_own_family(
    db: &impl ConnectionTrait,
    usuario_id: &str,
    apellido: &str,
) -> Result<familia::Model, DbErr> {
    let now = Utc::now();
    let family = familia::ActiveModel {
        id: Set(ids::new_id()),
        nombre: Set(format!("Familia {apellido}")),
        zona_horaria: Set(DEFAULT_TIME_ZONE.to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(db)
    .await?;
    miembro::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(family.id.clone()),
        usuario_id: Set(usuario_id.to_owned()),
        relacion: Set("otro".to_owned()),
        permiso: Set("coparent".to_owned()),
        es_admin: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(family)
}
