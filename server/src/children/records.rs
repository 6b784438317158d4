//! A child with its lists, loaded together, and the children of each family kept in memory:
//! the children pages are read far more often than they change, and every change announces
//! itself (`platform::changes`), which drops the family's copy on every instance.

use std::{collections::HashMap, sync::Arc};

use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};

use super::entities::{actividad, contacto, hijo, turno};
use crate::{platform::cache::Cache, state::AppState};

pub struct ChildRecord {
    pub child: hijo::Model,
    /// In the order they were added.
    pub activities: Vec<actividad::Model>,
    /// By date.
    pub appointments: Vec<turno::Model>,
    /// In calling order.
    pub contacts: Vec<contacto::Model>,
}

/// Each family's children with their lists, youngest last.
pub type FamilyChildren = Cache<Arc<Vec<Arc<ChildRecord>>>>;

pub fn family_children_cache() -> FamilyChildren {
    // Five minutes is only the safety net for a missed announcement (a reconnecting listener
    // drops everything anyway); 20,000 families of two children take about 40 MB.
    Cache::new(std::time::Duration::from_secs(300), 20_000)
}

/// Loads the lists of many children in one query per list (not one per child), the three at once.
pub async fn load(
    db: &sea_orm::DatabaseConnection,
    children: Vec<hijo::Model>,
) -> Result<Vec<ChildRecord>, DbErr> {
    let ids: Vec<String> = children.iter().map(|c| c.id.clone()).collect();
    let (activities, appointments, contacts) = tokio::try_join!(
        actividad::Entity::find()
            .filter(actividad::Column::HijoId.is_in(ids.clone()))
            .order_by_asc(actividad::Column::CreatedAt)
            .all(db),
        turno::Entity::find()
            .filter(turno::Column::HijoId.is_in(ids.clone()))
            .order_by_asc(turno::Column::FechaHora)
            .all(db),
        contacto::Entity::find()
            .filter(contacto::Column::HijoId.is_in(ids))
            .all(db),
    )?;
    let mut activities = by_key(activities, |a| &a.hijo_id);
    let mut appointments = by_key(appointments, |t| &t.hijo_id);
    let mut contacts = by_key(contacts, |c| &c.hijo_id);
    Ok(children
        .into_iter()
        .map(|child| {
            let mut contacts = contacts.remove(&child.id).unwrap_or_default();
            sort_contacts(&mut contacts);
            ChildRecord {
                activities: activities.remove(&child.id).unwrap_or_default(),
                appointments: appointments.remove(&child.id).unwrap_or_default(),
                contacts,
                child,
            }
        })
        .collect())
}

fn by_key<T>(rows: Vec<T>, key: impl Fn(&T) -> &String) -> HashMap<String, Vec<T>> {
    let mut grouped: HashMap<String, Vec<T>> = HashMap::new();
    for row in rows {
        grouped.entry(key(&row).clone()).or_default().push(row);
    }
    grouped
}

/// Every child of every family the user belongs to, youngest last.
pub async fn visible_to(
    state: &AppState,
    usuario_id: &str,
) -> Result<Vec<Arc<ChildRecord>>, DbErr> {
    let families: Vec<String> = crate::families::memberships(state, usuario_id)
        .await?
        .iter()
        .map(|m| m.familia_id.clone())
        .collect();
    of_families(state, &families).await
}

/// One family's children, from memory where possible.
pub async fn of_family(state: &AppState, familia_id: &str) -> Result<Vec<Arc<ChildRecord>>, DbErr> {
    of_families(state, &[familia_id.to_owned()]).await
}

/// The children of these families, from memory where possible; the families not in memory are
/// loaded together (four queries however many they are).
async fn of_families(
    state: &AppState,
    family_ids: &[String],
) -> Result<Vec<Arc<ChildRecord>>, DbErr> {
    let cache = state.part::<FamilyChildren>();
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for id in family_ids {
        match cache.get(id) {
            Some(children) => found.extend(children.iter().cloned()),
            None => missing.push(id.clone()),
        }
    }
    if !missing.is_empty() {
        let generation = cache.generation();
        let children = hijo::Entity::find()
            .filter(hijo::Column::FamiliaId.is_in(missing.clone()))
            // A deleted record is hidden from everyone until restored (`deletion`).
            .filter(hijo::Column::EliminadoAt.is_null())
            .all(&state.db)
            .await?;
        let mut loaded = by_key(
            load(&state.db, children)
                .await?
                .into_iter()
                .map(Arc::new)
                .collect(),
            |r: &Arc<ChildRecord>| &r.child.familia_id,
        );
        for id in missing {
            let mut children = loaded.remove(&id).unwrap_or_default();
            children.sort_by(|a, b| youngest_last(a, b));
            found.extend(children.iter().cloned());
            cache.put(generation, id, Arc::new(children));
        }
    }
    found.sort_by(|a, b| youngest_last(a, b));
    Ok(found)
}

fn youngest_last(a: &ChildRecord, b: &ChildRecord) -> std::cmp::Ordering {
    (a.child.fecha_nacimiento, &a.child.id).cmp(&(b.child.fecha_nacimiento, &b.child.id))
}

/// Emergency contacts in calling order: by priority, missing priorities last (as 999).
fn sort_contacts(contacts: &mut [contacto::Model]) {
    contacts.sort_by_key(|c| (c.prioridad.unwrap_or(999), c.created_at));
}
