//! An expense's split as asked (`reparto`: mode, participants, weights), checked against the
//! family, and the exact shares it gives (`shares`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::{
    shares::{Weighted, split},
    vocabulary::SplitMode,
};
use crate::{error::FieldErrors, i18n::Msg, vocabulary::ClosedSet};

/// How an expense is shared.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Split {
    /// `igual`, `porcentajes`, `ingresos` or `unico`.
    #[schema(value_type = SplitMode)]
    pub modo: String,
    /// usuarioId of each participant: current co-parents, each once.
    pub participantes: Vec<String>,
    /// `porcentajes`: percentages with up to two decimals that total 100; `ingresos`: monthly
    /// incomes in minor units (left out: the family's settings). The weights used are kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<BTreeMap<String, f64>>)]
    pub pesos: Option<BTreeMap<String, Value>>,
}

/// A split that passed its checks: the reparto to keep and each participant's share, in the
/// order they joined the family.
pub struct Shares {
    pub reparto: Split,
    pub partes: Vec<(String, i64)>,
}

/// The weights a kept reparto gives its participants, in their order: to split a refund like its
/// expense. None if the stored weights no longer read (they were checked when stored).
pub fn weights(reparto: &Split) -> Option<Vec<Weighted>> {
    reparto
        .participantes
        .iter()
        .map(|id| {
            let weight = match SplitMode::from_wire(&reparto.modo) {
                Some(SplitMode::Equal | SplitMode::Single) => Some(1),
                Some(SplitMode::Percentages) => {
                    reparto.pesos.as_ref()?.get(id).and_then(hundredths)
                }
                _ => reparto
                    .pesos
                    .as_ref()?
                    .get(id)
                    .and_then(super::input::amount_or_zero)
                    .and_then(|v| u64::try_from(v).ok()),
            }?;
            Some(Weighted {
                usuario_id: id.clone(),
                weight,
            })
        })
        .collect()
}

/// A percentage with at most two decimals, in hundredths (62.5 → 6250).
fn hundredths(value: &Value) -> Option<u64> {
    let v = value.as_f64()?;
    if !(0.0..=100.0).contains(&v) {
        return None;
    }
    let scaled = v * 100.0;
    let rounded = scaled.round();
    ((scaled - rounded).abs() < 1e-6).then_some(rounded as u64)
}

/// Checks `value` (the request's `reparto`) for an expense of `monto` paid by `payer` in a
/// family whose co-parents are `coparents` (in joining order) and whose saved incomes are
/// `incomes`. Problems go into `errors` under `reparto.*`.
pub fn check(
    value: Option<&Value>,
    monto: Option<i64>,
    payer: &str,
    coparents: &[String],
    incomes: &BTreeMap<String, i64>,
    errors: &mut FieldErrors,
) -> Option<Shares> {
    let Some(object) = value.and_then(Value::as_object) else {
        errors.add("reparto", Msg::MoneySplitInvalid);
        return None;
    };
    // Taken as sent, untrimmed: a mode with spaces around it has always been refused.
    let Some(modo) = object
        .get("modo")
        .and_then(Value::as_str)
        .and_then(SplitMode::from_wire)
    else {
        errors.add("reparto.modo", Msg::MoneySplitModeInvalid);
        return None;
    };
    let Some(list) = object.get("participantes").and_then(Value::as_array) else {
        errors.add("reparto.participantes", Msg::MoneyParticipantsInvalid);
        return None;
    };
    let mut given = Vec::with_capacity(list.len());
    for item in list {
        let Some(id) = item.as_str().map(str::trim) else {
            errors.add("reparto.participantes", Msg::MoneyParticipantsInvalid);
            return None;
        };
        if given.contains(&id.to_owned()) {
            errors.add("reparto.participantes", Msg::MoneyParticipantsRepeated);
            return None;
        }
        given.push(id.to_owned());
    }
    if given.is_empty() {
        errors.add("reparto.participantes", Msg::MoneyParticipantsInvalid);
        return None;
    }
    if given.iter().any(|id| !coparents.contains(id)) {
        errors.add("reparto.participantes", Msg::MoneyNotCoparent);
        return None;
    }
    if modo == SplitMode::Single && given.len() != 1 {
        errors.add("reparto.participantes", Msg::MoneySingleParticipant);
        return None;
    }
    // Joining order, which settles ties in the split.
    let ordered: Vec<String> = coparents
        .iter()
        .filter(|id| given.contains(id))
        .cloned()
        .collect();
    let pesos = match object.get("pesos") {
        None | Some(Value::Null) => None,
        Some(Value::Object(map)) => Some(map.clone()),
        Some(_) => {
            errors.add("reparto.pesos", Msg::MoneyWeightsInvalid);
            return None;
        }
    };
    let keys_match = |map: &serde_json::Map<String, Value>| {
        map.len() == ordered.len() && ordered.iter().all(|id| map.contains_key(id))
    };
    let (weights, kept): (Vec<u64>, Option<BTreeMap<String, Value>>) = match modo {
        SplitMode::Equal | SplitMode::Single => (vec![1; ordered.len()], None),
        SplitMode::Percentages => {
            let Some(map) = pesos.filter(keys_match) else {
                errors.add("reparto.pesos", Msg::MoneyPercentagesInvalid);
                return None;
            };
            let weights: Option<Vec<u64>> = ordered.iter().map(|id| hundredths(&map[id])).collect();
            match weights {
                Some(w) if w.iter().sum::<u64>() == 10_000 => (w, Some(map.into_iter().collect())),
                _ => {
                    errors.add("reparto.pesos", Msg::MoneyPercentagesInvalid);
                    return None;
                }
            }
        }
        SplitMode::Incomes => {
            let map: serde_json::Map<String, Value> = match pesos {
                Some(map) => {
                    if !keys_match(&map) {
                        errors.add("reparto.pesos", Msg::MoneyIncomesInvalid);
                        return None;
                    }
                    map
                }
                None => {
                    let mut map = serde_json::Map::new();
                    for id in &ordered {
                        match incomes.get(id) {
                            Some(v) => {
                                map.insert(id.clone(), Value::from(*v));
                            }
                            None => {
                                errors.add("reparto.pesos", Msg::MoneyIncomesMissing);
                                return None;
                            }
                        }
                    }
                    map
                }
            };
            let weights: Option<Vec<u64>> = ordered
                .iter()
                .map(|id| {
                    super::input::amount_or_zero(&map[id]).and_then(|v| u64::try_from(v).ok())
                })
                .collect();
            match weights {
                Some(w) if w.iter().sum::<u64>() > 0 => (w, Some(map.into_iter().collect())),
                _ => {
                    errors.add("reparto.pesos", Msg::MoneyIncomesInvalid);
                    return None;
                }
            }
        }
    };
    let monto = monto?;
    let people: Vec<Weighted> = ordered
        .iter()
        .zip(&weights)
        .map(|(id, w)| Weighted {
            usuario_id: id.clone(),
            weight: *w,
        })
        .collect();
    match split(monto, &people, payer) {
        Ok(shares) => Some(Shares {
            reparto: Split {
                modo: modo.into(),
                participantes: ordered.clone(),
                pesos: kept,
            },
            partes: ordered.into_iter().zip(shares).collect(),
        }),
        Err(_) => {
            errors.add("reparto", Msg::MoneySplitInvalid);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn people() -> Vec<String> {
        vec!["a".into(), "b".into(), "c".into()]
    }

    #[test]
    fn percentages_take_two_decimals_and_must_total_100() {
        let mut errors = FieldErrors::default();
        let shares = check(
            Some(&json!({"modo": "porcentajes", "participantes": ["b", "a"], "pesos": {"a": 62.5, "b": 37.5}})),
            Some(1001),
            "a",
            &people(),
            &BTreeMap::new(),
            &mut errors,
        )
        .expect("valid");
        assert_eq!(shares.partes, vec![("a".into(), 626), ("b".into(), 375)]);
        for pesos in [
            json!({"a": 60, "b": 30}),
            json!({"a": 50.005, "b": 49.995}),
            json!({"a": 100}),
            json!({"a": -10, "b": 110}),
        ] {
            let mut errors = FieldErrors::default();
            assert!(
                check(
                    Some(
                        &json!({"modo": "porcentajes", "participantes": ["a", "b"], "pesos": pesos})
                    ),
                    Some(100),
                    "a",
                    &people(),
                    &BTreeMap::new(),
                    &mut errors
                )
                .is_none()
            );
            assert!(errors.into_result().is_err());
        }
    }

    #[test]
    fn incomes_come_from_the_settings_when_left_out() {
        let incomes = BTreeMap::from([("a".to_owned(), 300_000), ("b".to_owned(), 100_000)]);
        let mut errors = FieldErrors::default();
        let shares = check(
            Some(&json!({"modo": "ingresos", "participantes": ["a", "b"]})),
            Some(1000),
            "a",
            &people(),
            &incomes,
            &mut errors,
        )
        .expect("valid");
        assert_eq!(shares.partes, vec![("a".into(), 750), ("b".into(), 250)]);
        let mut errors = FieldErrors::default();
        assert!(
            check(
                Some(&json!({"modo": "ingresos", "participantes": ["a", "c"]})),
                Some(1000),
                "a",
                &people(),
                &incomes,
                &mut errors
            )
            .is_none()
        );
    }

    #[test]
    fn strangers_repeats_and_a_crowded_unico_are_refused() {
        for reparto in [
            json!({"modo": "igual", "participantes": ["a", "z"]}),
            json!({"modo": "igual", "participantes": ["a", "a"]}),
            json!({"modo": "igual", "participantes": []}),
            json!({"modo": "unico", "participantes": ["a", "b"]}),
            json!({"modo": "otro", "participantes": ["a"]}),
            json!("igual"),
        ] {
            let mut errors = FieldErrors::default();
            assert!(
                check(
                    Some(&reparto),
                    Some(100),
                    "a",
                    &people(),
                    &BTreeMap::new(),
                    &mut errors
                )
                .is_none(),
                "{reparto}"
            );
        }
    }
}
