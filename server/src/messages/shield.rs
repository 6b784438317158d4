//! The shield (docs/messages.md, "The shield"): for a reader who turned it on, a message rated
//! hostile that someone else wrote leaves the server without its words wherever the reader would
//! meet them at a glance: the list's preview, a quote inside it, a search excerpt. A thread's
//! pages are shared by every reader of the conversation (`pages`), so they carry the text and the
//! app folds it there until the reader opens it. Notices never carry a message's text. The stored
//! message and its record entry are never touched.

use sea_orm::{ConnectionTrait, DbErr};

use super::{
    settings::shield_of,
    tone::ToneLevel,
    views::{MessageView, QuotedMessageView},
};

/// Whether a message reads folded for `reader`: their shield is on, it was rated hostile, and
/// someone else wrote it (an erased account's message too).
pub fn folds(shield: bool, reader: &str, autor: Option<&str>, tono: &str) -> bool {
    shield && tono == ToneLevel::Hostile.as_str() && autor != Some(reader)
}

fn author(view: &MessageView) -> Option<&str> {
    view.autor.as_ref().map(|a| a.id.as_str())
}

fn quoted_author(quote: &QuotedMessageView) -> Option<&str> {
    quote.autor.as_ref().map(|a| a.id.as_str())
}

/// Whether a shield could fold anything of this message for `reader`: itself or what it quotes.
fn foldable(view: &MessageView, reader: &str) -> bool {
    folds(true, reader, author(view), &view.tono)
        || view
            .responde_a
            .as_ref()
            .is_some_and(|q| folds(true, reader, quoted_author(q), &q.tono))
}

/// Takes the words of what `reader`'s shield folds out of these views, messages and quotes alike,
/// marking each `plegado`. Their setting is read only when something could be folded.
pub async fn fold_for<'a>(
    db: &impl ConnectionTrait,
    reader: &str,
    views: impl IntoIterator<Item = &'a mut MessageView>,
) -> Result<(), DbErr> {
    let mut views: Vec<&mut MessageView> =
        views.into_iter().filter(|v| foldable(v, reader)).collect();
    if views.is_empty() || !shield_of(db, reader).await? {
        return Ok(());
    }
    for view in &mut views {
        if folds(true, reader, author(view), &view.tono) {
            view.texto = String::new();
            view.plegado = true;
        }
        if let Some(quote) = &mut view.responde_a
            && folds(true, reader, quoted_author(quote), &quote.tono)
        {
            quote.texto = String::new();
            quote.plegado = true;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::folds;

    #[test]
    fn only_someone_elses_hostile_message_is_folded_and_only_with_the_shield_on() {
        assert!(folds(true, "ana", Some("beto"), "hostil"));
        assert!(folds(true, "ana", None, "hostil"), "an erased account's");
        assert!(!folds(false, "ana", Some("beto"), "hostil"));
        assert!(!folds(true, "ana", Some("ana"), "hostil"), "one's own");
        assert!(!folds(true, "ana", Some("beto"), "atencion"));
        assert!(!folds(true, "ana", Some("beto"), "ok"));
    }
}
