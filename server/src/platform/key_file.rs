//! Creating the files that hold the server's private keys (signing, VAPID, master): never over an
//! existing key, readable by the owner only, on disk before the key is used, and every error
//! naming the setting that points at the file so that the operator knows what to fix.

use std::{io::Write, path::Path};

use anyhow::Context;

/// Writes `bytes` to a new file at `path` (mode 0600), creating its folders. An existing file is
/// an error (`std::io::ErrorKind::AlreadyExists` underneath): a key is never overwritten.
pub fn create_private(path: &Path, setting: &str, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("{setting}: cannot create {}", dir.display()))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(path)
        .with_context(|| format!("{setting}: cannot create {}", path.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("{setting}: cannot write {}", path.display()))
}

/// Whether `err` (from `create_private`) says that the file was already there.
pub fn already_exists(err: &anyhow::Error) -> bool {
    err.downcast_ref::<std::io::Error>()
        .is_some_and(|e| e.kind() == std::io::ErrorKind::AlreadyExists)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_file_is_private_and_never_overwritten() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("keys").join("a.key");
        create_private(&path, "NIDO_TEST_KEY_FILE", b"first").expect("created");
        assert_eq!(std::fs::read(&path).expect("read"), b"first");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let err = create_private(&path, "NIDO_TEST_KEY_FILE", b"second").expect_err("refused");
        assert!(already_exists(&err));
        assert!(format!("{err:#}").contains("NIDO_TEST_KEY_FILE"));
        assert_eq!(std::fs::read(&path).expect("read"), b"first");
    }
}
