//! The bodies and queries of the invitation routes, and the checks of their fields.

use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::vocabulary::ClosedSet;
use crate::{
    families::{Permission, Relation},
    i18n::Msg,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteRequest {
    #[schema(required = true, value_type = String, format = Email, max_length = 254)]
    pub(super) email: Option<String>,
    /// coparent (the default) or viewer.
    #[schema(value_type = Option<Permission>)]
    pub(super) permiso: Option<String>,
    /// The invitee's relation to the children; otro when absent.
    #[schema(value_type = Option<Relation>)]
    pub(super) relacion: Option<String>,
    /// es or en: the language of the mail; the caller's when absent.
    #[schema(value_type = Option<crate::i18n::Lang>)]
    pub(super) idioma: Option<String>,
}

pub(super) fn permission(value: Option<String>) -> Result<Permission, Msg> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(Permission::Coparent),
        Some(v) => Permission::from_wire(&v.to_lowercase()).ok_or(Msg::PermissionInvalid),
    }
}

pub(super) fn relation(value: Option<String>) -> Result<Relation, Msg> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(Relation::Otro),
        Some(v) => Relation::from_wire(&v.to_lowercase()).ok_or(Msg::RelationInvalid),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeRequest {
    /// coparent (the default) or viewer: what whoever types the code may do.
    #[schema(value_type = Option<Permission>)]
    pub(super) permiso: Option<String>,
    /// Their relation to the children; otro when absent.
    #[schema(value_type = Option<Relation>)]
    pub(super) relacion: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookUpQuery {
    /// The secret of a mailed link.
    pub(super) token: Option<String>,
    /// A linking code.
    pub(super) codigo: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptRequest {
    /// The secret of a mailed link.
    pub(super) token: Option<String>,
    /// A linking code.
    pub(super) codigo: Option<String>,
    /// One of the caller's received invitations (`GET /invitaciones/recibidas`).
    pub(super) invitacion_id: Option<String>,
}
