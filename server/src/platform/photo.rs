//! Photos (a child's, a user's): judged by their content, decoded under limits, and re-encoded as
//! JPEG with a thumbnail, so that what is stored keeps the picture and nothing else (no EXIF, no
//! GPS, no comments); then written to storage, files first and record second.

use std::io::Cursor;

use axum::{
    extract::{Multipart, multipart::MultipartRejection},
    http::StatusCode,
};
use bytes::Bytes;
use image::{
    DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, codecs::jpeg::JpegEncoder,
};
use utoipa::ToSchema;

use crate::{
    error::{ApiError, ApiResult},
    i18n::Msg,
    ids,
    platform::{FileContext, pending},
};

/// The multipart form of a photo upload.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PhotoUpload {
    /// JPG, PNG, GIF or WebP, at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    foto: Vec<u8>,
}

/// The storage keys of a stored photo and its thumbnail.
pub struct Stored {
    pub photo_key: String,
    pub thumbnail_key: String,
}

impl Stored {
    pub fn keys(&self) -> impl Iterator<Item = String> {
        [self.photo_key.clone(), self.thumbnail_key.clone()].into_iter()
    }
}

/// The thumbnail that goes with a stored photo (`x.jpg` → `x-mini.jpg`).
pub fn thumbnail_key(photo_key: &str) -> String {
    match photo_key.strip_suffix(".jpg") {
        Some(stem) => format!("{stem}-mini.jpg"),
        None => format!("{photo_key}-mini"),
    }
}

/// A stored photo's key and its thumbnail's, to remove both.
pub fn with_thumbnail(photo_key: &str) -> [String; 2] {
    [photo_key.to_owned(), thumbnail_key(photo_key)]
}

/// Reads the `foto` field of an upload, refusing an empty one or one over the size limit.
pub async fn read_upload(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Vec<u8>> {
    let too_large = || ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, Msg::PhotoTooLarge);
    let mut multipart = multipart.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        _ => ApiError::bad_request(Msg::PhotoRequired),
    })?;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => return Err(ApiError::bad_request(Msg::PhotoRequired)),
            Err(err) if err.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(_) => return Err(ApiError::bad_request(Msg::PhotoRequired)),
        };
        if field.name() != Some("foto") {
            continue;
        }
        let data = field.bytes().await.map_err(|err| {
            if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
                too_large()
            } else {
                ApiError::bad_request(Msg::PhotoRequired)
            }
        })?;
        if data.is_empty() {
            return Err(ApiError::bad_request(Msg::PhotoRequired));
        }
        if data.len() > MAX_BYTES {
            return Err(too_large());
        }
        return Ok(data.to_vec());
    }
}

/// Processes an upload off the async threads and stores the photo and its thumbnail under
/// `prefix`, noted as pending (`platform::pending`). The caller records the keys and then calls
/// `after_change`, keeping them if recording worked and dropping them if it failed.
pub async fn store(state: &impl FileContext, prefix: &str, data: Vec<u8>) -> ApiResult<Stored> {
    let processed = prepare(data).await?;
    store_processed(state, prefix, processed).await
}

/// Judges and re-encodes an upload off the async threads, within the shared decoding budget:
/// 415 for what is not one of the accepted images, 422 for one with too many pixels.
pub async fn prepare(data: Vec<u8>) -> ApiResult<Processed> {
    let refused = |msg: Msg| match msg {
        Msg::PhotoTooManyPixels => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, msg),
        _ => ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, msg),
    };
    // The header alone says how big the picture is: a huge one is refused before it takes a
    // decoding slot.
    let pixels = check_header(&data).map_err(refused)?;
    // A decode takes about 3 bytes a pixel however small the file: at most two run at once and
    // together under `DECODE_BUDGET_MP`, which bounds the memory of any number of uploads; the
    // others wait their turn.
    let _slot = DECODES
        .acquire_many(decode_cost(pixels))
        .await
        .map_err(|e| ApiError::internal(format!("decode slots closed: {e}")))?;
    tokio::task::spawn_blocking(move || process(&data))
        .await
        .map_err(ApiError::internal)?
        .map_err(refused)
}

/// Stores a processed photo and its thumbnail under `prefix`, noted as pending (see `store`).
pub async fn store_processed(
    state: &impl FileContext,
    prefix: &str,
    processed: Processed,
) -> ApiResult<Stored> {
    let photo_key = format!("{prefix}/{}.jpg", ids::new_id());
    let stored = Stored {
        thumbnail_key: thumbnail_key(&photo_key),
        photo_key,
    };
    pending::note(state.db(), state, &stored.keys().collect::<Vec<_>>()).await?;
    state
        .files()
        .put(state.db(), &stored.photo_key, Bytes::from(processed.photo))
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?;
    state
        .files()
        .put(
            state.db(),
            &stored.thumbnail_key,
            Bytes::from(processed.thumbnail),
        )
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?;
    Ok(stored)
}

/// To be called before a change that stops pointing at these files: a crash before
/// `after_change` leaves them to the sweep, which removes them if nothing points at them.
pub async fn before_change(state: &impl FileContext, dropping: &[String]) -> ApiResult<()> {
    Ok(pending::note(state.db(), state, dropping).await?)
}

/// After the change: removes the files no longer pointed at, and clears the notes of both.
pub async fn after_change(state: &impl FileContext, kept: &[String], dropped: &[String]) {
    remove(state, dropped.iter().cloned()).await;
    pending::settle(state, &[kept, dropped].concat()).await;
}

/// Removes files that no record points at any more; a failure is logged (an orphan file is
/// harmless), never shown.
pub async fn remove(state: &impl FileContext, keys: impl Iterator<Item = String>) {
    for key in keys {
        if let Err(err) = state.files().delete(state.db(), &key).await {
            tracing::warn!(error = %format!("{err:#}"), "old photo not removed");
        }
    }
}

/// The most a photo may weigh when it arrives (spec §9).
pub const MAX_BYTES: usize = 5 * 1024 * 1024;

/// The body limit of a photo upload route: the photo and the multipart form around it.
pub fn upload_body_limit() -> axum::extract::DefaultBodyLimit {
    axum::extract::DefaultBodyLimit::max(MAX_BYTES + 64 * 1024)
}
/// The longest side of the stored photo and of its thumbnail, in pixels.
const PHOTO_SIDE: u32 = 1600;
const THUMB_SIDE: u32 = 320;
/// A small file can still claim to be enormous once decoded: refuse before allocating.
/// 50 megapixels is more than any phone camera takes (an 8000 x 6000 photo is 48).
const MAX_PIXELS: u64 = 50_000_000;
const MAX_SIDE: u32 = 12_000;
/// What one decode may allocate: a 50-megapixel RGB picture and some room for its decoder.
const MAX_DECODE_BYTES: u64 = 192 * 1024 * 1024;
/// The megapixels decoded at the same time, shared by at most two decodes: two phone photos
/// run together, one near the 50-megapixel limit runs alone.
const DECODE_BUDGET_MP: u32 = 64;
static DECODES: tokio::sync::Semaphore =
    tokio::sync::Semaphore::const_new(DECODE_BUDGET_MP as usize);

/// The share of the budget a picture of `pixels` takes: at least half (so never more than two
/// decodes at once), at most all of it.
fn decode_cost(pixels: u64) -> u32 {
    let megapixels = u32::try_from(pixels.div_ceil(1_000_000)).unwrap_or(u32::MAX);
    megapixels.clamp(DECODE_BUDGET_MP / 2, DECODE_BUDGET_MP)
}

pub struct Processed {
    pub photo: Vec<u8>,
    pub thumbnail: Vec<u8>,
}

/// The picture's size in pixels from its header alone (nothing is decoded): refuses a file that
/// is not one of the accepted formats, and one with more than `MAX_PIXELS`.
pub fn check_header(data: &[u8]) -> Result<u64, Msg> {
    let reader = ImageReader::new(Cursor::new(data))
        .with_guessed_format()
        .map_err(|_| Msg::PhotoInvalid)?;
    match reader.format() {
        Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP) => {}
        _ => return Err(Msg::PhotoInvalid),
    }
    let (width, height) = reader.into_dimensions().map_err(|_| Msg::PhotoInvalid)?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_PIXELS {
        return Err(Msg::PhotoTooManyPixels);
    }
    Ok(pixels)
}

/// Decodes an upload and makes the stored photo and thumbnail. CPU-bound: call it off the async threads.
pub fn process(data: &[u8]) -> Result<Processed, Msg> {
    let mut reader = ImageReader::new(Cursor::new(data))
        .with_guessed_format()
        .map_err(|_| Msg::PhotoInvalid)?;
    match reader.format() {
        Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP) => {}
        _ => return Err(Msg::PhotoInvalid),
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);

    let mut decoder = reader.into_decoder().map_err(|_| Msg::PhotoInvalid)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Msg::PhotoTooManyPixels);
    }
    // Phones store "turn me" in EXIF; apply it before EXIF is dropped.
    let orientation = decoder.orientation().ok();
    let mut image = DynamicImage::from_decoder(decoder).map_err(|_| Msg::PhotoInvalid)?;
    if let Some(orientation) = orientation {
        image.apply_orientation(orientation);
    }

    let photo = if image.width() > PHOTO_SIDE || image.height() > PHOTO_SIDE {
        image.thumbnail(PHOTO_SIDE, PHOTO_SIDE)
    } else {
        image
    };
    let thumbnail = photo.thumbnail(THUMB_SIDE, THUMB_SIDE);
    Ok(Processed {
        photo: encode_jpeg(&photo, 85)?,
        thumbnail: encode_jpeg(&thumbnail, 80)?,
    })
}

fn encode_jpeg(image: &DynamicImage, quality: u8) -> Result<Vec<u8>, Msg> {
    let mut out = Vec::new();
    // Transparency becomes white rather than black.
    let rgb = if image.color().has_alpha() {
        let mut canvas = image::RgbaImage::from_pixel(
            image.width(),
            image.height(),
            image::Rgba([255, 255, 255, 255]),
        );
        image::imageops::overlay(&mut canvas, &image.to_rgba8(), 0, 0);
        DynamicImage::ImageRgba8(canvas).to_rgb8()
    } else {
        image.to_rgb8()
    };
    rgb.write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality))
        .map_err(|_| Msg::PhotoInvalid)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let img = image::RgbaImage::from_pixel(width, height, image::Rgba([10, 120, 90, 128]));
        let mut out = Cursor::new(Vec::new());
        DynamicImage::ImageRgba8(img)
            .write_to(&mut out, ImageFormat::Png)
            .expect("png");
        out.into_inner()
    }

    #[test]
    fn large_photos_shrink_and_thumbnails_are_small() {
        let done = process(&png(2400, 1200)).expect("processed");
        let photo = image::load_from_memory(&done.photo).expect("jpeg");
        assert_eq!((photo.width(), photo.height()), (1600, 800));
        let thumb = image::load_from_memory(&done.thumbnail).expect("jpeg");
        assert_eq!((thumb.width(), thumb.height()), (320, 160));
        assert_eq!(
            image::guess_format(&done.photo).ok(),
            Some(ImageFormat::Jpeg)
        );
    }

    #[test]
    fn text_and_lookalikes_are_refused() {
        assert_eq!(
            process(b"GIF89a but not really").err(),
            Some(Msg::PhotoInvalid)
        );
        assert_eq!(
            process(b"<svg xmlns='http://www.w3.org/2000/svg'/>").err(),
            Some(Msg::PhotoInvalid)
        );
        let mut truncated = png(50, 50);
        truncated.truncate(60);
        assert_eq!(process(&truncated).err(), Some(Msg::PhotoInvalid));
    }

    #[test]
    fn a_small_file_claiming_a_huge_size_is_refused_without_decoding() {
        // A valid PNG header that declares 100000 x 100000 pixels.
        let mut bomb = png(1, 1);
        bomb[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&100_000u32.to_be_bytes());
        assert_eq!(process(&bomb).err(), Some(Msg::PhotoInvalid));
    }

    /// A PNG whose header (with a valid checksum) claims `width` x `height` pixels.
    fn png_claiming(width: u32, height: u32) -> Vec<u8> {
        let mut data = png(1, 1);
        data[16..20].copy_from_slice(&width.to_be_bytes());
        data[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32(&data[12..29]);
        data[29..33].copy_from_slice(&crc.to_be_bytes());
        data
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for byte in bytes {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn at_most_two_decodes_share_the_budget() {
        assert_eq!(decode_cost(1), DECODE_BUDGET_MP / 2);
        assert_eq!(decode_cost(12_000_000), DECODE_BUDGET_MP / 2);
        assert_eq!(decode_cost(49_000_000), 49);
        assert_eq!(decode_cost(u64::MAX), DECODE_BUDGET_MP);
    }

    #[test]
    fn fifty_megapixels_is_the_most() {
        assert_eq!(check_header(&png_claiming(8_000, 6_000)), Ok(48_000_000));
        let huge = png_claiming(12_000, 12_000);
        assert_eq!(check_header(&huge).err(), Some(Msg::PhotoTooManyPixels));
        assert_eq!(process(&huge).err(), Some(Msg::PhotoTooManyPixels));
        assert_eq!(
            check_header(&png_claiming(100_000, 100_000)).err(),
            Some(Msg::PhotoTooManyPixels)
        );
    }
}
