//! A family's finance settings: its currency, the amounts under which expenses approve themselves
//! (per currency), and each co-parent's monthly income (the weights of `ingresos` splits). A
//! family without a row has its zone's currency and nothing else; the row is made by the first
//! change. `SettingsChanges` and `split` say what a change touches and what of it needs the other
//! co-parents' consent; the routes are in `settings_routes`, the consent in `proposals`.

use std::collections::{BTreeMap, BTreeSet};

use chrono::Utc;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set, sea_query::OnConflict};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{entities::finanzas, input::currency_of_zone};
use crate::families::entities::familia;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// The family's default currency (ISO 4217).
    #[schema(value_type = crate::money::input::CurrencyCode)]
    pub moneda: String,
    /// Currency → amount in minor units: expenses strictly under it approve themselves.
    pub aprobacion_automatica: BTreeMap<String, i64>,
    /// usuarioId → monthly income in minor units.
    pub ingresos: BTreeMap<String, i64>,
}

impl Settings {
    /// The amount under which an expense in `moneda` approves itself.
    pub fn approves_itself(&self, moneda: &str, monto: i64) -> bool {
        self.aprobacion_automatica
            .get(moneda)
            .is_some_and(|limit| monto < *limit)
    }
}

/// The family's settings, or its defaults.
pub async fn load(db: &impl ConnectionTrait, family: &familia::Model) -> Result<Settings, DbErr> {
    let row = finanzas::Entity::find_by_id(&family.id).one(db).await?;
    Ok(match row {
        Some(row) => Settings {
            moneda: row.moneda,
            aprobacion_automatica: serde_json::from_str(&row.aprobacion_automatica)
                .unwrap_or_default(),
            ingresos: serde_json::from_str(&row.ingresos).unwrap_or_default(),
        },
        None => Settings {
            moneda: currency_of_zone(&family.zona_horaria).to_owned(),
            aprobacion_automatica: BTreeMap::new(),
            ingresos: BTreeMap::new(),
        },
    })
}

fn to_json(map: &BTreeMap<String, i64>) -> String {
    serde_json::to_string(map).unwrap_or_else(|_| "{}".into())
}

/// Takes the family's settings row as the lock of every change to them and to their proposals
/// (made with the defaults if it does not exist yet): the transaction's first statement, so two
/// changes queue here, on PostgreSQL by the row lock, on SQLite by the write lock.
pub async fn lock(txn: &impl ConnectionTrait, family: &familia::Model) -> Result<(), DbErr> {
    finanzas::Entity::insert(finanzas::ActiveModel {
        familia_id: Set(family.id.clone()),
        moneda: Set(currency_of_zone(&family.zona_horaria).to_owned()),
        aprobacion_automatica: Set("{}".to_owned()),
        ingresos: Set("{}".to_owned()),
        updated_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::column(finanzas::Column::FamiliaId)
            .update_column(finanzas::Column::FamiliaId)
            .to_owned(),
    )
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// Writes `settings` as the family's.
pub async fn write(
    txn: &impl ConnectionTrait,
    familia_id: &str,
    settings: &Settings,
) -> Result<(), DbErr> {
    finanzas::Entity::insert(finanzas::ActiveModel {
        familia_id: Set(familia_id.to_owned()),
        moneda: Set(settings.moneda.clone()),
        aprobacion_automatica: Set(to_json(&settings.aprobacion_automatica)),
        ingresos: Set(to_json(&settings.ingresos)),
        updated_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::column(finanzas::Column::FamiliaId)
            .update_columns([
                finanzas::Column::Moneda,
                finanzas::Column::AprobacionAutomatica,
                finanzas::Column::Ingresos,
                finanzas::Column::UpdatedAt,
            ])
            .to_owned(),
    )
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// Some of the settings' values: only the keys that change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsChanges {
    /// Currency → amount in minor units under which expenses approve themselves (0: none).
    #[serde(default)]
    pub aprobacion_automatica: BTreeMap<String, i64>,
    /// usuarioId → monthly income in minor units (null: none).
    #[serde(default)]
    pub ingresos: BTreeMap<String, Option<i64>>,
}

impl SettingsChanges {
    pub fn is_empty(&self) -> bool {
        self.aprobacion_automatica.is_empty() && self.ingresos.is_empty()
    }

    /// Every amount and income that differs from `before` to `after`.
    pub fn between(before: &Settings, after: &Settings) -> SettingsChanges {
        let mut out = SettingsChanges::default();
        let codes: BTreeSet<&String> = before
            .aprobacion_automatica
            .keys()
            .chain(after.aprobacion_automatica.keys())
            .collect();
        for code in codes {
            let new = after.aprobacion_automatica.get(code).copied().unwrap_or(0);
            if before.aprobacion_automatica.get(code).copied().unwrap_or(0) != new {
                out.aprobacion_automatica.insert(code.clone(), new);
            }
        }
        let people: BTreeSet<&String> = before
            .ingresos
            .keys()
            .chain(after.ingresos.keys())
            .collect();
        for id in people {
            let new = after.ingresos.get(id).copied();
            if before.ingresos.get(id).copied() != new {
                out.ingresos.insert(id.clone(), new);
            }
        }
        out
    }

    /// The values `settings` holds now for the keys of `self`.
    pub fn current_in(&self, settings: &Settings) -> SettingsChanges {
        SettingsChanges {
            aprobacion_automatica: self
                .aprobacion_automatica
                .keys()
                .map(|c| {
                    let now = settings.aprobacion_automatica.get(c).copied().unwrap_or(0);
                    (c.clone(), now)
                })
                .collect(),
            ingresos: self
                .ingresos
                .keys()
                .map(|u| (u.clone(), settings.ingresos.get(u).copied()))
                .collect(),
        }
    }

    /// `settings` with these values; incomes only of people who are co-parents now.
    pub fn apply_to(&self, settings: &mut Settings, members: &[String]) {
        for (code, monto) in &self.aprobacion_automatica {
            if *monto > 0 {
                settings.aprobacion_automatica.insert(code.clone(), *monto);
            } else {
                settings.aprobacion_automatica.remove(code);
            }
        }
        for (id, monto) in &self.ingresos {
            if !members.contains(id) {
                continue;
            }
            match monto {
                Some(v) => settings.ingresos.insert(id.clone(), *v),
                None => settings.ingresos.remove(id),
            };
        }
    }
}

/// What of `asked` applies at once, given `current`, and what needs the other co-parents'
/// consent. At once: the currency, an automatic amount lowered or removed, `me`'s own income,
/// the income of someone who is no longer a co-parent. The rest is proposed.
pub fn split(
    current: &Settings,
    asked: &Settings,
    me: &str,
    members: &[String],
) -> (Settings, SettingsChanges) {
    let mut now = current.clone();
    now.moneda = asked.moneda.clone();
    let mut later = SettingsChanges::default();
    for (code, new) in SettingsChanges::between(current, asked).aprobacion_automatica {
        let old = current
            .aprobacion_automatica
            .get(&code)
            .copied()
            .unwrap_or(0);
        if new > old {
            later.aprobacion_automatica.insert(code, new);
        } else if new > 0 {
            now.aprobacion_automatica.insert(code, new);
        } else {
            now.aprobacion_automatica.remove(&code);
        }
    }
    for (id, new) in SettingsChanges::between(current, asked).ingresos {
        if id == me || !members.contains(&id) {
            match new {
                Some(v) => now.ingresos.insert(id, v),
                None => now.ingresos.remove(&id),
            };
        } else {
            later.ingresos.insert(id, new);
        }
    }
    (now, later)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(aprobacion: &[(&str, i64)], ingresos: &[(&str, i64)]) -> Settings {
        Settings {
            moneda: "ARS".into(),
            aprobacion_automatica: aprobacion.iter().map(|(k, v)| ((*k).into(), *v)).collect(),
            ingresos: ingresos.iter().map(|(k, v)| ((*k).into(), *v)).collect(),
        }
    }

    #[test]
    fn raising_an_amount_and_anothers_income_wait_for_consent() {
        let members = vec!["ana".to_owned(), "beto".to_owned()];
        let current = settings(
            &[("ARS", 10_000), ("EUR", 500)],
            &[("ana", 100), ("beto", 200)],
        );
        let asked = settings(
            &[("ARS", 1_000_000_000_000), ("USD", 50)],
            &[("ana", 150), ("beto", 1)],
        );
        let (now, later) = split(&current, &asked, "ana", &members);
        // Lowered (EUR removed) and her own income: at once.
        assert_eq!(
            now.aprobacion_automatica,
            BTreeMap::from([("ARS".into(), 10_000)])
        );
        assert_eq!(now.ingresos.get("ana"), Some(&150));
        assert_eq!(now.ingresos.get("beto"), Some(&200));
        // Raised, set where there was none, Beto's income: proposed.
        assert_eq!(
            later.aprobacion_automatica,
            BTreeMap::from([("ARS".into(), 1_000_000_000_000), ("USD".into(), 50)])
        );
        assert_eq!(later.ingresos, BTreeMap::from([("beto".into(), Some(1))]));
        // Nothing asked, nothing proposed.
        let (same, none) = split(&current, &current, "beto", &members);
        assert_eq!(same, current);
        assert!(none.is_empty());
    }

    #[test]
    fn a_proposal_applies_only_to_current_coparents() {
        let mut s = settings(&[("ARS", 10)], &[("ana", 1), ("gone", 5)]);
        let cambios = SettingsChanges {
            aprobacion_automatica: BTreeMap::from([("ARS".into(), 0), ("EUR".into(), 7)]),
            ingresos: BTreeMap::from([("ana".into(), None), ("gone".into(), Some(9))]),
        };
        cambios.apply_to(&mut s, &["ana".to_owned()]);
        assert_eq!(s.aprobacion_automatica, BTreeMap::from([("EUR".into(), 7)]));
        assert_eq!(s.ingresos, BTreeMap::from([("gone".into(), 5)]));
    }
}
