//! A card link is made on the strength of being a co-parent, so it ends with that: when its maker
//! stops being a co-parent of the child's family (removed, left, made a viewer, account closed or
//! erased), the links they made there stop working at once. Each one goes into the family record
//! as `tarjeta.revocada` with the reason (`motivo`) and no actor, and the co-parents left are told
//! once per child (`tarjeta.revocada` notice) and hear `tarjetas` live.

use std::collections::BTreeMap;

use chrono::Utc;
use sea_orm::{
    ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, sea_query::Expr,
    sea_query::Query,
};
use serde_json::json;

use super::{co_parents, entities::enlace};
use crate::{
    children::entities::hijo,
    db::entities::usuario,
    domain::{RightsLoss, RightsLost},
    families::{
        self,
        record::{self, Act, Audience, child_subject, kinds},
    },
    notifications,
    platform::live::Wake,
};

/// Revokes the live links `lost.usuario_id` made to the children of `lost.familia_id` (a deleted
/// child's too: restoring it must not bring them back), inside the membership change's
/// transaction.
pub async fn maker_lost_rights(
    txn: &DatabaseTransaction,
    lost: &RightsLost,
) -> Result<Wake, DbErr> {
    let now = Utc::now();
    let children_of_family = Query::select()
        .column(hijo::Column::Id)
        .from(hijo::Entity)
        .and_where(hijo::Column::FamiliaId.eq(&lost.familia_id))
        .to_owned();
    let links = enlace::Entity::find()
        .filter(enlace::Column::CreadoPor.eq(&lost.usuario_id))
        .filter(enlace::Column::HijoId.in_subquery(children_of_family))
        .filter(enlace::Column::RevocadoAt.is_null())
        .filter(enlace::Column::VenceAt.gt(now))
        .all(txn)
        .await?;
    if links.is_empty() {
        return Ok(Wake::none());
    }
    enlace::Entity::update_many()
        .col_expr(enlace::Column::RevocadoAt, Expr::value(now))
        .filter(enlace::Column::Id.is_in(links.iter().map(|l| l.id.clone())))
        .exec(txn)
        .await?;
    let mut by_child: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for link in links {
        by_child.entry(link.hijo_id).or_default().push(link.id);
    }
    let children = hijo::Entity::find()
        .filter(hijo::Column::Id.is_in(by_child.keys().cloned()))
        .all(txn)
        .await?;
    // An erased account's name is not written anywhere new: the notice says "someone".
    let maker = match lost.how {
        RightsLoss::AccountErased => None,
        _ => usuario::Entity::find_by_id(&lost.usuario_id)
            .one(txn)
            .await?
            .map(|u| format!("{} {}", u.nombre, u.apellido)),
    };
    let mut parents = co_parents(txn, &lost.familia_id).await?;
    // A closed or erased account is still a member until it goes: it is told nothing.
    parents.retain(|p| p != &lost.usuario_id);
    let mut wake = Wake::none();
    for child in &children {
        for enlace_id in by_child.get(&child.id).into_iter().flatten() {
            let content = json!({"hijo": child.id, "enlace": enlace_id, "motivo": lost.how.code()});
            record::append(
                txn,
                &child.familia_id,
                Act {
                    kind: kinds::CARD_LINK_REVOKED,
                    actor: None,
                    content,
                    subjects: vec![child_subject(&child.id)],
                    audience: Audience::CoParents,
                },
            )
            .await?;
        }
        let notice = notifications::Notice {
            kind: notifications::kinds::CARD_LINKS_REVOKED,
            familia_id: Some(child.familia_id.clone()),
            actor_id: None,
            datos: json!({"hijo": child.nombre, "miembro": maker}),
            enlace: Some(format!("/children/{}", child.id)),
            objeto_id: Some(child.id.clone()),
            solo_app: Vec::new(),
        };
        wake = wake
            .join(families::notices::notify(txn, &parents, notice).await?)
            .join(super::publish(txn, &parents, child).await?);
    }
    Ok(wake)
}
