//! The format of a stored file: a short header, then the content in chunks of `CHUNK` bytes,
//! each sealed with XChaCha20-Poly1305 under the file's own key (the STREAM construction).
//!
//! ```text
//! header  "NIDOENC" · version (1 byte, = 1) · chunk size (u32, big-endian) · nonce prefix (19 bytes)
//! chunk i sealed(content[i]) with nonce = prefix · i (u32, big-endian) · last (1 byte: 1 on the
//!         final chunk, else 0), and the header as associated data
//! ```
//!
//! Each chunk is checked before any of its bytes is given out. The counter in the nonce refuses
//! reordered or repeated chunks, the last-chunk flag refuses a file cut at a chunk boundary, and
//! the header being authenticated with every chunk refuses a changed header.

use bytes::{Bytes, BytesMut};
use chacha20poly1305::{
    KeyInit, XChaCha20Poly1305, XNonce,
    aead::{Aead, Payload},
};
use futures_util::stream::{self, BoxStream, StreamExt};

pub const MAGIC: &[u8; 7] = b"NIDOENC";
const VERSION: u8 = 1;
/// Plaintext bytes per chunk: small enough that reading and writing hold little, large enough
/// that the 16-byte tags cost nothing (0.02 %).
pub const CHUNK: usize = 64 * 1024;
const TAG: usize = 16;
const PREFIX: usize = 19;
pub const HEADER_LEN: usize = MAGIC.len() + 1 + 4 + PREFIX;
/// A header claiming more than this is refused before anything is allocated for it.
const MAX_CHUNK: usize = 4 * 1024 * 1024;

/// Why a stored file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The object is not what was written: changed, cut, reordered, or its key does not open it.
    #[error("stored file {key} failed its integrity check: {why}")]
    Tampered { key: String, why: &'static str },
    #[error("{0:#}")]
    Failed(#[from] anyhow::Error),
}

/// A file's own key; never printed.
#[derive(Clone)]
pub struct FileKey(pub [u8; 32]);

impl std::fmt::Debug for FileKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FileKey(..)")
    }
}

impl FileKey {
    pub fn random() -> FileKey {
        FileKey(rand::random())
    }

    fn cipher(&self) -> XChaCha20Poly1305 {
        XChaCha20Poly1305::new(&self.0.into())
    }
}

fn nonce(prefix: &[u8], counter: u32, last: bool) -> XNonce {
    let mut nonce = [0u8; 24];
    nonce[..PREFIX].copy_from_slice(prefix);
    nonce[PREFIX..PREFIX + 4].copy_from_slice(&counter.to_be_bytes());
    nonce[23] = u8::from(last);
    XNonce::from(nonce)
}

/// Seals a file chunk by chunk; `header` goes first in the object.
pub struct Sealer {
    cipher: XChaCha20Poly1305,
    header: Vec<u8>,
    counter: u32,
    finished: bool,
}

impl Sealer {
    pub fn new(key: &FileKey) -> Sealer {
        let prefix: [u8; PREFIX] = rand::random();
        let mut header = Vec::with_capacity(HEADER_LEN);
        header.extend_from_slice(MAGIC);
        header.push(VERSION);
        header.extend_from_slice(&(CHUNK as u32).to_be_bytes());
        header.extend_from_slice(&prefix);
        Sealer {
            cipher: key.cipher(),
            header,
            counter: 0,
            finished: false,
        }
    }

    pub fn header(&self) -> &[u8] {
        &self.header
    }

    /// Seals the next chunk: exactly `CHUNK` bytes unless `last`, which must come once, at the end.
    pub fn seal(&mut self, plain: &[u8], last: bool) -> anyhow::Result<Vec<u8>> {
        anyhow::ensure!(!self.finished, "sealing after the last chunk");
        anyhow::ensure!(
            plain.len() == CHUNK || (last && plain.len() <= CHUNK),
            "a chunk of {} bytes",
            plain.len()
        );
        let nonce = nonce(&self.header[HEADER_LEN - PREFIX..], self.counter, last);
        let sealed = self
            .cipher
            .encrypt(
                &nonce,
                Payload {
                    msg: plain,
                    aad: &self.header,
                },
            )
            .map_err(|_| anyhow::anyhow!("encryption failed"))?;
        self.counter = self
            .counter
            .checked_add(1)
            .ok_or_else(|| anyhow::anyhow!("file too large to seal"))?;
        self.finished = last;
        Ok(sealed)
    }
}

/// The whole of a small file, sealed.
pub fn seal_all(key: &FileKey, plain: &[u8]) -> anyhow::Result<Vec<u8>> {
    let mut sealer = Sealer::new(key);
    let mut out = Vec::with_capacity(plain_to_sealed_len(plain.len() as u64) as usize);
    out.extend_from_slice(sealer.header());
    let mut chunks = plain.chunks(CHUNK).peekable();
    if chunks.peek().is_none() {
        out.extend(sealer.seal(&[], true)?);
    }
    while let Some(chunk) = chunks.next() {
        out.extend(sealer.seal(chunk, chunks.peek().is_none())?);
    }
    Ok(out)
}

/// The stored size of `plain` bytes.
pub fn plain_to_sealed_len(plain: u64) -> u64 {
    let chunks = plain.div_ceil(CHUNK as u64).max(1);
    HEADER_LEN as u64 + plain + chunks * TAG as u64
}

/// The content's size from the stored size, for `Content-Length`; `None` when no file written
/// in this format has that size.
pub fn sealed_to_plain_len(sealed: u64) -> Option<u64> {
    let body = sealed.checked_sub(HEADER_LEN as u64)?;
    let chunks = body.div_ceil((CHUNK + TAG) as u64).max(1);
    let plain = body.checked_sub(chunks * TAG as u64)?;
    (plain_to_sealed_len(plain) == sealed).then_some(plain)
}

struct Opening {
    key: String,
    cipher: XChaCha20Poly1305,
    inner: BoxStream<'static, anyhow::Result<Bytes>>,
    buf: BytesMut,
    header: Option<Vec<u8>>,
    chunk: usize,
    counter: u32,
    eof: bool,
    done: bool,
}

impl Opening {
    fn tampered(&mut self, why: &'static str) -> FileError {
        self.done = true;
        FileError::Tampered {
            key: self.key.clone(),
            why,
        }
    }

    fn open(&mut self, sealed: &[u8], last: bool) -> Result<Bytes, FileError> {
        let Some(header) = &self.header else {
            return Err(self.tampered("no header"));
        };
        let nonce = nonce(&header[HEADER_LEN - PREFIX..], self.counter, last);
        let plain = self.cipher.decrypt(
            &nonce,
            Payload {
                msg: sealed,
                aad: header,
            },
        );
        match plain {
            Ok(plain) => {
                self.counter = self.counter.wrapping_add(1);
                Ok(Bytes::from(plain))
            }
            Err(_) => Err(self.tampered("a chunk does not authenticate")),
        }
    }

    fn parse_header(&mut self) -> Result<(), FileError> {
        let header = self.buf.split_to(HEADER_LEN).to_vec();
        if &header[..MAGIC.len()] != MAGIC || header[MAGIC.len()] != VERSION {
            return Err(self.tampered("not an encrypted file of a known version"));
        }
        let mut size = [0u8; 4];
        size.copy_from_slice(&header[MAGIC.len() + 1..MAGIC.len() + 5]);
        let chunk = u32::from_be_bytes(size) as usize;
        if chunk == 0 || chunk > MAX_CHUNK {
            return Err(self.tampered("a header with an impossible chunk size"));
        }
        self.chunk = chunk;
        self.header = Some(header);
        Ok(())
    }

    /// The next authenticated chunk of content, `None` after the last one.
    async fn next_chunk(&mut self) -> Option<Result<Bytes, FileError>> {
        loop {
            if self.done {
                return None;
            }
            if self.header.is_none() && self.buf.len() >= HEADER_LEN {
                if let Err(err) = self.parse_header() {
                    return Some(Err(err));
                }
                continue;
            }
            if self.header.is_some() {
                let sealed_len = self.chunk + TAG;
                // A full chunk is known not to be the last only once a byte after it has arrived.
                if self.buf.len() > sealed_len {
                    let sealed = self.buf.split_to(sealed_len);
                    return Some(self.open(&sealed, false));
                }
                if self.eof {
                    if self.buf.len() < TAG {
                        return Some(Err(self.tampered("cut short")));
                    }
                    let sealed = self.buf.split();
                    self.done = true;
                    return Some(self.open(&sealed, true));
                }
            } else if self.eof {
                return Some(Err(self.tampered("cut short before its header ended")));
            }
            match self.inner.next().await {
                Some(Ok(bytes)) => self.buf.extend_from_slice(&bytes),
                Some(Err(err)) => {
                    self.done = true;
                    return Some(Err(FileError::Failed(err)));
                }
                None => self.eof = true,
            }
        }
    }
}

/// The content of a sealed object read from `inner`, one authenticated chunk at a time: nothing
/// unauthenticated is ever given out, and an error ends the stream.
pub fn open_stream(
    key: &str,
    file_key: &FileKey,
    inner: BoxStream<'static, anyhow::Result<Bytes>>,
) -> BoxStream<'static, Result<Bytes, FileError>> {
    let opening = Opening {
        key: key.to_owned(),
        cipher: file_key.cipher(),
        inner,
        buf: BytesMut::new(),
        header: None,
        chunk: CHUNK,
        counter: 0,
        eof: false,
        done: false,
    };
    // Fused: a body may be polled again after its end (the compression layer does), which
    // `unfold` alone answers with a panic.
    Box::pin(
        stream::unfold(opening, |mut opening| async move {
            opening.next_chunk().await.map(|item| (item, opening))
        })
        .fuse(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::TryStreamExt;

    async fn open_all(key: &FileKey, sealed: Vec<u8>, piece: usize) -> Result<Vec<u8>, FileError> {
        let pieces: Vec<anyhow::Result<Bytes>> = sealed
            .chunks(piece.max(1))
            .map(|c| Ok(Bytes::copy_from_slice(c)))
            .collect();
        let chunks: Vec<Bytes> = open_stream("k", key, Box::pin(stream::iter(pieces)))
            .try_collect()
            .await?;
        Ok(chunks.concat())
    }

    fn content(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[tokio::test]
    async fn content_of_every_length_round_trips_however_it_arrives() {
        let key = FileKey::random();
        for len in [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17] {
            let plain = content(len);
            let sealed = seal_all(&key, &plain).expect("sealed");
            assert_eq!(sealed.len() as u64, plain_to_sealed_len(len as u64));
            assert_eq!(sealed_to_plain_len(sealed.len() as u64), Some(len as u64));
            for piece in [1000, 7, CHUNK + TAG, sealed.len()] {
                assert_eq!(
                    open_all(&key, sealed.clone(), piece).await.expect("open"),
                    plain
                );
            }
        }
    }

    #[tokio::test]
    async fn flipped_cut_reordered_or_foreign_chunks_are_refused() {
        let key = FileKey::random();
        let plain = content(3 * CHUNK + 100);
        let sealed = seal_all(&key, &plain).expect("sealed");
        let tampered = |sealed: Vec<u8>| {
            let key = key.clone();
            async move {
                matches!(
                    open_all(&key, sealed, 4096).await,
                    Err(FileError::Tampered { .. })
                )
            }
        };
        for at in [
            0,
            9,
            HEADER_LEN + 3,
            HEADER_LEN + CHUNK + 20,
            sealed.len() - 1,
        ] {
            let mut flipped = sealed.clone();
            flipped[at] ^= 1;
            assert!(tampered(flipped).await, "a flipped byte at {at}");
        }
        // Cut at a chunk boundary: every remaining chunk is whole, but none says it is the last.
        let cut = sealed[..HEADER_LEN + 2 * (CHUNK + TAG)].to_vec();
        assert!(tampered(cut).await, "cut at a boundary");
        assert!(tampered(sealed[..sealed.len() - 5].to_vec()).await, "cut");
        assert!(tampered(sealed[..10].to_vec()).await, "header cut");
        let mut swapped = sealed[..HEADER_LEN].to_vec();
        swapped
            .extend_from_slice(&sealed[HEADER_LEN + CHUNK + TAG..HEADER_LEN + 2 * (CHUNK + TAG)]);
        swapped.extend_from_slice(&sealed[HEADER_LEN..HEADER_LEN + CHUNK + TAG]);
        swapped.extend_from_slice(&sealed[HEADER_LEN + 2 * (CHUNK + TAG)..]);
        assert!(tampered(swapped).await, "reordered");
        let mut longer = sealed.clone();
        longer.extend_from_slice(&[0; 40]);
        assert!(tampered(longer).await, "bytes after the last chunk");
        assert!(
            matches!(
                open_all(&FileKey::random(), sealed, 4096).await,
                Err(FileError::Tampered { .. })
            ),
            "another file's key"
        );
    }

    #[tokio::test]
    async fn nothing_is_given_out_before_the_tampered_chunk_is_reached() {
        let key = FileKey::random();
        let sealed = seal_all(&key, &content(2 * CHUNK + 1)).expect("sealed");
        let mut flipped = sealed.clone();
        flipped[HEADER_LEN + CHUNK + TAG + 5] ^= 1;
        let mut opened = open_stream(
            "k",
            &key,
            Box::pin(stream::iter([Ok(Bytes::from(flipped))])),
        );
        assert_eq!(
            opened
                .next()
                .await
                .expect("first")
                .expect("authentic")
                .len(),
            CHUNK
        );
        assert!(matches!(
            opened.next().await,
            Some(Err(FileError::Tampered { .. }))
        ));
        assert!(
            opened.next().await.is_none(),
            "the stream ends at the error"
        );
    }
}
