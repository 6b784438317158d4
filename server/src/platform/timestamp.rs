//! Outside timestamps (RFC 3161): asks the timestamp authority named by `NIDO_TSA_URL` to stamp a
//! SHA-256 digest, and checks a stamp (a `TimeStampToken`, DER) against the digest it should
//! cover. A stamp proves the digest existed at the authority's time, whatever this server's clock
//! says. Checking here means the token's signature holds by the certificate it carries and covers
//! this digest; whether that authority is trusted (qualified under eIDAS, say) is for whoever
//! relies on it, with `openssl ts -verify -CAfile` and the authority's published chain.

use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use chrono::{DateTime, Utc};
use cmpv2::status::PkiStatus;
use cms::{cert::CertificateChoices, content_info::ContentInfo, signed_data::SignedData};
use sha2::{Digest, Sha256, Sha384, Sha512};
use x509_cert::{
    Certificate,
    der::{
        Any, Decode, Encode,
        asn1::{Int, ObjectIdentifier, OctetString},
        oid::db::{
            rfc5911::{ID_CONTENT_TYPE, ID_MESSAGE_DIGEST, ID_SIGNED_DATA},
            rfc5912::{ID_SHA_256, ID_SHA_384, ID_SHA_512},
        },
    },
    spki::AlgorithmIdentifierOwned,
};
use x509_tsp::{MessageImprint, TimeStampReq, TimeStampResp, TspVersion, TstInfo};

/// `id-ct-TSTInfo`: the content type of a timestamp token.
const ID_CT_TST_INFO: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.9.16.1.4");
const RSA_ENCRYPTION: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.1");
const EC_PUBLIC_KEY: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.10045.2.1");
const SECP256R1: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.10045.3.1.7");
const SECP384R1: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.3.132.0.34");
/// RSASSA-PSS: no authority met so far signs with it; a token that does reads as not holding.
const RSA_PSS: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.10");

/// How long an authority may take to answer before the stamp is given up (a report is then
/// issued without one, and a checkpoint is stamped by a later pass).
const TIMEOUT: Duration = Duration::from_secs(15);

/// What a stamp says, once it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    /// The authority's certificate subject, e.g. `CN=…,O=…,C=ES`.
    pub authority: String,
    /// The authority's time.
    pub moment: DateTime<Utc>,
}

/// A stamp just given: its token (DER), and what it says.
#[derive(Debug, Clone)]
pub struct Stamped {
    pub token: Vec<u8>,
    pub stamp: Stamp,
}

/// The configured timestamp authority.
#[derive(Clone, Debug)]
pub struct Authority {
    url: url::Url,
    client: reqwest::Client,
}

impl Authority {
    pub fn new(url: url::Url) -> anyhow::Result<Authority> {
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(Duration::from_secs(5))
            .redirect(reqwest::redirect::Policy::limited(3))
            .build()
            .context("the timestamp authority's client")?;
        Ok(Authority { url, client })
    }

    /// The authority's address without its path, for the cover of a report.
    pub fn host(&self) -> String {
        self.url.host_str().unwrap_or_default().to_owned()
    }

    /// Asks for a stamp of `digest` (SHA-256), and checks what comes back before trusting it: a
    /// granted status, our nonce, our digest, a signature that holds.
    pub async fn stamp(&self, digest: &[u8]) -> anyhow::Result<Stamped> {
        let mut nonce = [0u8; 8];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut nonce);
        // Positive, with no leading zero byte: the authority answers the nonce in minimal DER,
        // which `Int` (keeping the bytes as given) must equal.
        nonce[0] = (nonce[0] & 0x3f) | 0x40;
        let nonce = Int::new(&nonce).context("the nonce")?;
        let request = TimeStampReq {
            version: TspVersion::V1,
            message_imprint: MessageImprint {
                hash_algorithm: AlgorithmIdentifierOwned {
                    oid: ID_SHA_256,
                    parameters: Some(Any::null()),
                },
                hashed_message: OctetString::new(digest).context("the digest")?,
            },
            req_policy: None,
            nonce: Some(nonce.clone()),
            cert_req: true,
            extensions: None,
        }
        .to_der()
        .context("encoding the request")?;
        let answer = self
            .client
            .post(self.url.clone())
            .header("Content-Type", "application/timestamp-query")
            .header("Accept", "application/timestamp-reply")
            .body(request)
            .send()
            .await
            .context("reaching the timestamp authority")?;
        if !answer.status().is_success() {
            bail!("the timestamp authority answered {}", answer.status());
        }
        let body = answer.bytes().await.context("reading the answer")?;
        if body.len() > 256 * 1024 {
            bail!("the timestamp authority's answer is too large");
        }
        let response = TimeStampResp::from_der(&body).context("reading the answer")?;
        if !matches!(
            response.status.status,
            PkiStatus::Accepted | PkiStatus::GrantedWithMods
        ) {
            bail!(
                "the timestamp authority refused: {:?}",
                response.status.status
            );
        }
        let token = response
            .time_stamp_token
            .ok_or_else(|| anyhow!("the answer holds no token"))?
            .to_der()
            .context("encoding the token")?;
        let (stamp, info) =
            read(&token, digest).ok_or_else(|| anyhow!("the token does not hold"))?;
        if info.nonce.as_ref() != Some(&nonce) {
            bail!("the token answers another request (nonce)");
        }
        Ok(Stamped { token, stamp })
    }
}

/// What `token` says, if it holds for `digest` (SHA-256): see the module's comment.
pub fn check(token: &[u8], digest: &[u8]) -> Option<Stamp> {
    read(token, digest).map(|(stamp, _)| stamp)
}

fn read(token: &[u8], digest: &[u8]) -> Option<(Stamp, TstInfo)> {
    let info = ContentInfo::from_der(token).ok()?;
    if info.content_type != ID_SIGNED_DATA {
        return None;
    }
    let signed = info.content.decode_as::<SignedData>().ok()?;
    if signed.encap_content_info.econtent_type != ID_CT_TST_INFO {
        return None;
    }
    let content = signed
        .encap_content_info
        .econtent
        .as_ref()?
        .value()
        .to_vec();
    let tst = TstInfo::from_der(&content).ok()?;
    if tst.message_imprint.hash_algorithm.oid != ID_SHA_256
        || tst.message_imprint.hashed_message.as_bytes() != digest
    {
        return None;
    }
    let signer = signed.signer_infos.0.iter().next()?;
    let attributes = signer.signed_attrs.as_ref()?;
    let hash = |bytes: &[u8]| -> Option<Vec<u8>> {
        Some(match signer.digest_alg.oid {
            ID_SHA_256 => Sha256::digest(bytes).to_vec(),
            ID_SHA_384 => Sha384::digest(bytes).to_vec(),
            ID_SHA_512 => Sha512::digest(bytes).to_vec(),
            _ => return None,
        })
    };
    let attribute = |oid: ObjectIdentifier| {
        attributes
            .iter()
            .find(|a| a.oid == oid)
            .and_then(|a| a.values.iter().next())
    };
    let content_type = attribute(ID_CONTENT_TYPE)?
        .decode_as::<ObjectIdentifier>()
        .ok()?;
    let message_digest = attribute(ID_MESSAGE_DIGEST)?
        .decode_as::<OctetString>()
        .ok()?;
    if content_type != ID_CT_TST_INFO || message_digest.as_bytes() != hash(&content)? {
        return None;
    }
    let signed_hash = hash(&attributes.to_der().ok()?)?;
    let signature = signer.signature.as_bytes();
    let certificate = signed
        .certificates
        .as_ref()?
        .0
        .iter()
        .find_map(|c| match c {
            CertificateChoices::Certificate(c)
                if signer.signature_algorithm.oid != RSA_PSS
                    && verifies(c, signer.digest_alg.oid, &signed_hash, signature) =>
            {
                Some(c)
            }
            _ => None,
        })?;
    let moment = DateTime::<Utc>::from(tst.gen_time.to_system_time());
    Some((
        Stamp {
            authority: certificate.tbs_certificate.subject.to_string(),
            moment,
        },
        tst,
    ))
}

/// Whether `signature` over a content whose hash (by `digest`) is `hashed` holds by
/// `certificate`'s key: RSA (PKCS #1 v1.5) or ECDSA on P-256 or P-384, what authorities use.
fn verifies(
    certificate: &Certificate,
    digest: ObjectIdentifier,
    hashed: &[u8],
    signature: &[u8],
) -> bool {
    use p256::ecdsa::signature::hazmat::PrehashVerifier;
    let spki = &certificate.tbs_certificate.subject_public_key_info;
    let Ok(spki_der) = spki.to_der() else {
        return false;
    };
    match spki.algorithm.oid {
        RSA_ENCRYPTION => {
            use rsa::{Pkcs1v15Sign, RsaPublicKey, pkcs8::DecodePublicKey};
            let Ok(key) = RsaPublicKey::from_public_key_der(&spki_der) else {
                return false;
            };
            let scheme = match digest {
                ID_SHA_256 => Pkcs1v15Sign::new::<Sha256>(),
                ID_SHA_384 => Pkcs1v15Sign::new::<Sha384>(),
                ID_SHA_512 => Pkcs1v15Sign::new::<Sha512>(),
                _ => return false,
            };
            key.verify(scheme, hashed, signature).is_ok()
        }
        EC_PUBLIC_KEY => {
            let curve = spki
                .algorithm
                .parameters
                .as_ref()
                .and_then(|p| p.decode_as::<ObjectIdentifier>().ok());
            match curve {
                Some(SECP256R1) => {
                    use p256::pkcs8::DecodePublicKey;
                    let (Ok(key), Ok(signature)) = (
                        p256::ecdsa::VerifyingKey::from_public_key_der(&spki_der),
                        p256::ecdsa::Signature::from_der(signature),
                    ) else {
                        return false;
                    };
                    key.verify_prehash(hashed, &signature).is_ok()
                }
                Some(SECP384R1) => {
                    use p384::pkcs8::DecodePublicKey;
                    let (Ok(key), Ok(signature)) = (
                        p384::ecdsa::VerifyingKey::from_public_key_der(&spki_der),
                        p384::ecdsa::Signature::from_der(signature),
                    ) else {
                        return false;
                    };
                    key.verify_prehash(hashed, &signature).is_ok()
                }
                _ => false,
            }
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_not_a_token_holds_for_nothing() {
        let digest = Sha256::digest(b"firma");
        assert_eq!(check(b"", &digest), None);
        assert_eq!(check(&[0x30, 0x03, 0x02, 0x01, 0x01], &digest), None);
        // A signed-data that is no timestamp: a report's own signature.
        let signer =
            crate::platform::document_signing::DocumentSigner::generate("https://nido.test")
                .expect("a signer");
        let cms = signer.sign_digest(&digest).expect("signed");
        assert_eq!(check(&cms, &digest), None);
    }
}
