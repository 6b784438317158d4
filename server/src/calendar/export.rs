//! What the calendar adds to a user's export: the events of their families that they see, and for
//! each family the custody schedule's versions, its holiday periods, the swap requests they took
//! part in and the recorded handovers.

use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

use super::{
    custody::{entities::custodia, entities::periodo, periods::PeriodView, schedule::VersionView},
    events::{access::visible_to, entities::evento, views::EventView},
    swaps::{
        entities::{cambio, entrega},
        requests::{SwapView, view},
    },
};
use crate::{
    db::entities::usuario,
    domain::{ExportFile, export_json},
    error::ApiResult,
    families,
    state::AppState,
};

pub const README: &str = "\
calendario/eventos.json        los eventos de tus familias que ves, con sus repeticiones / your families' events you see, with their repetitions
calendario/custodia.json       el calendario de custodia de cada familia, sus períodos, tus cambios de noches y las entregas / each family's custody schedule, its periods, your night swaps and the handovers\n";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FamilyCustody {
    familia_id: String,
    versiones: Vec<VersionView>,
    periodos: Vec<PeriodView>,
    cambios: Vec<SwapView>,
    entregas: Vec<entrega::Model>,
}

pub async fn files(state: &AppState, user: &usuario::Model) -> ApiResult<Vec<ExportFile>> {
    Ok(vec![
        events(state, user).await?,
        custody(state, user).await?,
    ])
}

/// The events of their families that they see, as stored.
async fn events(state: &AppState, user: &usuario::Model) -> ApiResult<ExportFile> {
    let rows = evento::Entity::find()
        .filter(evento::Column::FamiliaId.in_subquery(families::family_ids_of(&user.id)))
        .filter(visible_to(&user.id))
        .order_by_asc(evento::Column::PrimerInicio)
        .all(&state.db)
        .await?;
    let views = rows
        .iter()
        .map(EventView::of)
        .collect::<ApiResult<Vec<_>>>()?;
    export_json("calendario/eventos.json", &views)
}

async fn custody(state: &AppState, user: &usuario::Model) -> ApiResult<ExportFile> {
    let now = chrono::Utc::now();
    let mut out = Vec::new();
    for membership in families::memberships(state, &user.id).await?.iter() {
        let familia_id = &membership.familia_id;
        let versiones = custodia::Entity::find()
            .filter(custodia::Column::FamiliaId.eq(familia_id))
            .order_by_asc(custodia::Column::Inicio)
            .all(&state.db)
            .await?;
        let periodos = periodo::Entity::find()
            .filter(periodo::Column::FamiliaId.eq(familia_id))
            .order_by_asc(periodo::Column::CreatedAt)
            .all(&state.db)
            .await?;
        let cambios = cambio::Entity::find()
            .filter(cambio::Column::FamiliaId.eq(familia_id))
            .filter(
                Condition::any()
                    .add(cambio::Column::SolicitanteId.eq(&user.id))
                    .add(cambio::Column::DestinatarioId.eq(&user.id)),
            )
            .order_by_asc(cambio::Column::CreatedAt)
            .all(&state.db)
            .await?;
        let entregas = entrega::Entity::find()
            .filter(entrega::Column::FamiliaId.eq(familia_id))
            .order_by_asc(entrega::Column::Fecha)
            .all(&state.db)
            .await?;
        if versiones.is_empty() && periodos.is_empty() && cambios.is_empty() && entregas.is_empty()
        {
            continue;
        }
        out.push(FamilyCustody {
            familia_id: familia_id.clone(),
            versiones: versiones
                .iter()
                .map(super::custody::schedule::view)
                .collect(),
            periodos: periodos.into_iter().map(PeriodView::from).collect(),
            cambios: cambios.iter().map(|c| view(c, &user.id, now)).collect(),
            entregas,
        });
    }
    export_json("calendario/custodia.json", &out)
}
