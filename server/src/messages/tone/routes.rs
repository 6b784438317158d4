//! `POST /api/mensajes/tono`: the tone of a draft, for the composer to highlight as one types.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{Idioma, ToneCategory, ToneLevel, analyze, calmer_wording};
use crate::{
    error::{ApiResult, ErrorBody, FieldErrors},
    i18n::{self, Lang, Msg},
    request::{AuthUser, Json},
};

/// The longest text rated, as long as the longest message.
pub const MAX_CHARS: usize = 10_000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ToneInput {
    #[schema(max_length = 10_000)]
    pub texto: String,
    /// `es` or `en`, the language of the screen: the language to advise in when the text's own
    /// words do not tell. Both lexicons are always used.
    #[schema(value_type = Option<crate::i18n::Lang>)]
    pub idioma: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FragmentView {
    /// First character (Unicode scalar values, counted from 0).
    pub inicio: usize,
    /// One past the last character.
    pub fin: usize,
    /// insulto, amenaza, desprecio, culpa, absoluto or gritos.
    pub categoria: ToneCategory,
    /// Short advice on saying it more calmly, in the language the text is written in.
    pub sugerencia: &'static str,
    /// A calmer wording to put in place of exactly this fragment, in the language of its words:
    /// empty when the calmer wording is to leave it out; null when none can be made from it.
    pub reemplazo: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ToneView {
    /// ok, atencion or hostil.
    pub nivel: ToneLevel,
    pub fragmentos: Vec<FragmentView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ToneAnswer {
    pub success: bool,
    pub data: ToneView,
}

fn idioma_of(lang: Lang) -> Idioma {
    match lang {
        Lang::Es => Idioma::Es,
        Lang::En => Idioma::En,
    }
}

/// How a draft reads: the flagged fragments with a calmer wording for each. Nothing is blocked.
///
/// The text is read with both lexicons whatever `idioma` says: a parent whose screen is in English
/// who writes in Spanish gets the same help (docs/messages.md, "Help with tone").
#[utoipa::path(post, path = "/mensajes/tono", tag = "messages", security(("bearer" = [])),
    request_body = ToneInput,
    responses(
        (status = 200, body = ToneAnswer),
        (status = 401, body = ErrorBody),
        (status = 422, description = "a text longer than 10,000 characters or an unknown language", body = ErrorBody),
    ))]
pub async fn rate(_auth: AuthUser, Json(body): Json<ToneInput>) -> ApiResult<Json<ToneAnswer>> {
    let mut errors = FieldErrors::default();
    if body.texto.chars().count() > MAX_CHARS {
        errors.add("texto", Msg::TooLong);
    }
    let idioma = match body.idioma.as_deref() {
        None => None,
        Some(value) => errors.check(
            "idioma",
            Lang::parse(&value.trim().to_ascii_lowercase())
                .map(idioma_of)
                .ok_or(Msg::LanguageInvalid),
        ),
    };
    errors.into_result()?;
    let analisis = analyze(&body.texto, None);
    // The text's language when its words tell, else the screen's.
    let lengua = analisis
        .idioma
        .or(idioma)
        .unwrap_or_else(|| idioma_of(i18n::current()));
    let chars: Vec<char> = body.texto.chars().collect();
    let fragmentos = analisis
        .fragmentos
        .iter()
        .map(|f| FragmentView {
            reemplazo: calmer_wording(&chars, f, f.idioma.unwrap_or(lengua)),
            inicio: f.inicio,
            fin: f.fin,
            categoria: f.categoria,
            sugerencia: f.categoria.sugerencia(lengua),
        })
        .collect();
    Ok(Json(ToneAnswer {
        success: true,
        data: ToneView {
            nivel: analisis.nivel,
            fragmentos,
        },
    }))
}
