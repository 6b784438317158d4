//! The server's document-signing key: ECDSA P-256, the curve PDF readers and `pdfsig` check (they
//! do not check Ed25519 in CMS), with a self-signed certificate naming the instance. Both live in
//! one PEM file beside the other keys (created at first start, mode 0600), never in the database.
//! Makes CMS (PKCS #7) detached signatures of a SHA-256 digest; knows nothing of PDFs.

use std::{path::Path, str::FromStr, sync::Arc, time::Duration};

use anyhow::Context;
use cms::{
    builder::{SignedDataBuilder, SignerInfoBuilder, create_signing_time_attribute},
    cert::{CertificateChoices, IssuerAndSerialNumber},
    signed_data::{EncapsulatedContentInfo, SignerIdentifier},
};
use p256::{
    ecdsa::{DerSignature, SigningKey},
    pkcs8::{DecodePrivateKey, EncodePrivateKey},
};
use sha2::{Digest, Sha256};
use x509_cert::der::{
    Any, Decode, Encode, EncodePem,
    asn1::{ObjectIdentifier, OctetString, SetOfVec},
    oid::db::rfc5912::ID_SHA_256,
    pem::LineEnding,
};
use x509_cert::{
    Certificate,
    attr::Attribute,
    builder::{Builder, CertificateBuilder, Profile},
    name::Name,
    serial_number::SerialNumber,
    spki::{AlgorithmIdentifierOwned, SubjectPublicKeyInfoOwned},
    time::Validity,
};

use super::{key_file, upload::hex};

/// `id-aa-signingCertificateV2` (RFC 5035): binds the signature to the certificate, as PAdES
/// baseline signatures must.
const SIGNING_CERTIFICATE_V2: ObjectIdentifier =
    ObjectIdentifier::new_unwrap("1.2.840.113549.1.9.16.2.47");
/// `id-aa-signatureTimeStampToken` (RFC 3161, appendix A): a timestamp of the signature value.
const SIGNATURE_TIME_STAMP: ObjectIdentifier =
    ObjectIdentifier::new_unwrap("1.2.840.113549.1.9.16.2.14");
/// `id-data`: the signed content's type (the PDF's bytes, outside the signature).
const ID_DATA: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.7.1");

#[derive(Clone)]
pub struct DocumentSigner {
    key: Arc<SigningKey>,
    certificate: Arc<Certificate>,
    /// The certificate's DER and its SHA-256 (hex), read often, made once.
    certificate_der: Arc<[u8]>,
    fingerprint: Arc<str>,
}

impl std::fmt::Debug for DocumentSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DocumentSigner")
            .field("fingerprint", &self.fingerprint())
            .finish()
    }
}

fn algorithm(oid: ObjectIdentifier) -> AlgorithmIdentifierOwned {
    AlgorithmIdentifierOwned {
        oid,
        parameters: None,
    }
}

impl DocumentSigner {
    /// A fresh key with a certificate valid for 30 years, named for `instance` (the public
    /// address).
    pub fn generate(instance: &str) -> anyhow::Result<DocumentSigner> {
        let key = SigningKey::random(&mut rand_core_06());
        let subject = Name::from_str(&format!(
            "CN=Nido document signing {},O=Nido",
            instance.replace([',', '+', '=', '"', '\\', '<', '>', ';'], " ")
        ))
        .context("naming the certificate")?;
        let public = SubjectPublicKeyInfoOwned::from_key(*key.verifying_key())
            .context("encoding the public key")?;
        let mut serial = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut serial);
        serial[0] &= 0x7f;
        let builder = CertificateBuilder::new(
            Profile::Leaf {
                issuer: subject.clone(),
                enable_key_agreement: false,
                enable_key_encipherment: false,
            },
            SerialNumber::new(&serial).context("the certificate's serial")?,
            Validity::from_now(Duration::from_secs(30 * 365 * 24 * 60 * 60))
                .context("the certificate's validity")?,
            subject,
            public,
            &key,
        )
        .context("starting the certificate")?;
        let certificate = builder
            .build::<DerSignature>()
            .context("signing the certificate")?;
        DocumentSigner::new(key, certificate)
    }

    fn new(key: SigningKey, certificate: Certificate) -> anyhow::Result<DocumentSigner> {
        let der = certificate.to_der().context("encoding the certificate")?;
        Ok(DocumentSigner {
            fingerprint: fingerprint_of(&der).into(),
            certificate_der: der.into(),
            key: Arc::new(key),
            certificate: Arc::new(certificate),
        })
    }

    pub fn certificate_der(&self) -> Vec<u8> {
        self.certificate_der.to_vec()
    }

    pub fn certificate_pem(&self) -> String {
        self.certificate.to_pem(LineEnding::LF).unwrap_or_default()
    }

    /// The SHA-256 of the certificate, hex: what a report prints and `pdfsig` can be compared to.
    pub fn fingerprint(&self) -> String {
        self.fingerprint.to_string()
    }

    /// A CMS `SignedData` (DER) signing `digest`, the SHA-256 of the content, detached: the
    /// signed attributes hold the content type, the digest, the signing time and the certificate's
    /// hash; the certificate rides along.
    pub fn sign_digest(&self, digest: &[u8]) -> anyhow::Result<Vec<u8>> {
        let content = EncapsulatedContentInfo {
            econtent_type: ID_DATA,
            econtent: None,
        };
        let sid = SignerIdentifier::IssuerAndSerialNumber(IssuerAndSerialNumber {
            issuer: self.certificate.tbs_certificate.issuer.clone(),
            serial_number: self.certificate.tbs_certificate.serial_number.clone(),
        });
        let mut signer_info = SignerInfoBuilder::new(
            &*self.key,
            sid,
            algorithm(ID_SHA_256),
            &content,
            Some(digest),
        )
        .map_err(|e| anyhow::anyhow!("starting the signature: {e}"))?;
        signer_info
            .add_signed_attribute(
                create_signing_time_attribute()
                    .map_err(|e| anyhow::anyhow!("the signing time: {e}"))?,
            )
            .map_err(|e| anyhow::anyhow!("the signing time: {e}"))?
            .add_signed_attribute(self.signing_certificate()?)
            .map_err(|e| anyhow::anyhow!("the certificate's hash: {e}"))?;
        let signed = SignedDataBuilder::new(&content)
            .add_digest_algorithm(algorithm(ID_SHA_256))
            .map_err(|e| anyhow::anyhow!("the digest algorithm: {e}"))?
            .add_certificate(CertificateChoices::Certificate((*self.certificate).clone()))
            .map_err(|e| anyhow::anyhow!("the certificate: {e}"))?
            .add_signer_info::<SigningKey, DerSignature>(signer_info)
            .map_err(|e| anyhow::anyhow!("signing: {e}"))?
            .build()
            .map_err(|e| anyhow::anyhow!("the signed data: {e}"))?;
        signed.to_der().context("encoding the signature")
    }

    /// `SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }`, one `ESSCertIDv2
    /// ::= SEQUENCE { certHash OCTET STRING }` (SHA-256, the default algorithm, left out).
    fn signing_certificate(&self) -> anyhow::Result<Attribute> {
        let hash = OctetString::new(Sha256::digest(&self.certificate_der).to_vec())?;
        let hash_der = hash.to_der()?;
        let wrap = |inner: Vec<u8>| -> anyhow::Result<Vec<u8>> {
            let mut out = vec![0x30];
            x509_cert::der::Length::try_from(inner.len())?.encode_to_vec(&mut out)?;
            out.extend(inner);
            Ok(out)
        };
        let value = wrap(wrap(wrap(hash_der)?)?)?;
        let mut values = SetOfVec::new();
        values.insert(Any::from_der(&value)?)?;
        Ok(Attribute {
            oid: SIGNING_CERTIFICATE_V2,
            values,
        })
    }

    fn to_pem(&self) -> anyhow::Result<String> {
        let key = self
            .key
            .to_pkcs8_pem(LineEnding::LF)
            .map_err(|e| anyhow::anyhow!("encoding the document-signing key: {e}"))?;
        Ok(format!("{}{}", key.as_str(), self.certificate_pem()))
    }
}

/// What a CMS signature says of the content whose SHA-256 is `digest`.
#[derive(Debug, PartialEq, Eq)]
pub enum Checked {
    /// Its signature holds, by the certificate it carries (DER).
    Valid { certificate: Vec<u8> },
    /// The signature holds, but over another content: the content changed after signing.
    DigestMismatch,
    /// Not a signature this code reads (another algorithm, no certificate, broken DER), or one
    /// that does not hold.
    Invalid,
}

/// Checks `cms` (a DER `ContentInfo` of `SignedData`, as `sign_digest` makes) against the
/// content's SHA-256 `digest`, by the certificate inside it.
pub fn check(cms: &[u8], digest: &[u8]) -> Checked {
    use cms::{content_info::ContentInfo, signed_data::SignedData};
    use p256::ecdsa::{VerifyingKey, signature::Verifier};
    use p256::pkcs8::DecodePublicKey;
    let Ok(info) = ContentInfo::from_der(cms) else {
        return Checked::Invalid;
    };
    let Ok(signed) = info.content.decode_as::<SignedData>() else {
        return Checked::Invalid;
    };
    let Some(signer) = signed.signer_infos.0.iter().next() else {
        return Checked::Invalid;
    };
    let Some(certificate) = signed.certificates.as_ref().and_then(|set| {
        set.0.iter().find_map(|c| match c {
            CertificateChoices::Certificate(c) => Some(c.clone()),
            _ => None,
        })
    }) else {
        return Checked::Invalid;
    };
    let Some(attributes) = &signer.signed_attrs else {
        return Checked::Invalid;
    };
    let Ok(spki) = certificate.tbs_certificate.subject_public_key_info.to_der() else {
        return Checked::Invalid;
    };
    let Ok(key) = VerifyingKey::from_public_key_der(&spki) else {
        return Checked::Invalid;
    };
    let (Ok(signed_bytes), Ok(signature)) = (
        attributes.to_der(),
        p256::ecdsa::DerSignature::try_from(signer.signature.as_bytes()),
    ) else {
        return Checked::Invalid;
    };
    if key.verify(&signed_bytes, &signature).is_err() {
        return Checked::Invalid;
    }
    let message_digest = attributes
        .iter()
        .find(|a| a.oid == x509_cert::der::oid::db::rfc5911::ID_MESSAGE_DIGEST)
        .and_then(|a| a.values.iter().next())
        .and_then(|v| v.decode_as::<OctetString>().ok());
    match message_digest {
        Some(found) if found.as_bytes() == digest => Checked::Valid {
            certificate: certificate.to_der().unwrap_or_default(),
        },
        Some(_) => Checked::DigestMismatch,
        None => Checked::Invalid,
    }
}

fn signed_data(cms: &[u8]) -> Option<cms::signed_data::SignedData> {
    cms::content_info::ContentInfo::from_der(cms)
        .ok()?
        .content
        .decode_as()
        .ok()
}

/// The SHA-256 of the signature value of `cms`'s signer: what a signature timestamp stamps
/// (ETSI EN 319 122, `signature-time-stamp`).
pub fn signature_digest(cms: &[u8]) -> Option<[u8; 32]> {
    let signed = signed_data(cms)?;
    let signer = signed.signer_infos.0.iter().next()?;
    Some(Sha256::digest(signer.signature.as_bytes()).into())
}

/// `cms` with `token` (a timestamp of its signature value) added to its signer's unsigned
/// attributes, which the signature does not cover: a PAdES B-T signature.
pub fn with_timestamp(cms: &[u8], token: &[u8]) -> anyhow::Result<Vec<u8>> {
    use cms::{content_info::ContentInfo, signed_data::SignerInfos};
    let mut signed = signed_data(cms).context("reading the signature")?;
    let mut signers: Vec<_> = signed.signer_infos.0.into_vec();
    let signer = signers.first_mut().context("no signer")?;
    let mut values = SetOfVec::new();
    values.insert(Any::from_der(token).context("reading the token")?)?;
    let mut attributes = signer.unsigned_attrs.take().unwrap_or_default();
    attributes.insert(Attribute {
        oid: SIGNATURE_TIME_STAMP,
        values,
    })?;
    signer.unsigned_attrs = Some(attributes);
    signed.signer_infos = SignerInfos(SetOfVec::try_from(signers)?);
    ContentInfo {
        content_type: x509_cert::der::oid::db::rfc5911::ID_SIGNED_DATA,
        content: Any::encode_from(&signed)?,
    }
    .to_der()
    .context("encoding the signature")
}

/// The timestamp token in `cms`'s unsigned attributes, if it carries one.
pub fn timestamp_token(cms: &[u8]) -> Option<Vec<u8>> {
    let signed = signed_data(cms)?;
    let signer = signed.signer_infos.0.iter().next()?;
    signer
        .unsigned_attrs
        .as_ref()?
        .iter()
        .find(|a| a.oid == SIGNATURE_TIME_STAMP)?
        .values
        .iter()
        .next()?
        .to_der()
        .ok()
}

/// The SHA-256 of a certificate (DER), hex.
pub fn fingerprint_of(certificate: &[u8]) -> String {
    hex(&Sha256::digest(certificate))
}

/// The SHA-256 of the certificate in `pem`, hex, if it holds one.
pub fn fingerprint_of_pem(pem: &str) -> Option<String> {
    let block = block(pem, "CERTIFICATE")?;
    let certificate =
        <Certificate as x509_cert::der::DecodePem>::from_pem(block.as_bytes()).ok()?;
    Some(fingerprint_of(&certificate.to_der().ok()?))
}

/// rand 0.8's RNG traits, which the RustCrypto 0.13 line takes, over the OS generator.
fn rand_core_06() -> p256::elliptic_curve::rand_core::OsRng {
    p256::elliptic_curve::rand_core::OsRng
}

/// Reads the key and certificate at `path`, creating both (mode 0600) when there is no file yet.
/// A file that is there but unreadable stops the start: a new key would silently end the old
/// one's signatures.
pub fn load_or_create(path: &Path, instance: &str) -> anyhow::Result<DocumentSigner> {
    match std::fs::read_to_string(path) {
        Ok(pem) => parse(path, &pem),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            let signer = DocumentSigner::generate(instance)?;
            match key_file::create_private(
                path,
                "NIDO_DOCUMENT_KEY_FILE",
                signer.to_pem()?.as_bytes(),
            ) {
                Ok(()) => {
                    tracing::info!(path = %path.display(), fingerprint = %signer.fingerprint(), "document-signing key created");
                    Ok(signer)
                }
                // Another instance starting at the same moment made it first: theirs stands.
                Err(err) if key_file::already_exists(&err) => {
                    parse(path, &std::fs::read_to_string(path)?)
                }
                Err(err) => Err(err),
            }
        }
        Err(err) => Err(err)
            .with_context(|| format!("NIDO_DOCUMENT_KEY_FILE: cannot read {}", path.display())),
    }
}

fn parse(path: &Path, pem: &str) -> anyhow::Result<DocumentSigner> {
    let bad = |what: &str| {
        anyhow::anyhow!(
            "NIDO_DOCUMENT_KEY_FILE: {} does not hold {what}",
            path.display()
        )
    };
    let key_block = block(pem, "PRIVATE KEY").ok_or_else(|| bad("a PKCS#8 private key"))?;
    let key = SigningKey::from_pkcs8_pem(&key_block).map_err(|_| bad("a P-256 private key"))?;
    let certificate_block = block(pem, "CERTIFICATE").ok_or_else(|| bad("a certificate"))?;
    let certificate =
        <Certificate as x509_cert::der::DecodePem>::from_pem(certificate_block.as_bytes())
            .map_err(|_| bad("a readable certificate"))?;
    let signer = DocumentSigner::new(key, certificate)?;
    let public = SubjectPublicKeyInfoOwned::from_key(*signer.key.verifying_key())?;
    if public != signer.certificate.tbs_certificate.subject_public_key_info {
        return Err(bad("a certificate of its own key"));
    }
    Ok(signer)
}

/// The PEM block labelled `label`, whole.
fn block(pem: &str, label: &str) -> Option<String> {
    let begin = format!("-----BEGIN {label}-----");
    let end = format!("-----END {label}-----");
    let start = pem.find(&begin)?;
    let stop = pem[start..].find(&end)? + start + end.len();
    Some(format!("{}\n", &pem[start..stop]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_created_key_reads_back_with_its_certificate() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join("document-key.pem");
        let made = load_or_create(&path, "https://nido.example").expect("created");
        let again = load_or_create(&path, "https://nido.example").expect("read back");
        assert_eq!(made.fingerprint(), again.fingerprint());
        assert!(
            made.certificate_pem()
                .starts_with("-----BEGIN CERTIFICATE-----")
        );
        let cms = made.sign_digest(&Sha256::digest(b"hola")).expect("signed");
        assert!(cms.len() > 300, "{}", cms.len());
        let checked = check(&cms, &Sha256::digest(b"hola"));
        assert_eq!(
            checked,
            Checked::Valid {
                certificate: made.certificate_der()
            }
        );
        assert_eq!(
            check(&cms, &Sha256::digest(b"chau")),
            Checked::DigestMismatch
        );
        let mut broken = cms.clone();
        let last = broken.len() - 3;
        broken[last] ^= 1;
        assert_eq!(check(&broken, &Sha256::digest(b"hola")), Checked::Invalid);
        // A stamp rides outside what is signed: adding one leaves the signature as it was.
        let token = x509_cert::der::asn1::OctetString::new(b"a token".to_vec())
            .and_then(|t| t.to_der())
            .expect("DER");
        let stamped = with_timestamp(&cms, &token).expect("stamped");
        assert_eq!(timestamp_token(&stamped), Some(token));
        assert_eq!(timestamp_token(&cms), None);
        assert_eq!(signature_digest(&stamped), signature_digest(&cms));
        assert!(matches!(
            check(&stamped, &Sha256::digest(b"hola")),
            Checked::Valid { .. }
        ));
        std::fs::write(&path, "not a key").expect("write");
        assert!(load_or_create(&path, "x").is_err());
    }
}
