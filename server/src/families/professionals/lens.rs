//! What a professional sees of a family through their active access: the areas, children and
//! period of its scope, and whose view they read. A parent's own professional reads what that
//! parent reads; a family's professional reads what every co-parent shares. Each domain applies
//! the lens to the routes it opens to professionals (`families::access`, `Need::Look`).

use std::time::Duration;

use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set,
    sea_query::{IntoTableRef, OnConflict, Query},
};
use serde_json::json;

use super::{
    entities::{self as acceso, lectura},
    input::{AccessKind, Area, Profession},
    store::{AccessState, kind_of, list, state_of},
};
use crate::{
    families::{
        entities::familia,
        record::{self, Act, Audience, kinds},
    },
    platform::cache::Cache,
    vocabulary::ClosedSet,
};

#[derive(Clone, Debug)]
pub struct Lens {
    pub access_id: String,
    pub kind: AccessKind,
    pub profession: Option<Profession>,
    /// The co-parent whose view a parent's own professional reads.
    pub grantor: Option<String>,
    pub areas: Vec<Area>,
    /// Some of the family's children; None for every child.
    pub children: Option<Vec<String>>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// The family's time zone, whose days the period counts.
    pub zone: Tz,
}

impl Lens {
    pub fn covers(&self, area: Area) -> bool {
        self.areas.contains(&area)
    }

    /// Whether a child is in scope.
    pub fn child(&self, hijo_id: &str) -> bool {
        self.children
            .as_ref()
            .is_none_or(|ids| ids.iter().any(|id| id == hijo_id))
    }

    /// Whether something about these children is in scope: about none of them (the family's as
    /// a whole), or about at least one in scope.
    pub fn any_child<'a>(&self, hijos: impl IntoIterator<Item = &'a str>) -> bool {
        let mut about = hijos.into_iter().peekable();
        about.peek().is_none() || about.any(|id| self.child(id))
    }

    /// Whether a day of the family's calendar is in the period.
    pub fn day(&self, day: NaiveDate) -> bool {
        self.from.is_none_or(|from| day >= from) && self.to.is_none_or(|to| day <= to)
    }

    /// Whether a moment falls on a day of the period.
    pub fn moment(&self, at: DateTime<Utc>) -> bool {
        self.day(at.with_timezone(&self.zone).date_naive())
    }

    /// The period as instants: its first moment and the first moment after it, either open.
    pub fn instants(&self) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
        let start = |day: NaiveDate| {
            self.zone
                .from_local_datetime(&day.and_time(NaiveTime::MIN))
                .earliest()
                .map(|at| at.with_timezone(&Utc))
        };
        (
            self.from.and_then(start),
            self.to.and_then(|to| to.succ_opt()).and_then(start),
        )
    }

    /// Who reads what this professional read: their grantor alone for a parent's own (the other
    /// members see that the access exists, not what was viewed), every co-parent for a family's.
    pub fn log_readers(&self) -> Audience {
        match self.kind {
            AccessKind::OneParent => Audience::Users(self.grantor.iter().cloned().collect()),
            AccessKind::Family => Audience::CoParents,
        }
    }

    /// Of things tied to children through a link table (`thing` and `child` its columns), those
    /// about a child in scope or about none in particular, as a condition on the thing's `id`;
    /// None when every child is in scope.
    pub fn about_children<L, C>(
        &self,
        id: impl ColumnTrait,
        link: L,
        thing: C,
        child: C,
    ) -> Option<Condition>
    where
        L: IntoTableRef + Clone,
        C: ColumnTrait,
    {
        let children = self.children.as_ref()?;
        let about_any = Query::select().column(thing).from(link.clone()).to_owned();
        let about_theirs = Query::select()
            .column(thing)
            .from(link)
            .and_where(child.is_in(children.clone()))
            .to_owned();
        Some(
            Condition::any()
                .add(id.not_in_subquery(about_any))
                .add(id.in_subquery(about_theirs)),
        )
    }

    /// Whether things shared by every co-parent are all this professional reads.
    pub fn shared_only(&self) -> bool {
        self.kind == AccessKind::Family
    }
}

/// The active access through which `professional` reads `family`, if any; given the family's
/// co-parents today (a family's professional needs each one's consent). Of several at once, the
/// oldest.
pub async fn active(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    professional: &str,
    coparents: &[String],
) -> Result<Option<Lens>, DbErr> {
    Ok(all_active(db, family, professional, coparents)
        .await?
        .into_iter()
        .next())
}

/// Every active access of `professional` to `family`, oldest first.
pub async fn all_active(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    professional: &str,
    coparents: &[String],
) -> Result<Vec<Lens>, DbErr> {
    let now = Utc::now();
    let rows = acceso::Entity::find()
        .filter(acceso::Column::FamiliaId.eq(&family.id))
        .filter(acceso::Column::ProfesionalId.eq(professional))
        .filter(acceso::Column::TerminadoAt.is_null())
        .filter(acceso::Column::VenceAt.gt(now))
        .order_by_asc(acceso::Column::CreatedAt)
        .order_by_asc(acceso::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| lens_of(row, family, coparents, now))
        .collect())
}

/// One access's lens and its professional, if it is active today.
pub async fn of_access(
    db: &impl ConnectionTrait,
    family: &familia::Model,
    access_id: &str,
    coparents: &[String],
) -> Result<Option<(Lens, String)>, DbErr> {
    let Some(row) = acceso::Entity::find_by_id(access_id)
        .filter(acceso::Column::FamiliaId.eq(&family.id))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let Some(professional) = row.profesional_id.clone() else {
        return Ok(None);
    };
    Ok(lens_of(row, family, coparents, Utc::now()).map(|lens| (lens, professional)))
}

/// The lens of an access row, if it is active at `now`.
fn lens_of(
    row: acceso::Model,
    family: &familia::Model,
    coparents: &[String],
    now: DateTime<Utc>,
) -> Option<Lens> {
    if state_of(&row, coparents, now) != AccessState::Active {
        return None;
    }
    let kind = kind_of(&row)?;
    // A parent's own professional reads through the eyes of a co-parent, or not at all.
    if kind == AccessKind::OneParent
        && !row
            .otorgado_por
            .as_ref()
            .is_some_and(|g| coparents.contains(g))
    {
        return None;
    }
    Some(Lens {
        kind,
        profession: Profession::from_wire(&row.profesion),
        grantor: row.otorgado_por.clone(),
        areas: list(&row.areas)
            .iter()
            .filter_map(|a| Area::from_wire(a))
            .collect(),
        children: row.hijos.as_deref().map(list),
        from: row.desde,
        to: row.hasta,
        zone: family.zona_horaria.parse().unwrap_or(Tz::UTC),
        access_id: row.id,
    })
}

/// The families `professional` holds an access to that has not ended nor expired (active or not:
/// `active` judges each).
pub async fn families_of(
    db: &impl ConnectionTrait,
    professional: &str,
) -> Result<Vec<String>, DbErr> {
    let mut ids: Vec<String> = acceso::Entity::find()
        .filter(acceso::Column::ProfesionalId.eq(professional))
        .filter(acceso::Column::TerminadoAt.is_null())
        .filter(acceso::Column::VenceAt.gt(Utc::now()))
        .all(db)
        .await?
        .into_iter()
        .map(|row| row.familia_id)
        .collect();
    ids.sort();
    ids.dedup();
    Ok(ids)
}

/// The readings this instance has noted today, so that a professional's every later request that
/// day writes nothing: the database's own mark (`note_reading`) settles the rest, across instances.
pub struct Noted(Cache<()>);

impl Noted {
    pub fn new() -> Noted {
        // A day and a little: a key names its day, so an entry outliving it does no harm.
        Noted(Cache::new(Duration::from_secs(26 * 60 * 60), 50_000))
    }

    /// The key of `lens`'s reading of `area` today, and whether it was noted already.
    pub fn check(&self, lens: &Lens, area: Area) -> (String, bool) {
        let day = Utc::now().with_timezone(&lens.zone).date_naive();
        let key = format!("{} {} {day}", lens.access_id, area.wire());
        let noted = self.0.get(&key).is_some();
        (key, noted)
    }

    /// To be read before the reading is written.
    pub fn generation(&self) -> u64 {
        self.0.generation()
    }

    pub fn remember(&self, generation: u64, key: String) {
        self.0.put(generation, key, ());
    }
}

impl Default for Noted {
    fn default() -> Self {
        Noted::new()
    }
}

/// Notes that the professional read `area` today: the first time of the day it is a row of the
/// access log and one entry of the record; any later reading that day writes nothing.
pub async fn note_reading(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    lens: &Lens,
    professional: &str,
    area: Area,
) -> Result<(), DbErr> {
    let now = Utc::now();
    let day = now.with_timezone(&lens.zone).date_naive();
    let inserted = lectura::Entity::insert(lectura::ActiveModel {
        acceso_id: Set(lens.access_id.clone()),
        dia: Set(day),
        area: Set(area.wire().to_owned()),
        leido_at: Set(now),
    })
    .on_conflict(
        OnConflict::columns([
            lectura::Column::AccesoId,
            lectura::Column::Dia,
            lectura::Column::Area,
        ])
        .do_nothing()
        .to_owned(),
    )
    .exec_without_returning(txn)
    .await?;
    if inserted == 0 {
        return Ok(());
    }
    record::append(
        txn,
        familia_id,
        Act {
            kind: kinds::PROFESSIONAL_READ,
            actor: Some(professional),
            content: json!({
                "acceso": lens.access_id,
                "area": area.wire(),
                "dia": day.to_string(),
            }),
            subjects: vec![record::user_subject(professional)],
            audience: lens.log_readers(),
        },
    )
    .await
    .map(|_| ())
}
