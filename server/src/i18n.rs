//! Server-side texts in the caller's language.
//!
//! The language of a request is settled once by the `language` middleware (Accept-Language) and
//! refined by the auth extractor (the signed-in user's language); errors and mails read it from here.

use std::cell::Cell;

use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Es,
    En,
}

impl Lang {
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }

    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "es" => Some(Lang::Es),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The first supported language of an Accept-Language header, by quality; Spanish otherwise.
    pub fn from_headers(headers: &HeaderMap) -> Lang {
        let Some(value) = headers
            .get(axum::http::header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
        else {
            return Lang::Es;
        };
        let mut best: Option<(f32, Lang)> = None;
        for part in value.split(',') {
            let mut pieces = part.trim().split(';');
            let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            if let Some(lang) = Lang::parse(primary)
                && best.is_none_or(|(q, _)| quality > q)
            {
                best = Some((quality, lang));
            }
        }
        best.map(|(_, l)| l).unwrap_or(Lang::Es)
    }
}

tokio::task_local! {
    static CURRENT: Cell<Lang>;
}

/// Runs a request's future with its language known to everything inside it.
pub async fn scope<F: Future>(lang: Lang, f: F) -> F::Output {
    CURRENT.scope(Cell::new(lang), f).await
}

/// The language of the request being served (Spanish outside a request).
pub fn current() -> Lang {
    CURRENT.try_with(Cell::get).unwrap_or_default()
}

/// Called once the caller is known: their saved language wins over the header.
pub fn set_current(lang: Lang) {
    let _ = CURRENT.try_with(|c| c.set(lang));
}

const MONTHS_ES: [&str; 12] = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
];

/// A day as people write it: "5 de diciembre de 2026", "December 5, 2026". Mails and notices
/// use it rather than the API's YYYY-MM-DD, which reads as a code.
pub fn long_date(date: chrono::NaiveDate, lang: Lang) -> String {
    use chrono::Datelike;
    match lang {
        Lang::Es => {
            let month = MONTHS_ES
                .get(date.month0() as usize)
                .copied()
                .unwrap_or_default();
            format!("{} de {month} de {}", date.day(), date.year())
        }
        Lang::En => date.format("%B %-d, %Y").to_string(),
    }
}

/// A time of day: 24 hours in Spanish ("18:05"), 12 in English ("6:05 PM"), as the web shows it.
pub fn clock(time: chrono::NaiveTime, lang: Lang) -> String {
    match lang {
        Lang::Es => time.format("%H:%M").to_string(),
        Lang::En => time.format("%-I:%M %p").to_string(),
    }
}

macro_rules! messages {
    ($($name:ident => $code:literal, $es:literal, $en:literal;)*) => {
        /// Every message the API can answer with; `code` is stable, the texts are for people.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Msg { $($name),* }

        impl Msg {
            pub fn code(self) -> &'static str {
                match self { $(Msg::$name => $code),* }
            }
            pub fn text(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((Msg::$name, Lang::Es) => $es, (Msg::$name, Lang::En) => $en,)*
                }
            }
        }
    };
}

messages! {
    Validation => "validation", "Revisa los datos marcados.", "Please check the highlighted fields.";
    InvalidJson => "invalid_json", "El cuerpo de la solicitud no es JSON válido.", "The request body is not valid JSON.";
    WrongJsonShape => "invalid_body", "El cuerpo de la solicitud tiene un formato incorrecto.", "The request body has the wrong shape.";
    NotJson => "unsupported_media_type", "El cuerpo debe enviarse como JSON (Content-Type: application/json).", "The body must be sent as JSON (Content-Type: application/json).";
    TooLarge => "payload_too_large", "La solicitud es demasiado grande.", "The request is too large.";
    BadRequest => "bad_request", "La solicitud no es válida.", "The request is not valid.";
    NotFound => "not_found", "No encontramos lo que buscas.", "We could not find what you are looking for.";
    MethodNotAllowed => "method_not_allowed", "Método no permitido para esta ruta.", "Method not allowed for this path.";
    Unauthorized => "unauthorized", "Tu sesión no es válida o expiró. Inicia sesión de nuevo.", "Your session is not valid or has expired. Please sign in again.";
    Forbidden => "forbidden", "No tienes permiso para hacer esto.", "You do not have permission to do this.";
    RateLimited => "rate_limited", "Demasiados intentos. Espera un momento y vuelve a intentarlo.", "Too many attempts. Please wait a moment and try again.";
    Unavailable => "unavailable", "El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.", "The service is unavailable right now. Please try again in a few minutes.";
    Timeout => "timeout", "La solicitud tardó demasiado.", "The request took too long.";
    Internal => "internal", "Algo salió mal de nuestro lado. Inténtalo de nuevo.", "Something went wrong on our side. Please try again.";
    InvalidCredentials => "invalid_credentials", "Email o contraseña incorrectos.", "Incorrect email or password.";
    EmailTaken => "email_taken", "Ya existe una cuenta con este email.", "An account with this email already exists.";
    InvalidResetToken => "invalid_token", "El enlace de restablecimiento ha expirado o no es válido.", "The reset link has expired or is not valid.";
    ResetMailSent => "reset_mail_sent", "Si existe una cuenta con ese email, te enviamos un enlace para restablecer la contraseña.", "If an account exists for that email, we have sent a link to reset the password.";
    PasswordReset => "password_reset", "Contraseña restablecida. Ya puedes iniciar sesión.", "Password reset. You can sign in now.";
    LoggedOut => "logged_out", "Sesión cerrada.", "Signed out.";
    NameRequired => "name_required", "El nombre es requerido", "First name is required";
    LastNameRequired => "last_name_required", "El apellido es requerido", "Last name is required";
    EmailRequired => "email_required", "El email es requerido", "Email is required";
    EmailInvalid => "email_invalid", "El email no es válido", "Email is not valid";
    PasswordRequired => "password_required", "La contraseña es requerida", "Password is required";
    PasswordTooShort => "password_too_short", "La contraseña debe tener al menos 8 caracteres", "Password must be at least 8 characters long";
    PasswordTooLong => "password_too_long", "La contraseña no puede tener más de 128 caracteres", "Password cannot be longer than 128 characters";
    TooLong => "too_long", "El texto es demasiado largo", "The text is too long";
    PhoneInvalid => "phone_invalid", "El teléfono no es válido", "Phone number is not valid";
    LanguageInvalid => "language_invalid", "El idioma debe ser es o en", "Language must be es or en";
    BirthDateRequired => "birth_date_required", "La fecha de nacimiento es requerida", "Birth date is required";
    BirthDateInvalid => "birth_date_invalid", "La fecha debe tener el formato AAAA-MM-DD", "The date must look like YYYY-MM-DD";
    BirthDateFuture => "birth_date_future", "La fecha de nacimiento no puede ser futura", "The birth date cannot be in the future";
    BirthDateTooOld => "birth_date_too_old", "La fecha de nacimiento es demasiado antigua", "The birth date is too far in the past";
    GenderInvalid => "gender_invalid", "El género debe ser masculino o femenino", "Gender must be masculino or femenino";
    BloodTypeInvalid => "blood_type_invalid", "El grupo sanguíneo no es válido", "The blood type is not valid";
    TimeInvalid => "time_invalid", "La hora debe tener el formato HH:MM", "The time must look like HH:MM";
    EndBeforeStart => "end_before_start", "La hora de fin debe ser posterior a la de inicio", "The end time must be after the start time";
    WeekdayInvalid => "weekday_invalid", "Los días deben ser días de la semana válidos", "Days must be valid weekdays";
    DateTimeRequired => "date_time_required", "La fecha y hora son requeridas", "Date and time are required";
    DateTimeInvalid => "date_time_invalid", "La fecha y hora no son válidas", "The date and time are not valid";
    StatusInvalid => "status_invalid", "El estado debe ser programado, completado o cancelado", "Status must be programado, completado or cancelado";
    PriorityInvalid => "priority_invalid", "La prioridad debe ser un número entero positivo", "Priority must be a positive whole number";
    RelationRequired => "relation_required", "La relación es requerida", "Relationship is required";
    PhoneRequired => "phone_required", "El teléfono es requerido", "Phone number is required";
    TooManyItems => "too_many_items", "La lista tiene demasiados elementos", "The list has too many items";
    ActivityNameRequired => "activity_name_required", "El nombre de la actividad es requerido", "The activity name is required";
    FamilyInvalid => "family_invalid", "No perteneces a esa familia", "You do not belong to that family";
    ChildNeedsOwnFamily => "child_needs_own_family", "En tus familias solo puedes ver. Para agregar un hijo tuyo, empieza tu propia familia.", "In your families you can only view. To add a child of your own, start your own family.";
    NewFamilyWithFamily => "new_family_with_family", "Elige una familia o empieza una nueva, no las dos cosas.", "Choose a family or start a new one, not both.";
    PhotoRequired => "photo_required", "Por favor selecciona una foto primero", "Please choose a photo first";
    PhotoInvalid => "photo_invalid", "Por favor selecciona una imagen válida (JPG, PNG, GIF o WebP)", "Please choose a valid image (JPG, PNG, GIF or WebP)";
    PhotoTooLarge => "photo_too_large", "El archivo es muy grande. Máximo 5MB", "The file is too large. Maximum 5 MB";
    ChildDeleted => "child_deleted", "Se eliminó el registro. Cualquier co-padre de la familia puede restaurarlo durante 30 días.", "The record was deleted. Any co-parent of the family can restore it for 30 days.";
    ItemDeleted => "item_deleted", "Eliminado.", "Deleted.";
    SubjectRequired => "subject_required", "El asunto es requerido", "Subject is required";
    MessageRequired => "message_required", "El mensaje es requerido", "Message is required";
    ContactSent => "contact_sent", "¡Gracias! Recibimos tu mensaje y te responderemos pronto.", "Thank you! We received your message and will answer soon.";
    SlugInvalid => "slug_invalid", "El identificador no es válido", "The identifier is not valid";
    HelpfulRequired => "helpful_required", "Indica si el artículo fue útil (true o false)", "Say whether the article was helpful (true or false)";
    InvalidLink => "invalid_token", "El enlace ha expirado o no es válido", "The link has expired or is not valid";
    EmailChanged => "email_changed", "Listo: tu email cambió.", "Done: your email address has changed.";
    EmailVerified => "email_verified", "Gracias: tu email está confirmado.", "Thank you: your email address is confirmed.";
    VerificationSent => "verification_sent", "Te enviamos un nuevo enlace de confirmación.", "We sent you a new confirmation link.";
    CurrentPasswordWrong => "current_password_wrong", "La contraseña actual no es correcta", "The current password is not correct";
    PasswordChanged => "password_changed", "Contraseña actualizada. Cerramos tus otras sesiones.", "Password updated. Your other sessions were signed out.";
    SessionEnded => "session_ended", "Sesión cerrada.", "Session signed out.";
    SessionsEnded => "sessions_ended", "Cerramos tus otras sesiones.", "Your other sessions were signed out.";
    CloseWordWrong => "confirmation_word", "Debes escribir \"eliminar\" para confirmar", "You must type \"delete\" to confirm";
    AccountClosedDone => "account_closed_done", "Cerramos tu cuenta. Puedes reactivarla iniciando sesión en los próximos 90 días.", "Your account is closed. You can reopen it by signing in within the next 90 days.";
    AccountClosed => "account_closed", "Esta cuenta está cerrada. Puedes reactivarla durante los 90 días posteriores al cierre.", "This account is closed. You can reopen it within 90 days of closing it.";
    AccountReopened => "account_reopened", "Reactivamos tu cuenta. Ya puedes iniciar sesión.", "Your account is open again. You can sign in now.";
    FeedbackSaved => "feedback_saved", "¡Gracias por tu opinión!", "Thank you for your feedback!";
    // Two-step verification (authenticator apps).
    TwoFactorAlreadyOn => "two_factor_already_enabled", "La verificación en dos pasos ya está activada.", "Two-step verification is already on.";
    TwoFactorOff => "two_factor_not_enabled", "La verificación en dos pasos no está activada.", "Two-step verification is not on.";
    TwoFactorSetupExpired => "two_factor_setup_expired", "La configuración expiró o no se inició. Vuelve a empezar para obtener un nuevo código QR.", "The setup has expired or was not started. Start again to get a new QR code.";
    CodeRequired => "code_required", "El código es requerido", "The code is required";
    CodeWrong => "code_wrong", "El código no es correcto", "The code is not correct";
    TwoFactorDisabled => "two_factor_disabled", "Desactivamos la verificación en dos pasos.", "Two-step verification is now off.";
    TwoFactorChallengeInvalid => "two_factor_challenge_invalid", "El inicio de sesión expiró. Ingresa tu email y contraseña de nuevo.", "The sign-in has expired. Please enter your email and password again.";
    TwoFactorCodeInvalid => "two_factor_code_invalid", "El código no es correcto. Usa el código de 6 dígitos de tu app de autenticación o uno de tus códigos de recuperación.", "The code is not correct. Use the 6-digit code from your authenticator app or one of your recovery codes.";
    TwoFactorCodeUsed => "two_factor_code_used", "Ese código ya se usó. Espera a que tu app muestre el siguiente.", "That code has already been used. Wait for your app to show the next one.";
    // Web push: the devices that get notifications.
    PushEndpointInvalid => "push_endpoint_invalid", "La suscripción debe tener una dirección https del servicio de notificaciones del navegador.", "The subscription needs an https address of the browser's push service.";
    PushEndpointNotPublic => "push_endpoint_not_public", "La dirección del servicio de notificaciones apunta a una red privada o a este mismo servidor: solo aceptamos la de un servicio público, como la que da el navegador.", "The push service's address points into a private network or at this very server: only a public push service's address, such as the browser gives, is accepted.";
    PushKeyInvalid => "push_key_invalid", "Las claves de la suscripción no son válidas: vuelve a activar las notificaciones en este navegador.", "The subscription's keys are not valid: turn notifications on again in this browser.";
    PushDeviceRemoved => "push_device_removed", "Quitamos el dispositivo: ya no recibirá notificaciones.", "The device was removed: it will no longer get notifications.";
    PushTest => "push_test", "Las notificaciones llegan a este dispositivo.", "Notifications reach this device.";
    // Families: their details, members, permissions and roles.
    FamilyNameRequired => "family_name_required", "El nombre de la familia es requerido", "The family name is required";
    TimeZoneInvalid => "time_zone_invalid", "Elige una zona horaria válida, por ejemplo America/Argentina/Buenos_Aires", "Choose a valid time zone, for example America/Argentina/Buenos_Aires";
    PermissionInvalid => "permission_invalid", "El permiso debe ser coparent (acceso completo) o viewer (solo lectura)", "The permission must be coparent (full access) or viewer (read only)";
    RelationInvalid => "relation_invalid", "La relación debe ser madre, padre, tutor, tutora, abuelo, abuela, cuidador, cuidadora u otro", "The relationship must be madre, padre, tutor, tutora, abuelo, abuela, cuidador, cuidadora or otro";
    AdminNeedsCoparent => "admin_needs_coparent", "Solo un co-padre con acceso completo puede administrar la familia: dale primero el permiso de acceso completo.", "Only a co-parent with full access can be an admin: give them full access first.";
    AdminKeepsCoparent => "admin_keeps_coparent", "Quien administra la familia necesita acceso completo: quítale primero el rol de administrador.", "An admin needs full access: take away the admin role first.";
    FamilyLastAdmin => "family_last_admin", "La familia necesita al menos un administrador: primero haz administrador a otro miembro.", "The family needs at least one admin: make another member an admin first.";
    FamilyLastCoparent => "family_last_coparent", "La familia tiene hijos y necesita al menos un co-padre activo: primero agrega o promueve a otro co-padre.", "The family has children and needs at least one active co-parent: add or promote another co-parent first.";
    FamilyOnlyMember => "family_only_member", "Es tu propia familia y eres su único miembro, así que no puedes salir de ella. Si quieres dejar Nido, cierra tu cuenta.", "This is your own family and you are its only member, so you cannot leave it. To leave Nido, close your account instead.";
    FamilyLeft => "family_left", "Saliste de la familia.", "You left the family.";
    RecordCursorInvalid => "record_cursor_invalid", "El cursor debe ser el número de una entrada del registro.", "The cursor must be the number of an entry of the record.";
    LiveStreamsTooMany => "live_streams_too_many", "Tienes demasiadas pestañas o dispositivos conectados en vivo a la vez: cierra alguno y vuelve a intentarlo.", "Too many of your tabs or devices are connected live at once: close one and try again.";
    LiveResumeInvalid => "live_resume_invalid", "El punto desde el que seguir (Last-Event-ID o ultimo) debe ser un número de evento.", "The point to resume from (Last-Event-ID or ultimo) must be an event number.";
    MemberRemoved => "member_removed", "Quitamos a esa persona de la familia.", "The member was removed from the family.";
    InvitationUnknown => "invitation_unknown", "No encontramos esa invitación. Revisa el enlace o el código.", "We could not find that invitation. Check the link or the code.";
    InvitationExpired => "invitation_expired", "Esta invitación venció. Pide a quien te invitó que te la envíe de nuevo.", "This invitation has expired. Ask whoever invited you to send it again.";
    InvitationUsed => "invitation_used", "Esta invitación ya se usó.", "This invitation has already been used.";
    InvitationWithdrawn => "invitation_withdrawn", "Esta invitación ya no es válida: fue cancelada.", "This invitation is no longer valid: it was cancelled.";
    InvitationOneWay => "invitation_one_way", "Indica el enlace o el código de la invitación (uno solo).", "Give the invitation's link or its code (just one).";
    ProfessionInvalid => "profession_invalid", "Elige una profesión: abogado, mediador, coordinador, psicologo, trabajador-social, punto-encuentro, juzgado u otro.", "Choose a profession: abogado, mediador, coordinador, psicologo, trabajador-social, punto-encuentro, juzgado or otro.";
    AccessKindInvalid => "access_kind_invalid", "Indica si el acceso es para ti (de-parte) o para la familia (de-familia).", "Say whether the access is yours (de-parte) or the family's (de-familia).";
    AccessAreasInvalid => "access_areas_invalid", "Elige al menos un área, cada una una vez: hijos, mensajes, calendario, dinero o documentos.", "Choose at least one area, each once: hijos, mensajes, calendario, dinero or documentos.";
    AccessChildInvalid => "access_child_invalid", "Elige hijos de esta familia, o ninguno para que el acceso incluya a todos.", "Choose children of this family, or none for the access to include them all.";
    AccessPeriodInverted => "access_period_inverted", "El último día del período no puede ser anterior al primero.", "The period's last day cannot be before its first.";
    AccessExpiryRequired => "access_expiry_required", "Indica hasta cuándo dura el acceso.", "Say until when the access lasts.";
    AccessExpiryRange => "access_expiry_range", "El acceso debe vencer en el futuro y dentro de un año como máximo (podrás renovarlo).", "The access must end in the future and within a year at most (you can renew it).";
    ProfessionalIsMember => "professional_is_member", "Esa persona ya forma parte de la familia: no necesita un acceso profesional.", "That person is already a member of the family: they need no professional access.";
    AccessNotConsentable => "access_not_consentable", "Ese acceso no espera consentimiento: es el profesional de un solo co-padre, o ya terminó o venció.", "That access waits for no consent: it is one co-parent's own professional, or it has ended or expired.";
    AccessEnded => "access_ended", "El acceso terminó: el profesional ya no ve nada de la familia.", "The access has ended: the professional no longer sees anything of the family.";
    AccessUnknown => "access_unknown", "No encontramos ese acceso. Revisa el enlace o pide uno nuevo a quien te lo dio.", "We could not find that access. Check the link or ask whoever gave it to you for a new one.";
    AccessEmailMismatch => "access_email_mismatch", "Este acceso se envió a otra dirección: inicia sesión con la cuenta de esa dirección.", "This access was sent to another address: sign in with that address's account.";
    ConversationTopicReserved => "conversation_topic_reserved", "Solo el profesional de la familia inicia la conversación profesional: elige otro tema.", "Only the family's professional starts the professional conversation: choose another topic.";
    ProfessionalConversationExists => "professional_conversation_exists", "Ya tienes una conversación con esta familia: escribe en ella.", "You already have a conversation with this family: write in it.";
    ProposalKindInvalid => "proposal_kind_invalid", "Indica qué propones: un calendario (calendario) o un período de vacaciones (periodo), con sus datos.", "Say what you propose: a schedule (calendario) or a holiday period (periodo), with its details.";
    ProposalClosed => "proposal_closed", "Esa propuesta ya no espera respuesta: fue aceptada, rechazada o retirada, o terminó el acceso de quien la hizo.", "That proposal no longer waits for an answer: it was accepted, rejected or withdrawn, or the access of whoever made it ended.";
    ProposalAnswered => "proposal_answered", "Ya aceptaste esta propuesta: espera a los demás progenitores.", "You already accepted this proposal: it waits for the other parents.";
    AccessClosed => "access_closed", "Este acceso ya terminó o venció.", "This access has already ended or expired.";
    InvitationPending => "invitation_pending", "Ya hay una invitación pendiente para ese email: puedes reenviarla.", "There is already a pending invitation for that email: you can send it again.";
    InvitationNotPending => "invitation_not_pending", "Esa invitación ya no está pendiente.", "That invitation is no longer pending.";
    InvitationRevoked => "invitation_revoked", "Cancelamos la invitación: ya no sirve.", "The invitation was cancelled: it no longer works.";
    InvitationDeclined => "invitation_declined", "Rechazaste la invitación.", "You declined the invitation.";
    InviteeAlreadyMember => "invitee_already_member", "Esa persona ya forma parte de la familia.", "That person is already a member of the family.";
    AlreadyMember => "already_member", "Ya formas parte de esa familia.", "You are already a member of that family.";
    InviterBlocked => "inviter_blocked", "Bloqueaste a quien te invitó: desbloquéalo primero si quieres aceptar.", "You blocked whoever invited you: unblock them first if you want to accept.";
    BlockUserRequired => "block_user_required", "Indica a quién quieres bloquear", "Say whom you want to block";
    CannotBlockSelf => "cannot_block_self", "No puedes bloquearte a ti mismo", "You cannot block yourself";
    UserBlocked => "user_blocked", "Bloqueaste a esta persona: ya no puede enviarte invitaciones.", "You blocked this person: they can no longer send you invitations.";
    UserUnblocked => "user_unblocked", "Desbloqueaste a esta persona.", "You unblocked this person.";
    // Children and uploads: stricter fields and photos (issue 13, group C).
    PhotoTooManyPixels => "photo_too_many_pixels", "La imagen tiene demasiados píxeles: como máximo 50 megapíxeles (por ejemplo 8000 × 6000). Prueba con una versión más chica.", "The image has too many pixels: at most 50 megapixels (for example 8000 × 6000). Try a smaller version.";
    TextForbiddenCharacters => "text_forbidden_characters", "El texto tiene caracteres no permitidos (de control o que invierten la dirección del texto). Bórralo y vuelve a escribirlo.", "The text has characters that are not allowed (control characters or characters that reverse the text's direction). Delete it and type it again.";
    TextSingleLine => "text_single_line", "Este campo va en una sola línea, sin saltos de línea ni tabulaciones.", "This field takes a single line, without line breaks or tabs.";
    DateOutOfRange => "date_out_of_range", "La fecha debe estar entre 1900 y 2100.", "The date must be between 1900 and 2100.";
    GenderRequired => "gender_required", "Elige el género.", "Choose the gender.";
    // Trust fixes: invitations, blocking and membership.
    InvitationEmailMismatch => "invitation_email_mismatch", "Esta invitación se envió a otra dirección de email: solo sirve para esa dirección.", "This invitation was sent to another email address: it only works for that address.";
    // Messages: search and the print page.
    SearchQueryRequired => "search_query_required", "Escribe qué quieres buscar.", "Write what you want to search for.";
    SearchQueryTooLong => "search_query_too_long", "La búsqueda puede tener hasta 200 caracteres.", "A search can be at most 200 characters long.";
    SearchTopicInvalid => "search_topic_invalid", "El tema debe ser general, medico, escuela, actividades, horarios o gastos.", "The subject must be general, medico, escuela, actividades, horarios or gastos.";
    DateInvalid => "date_invalid", "La fecha debe tener el formato AAAA-MM-DD.", "The date must look like YYYY-MM-DD.";
    DateRangeInverted => "date_range_inverted", "La fecha final no puede ser anterior a la inicial.", "The end date cannot be before the start date.";
    PrintRangeTooLarge => "print_range_too_large", "Ese período tiene más de 5.000 mensajes: elige un período más corto.", "That period holds more than 5,000 messages: choose a shorter one.";
    // Site: suggestions and the rest of the trust fixes' site items.
    SuggestionRequired => "suggestion_required", "Escribe tu sugerencia", "Write your suggestion";
    SuggestionCategoryInvalid => "suggestion_category_invalid", "La categoría debe ser idea, problema u otro", "The category must be idea, problema or otro";
    SuggestionThanks => "suggestion_thanks", "¡Gracias por tu sugerencia! La leerá el equipo de Nido.", "Thank you for your suggestion! The Nido team will read it.";
    // Accounts: what protects an account from a borrowed session, weak passwords and spent links.
    PasswordTooCommon => "password_too_common", "Esa contraseña es demasiado fácil de adivinar: usa una frase de varias palabras o más variada", "That password is too easy to guess: use a phrase of several words or something less common";
    PasswordSameAsCurrent => "password_same_as_current", "La nueva contraseña es igual a la actual: elige otra", "The new password is the same as the current one: choose another";
    EmailNotVerified => "email_not_verified", "Primero confirma tu email con el enlace que te enviamos", "First confirm your email address with the link we sent you";
    LinkAlreadyUsed => "link_already_used", "Este enlace ya se usó: no hace falta abrirlo otra vez", "This link has already been used: there is no need to open it again";
    // Notifications.
    NotificationCursorInvalid => "notification_cursor_invalid", "Ese cursor no es uno de tus avisos.", "That cursor is not one of your notices.";
    NotificationKindUnknown => "notification_kind_unknown", "Uno de los tipos de aviso no existe.", "One of the notice kinds does not exist.";
    QuietHoursSame => "quiet_hours_same", "Las horas de silencio deben empezar y terminar a horas distintas.", "Quiet hours must start and end at different times.";
    SummaryChoiceInvalid => "summary_choice_invalid", "El resumen debe ser diario, semanal o nunca.", "The summary must be diario, semanal or nunca.";
    UnsubscribeLinkInvalid => "unsubscribe_link_invalid", "Este enlace para darte de baja no es válido. Puedes elegir qué emails recibir en tu perfil, en Notificaciones.", "This unsubscribe link is not valid. You can choose which emails you receive in your profile, under Notifications.";
    NotificationKindAlways => "notification_kind_always", "Los avisos de emergencia siempre llegan por email y push: no se pueden desactivar.", "Emergency notices always arrive by email and push: they cannot be turned off.";
    // Messages: conversations and what a message must be.
    ConversationTopicInvalid => "conversation_topic_invalid", "El tema debe ser general, medico, escuela, actividades, horarios o gastos", "The topic must be general, medico, escuela, actividades, horarios or gastos";
    ConversationSubjectRequired => "conversation_subject_required", "Escribe el asunto de la conversación", "Write the conversation's subject";
    ConversationSubjectTooLong => "conversation_subject_too_long", "El asunto no puede tener más de 200 caracteres", "The subject cannot be longer than 200 characters";
    ParticipantsNotMembers => "participants_not_members", "Cada participante debe ser miembro de la familia", "Each participant must be a member of the family";
    ParticipantsTooFew => "participants_too_few", "La conversación necesita al menos otra persona además de ti", "The conversation needs at least one other person besides you";
    MessageCursorInvalid => "message_cursor_invalid", "El cursor debe ser el número de un mensaje", "The cursor must be the number of a message";
    MessageTextRequired => "message_text_required", "Escribe el mensaje", "Write the message";
    MessageTextTooLong => "message_text_too_long", "El mensaje no puede tener más de 10.000 caracteres", "The message cannot be longer than 10,000 characters";
    MessageTypeInvalid => "message_type_invalid", "El tipo debe ser normal, urgente o emergencia", "The type must be normal, urgente or emergencia";
    MessageReplyInvalid => "message_reply_invalid", "Solo puedes citar un mensaje de esta conversación", "You can only quote a message of this conversation";
    MessageAttachmentsTooMany => "message_attachments_too_many", "Un mensaje puede llevar como máximo 5 archivos", "A message can carry at most 5 files";
    MessageSeenInvalid => "message_seen_invalid", "Indica un mensaje de esta conversación", "Name a message of this conversation";
    MessageShieldRequired => "message_shield_required", "Indica si quieres el escudo activado (true o false)", "Say whether you want the shield on (true or false)";
    EmergencyLimit => "emergency_limit", "Ya enviaste 3 mensajes de emergencia en las últimas 24 horas. Puedes enviarlo como urgente, y si alguien corre peligro llama a los servicios de emergencia.", "You already sent 3 emergency messages in the last 24 hours. You can send it as urgent, and if someone is in danger call the emergency services.";
    MessageRateLimit => "message_rate_limit", "Estás enviando muchos mensajes seguidos. Espera un momento y vuelve a enviarlo.", "You are sending many messages in a row. Wait a moment and send it again.";
    MessageDailyLimit => "message_daily_limit", "Llegaste al máximo de mensajes por día. Podrás enviar más en unas horas; un mensaje de emergencia sí puede enviarse.", "You have reached the daily limit of messages. You can send more in a few hours; an emergency message can still be sent.";
    ConversationDailyLimit => "conversation_daily_limit", "Llegaste al máximo de conversaciones nuevas por día. Puedes seguir escribiendo en las que ya tienes y empezar otra más tarde.", "You have reached the daily limit of new conversations. You can keep writing in the ones you have and start another later.";
    // Messages: attachments.
    AttachmentRequired => "attachment_required", "Elige un archivo para adjuntar.", "Choose a file to attach.";
    AttachmentEmpty => "attachment_empty", "El archivo está vacío.", "The file is empty.";
    AttachmentType => "attachment_type", "Solo se pueden adjuntar imágenes (JPG, PNG, GIF o WebP) y documentos PDF.", "Only images (JPG, PNG, GIF or WebP) and PDF documents can be attached.";
    AttachmentPdfIncomplete => "attachment_pdf_incomplete", "Ese PDF parece incompleto o dañado: no termina como termina un PDF. Prueba a guardarlo otra vez.", "That PDF seems incomplete or damaged: it does not end the way a PDF does. Try saving it again.";
    AttachmentTooLarge => "attachment_too_large", "El archivo es muy grande. Máximo 25 MB", "The file is too large. Maximum 25 MB";
    DocumentNotFound => "documento_no_encontrado", "No encontramos ese documento.", "We could not find that document.";
    DocumentType => "tipo_no_admitido", "Solo se pueden subir PDF, imágenes (JPG, PNG, GIF o WebP) y documentos de oficina (Word, Excel, PowerPoint en formato .docx, .xlsx, .pptx, u OpenDocument .odt, .ods, .odp). Los formatos antiguos .doc y .xls no se admiten: guárdalos en el formato nuevo.", "Only PDFs, images (JPG, PNG, GIF or WebP) and office documents (Word, Excel, PowerPoint as .docx, .xlsx, .pptx, or OpenDocument .odt, .ods, .odp) can be uploaded. The old .doc and .xls formats are not accepted: save them in the new format.";
    DocumentUnsafe => "tipo_no_admitido", "Ese archivo no es lo que dice ser o trae contenido que no podemos guardar con seguridad (otro archivo adentro, una página web o un script, partes cifradas o un tamaño descomprimido desmedido).", "That file is not what it claims to be or carries content we cannot keep safely (another archive inside, a web page or a script, encrypted parts or an outsized uncompressed size).";
    DocumentTooLarge => "archivo_muy_grande", "El archivo es muy grande. Máximo 25 MB.", "The file is too large. Maximum 25 MB.";
    DocumentQuota => "cuota_agotada", "Tu familia llegó al límite de espacio para documentos.", "Your family has reached its storage limit for documents.";
    DocumentDailyLimit => "limite_diario_documentos", "Llegaste al límite de documentos que puedes subir en un día.", "You have reached the limit of documents you can upload in a day.";
    DocumentValidation => "validation", "Revisa los datos marcados.", "Please check the highlighted fields.";
    DocumentForbidden => "forbidden", "Solo los co-padres pueden cambiar documentos.", "Only co-parents can change documents.";
    DocumentFileRequired => "archivo_requerido", "Elige un archivo para subir.", "Choose a file to upload.";
    DocumentFileEmpty => "archivo_vacio", "El archivo está vacío.", "The file is empty.";
    DocumentTitleRequired => "titulo_requerido", "Escribe un título (hasta 200 caracteres).", "Write a title (up to 200 characters).";
    DocumentCategoryInvalid => "categoria_invalida", "Elige una categoría: legal, médico, escolar, financiero, identificación o actividades.", "Choose a category: legal, medical, school, financial, identification or activities.";
    DocumentVisibilityInvalid => "visibilidad_invalida", "La visibilidad debe ser familia, coprogenitores o privado.", "Visibility must be familia, coprogenitores or privado.";
    DocumentChildrenInvalid => "hijos_invalidos", "Elige hijos de esta familia.", "Choose children of this family.";
    DocumentNotesTooLong => "notas_muy_largas", "Las notas pueden tener hasta 2000 caracteres.", "Notes can be up to 2000 characters long.";
    DocumentFamilyRequired => "familia_requerida", "Elige una de tus familias.", "Choose one of your families.";
    DocumentVersionNotFound => "documento_no_encontrado", "Esa versión del documento no existe.", "That version of the document does not exist.";
    DocumentNotRestorable => "documento_no_encontrado", "Ese documento ya no se puede restaurar.", "That document can no longer be restored.";
    AttachmentsInvalid => "attachments_invalid", "Uno de los archivos no es una subida tuya en esta conversación, se repite o ya se envió con otro mensaje.", "One of the files is not an upload of yours in this conversation, is repeated, or was already sent with another message.";
    // Calendar: events and their recurrence.
    EventDateInvalid => "event_date_invalid", "Indica una fecha como 2016-02-29", "Give a date like 2016-02-29";
    EventDateTimeInvalid => "event_date_time_invalid", "Indica una fecha y hora local como 2026-03-02T17:30:00", "Give a local date and time like 2026-03-02T17:30:00";
    EventRuleInvalid => "event_rule_invalid", "La regla de repetición no es válida (RRULE de RFC 5545, por ejemplo FREQ=WEEKLY;BYDAY=MO,WE)", "The repeat rule is not valid (an RFC 5545 RRULE, for example FREQ=WEEKLY;BYDAY=MO,WE)";
    EventRuleFrequency => "event_rule_frequency", "Un evento puede repetirse cada día, semana, mes o año, no por horas ni minutos", "An event can repeat daily, weekly, monthly or yearly, not by hours or minutes";
    EventRuleUntil => "event_rule_until", "UNTIL debe ser una hora UTC como 20260415T215959Z (o una fecha como 20260415 en eventos de todo el día)", "UNTIL must be a UTC time like 20260415T215959Z (or a date like 20260415 for all-day events)";
    EventRuleNever => "event_rule_never", "Con esa regla el evento no ocurre nunca (por ejemplo, un 31 de abril)", "With that rule the event never happens (a 31 April, say)";
    EventRuleTooFrequent => "event_rule_too_frequent", "Un evento puede ocurrir como máximo 24 veces por día: elige menos horas o minutos en la regla", "An event can happen at most 24 times a day: choose fewer hours or minutes in the rule";
    EventRuleAllDayTime => "event_rule_all_day_time", "Un evento de todo el día no puede repetirse a ciertas horas (BYHOUR, BYMINUTE, BYSECOND)", "An all-day event cannot repeat at given hours (BYHOUR, BYMINUTE, BYSECOND)";
    CalendarRangeInvalid => "calendar_range_invalid", "Indica desde y hasta como instantes RFC 3339, con hasta después de desde", "Give desde and hasta as RFC 3339 instants, with hasta after desde";
    CalendarRangeTooLong => "calendar_range_too_long", "Consulta como máximo 5 años a la vez", "Ask for at most 5 years at a time";
    CalendarSeriesLimited => "calendar_series_limited", "Esta serie se repite más de lo que Nido muestra: hay ocurrencias que no aparecen", "This series repeats more often than Nido shows: some occurrences are left out";
    CalendarAppointment => "calendar_appointment", "Turno médico", "Medical appointment";
    CalendarTooManyOccurrences => "calendar_too_many_occurrences", "Hay más de 5.000 ocurrencias en ese período: consulta un período más corto", "There are more than 5,000 occurrences in that period: ask for a shorter one";
    EventTitleRequired => "event_title_required", "Escribe un título", "Write a title";
    EventTypeInvalid => "event_type_invalid", "El tipo debe ser recogida, actividad, cumpleanos, familia, recordatorio o personalizado", "The type must be recogida, actividad, cumpleanos, familia, recordatorio or personalizado";
    EventCategoryInvalid => "event_category_invalid", "La categoría debe ser custodia, escuela, medico, actividades, celebraciones o viajes", "The category must be custodia, escuela, medico, actividades, celebraciones or viajes";
    EventAllDayRequired => "event_all_day_required", "Indica si el evento dura todo el día (true o false)", "Say whether the event lasts all day (true or false)";
    EventEndBeforeStart => "event_end_before_start", "El fin debe ser posterior al inicio y del mismo tipo (fecha y hora, o fecha)", "The end must come after the start and be of the same kind (date and time, or date)";
    EventDatesInvalid => "event_dates_invalid", "Indica hasta 500 inicios locales del mismo tipo que el inicio del evento", "Give up to 500 local starts of the same kind as the event's start";
    EventChildrenRequired => "event_children_required", "Indica los hijos a los que concierne (puede ser una lista vacía)", "Say which children it concerns (the list may be empty)";
    EventChildInvalid => "event_child_invalid", "Solo puedes indicar hijos de esta familia", "You can only name children of this family";
    EventRemindersInvalid => "event_reminders_invalid", "Indica hasta 5 recordatorios, en minutos antes del evento (de 0 a 40.320)", "Give up to 5 reminders, in minutes before the event (0 to 40,320)";
    EventStarted => "event_started", "Este evento ya empezó: solo se pueden cambiar sus notas. Para cambiar las próximas repeticiones, cambia «esta y las siguientes».", "This event has already started: only its notes can change. To change the coming repetitions, change \"this and the following\".";
    EventOccurrenceInvalid => "event_occurrence_invalid", "Ninguna repetición de este evento empieza a esa hora local", "No repetition of this event starts at that local time";
    EventScopeInvalid => "event_scope_invalid", "El alcance debe ser una o siguientes, con la ocurrencia indicada", "The scope must be una or siguientes, with the occurrence given";
    EventCancelled => "event_cancelled", "Evento cancelado.", "Event cancelled.";
    // Custody: the schedule, holiday periods, swaps and handovers.
    CustodyPatternInvalid => "custody_pattern_invalid", "El patrón debe ser 2-2-3, 2-2-5-5, 3-4-4-3, 5-2-2-5, 7-7, 4-3, eow, eow-midweek o personalizado.", "The pattern must be 2-2-3, 2-2-5-5, 3-4-4-3, 5-2-2-5, 7-7, 4-3, eow, eow-midweek or personalizado.";
    CustodyCycleInvalid => "custody_cycle_invalid", "El ciclo personalizado es una cadena de 1 a 366 letras A o B, una por día.", "A custom cycle is a string of 1 to 366 letters A or B, one per day.";
    CustodyStartInvalid => "custody_start_invalid", "Indica la fecha de inicio con el formato AAAA-MM-DD, entre 1900 y 2100.", "Give the start date as YYYY-MM-DD, between 1900 and 2100.";
    CustodyStartPast => "custody_start_past", "Un calendario nuevo empieza hoy o más adelante: las noches pasadas quedan como estaban.", "A new schedule starts today or later: past nights stay as they were.";
    CustodyParentInvalid => "custody_parent_invalid", "Cada progenitor debe ser un co-padre de esta familia.", "Each parent must be a co-parent of this family.";
    CustodyParentsSame => "custody_parents_same", "El progenitor A y el progenitor B deben ser personas distintas.", "Parent A and parent B must be different people.";
    CustodyRangeTooLong => "custody_range_too_long", "Elige un período de 5 años como máximo.", "Choose a period of at most 5 years.";
    CustodyNoSchedule => "custody_no_schedule", "La familia todavía no tiene un calendario de custodia para esas fechas.", "The family has no custody schedule for those dates yet.";
    CustodyPeriodNameRequired => "custody_period_name_required", "Escribe el nombre del período (por ejemplo, Navidad).", "Write the period's name (for example, Christmas).";
    CustodyPeriodModeInvalid => "custody_period_mode_invalid", "El reparto debe ser progenitor, alterna o mitades.", "The split must be progenitor, alterna or mitades.";
    CustodyPeriodTooLong => "custody_period_too_long", "Un período dura como máximo 366 noches.", "A period lasts at most 366 nights.";
    CustodyHolidayCountryInvalid => "custody_holiday_country_invalid", "El país debe ser AR o ES.", "The country must be AR or ES.";
    CustodyHolidayYearInvalid => "custody_holiday_year_invalid", "Hay feriados sugeridos para los años 2000 a 2030.", "Suggested holidays are available for the years 2000 to 2030.";
    SwapNightsRequired => "swap_nights_required", "Indica al menos una noche (AAAA-MM-DD), como máximo 31.", "Give at least one night (YYYY-MM-DD), at most 31.";
    SwapNightPast => "swap_night_past", "Las noches pasadas no se pueden cambiar.", "Past nights cannot be swapped.";
    SwapNightsOverlap => "swap_nights_overlap", "Una noche no puede estar a la vez en las pedidas y en la devolución.", "A night cannot be both among those asked for and those given back.";
    SwapReasonRequired => "swap_reason_required", "Escribe el motivo del cambio (hasta 1000 caracteres).", "Write the reason for the swap (up to 1000 characters).";
    SwapDeadlineInvalid => "swap_deadline_invalid", "Indica hasta cuándo responder como fecha y hora RFC 3339.", "Give the answer deadline as an RFC 3339 date and time.";
    SwapDeadlineTooSoon => "swap_deadline_too_soon", "El plazo para responder debe ser de al menos 24 horas.", "The answer deadline must be at least 24 hours away.";
    ReportSectionsInvalid => "report_sections_invalid", "Elige al menos una sección: mensajes, calendario, dinero, documentos o registro.", "Choose at least one section: messages, calendar, money, documents or record.";
    ReportLanguageInvalid => "report_language_invalid", "Elige el idioma del informe: es o en.", "Choose the report's language: es or en.";
    ReportAltered => "report_altered", "El archivo cambió después de firmado: no es el informe que se emitió.", "The file changed after it was signed: it is not the report that was issued.";
    ReportStampBroken => "report_stamp_broken", "La firma está bien, pero su sello de tiempo no corresponde a ella: alguien lo cambió o lo copió de otro archivo.", "The signature holds, but its timestamp does not belong to it: someone changed it or copied it from another file.";
    ReportNotSigned => "report_not_signed", "Este archivo no tiene firma: no es un informe de Nido.", "This file has no signature: it is not a Nido report.";
    ReportNotOurs => "report_not_ours", "La firma de este archivo no es de este servidor.", "This file's signature is not this server's.";
    ReportUnknown => "report_unknown", "La firma es de este servidor, pero el informe ya no figura: se borró con la cuenta o la familia que lo pidió.", "The signature is this server's, but the report is no longer listed: it was erased with the account or family that asked for it.";
    ReportFileRequired => "report_file_required", "Elige el PDF del informe.", "Choose the report's PDF.";
    ReportFileTooLarge => "report_file_too_large", "El archivo supera los 64 MB: no es un informe de Nido.", "The file is over 64 MB: it is not a Nido report.";
    ReportDeleted => "report_deleted", "Informe borrado.", "Report deleted.";
    ReportNotReady => "report_not_ready", "El informe todavía no está listo, o no se pudo hacer.", "The report is not ready yet, or could not be made.";
    SwapDeadlineTooLate => "swap_deadline_too_late", "El plazo para responder debe terminar antes de la primera noche pedida.", "The answer deadline must end before the first night asked for.";
    SwapNotParent => "swap_not_parent", "Solo los dos progenitores del calendario pueden pedir cambios de noches.", "Only the schedule's two parents can ask for night swaps.";
    SwapNotYours => "swap_not_yours", "Solo el otro progenitor puede responder este pedido.", "Only the other parent can answer this request.";
    SwapNotOpen => "swap_not_open", "Este pedido ya no está abierto: fue respondido o venció.", "This request is no longer open: it was answered or it expired.";
    HandoverNotExchange => "handover_not_exchange", "Ese día no hay intercambio: los niños siguen con el mismo progenitor.", "There is no exchange that day: the children stay with the same parent.";
    HandoverTimeInvalid => "handover_time_invalid", "Indica cuándo ocurrió como fecha y hora RFC 3339, no en el futuro.", "Give when it happened as an RFC 3339 date and time, not in the future.";
    MoneyAmountInvalid => "money_amount_invalid", "El monto debe ser un número entero en centavos (la unidad menor de la moneda), de 1 a 1.000.000.000.000.", "The amount must be a whole number in cents (the currency's minor unit), from 1 to 1,000,000,000,000.";
    MoneyCurrencyInvalid => "money_currency_invalid", "La moneda debe ser un código ISO 4217 válido, como ARS, EUR o USD.", "The currency must be a valid ISO 4217 code, such as ARS, EUR or USD.";
    MoneyFamilyRequired => "money_family_required", "Indica la familia (familiaId).", "Give the family (familiaId).";
    MoneyDescriptionRequired => "money_description_required", "Escribe una descripción de hasta 200 caracteres.", "Write a description of up to 200 characters.";
    MoneyCategoryInvalid => "money_category_invalid", "La categoría debe ser educacion, salud, actividades, ropa-calzado, alimentacion, transporte, entretenimiento, emergencias u otros.", "The category must be educacion, salud, actividades, ropa-calzado, alimentacion, transporte, entretenimiento, emergencias or otros.";
    MoneyNotCoparent => "money_not_coparent", "Debe ser un co-padre actual de esta familia.", "Must be a current co-parent of this family.";
    MoneySplitInvalid => "money_split_invalid", "Indica el reparto: {modo, participantes, pesos}.", "Give the split: {modo, participantes, pesos}.";
    MoneySplitModeInvalid => "money_split_mode_invalid", "El modo de reparto debe ser igual, porcentajes, ingresos o unico.", "The split mode must be igual, porcentajes, ingresos or unico.";
    MoneyParticipantsInvalid => "money_participants_invalid", "Indica al menos un participante por su id.", "Give at least one participant by their id.";
    MoneyParticipantsRepeated => "money_participants_repeated", "Cada participante puede aparecer una sola vez.", "Each participant may appear only once.";
    MoneySingleParticipant => "money_single_participant", "El modo unico lleva exactamente un participante.", "The unico mode takes exactly one participant.";
    MoneyWeightsInvalid => "money_weights_invalid", "Los pesos deben ser un objeto {usuarioId: número}.", "The weights must be an object {usuarioId: number}.";
    MoneyPercentagesInvalid => "money_percentages_invalid", "Indica un porcentaje por participante, con hasta dos decimales, que sumen exactamente 100.", "Give one percentage per participant, with up to two decimals, adding up to exactly 100.";
    MoneyIncomesInvalid => "money_incomes_invalid", "Los ingresos deben ser números enteros en centavos, de 0 a 10^12, uno por participante, y no sumar cero.", "Incomes must be whole numbers in cents, from 0 to 10^12, one per participant, and not add up to zero.";
    MoneyIncomesMissing => "money_incomes_missing", "Falta el ingreso mensual de algún participante: indícalo en el reparto o en la configuración de finanzas de la familia.", "A participant's monthly income is missing: give it in the split or in the family's finance settings.";
    MoneyApprovalAmountsInvalid => "money_approval_amounts_invalid", "Los montos de aprobación automática van por código de moneda ISO 4217, como números enteros de 0 a 10^12.", "Automatic approval amounts go by ISO 4217 currency code, as whole numbers from 0 to 10^12.";
    MoneyProposalPending => "money_proposal_pending", "Ya hay una propuesta de cambio de los ajustes esperando respuesta: respóndela o retírala antes de proponer otra.", "A proposal to change the settings is already waiting for an answer: answer or withdraw it before proposing another.";
    MoneyProposalEmpty => "money_proposal_empty", "La propuesta no cambia nada: indica un monto de aprobación automática o un ingreso distinto del actual.", "The proposal changes nothing: give an automatic-approval amount or an income different from the current one.";
    MoneyProposalNotOpen => "money_proposal_not_open", "Esta propuesta ya no espera tu respuesta.", "This proposal no longer waits for your answer.";
    MoneyProposalDecisionInvalid => "money_proposal_decision_invalid", "La decisión debe ser aceptar, rechazar o retirar.", "The decision must be aceptar, rechazar or retirar.";
    MoneyProposalNotYours => "money_proposal_not_yours", "Solo quien hizo la propuesta puede retirarla, y solo los demás co-padres pueden aceptarla o rechazarla.", "Only whoever made the proposal can withdraw it, and only the other co-parents can accept or decline it.";
    MoneyChildInvalid => "money_child_invalid", "Cada hijo debe ser de esta familia (hasta 20).", "Each child must belong to this family (up to 20).";
    MoneyStateInvalid => "money_state_invalid", "El estado debe ser pendiente, aprobado, rechazado, disputado o retirado.", "The state must be pendiente, aprobado, rechazado, disputado or retirado.";
    MoneyCursorInvalid => "money_cursor_invalid", "El cursor no es válido: usa el valor siguiente de la página anterior.", "The cursor is not valid: use the previous page's siguiente value.";
    MoneyExpenseNotYours => "money_expense_not_yours", "Solo quien cargó el gasto puede cambiarlo o retirarlo.", "Only the person who added the expense can change or withdraw it.";
    MoneyExpenseAnswered => "money_expense_answered", "Este gasto ya fue respondido, rechazado o retirado: no se puede cambiar ni retirar.", "This expense has already been answered, refused or withdrawn: it cannot be changed or withdrawn.";
    MoneyNotApprover => "money_not_approver", "No te toca responder este gasto.", "This expense is not yours to answer.";
    MoneyExpenseNotOpen => "money_expense_not_open", "Este gasto ya no espera tu respuesta.", "This expense no longer waits for your answer.";
    MoneyReasonInvalid => "money_reason_invalid", "El motivo debe ser no_acordado, monto_incorrecto, no_es_para_hijos, duplicado u otro.", "The reason must be no_acordado, monto_incorrecto, no_es_para_hijos, duplicado or otro.";
    MoneyCommentRequired => "money_comment_required", "Escribe un comentario de hasta 2000 caracteres.", "Write a comment of up to 2000 characters.";
    MoneyProposalRequired => "money_proposal_required", "Escribe qué aceptarías, en hasta 2000 caracteres.", "Write what you would accept, in up to 2000 characters.";
    MoneyProposalRaisesOthers => "money_proposal_raises_others", "La propuesta no puede subir la parte de otro co-padre que no participa en la disputa.", "The proposal cannot raise the share of another co-parent who is not part of the dispute.";
    MoneyProposalCannotApply => "money_proposal_cannot_apply", "La propuesta ya no se puede aplicar: cambió quién participa del gasto o se registró un reintegro. Contéstala o retira el gasto.", "The proposal can no longer be applied: who shares the expense changed or a refund was recorded. Reply to it or withdraw the expense.";
    MoneyNothingToAccept => "money_nothing_to_accept", "Esta disputa no propone un monto ni un reparto que se pueda aceptar: contéstala o retira el gasto.", "This dispute proposes no amount or split that can be accepted: reply to it or withdraw the expense.";
    MoneyDisputeNotYours => "money_dispute_not_yours", "Solo quien cargó el gasto puede aceptar o contestar su disputa.", "Only whoever added the expense can accept or reply to its dispute.";
    MoneyPaymentSide => "money_payment_side", "Solo puedes registrar un pago que hiciste o que recibiste.", "You can only record a payment you made or received.";
    MoneyPaymentSamePerson => "money_payment_same_person", "Quien paga y quien recibe deben ser personas distintas.", "The payer and the receiver must be different people.";
    MoneyPaymentNotReceiver => "money_payment_not_receiver", "Solo quien recibe el pago puede confirmarlo o decir que no llegó.", "Only the receiver can confirm a payment or say it never arrived.";
    MoneyPaymentNotPending => "money_payment_not_pending", "Este pago ya fue respondido.", "This payment has already been answered.";
    MoneyFileRequired => "money_file_required", "Envía el archivo en el campo del formulario (una imagen o un PDF).", "Send the file in the form's field (an image or a PDF).";
    MoneyFileTooLarge => "money_file_too_large", "El archivo no puede superar los 10 MB.", "The file cannot be larger than 10 MB.";
    MoneyFileType => "money_file_type", "El archivo debe ser una imagen (JPG, PNG, GIF o WebP) o un PDF completo.", "The file must be an image (JPG, PNG, GIF or WebP) or a complete PDF.";
    MoneyFileUnsafe => "money_file_unsafe", "Ese PDF trae contenido que no podemos guardar con seguridad (una página web, un script u otro archivo adentro). Envía el PDF original o una foto del recibo.", "That PDF carries content we cannot keep safely (a web page, a script or another file inside). Send the original PDF or a photo of the receipt.";
    MoneyFileNotYours => "money_file_not_yours", "Solo quien cargó o pagó el gasto, o quien hizo o recibió el pago, puede adjuntar el archivo.", "Only whoever added or paid the expense, or made or received the payment, can attach the file.";
    MoneyRecurrenceInvalid => "money_recurrence_invalid", "La repetición es {hasta?: AAAA-MM-DD}, con hasta no antes de la fecha del gasto.", "The recurrence is {hasta?: YYYY-MM-DD}, with hasta not before the expense's date.";
    MoneyInsurerRequired => "money_insurer_required", "Indica la obra social o prepaga (hasta 200 caracteres).", "Give the health insurer (up to 200 characters).";
    MoneyRefundNotExpected => "money_refund_not_expected", "Este gasto no espera un reintegro, o ya tiene uno registrado, o fue rechazado o retirado.", "This expense expects no refund, already has one recorded, or was refused or withdrawn.";
    MoneyRefundTooLarge => "money_refund_too_large", "El reintegro debe ser un número entero en centavos, de 1 al monto del gasto.", "The refund must be a whole number in cents, from 1 to the expense's amount.";
    MoneyRefundNotPayer => "money_refund_not_payer", "Solo quien pagó el gasto puede registrar su reintegro.", "Only whoever paid the expense can record its refund.";
    HandoverTimeFar => "handover_time_far", "La hora real debe estar a menos de 24 horas de la hora de intercambio prevista.", "The actual time must be within 24 hours of the planned exchange time.";
    SupportAmountInvalid => "support_amount_invalid", "El monto debe ser un número entero de centavos entre 1 y 1.000.000.000.000 (sin decimales).", "The amount must be a whole number of cents from 1 to 1,000,000,000,000 (no decimals).";
    SupportCurrencyInvalid => "support_currency_invalid", "La moneda debe ser un código ISO 4217 como ARS, EUR o USD.", "The currency must be an ISO 4217 code such as ARS, EUR or USD.";
    SupportModeInvalid => "support_mode_invalid", "El modo debe ser monto o porcentaje.", "The mode must be monto or porcentaje.";
    SupportPercentInvalid => "support_percent_invalid", "El porcentaje debe ser un número con hasta dos decimales, dentro del rango permitido.", "The percentage must be a number with up to two decimals, within the allowed range.";
    SupportIncomeRequired => "support_income_required", "Indica el ingreso mensual declarado de quien paga, en centavos (entero entre 1 y 1.000.000.000.000).", "Give the payer's stated monthly income in cents (a whole number from 1 to 1,000,000,000,000).";
    SupportDayInvalid => "support_day_invalid", "El día de vencimiento debe ser un número entero del 1 al 28.", "The due day must be a whole number from 1 to 28.";
    SupportPersonInvalid => "support_person_invalid", "Debe ser un co-padre actual de la familia.", "It must be a current co-parent of the family.";
    SupportSamePerson => "support_same_person", "Quien paga y quien recibe deben ser personas distintas.", "The payer and the payee must be different people.";
    SupportChildInvalid => "support_child_invalid", "Cada hijo debe ser un hijo de esta familia.", "Each child must be a child of this family.";
    SupportActiveInvalid => "support_active_invalid", "activa debe ser true o false.", "activa must be true or false.";
    SupportIndexInvalid => "support_index_invalid", "El índice debe ser un número positivo con hasta seis decimales.", "The index must be a positive number with up to six decimals.";
    SupportAdjustmentShape => "support_adjustment_shape", "Indica un porcentaje, o el índice anterior y el nuevo (o, en modo porcentaje, el nuevo ingreso declarado), y solo uno de ellos.", "Give a percentage, or the previous and the new index (or, in percentage mode, the new stated income), and only one of them.";
    SupportAdjustmentTooEarly => "support_adjustment_too_early", "El ajuste no puede empezar antes del inicio de la cuota ni antes del último ajuste.", "The adjustment cannot start before the support begins or before the latest adjustment.";
    SupportAdjustedOutOfRange => "support_adjusted_out_of_range", "El monto resultante debe quedar entre 1 y 1.000.000.000.000 centavos.", "The resulting amount must stay between 1 and 1,000,000,000,000 cents.";
    SupportChangeNotParty => "support_change_not_party", "Solo quien paga o quien recibe la cuota puede cambiar su monto, pausarla, reanudarla o terminarla.", "Only the payer or the payee of the support can change its amount, pause, resume or end it.";
    SupportProposalPending => "support_proposal_pending", "Ya hay una propuesta de cambio de esta cuota esperando respuesta: espérala o retírala antes de proponer otra.", "A proposal to change this support is already waiting for an answer: wait for it or withdraw it before proposing another.";
    SupportProposalNotOpen => "support_proposal_not_open", "Esta propuesta ya no espera respuesta.", "This proposal no longer waits for an answer.";
    SupportProposalNotYours => "support_proposal_not_yours", "Solo a quien afecta la propuesta puede aceptarla o rechazarla, y solo quien la hizo puede retirarla.", "Only the one the proposal affects can accept or decline it, and only whoever made it can withdraw it.";
    SupportProposalStale => "support_proposal_stale", "La cuota cambió desde que se propuso este ajuste: recházalo y que se proponga de nuevo.", "The support changed since this adjustment was proposed: decline it and have it proposed again.";
    SupportNotParty => "support_not_party", "Solo quien paga o quien recibe la cuota puede registrar sus pagos.", "Only the payer or the payee of the support can record its payments.";
    SupportNotPayee => "support_not_payee", "Solo quien recibe la cuota puede responder este pago.", "Only the payee of the support can answer this payment.";
    SupportPaymentNotPending => "support_payment_not_pending", "Este pago ya fue respondido.", "This payment has already been answered.";
    CardExpiryRequired => "card_expiry_required", "Elige hasta cuándo funciona el enlace", "Choose until when the link works";
    CardExpiryRange => "card_expiry_range", "El enlace debe vencer entre 24 horas y un año desde ahora", "The link must expire between 24 hours and one year from now";
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, NaiveTime};

    use super::*;

    #[test]
    fn days_and_times_read_as_each_language_writes_them() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 5).unwrap_or_default();
        assert_eq!(long_date(day, Lang::Es), "5 de diciembre de 2026");
        assert_eq!(long_date(day, Lang::En), "December 5, 2026");
        let evening = NaiveTime::from_hms_opt(18, 5, 0).unwrap_or_default();
        assert_eq!(clock(evening, Lang::Es), "18:05");
        assert_eq!(clock(evening, Lang::En), "6:05 PM");
        let morning = NaiveTime::from_hms_opt(9, 30, 0).unwrap_or_default();
        assert_eq!(clock(morning, Lang::Es), "09:30");
        assert_eq!(clock(morning, Lang::En), "9:30 AM");
    }
}
