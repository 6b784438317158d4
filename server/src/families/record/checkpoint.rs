//! Signed checkpoints: the server's Ed25519 signature over a family's head (family id, entry
//! count, head hash, time). Daily for every family whose record moved (`checkpoint_all`), and on
//! a co-parent's demand.

use base64::{Engine, engine::general_purpose::STANDARD};
use chrono::{SecondsFormat, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{
    chain,
    entities::{cabeza, clave, punto_control},
};
use crate::{
    ids,
    platform::{
        signing::{self, Signer25519},
        timestamp,
    },
};

/// A checkpoint as the API and the export show it: all one needs to check the signature.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckpointView {
    pub familia: String,
    /// How many entries the signed head covers.
    pub entradas: i64,
    /// The hash of entry number `entradas` (64 zeros for none).
    pub cabeza: String,
    /// When it was signed, RFC 3339 UTC.
    pub hora: String,
    /// The exact signed text (docs/record.md).
    pub texto: String,
    /// Base64 of the 64-byte Ed25519 signature of `texto`.
    pub firma: String,
    /// The id of the public key at `GET /api/registro/claves`.
    pub clave_id: String,
    /// Base64 of the 32-byte public key, when the server still lists it.
    pub clave_publica: Option<String>,
    /// The signature checks out against that public key.
    pub firma_valida: bool,
    /// An outside timestamp (RFC 3161) of the signature, when the server has an authority
    /// configured and it answered; a later pass stamps a checkpoint it could not at first.
    #[serde(default)]
    pub sello: Option<CheckpointStamp>,
}

/// An RFC 3161 timestamp token over the SHA-256 of a checkpoint's 64 signature bytes.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CheckpointStamp {
    /// Base64 of the token (DER): `openssl ts -verify -token_in -in FILE -digest SHA256-HEX
    /// -CAfile AUTHORITY.pem` checks it (docs/record.md).
    pub token: String,
    /// The token holds, by the authority's certificate it carries, for this signature.
    pub valido: bool,
    /// The authority's certificate subject, when it holds.
    pub autoridad: Option<String>,
    /// The authority's time, when it holds.
    pub momento: Option<chrono::DateTime<Utc>>,
}

/// What `token` (base64) says of the checkpoint signature `firma` (base64), if it holds.
pub fn stamp_of(token: &str, firma: &str) -> Option<timestamp::Stamp> {
    let (token, signature) = STANDARD
        .decode(token)
        .ok()
        .zip(STANDARD.decode(firma).ok())?;
    timestamp::check(&token, &Sha256::digest(signature))
}

impl CheckpointStamp {
    /// `token` (base64) checked against `firma` (base64 of the signature it stamps).
    pub fn checked(token: &str, firma: &str) -> CheckpointStamp {
        let stamp = stamp_of(token, firma);
        CheckpointStamp {
            token: token.to_owned(),
            valido: stamp.is_some(),
            autoridad: stamp.as_ref().map(|s| s.authority.clone()),
            momento: stamp.map(|s| s.moment),
        }
    }
}

/// The public keys the server has signed with, and when.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KeyView {
    pub id: String,
    /// Base64 of the 32 raw bytes.
    pub clave_publica: String,
    /// The same key as a PEM `PUBLIC KEY` block, for `openssl pkeyutl -verify`.
    pub pem: Option<String>,
    pub desde: chrono::DateTime<Utc>,
    /// Null while it is the key in use.
    pub hasta: Option<chrono::DateTime<Utc>>,
}

pub fn decode_key(base64: &str) -> Option<[u8; 32]> {
    STANDARD.decode(base64).ok()?.try_into().ok()
}

/// Publishes the key this server signs with: closes the period of the key used before it (a
/// rotation) and opens this one's. Run at start.
pub async fn register_key(db: &impl ConnectionTrait, signer: &Signer25519) -> Result<(), DbErr> {
    let id = signer.key_id();
    let now = Utc::now();
    let current = clave::Entity::find_by_id(&id).one(db).await?;
    if current.as_ref().is_some_and(|k| k.hasta.is_none()) {
        return Ok(());
    }
    clave::Entity::update_many()
        .col_expr(clave::Column::Hasta, Expr::value(now))
        .filter(clave::Column::Hasta.is_null())
        .filter(clave::Column::Id.ne(&id))
        .exec(db)
        .await?;
    match current {
        // A key brought back (a rotation undone) is in use again.
        Some(found) => {
            let mut active: clave::ActiveModel = found.into();
            active.hasta = Set(None);
            active.update(db).await?;
        }
        None => {
            clave::ActiveModel {
                id: Set(id),
                clave_publica: Set(signer.public_key_base64()),
                desde: Set(now),
                hasta: Set(None),
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}

pub async fn keys(db: &impl ConnectionTrait) -> Result<Vec<KeyView>, DbErr> {
    Ok(clave::Entity::find()
        .order_by_asc(clave::Column::Desde)
        .all(db)
        .await?
        .into_iter()
        .map(|k| KeyView {
            pem: decode_key(&k.clave_publica).and_then(|raw| signing::public_key_pem(&raw)),
            id: k.id,
            clave_publica: k.clave_publica,
            desde: k.desde,
            hasta: k.hasta,
        })
        .collect())
}

/// Signs the family's current head. A family with no entry yet gets a checkpoint of zero entries.
pub async fn sign_head(
    db: &impl ConnectionTrait,
    signer: &Signer25519,
    familia_id: &str,
) -> Result<punto_control::Model, DbErr> {
    let (entradas, hash) = match cabeza::Entity::find_by_id(familia_id).one(db).await? {
        Some(head) => (head.entradas, head.hash),
        None => (0, chain::GENESIS.to_owned()),
    };
    let hora = Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true);
    let text = chain::checkpoint_text(familia_id, entradas, &hash, &hora);
    punto_control::ActiveModel {
        id: Set(ids::new_id()),
        familia_id: Set(familia_id.to_owned()),
        entradas: Set(entradas),
        cabeza: Set(hash),
        hora: Set(hora),
        clave_id: Set(signer.key_id()),
        firma: Set(STANDARD.encode(signer.sign(text.as_bytes()))),
        sello: Set(None),
    }
    .insert(db)
    .await
}

/// The daily job: signs the head of every family whose record moved since its last checkpoint.
/// Gives back how many it signed.
pub async fn checkpoint_all(
    db: &impl ConnectionTrait,
    signer: &Signer25519,
) -> Result<usize, DbErr> {
    let heads = cabeza::Entity::find()
        .filter(cabeza::Column::Entradas.gt(0))
        .all(db)
        .await?;
    let mut signed = 0;
    for head in heads {
        let last = latest(db, &head.familia_id).await?;
        if last.is_some_and(|p| p.entradas == head.entradas) {
            continue;
        }
        sign_head(db, signer, &head.familia_id).await?;
        signed += 1;
    }
    Ok(signed)
}

/// Asks `authority` to stamp every checkpoint not stamped yet, oldest first, up to 100 a pass;
/// stops at the first failure (the authority is down: the next pass tries again). Gives back how
/// many it stamped.
pub async fn stamp_pending(
    db: &impl ConnectionTrait,
    authority: &timestamp::Authority,
) -> anyhow::Result<usize> {
    let waiting = punto_control::Entity::find()
        .filter(punto_control::Column::Sello.is_null())
        .order_by_asc(punto_control::Column::Hora)
        .limit(100)
        .all(db)
        .await?;
    let mut stamped = 0;
    for point in waiting {
        let Ok(signature) = STANDARD.decode(&point.firma) else {
            continue;
        };
        let given = authority.stamp(&Sha256::digest(signature)).await?;
        // Another instance may have stamped it meanwhile: the first stamp stands.
        punto_control::Entity::update_many()
            .col_expr(
                punto_control::Column::Sello,
                Expr::value(STANDARD.encode(&given.token)),
            )
            .filter(punto_control::Column::Id.eq(&point.id))
            .filter(punto_control::Column::Sello.is_null())
            .exec(db)
            .await?;
        stamped += 1;
    }
    Ok(stamped)
}

pub async fn latest(
    db: &impl ConnectionTrait,
    familia_id: &str,
) -> Result<Option<punto_control::Model>, DbErr> {
    // `hora` is fixed-width RFC 3339 UTC, so text order is time order.
    punto_control::Entity::find()
        .filter(punto_control::Column::FamiliaId.eq(familia_id))
        .order_by_desc(punto_control::Column::Hora)
        .order_by_desc(punto_control::Column::Entradas)
        .one(db)
        .await
}

/// The summary mail's line about a family's latest checkpoint, in `lang`, if it has one: enough
/// to compare later with the record (the first 16 characters of the signed head's hash).
pub async fn summary_line(
    db: &impl ConnectionTrait,
    familia_id: &str,
    nombre: &str,
    lang: crate::i18n::Lang,
) -> Result<Option<String>, DbErr> {
    let Some(point) = latest(db, familia_id).await? else {
        return Ok(None);
    };
    let head = point.cabeza.get(..16).unwrap_or(&point.cabeza);
    Ok(Some(match lang {
        crate::i18n::Lang::Es => format!(
            "{nombre}: {} entradas, firmado el {}, cabeza {head}",
            point.entradas, point.hora
        ),
        crate::i18n::Lang::En => format!(
            "{nombre}: {} entries, signed on {}, head {head}",
            point.entradas, point.hora
        ),
    }))
}

/// A stored checkpoint with its signature checked against the published key it names.
pub async fn view(
    db: &impl ConnectionTrait,
    point: punto_control::Model,
) -> Result<CheckpointView, DbErr> {
    let key = clave::Entity::find_by_id(&point.clave_id).one(db).await?;
    let texto = chain::checkpoint_text(
        &point.familia_id,
        point.entradas,
        &point.cabeza,
        &point.hora,
    );
    let firma_valida = key
        .as_ref()
        .and_then(|k| decode_key(&k.clave_publica))
        .zip(STANDARD.decode(&point.firma).ok())
        .is_some_and(|(public, signature)| signing::verify(&public, texto.as_bytes(), &signature));
    let sello = point
        .sello
        .as_deref()
        .map(|token| CheckpointStamp::checked(token, &point.firma));
    Ok(CheckpointView {
        sello,
        familia: point.familia_id,
        entradas: point.entradas,
        cabeza: point.cabeza,
        hora: point.hora,
        texto,
        firma: point.firma,
        clave_id: point.clave_id,
        clave_publica: key.map(|k| k.clave_publica),
        firma_valida,
    })
}
