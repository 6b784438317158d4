//! The master key: it wraps every file's key, lives in a file (`NIDO_MASTER_KEY_FILE`), never in
//! the database. The database only learns its id (a MAC of a fixed text under the key), which is
//! enough to tell at start that the key file is missing or is not the one the files need.
//!
//! Rotation writes a new key file, keeps the old one beside it as `<file>.<id>.old`, and rewraps
//! the file keys; each row names the master key that wraps it, so an interrupted rotation is
//! finished by running it again.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use base64::{Engine, engine::general_purpose::STANDARD};
use chacha20poly1305::{
    KeyInit, XChaCha20Poly1305, XNonce,
    aead::{Aead, Payload},
};
use hmac::{Hmac, Mac};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, sea_query::Expr,
};
use sha2::Sha256;

use super::{clave, sealed::FileKey};
use crate::{db::settings, platform::key_file};

/// The `ajustes` row holding the id of the master key the database was last started with.
const SETTING: &str = "master_key_id";

pub struct MasterKey {
    id: String,
    key: [u8; 32],
}

impl std::fmt::Debug for MasterKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MasterKey({})", self.id)
    }
}

impl MasterKey {
    fn new(key: [u8; 32]) -> MasterKey {
        MasterKey {
            id: key_id(&key),
            key,
        }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// Seals a file's key, bound to the file's storage key so that a row copied onto another
    /// file does not open.
    pub fn wrap(&self, storage_key: &str, file_key: &FileKey) -> anyhow::Result<String> {
        let nonce: [u8; 24] = rand::random();
        let sealed = XChaCha20Poly1305::new(&self.key.into())
            .encrypt(
                &XNonce::from(nonce),
                Payload {
                    msg: &file_key.0,
                    aad: storage_key.as_bytes(),
                },
            )
            .map_err(|_| anyhow::anyhow!("wrapping a file key failed"))?;
        let mut out = nonce.to_vec();
        out.extend(sealed);
        Ok(STANDARD.encode(out))
    }

    /// The file's key, or `None` when the wrapped value was not made by this key for this file.
    pub fn unwrap(&self, storage_key: &str, wrapped: &str) -> Option<FileKey> {
        let raw = STANDARD.decode(wrapped).ok()?;
        if raw.len() != 24 + 32 + 16 {
            return None;
        }
        let mut nonce = [0u8; 24];
        nonce.copy_from_slice(&raw[..24]);
        let plain = XChaCha20Poly1305::new(&self.key.into())
            .decrypt(
                &XNonce::from(nonce),
                Payload {
                    msg: &raw[24..],
                    aad: storage_key.as_bytes(),
                },
            )
            .ok()?;
        let key: [u8; 32] = plain.try_into().ok()?;
        Some(FileKey(key))
    }
}

fn key_id(key: &[u8; 32]) -> String {
    let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(key) else {
        return String::new();
    };
    mac.update(b"nido master key id v1");
    mac.finalize().into_bytes()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The current master key and the older ones some rows may still need (an unfinished rotation).
#[derive(Debug)]
pub struct Keyring {
    pub current: MasterKey,
    older: Vec<MasterKey>,
}

impl Keyring {
    pub fn get(&self, id: &str) -> Option<&MasterKey> {
        std::iter::once(&self.current)
            .chain(&self.older)
            .find(|k| k.id == id)
    }
}

fn backup_path(path: &Path, id: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{id}.old"));
    PathBuf::from(name)
}

fn read_key(path: &Path) -> anyhow::Result<[u8; 32]> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("NIDO_MASTER_KEY_FILE: cannot read {}", path.display()))?;
    let text = text.trim();
    let bytes: Option<Vec<u8>> = (text.len() == 64)
        .then(|| {
            (0..32)
                .map(|i| u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok())
                .collect()
        })
        .flatten();
    bytes.and_then(|b| b.try_into().ok()).with_context(|| {
        format!(
            "NIDO_MASTER_KEY_FILE: {} is not a Nido master key (64 hexadecimal characters)",
            path.display()
        )
    })
}

/// Writes a new key file, in the hexadecimal form `read_key` takes.
fn write_key(path: &Path, key: &[u8; 32]) -> anyhow::Result<()> {
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    key_file::create_private(path, "NIDO_MASTER_KEY_FILE", format!("{hex}\n").as_bytes())
}

/// The ids of the master keys the database needs: the rows' and the last one started with.
async fn ids_in_use(db: &impl ConnectionTrait) -> anyhow::Result<Vec<String>> {
    let mut ids: Vec<String> = clave::Entity::find()
        .select_only()
        .column(clave::Column::ClaveMaestraId)
        .distinct()
        .into_tuple()
        .all(db)
        .await
        .context("reading the file keys")?;
    if let Some(id) = settings::get(db, SETTING).await? {
        ids.push(id);
    }
    ids.sort();
    ids.dedup();
    Ok(ids)
}

/// Loads the master key at start, creating it if the database has never known one, and refuses
/// (with one line saying what to do) a missing or wrong key.
pub async fn load(db: &impl ConnectionTrait, path: &Path) -> anyhow::Result<Keyring> {
    let needed = ids_in_use(db).await?;
    if !path.exists() {
        if let Some(id) = needed.first() {
            bail!(
                "NIDO_MASTER_KEY_FILE: {} is missing, but the stored files are encrypted with \
                 master key {id}: put that key file back (see docs/deploy.md)",
                path.display()
            );
        }
        match write_key(path, &rand::random()) {
            Ok(()) => tracing::info!(file = %path.display(), "master key created"),
            // Another process on this machine made it first: use theirs.
            Err(err) if key_file::already_exists(&err) => {}
            Err(err) => return Err(err),
        }
    }
    let current = MasterKey::new(read_key(path)?);
    let mut older = Vec::new();
    for id in &needed {
        if *id != current.id {
            let old = backup_path(path, id);
            if old.exists() {
                let key = MasterKey::new(read_key(&old)?);
                if key.id == *id {
                    older.push(key);
                }
            }
        }
    }
    let keyring = Keyring { current, older };
    // Two first starts at once, each with its own new key: the first to record its id wins and
    // the other is refused below.
    let first = settings::secret_or(db, SETTING, &keyring.current.id).await?;
    for id in needed.iter().chain(std::iter::once(&first)) {
        if keyring.get(id).is_none() {
            bail!(
                "NIDO_MASTER_KEY_FILE: {} is not the master key the stored files were encrypted \
                 with (they need key {id}, this file is key {}): put the right key file back",
                path.display(),
                keyring.current.id
            );
        }
    }
    if first != keyring.current.id {
        settings::put(db, SETTING, &keyring.current.id).await?;
    }
    if !keyring.older.is_empty() {
        tracing::warn!(
            "some file keys are still wrapped by an older master key: run `nido rotate-master-key` to finish"
        );
    }
    Ok(keyring)
}

/// What a rotation did.
pub struct Rotated {
    pub new_id: String,
    pub rewrapped: u64,
    pub finished_earlier: bool,
}

/// Rotates the master key (or finishes an interrupted rotation): new key file, old one kept as
/// `<file>.<id>.old`, every file key rewrapped. The servers should be stopped while it runs and
/// started with the new key file afterwards.
pub async fn rotate(db: &impl ConnectionTrait, path: &Path) -> anyhow::Result<Rotated> {
    let keyring = load(db, path).await?;
    let unfinished = !keyring.older.is_empty();
    let keyring = if unfinished {
        keyring
    } else {
        let old_backup = backup_path(path, &keyring.current.id);
        if !old_backup.exists() {
            std::fs::copy(path, &old_backup).with_context(|| {
                format!("cannot keep the old master key as {}", old_backup.display())
            })?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&old_backup, std::fs::Permissions::from_mode(0o600))?;
            }
        }
        let mut fresh = path.as_os_str().to_owned();
        fresh.push(".new");
        let fresh = PathBuf::from(fresh);
        // A `.new` left by an interrupted run never wrapped anything: replace it.
        let _ = std::fs::remove_file(&fresh);
        write_key(&fresh, &rand::random())?;
        // The swap is one rename: the key file is always either the old key or the new one.
        std::fs::rename(&fresh, path)
            .with_context(|| format!("cannot replace {}", path.display()))?;
        let new = MasterKey::new(read_key(path)?);
        settings::put(db, SETTING, &new.id).await?;
        Keyring {
            current: new,
            older: vec![keyring.current],
        }
    };
    let mut rewrapped = 0u64;
    loop {
        let batch = clave::Entity::find()
            .filter(clave::Column::ClaveMaestraId.ne(keyring.current.id.as_str()))
            .limit(500)
            .all(db)
            .await?;
        if batch.is_empty() {
            break;
        }
        for row in batch {
            let file_key = keyring
                .get(&row.clave_maestra_id)
                .and_then(|k| k.unwrap(&row.clave, &row.clave_envuelta))
                .with_context(|| {
                    format!(
                        "the key of {} (master key {}) does not open: is {} there?",
                        row.clave,
                        row.clave_maestra_id,
                        backup_path(path, &row.clave_maestra_id).display()
                    )
                })?;
            let wrapped = keyring.current.wrap(&row.clave, &file_key)?;
            // Conditional on the old id: a row rewrapped or replaced meanwhile is left as it is.
            clave::Entity::update_many()
                .col_expr(clave::Column::ClaveEnvuelta, Expr::value(wrapped))
                .col_expr(
                    clave::Column::ClaveMaestraId,
                    Expr::value(keyring.current.id.clone()),
                )
                .filter(clave::Column::Clave.eq(row.clave.as_str()))
                .filter(clave::Column::ClaveMaestraId.eq(row.clave_maestra_id.as_str()))
                .exec(db)
                .await?;
            rewrapped += 1;
        }
    }
    Ok(Rotated {
        new_id: keyring.current.id.clone(),
        rewrapped,
        finished_earlier: unfinished,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrapped_key_opens_with_its_master_key_for_its_file_only() {
        let master = MasterKey::new([1; 32]);
        let file_key = FileKey::random();
        let wrapped = master.wrap("a.jpg", &file_key).expect("wrapped");
        assert_eq!(
            master.unwrap("a.jpg", &wrapped).map(|k| k.0),
            Some(file_key.0)
        );
        assert!(master.unwrap("b.jpg", &wrapped).is_none(), "another file");
        assert!(
            MasterKey::new([2; 32]).unwrap("a.jpg", &wrapped).is_none(),
            "another master key"
        );
        assert!(master.unwrap("a.jpg", "not base64!").is_none());
        assert_ne!(MasterKey::new([1; 32]).id, MasterKey::new([2; 32]).id);
    }
}
