//! How invitations are shown: to the family that sent them, to whoever holds a link or code,
//! and to the invitee among their received invitations.

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use super::store::{ACCEPTED, CODE, DECLINED, REVOKED};
pub use crate::domain::PersonView;
use crate::vocabulary::ClosedSet;
use crate::{
    db::entities::usuario,
    error::{ApiError, ApiResult},
    families::{Permission, Relation, entities::invitacion},
    i18n::Lang,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InvitationKind {
    Email,
    Codigo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InvitationStatus {
    Pendiente,
    Aceptada,
    Revocada,
    Rechazada,
    /// Pending past its expiry: it no longer works, and can be sent again.
    Vencida,
}

pub(super) fn status_of(invitation: &invitacion::Model, now: DateTime<Utc>) -> InvitationStatus {
    match invitation.estado.as_str() {
        ACCEPTED => InvitationStatus::Aceptada,
        REVOKED => InvitationStatus::Revocada,
        DECLINED => InvitationStatus::Rechazada,
        _ if invitation.expires_at <= now => InvitationStatus::Vencida,
        _ => InvitationStatus::Pendiente,
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationView {
    #[serde(rename = "_id")]
    pub id: String,
    pub familia_id: String,
    pub tipo: InvitationKind,
    /// The invited address (mailed invitations).
    pub email: Option<String>,
    /// The linking code (code invitations): 8 characters without look-alikes.
    pub codigo: Option<String>,
    pub permiso: Permission,
    pub relacion: Relation,
    /// The language of the mail.
    pub idioma: Lang,
    pub estado: InvitationStatus,
    /// Who invited; null once their account is erased.
    pub invitado_por: Option<PersonView>,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    /// When it was last sent.
    pub enviada_at: DateTime<Utc>,
}

pub(super) async fn views(
    db: &impl ConnectionTrait,
    invitations: Vec<invitacion::Model>,
) -> ApiResult<Vec<InvitationView>> {
    let senders: Vec<String> = invitations
        .iter()
        .filter_map(|i| i.invitado_por.clone())
        .collect();
    let senders = usuario::Entity::find()
        .filter(usuario::Column::Id.is_in(senders))
        .all(db)
        .await?;
    let now = Utc::now();
    Ok(invitations
        .into_iter()
        .map(|i| InvitationView {
            estado: status_of(&i, now),
            tipo: if i.tipo == CODE {
                InvitationKind::Codigo
            } else {
                InvitationKind::Email
            },
            invitado_por: i
                .invitado_por
                .as_ref()
                .and_then(|id| senders.iter().find(|u| &u.id == id))
                .map(PersonView::of),
            permiso: Permission::from_wire(&i.permiso).unwrap_or(Permission::Viewer),
            relacion: Relation::from_wire(&i.relacion).unwrap_or(Relation::Otro),
            idioma: Lang::parse(&i.idioma).unwrap_or_default(),
            id: i.id,
            familia_id: i.familia_id,
            email: i.email,
            codigo: i.codigo,
            expires_at: i.expires_at,
            created_at: i.created_at,
            enviada_at: i.enviada_at,
        })
        .collect())
}

pub(super) async fn view(
    db: &impl ConnectionTrait,
    invitation: invitacion::Model,
) -> ApiResult<InvitationView> {
    views(db, vec![invitation])
        .await?
        .pop()
        .ok_or_else(|| ApiError::internal("an invitation vanished"))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationAnswer {
    pub success: bool,
    pub data: InvitationView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FamilyInvitations {
    /// Mailed invitations not yet accepted, revoked or declined (expired ones included), newest first.
    pub pendientes: Vec<InvitationView>,
    /// The family's current linking code, if there is one.
    pub codigo: Option<InvitationView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FamilyInvitationsAnswer {
    pub success: bool,
    pub data: FamilyInvitations,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationPreview {
    pub invitado_por: Option<PersonView>,
    /// The family's name.
    pub familia: String,
    /// The invited address (mailed invitations).
    pub email: Option<String>,
    pub permiso: Permission,
    pub relacion: Relation,
    pub expires_at: DateTime<Utc>,
    /// Someone already has an account with the invited address: they sign in to accept.
    pub cuenta_existe: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationPreviewAnswer {
    pub success: bool,
    pub data: InvitationPreview,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedInvitation {
    #[serde(rename = "_id")]
    pub id: String,
    /// The family's name.
    pub familia: String,
    pub invitado_por: Option<PersonView>,
    pub permiso: Permission,
    pub relacion: Relation,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReceivedAnswer {
    pub success: bool,
    pub data: Vec<ReceivedInvitation>,
}
