//! An expense's receipt and a payment's proof: one file each, an image (re-encoded as a JPEG
//! without its metadata, like every photo) or a PDF, at most 10 MB, stored encrypted
//! (`platform::files`), replaced by a new upload, and served as a download to the family's
//! co-parents only.

use axum::{
    body::Body,
    extract::{DefaultBodyLimit, Multipart, Path, State, multipart::MultipartRejection},
    http::{Response, StatusCode},
};
use bytes::Bytes;
use chrono::Utc;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, TransactionTrait, sea_query::Expr};
use utoipa::ToSchema;

use super::{
    access::Money,
    entities::{gasto, pago},
    expenses::{ExpenseAnswer, visible},
    notice::publish_change,
    payments::PaymentAnswer,
    views,
    vocabulary::ExpenseState,
};
use crate::families::{Need, reach};
use crate::{
    error::{ApiError, ApiResult, ErrorBody},
    families::record::{self, Act, Audience, kinds},
    i18n::Msg,
    ids,
    ids::{FamilyId, UserId},
    platform::{
        download::Download,
        live::MoneySubject,
        pending, photo,
        sniff::{self, HtmlWatch, Kind},
        upload,
    },
    request::{AuthUser, Json},
    state::AppState,
};

/// The most a receipt or proof may weigh.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
const FORM_ROOM: usize = 64 * 1024;
const PDF: &str = "application/pdf";
const JPEG: &str = "image/jpeg";

pub fn body_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(MAX_BYTES + FORM_ROOM)
}

/// The multipart form of an expense's receipt.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ReceiptUpload {
    /// An image (JPG, PNG, GIF or WebP) or a PDF, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    recibo: Vec<u8>,
}

/// The multipart form of a payment's proof.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ProofUpload {
    /// An image (JPG, PNG, GIF or WebP) or a PDF, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    comprobante: Vec<u8>,
}

/// The stored files of a receipt or proof whose key is `clave`: a photo has its thumbnail too.
pub fn keys_of(clave: &str) -> Vec<String> {
    if clave.ends_with(".jpg") {
        photo::with_thumbnail(clave).to_vec()
    } else {
        vec![clave.to_owned()]
    }
}

/// The form's `field`, whole (at most `MAX_BYTES`).
async fn read(multipart: Result<Multipart, MultipartRejection>, name: &str) -> ApiResult<Bytes> {
    upload::whole_field(
        multipart,
        name,
        MAX_BYTES,
        Msg::MoneyFileRequired,
        Msg::MoneyFileTooLarge,
    )
    .await
}

/// What an upload is, by its content as documents and attachments judge theirs
/// (`platform::sniff`): an image, a whole PDF, or refused. A PDF that carries a page a browser
/// could run (HTML, SVG, a script) anywhere in it, or an archive, is refused as unsafe.
fn judge(data: &[u8]) -> Result<Kind, Msg> {
    let head = &data[..data.len().min(sniff::HEAD_LEN)];
    let tail = &data[data.len().saturating_sub(sniff::TAIL_LEN)..];
    if head.starts_with(b"%PDF-") {
        let mut pages = HtmlWatch::default();
        pages.pass(data);
        if sniff::looks_like_html(head) || pages.found() || sniff::ends_like_zip(tail) {
            return Err(Msg::MoneyFileUnsafe);
        }
    }
    match sniff::kind(head) {
        Some(Kind::Pdf) if sniff::ends_like_pdf(tail) => Ok(Kind::Pdf),
        Some(Kind::Image) => Ok(Kind::Image),
        _ => Err(Msg::MoneyFileType),
    }
}

/// Stores an upload under `prefix`, noted as pending until the row points at it: a PDF as sent,
/// an image re-encoded (415 for anything else). Gives back its key, type and size.
async fn store(
    state: &AppState,
    prefix: &str,
    data: Bytes,
) -> ApiResult<(String, &'static str, i64)> {
    let kind =
        judge(&data).map_err(|msg| ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, msg))?;
    if kind == Kind::Pdf {
        let clave = format!("{prefix}/{}.pdf", ids::new_id());
        pending::note(&state.db, state, std::slice::from_ref(&clave)).await?;
        let size = i64::try_from(data.len()).unwrap_or(i64::MAX);
        if let Err(err) = state.files.put(&state.db, &clave, data).await {
            photo::after_change(state, &[], std::slice::from_ref(&clave)).await;
            return Err(ApiError::internal(format!("{err:#}")));
        }
        return Ok((clave, PDF, size));
    }
    let processed = photo::prepare(data.to_vec()).await.map_err(|e| {
        if e.status() == StatusCode::UNSUPPORTED_MEDIA_TYPE {
            ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, Msg::MoneyFileType)
        } else {
            e
        }
    })?;
    let size = i64::try_from(processed.photo.len()).unwrap_or(i64::MAX);
    let stored = photo::store_processed(state, prefix, processed).await?;
    Ok((stored.photo_key, JPEG, size))
}

/// Serves a stored receipt or proof as a download named `name`.
async fn serve(state: &AppState, clave: &str, name: &str) -> ApiResult<Response<Body>> {
    let opened = state
        .files
        .open(&state.db, clave)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?
        .ok_or_else(ApiError::not_found)?;
    let len = opened.len;
    let mut content = opened.content;
    // Receipts are small: read and authenticated whole before the answer starts, so a tampered
    // file is an error status rather than a cut body.
    let mut body = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    use futures_util::StreamExt;
    while let Some(chunk) = content.next().await {
        body.extend_from_slice(&chunk.map_err(|e| ApiError::internal(format!("{e:#}")))?);
    }
    let (mime, ext) = if clave.ends_with(".pdf") {
        (PDF, "pdf")
    } else {
        (JPEG, "jpg")
    };
    let mut response = Response::new(Body::from(body));
    Download::attachment(mime, &format!("{name}.{ext}"))
        .len(len)
        .apply(response.headers_mut());
    Ok(response)
}

/// Attach or replace an expense's receipt: by whoever added or paid it.
#[utoipa::path(post, path = "/gastos/{id}/recibo", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body(content = ReceiptUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = ExpenseAnswer),
        (status = 400, description = "no file", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "neither its creator nor its payer", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "withdrawn", body = ErrorBody),
        (status = 413, description = "over 10 MB", body = ErrorBody),
        (status = 415, description = "neither an image nor a PDF", body = ErrorBody),
        (status = 422, description = "an image of more than 50 megapixels", body = ErrorBody),
    ))]
pub async fn upload_receipt(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<ExpenseAnswer>> {
    let me = auth.user.id.clone();
    let (found, family) = visible(&state.db, &id, &auth.id).await?;
    if found.creado_por != me && found.pagado_por != me {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::MoneyFileNotYours));
    }
    if found.estado == ExpenseState::Withdrawn.as_str() {
        return Err(ApiError::conflict(Msg::MoneyExpenseAnswered));
    }
    let data = read(multipart, "recibo").await?;
    let (clave, tipo, tamano) = store(&state, &format!("dinero/{}", family.id), data).await?;
    let new_keys = keys_of(&clave);
    let old_keys = found
        .recibo_clave
        .as_deref()
        .map(keys_of)
        .unwrap_or_default();
    let written: ApiResult<views::ExpenseView> = async {
        photo::before_change(&state, &old_keys).await?;
        let txn = state.db.begin().await?;
        let updated = gasto::Entity::update_many()
            .col_expr(gasto::Column::ReciboClave, Expr::value(clave.clone()))
            .col_expr(gasto::Column::ReciboTipo, Expr::value(tipo))
            .col_expr(gasto::Column::ReciboTamano, Expr::value(tamano))
            .col_expr(gasto::Column::UpdatedAt, Expr::value(Utc::now()))
            .filter(gasto::Column::Id.eq(&found.id))
            .filter(gasto::Column::Estado.ne(ExpenseState::Withdrawn))
            .exec_with_returning(&txn)
            .await?;
        let row = updated
            .into_iter()
            .next()
            .ok_or_else(|| ApiError::conflict(Msg::MoneyExpenseAnswered))?;
        record::append(
            &txn,
            &family.id,
            Act {
                kind: kinds::EXPENSE_RECEIPT,
                actor: Some(&me),
                content: serde_json::json!({
                    "gasto": row.id, "descripcion": row.descripcion, "tipo": tipo, "tamano": tamano,
                }),
                subjects: vec![record::user_subject(&me)],
                audience: Audience::CoParents,
            },
        )
        .await?;
        let live = publish_change(&txn, &family.id, MoneySubject::Expense(row.id.clone())).await?;
        let view = views::one_expense(&txn, row).await?;
        txn.commit().await?;
        state.wake(live);
        Ok(view)
    }
    .await;
    match written {
        Ok(view) => {
            photo::after_change(&state, &new_keys, &old_keys).await;
            Ok(Json(ExpenseAnswer {
                success: true,
                data: view,
            }))
        }
        Err(err) => {
            photo::after_change(&state, &old_keys, &new_keys).await;
            Err(err)
        }
    }
}

/// An expense's receipt, as a download, to the family's co-parents.
#[utoipa::path(get, path = "/gastos/{id}/recibo", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "the file, as an attachment", content(
            (String = "image/jpeg"),
            (String = "application/pdf"),
        )),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such expense, or no receipt", body = ErrorBody),
    ))]
pub async fn get_receipt(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Response<Body>> {
    let (row, _) = visible(&state.db, &id, &auth.id).await?;
    let clave = row.recibo_clave.ok_or_else(ApiError::not_found)?;
    serve(&state, &clave, "recibo").await
}

async fn visible_payment(state: &AppState, pago_id: &str, me: &UserId) -> ApiResult<pago::Model> {
    let row = pago::Entity::find_by_id(pago_id)
        .one(&state.db)
        .await?
        .ok_or_else(ApiError::not_found)?;
    reach::<Money>(&state.db, &FamilyId::new(&row.familia_id), me, Need::Read).await?;
    Ok(row)
}

/// Attach or replace a payment's proof: by its payer or receiver.
#[utoipa::path(post, path = "/pagos/{id}/comprobante", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    request_body(content = ProofUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = PaymentAnswer),
        (status = 400, description = "no file", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, description = "neither its payer nor its receiver", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, description = "over 10 MB", body = ErrorBody),
        (status = 415, description = "neither an image nor a PDF", body = ErrorBody),
        (status = 422, description = "an image of more than 50 megapixels", body = ErrorBody),
    ))]
pub async fn upload_proof(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<PaymentAnswer>> {
    let me = auth.user.id.clone();
    let found = visible_payment(&state, &id, &auth.id).await?;
    if found.de != me && found.para != me {
        return Err(ApiError::new(StatusCode::FORBIDDEN, Msg::MoneyFileNotYours));
    }
    let data = read(multipart, "comprobante").await?;
    let (clave, tipo, tamano) =
        store(&state, &format!("dinero/{}", found.familia_id), data).await?;
    let new_keys = keys_of(&clave);
    let old_keys = found
        .comprobante_clave
        .as_deref()
        .map(keys_of)
        .unwrap_or_default();
    let written: ApiResult<pago::Model> = async {
        photo::before_change(&state, &old_keys).await?;
        let txn = state.db.begin().await?;
        let updated = pago::Entity::update_many()
            .col_expr(pago::Column::ComprobanteClave, Expr::value(clave.clone()))
            .col_expr(pago::Column::ComprobanteTipo, Expr::value(tipo))
            .col_expr(pago::Column::ComprobanteTamano, Expr::value(tamano))
            .filter(pago::Column::Id.eq(&found.id))
            .exec_with_returning(&txn)
            .await?;
        let row = updated.into_iter().next().ok_or_else(ApiError::not_found)?;
        record::append(
            &txn,
            &row.familia_id,
            Act {
                kind: kinds::PAYMENT_PROOF,
                actor: Some(&me),
                content: serde_json::json!({"pago": row.id, "tipo": tipo, "tamano": tamano}),
                subjects: vec![
                    record::user_subject(&row.de),
                    record::user_subject(&row.para),
                ],
                audience: Audience::CoParents,
            },
        )
        .await?;
        let live =
            publish_change(&txn, &row.familia_id, MoneySubject::Payment(row.id.clone())).await?;
        txn.commit().await?;
        state.wake(live);
        Ok(row)
    }
    .await;
    match written {
        Ok(row) => {
            photo::after_change(&state, &new_keys, &old_keys).await;
            Ok(Json(PaymentAnswer {
                success: true,
                data: views::payment(row),
            }))
        }
        Err(err) => {
            photo::after_change(&state, &old_keys, &new_keys).await;
            Err(err)
        }
    }
}

/// A payment's proof, as a download, to the family's co-parents.
#[utoipa::path(get, path = "/pagos/{id}/comprobante", tag = "money", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "the file, as an attachment", content(
            (String = "image/jpeg"),
            (String = "application/pdf"),
        )),
        (status = 401, body = ErrorBody),
        (status = 404, description = "no such payment, or no proof", body = ErrorBody),
    ))]
pub async fn get_proof(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<String>,
) -> ApiResult<Response<Body>> {
    let row = visible_payment(&state, &id, &auth.id).await?;
    let clave = row.comprobante_clave.ok_or_else(ApiError::not_found)?;
    serve(&state, &clave, "comprobante").await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_receipt_is_judged_by_its_content() {
        assert_eq!(judge(b"%PDF-1.7\nstuff\n%%EOF\n"), Ok(Kind::Pdf));
        assert_eq!(judge(b"\xFF\xD8\xFF\xE0rest"), Ok(Kind::Image));
        assert_eq!(judge(b"%PDF-1.7\nno end"), Err(Msg::MoneyFileType));
        assert_eq!(judge(b"<html>%%EOF"), Err(Msg::MoneyFileType));
        assert_eq!(judge(b"PK\x03\x04office"), Err(Msg::MoneyFileType));
        assert_eq!(
            judge(b"%PDF-1.4\n<html><script>alert(1)</script>\n%%EOF"),
            Err(Msg::MoneyFileUnsafe)
        );
        // A page further in than the first kilobyte is found as well.
        let deep = [
            b"%PDF-1.4\n".to_vec(),
            vec![b'x'; 5000],
            b"<SCRIPT>x</script>%%EOF".to_vec(),
        ]
        .concat();
        assert_eq!(judge(&deep), Err(Msg::MoneyFileUnsafe));
        assert_eq!(
            judge(b"%PDF-1.4\nstuff\n%%EOF\nPK\x05\x06zip"),
            Err(Msg::MoneyFileUnsafe)
        );
    }

    #[test]
    fn a_photo_goes_with_its_thumbnail() {
        assert_eq!(
            keys_of("dinero/f/a.jpg"),
            vec!["dinero/f/a.jpg", "dinero/f/a-mini.jpg"]
        );
        assert_eq!(keys_of("dinero/f/a.pdf"), vec!["dinero/f/a.pdf"]);
    }
}
