//! Signed checkpoints: the server's Ed25519 signature over a family's head (family id, entry
//! count, head hash, time). Daily for every family whose record moved (`checkpoint_all`), and on
//! a co-parent's demand.

use base64::{Engine, engine::general_purpose::STANDARD};
use chrono::{SecondsFormat, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set, sea_query::Expr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    chain,
    entities::{cabeza, clave, punto_control},
};
use crate::{
    ids,
    platform::signing::{self, Signer25519},
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
    Ok(CheckpointView {
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
