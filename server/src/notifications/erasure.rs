//! What an erased account leaves in other people's notices: its name. The notices it caused
//! (`actor_id`) and those of its families that carry its full name lose it: the name is taken
//! out (the texts then read "someone") and the notice no longer points at the account.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, DbErr, EntityTrait,
    IntoActiveModel, QueryFilter, QuerySelect, Set,
    sea_query::{Expr, ExprTrait, LikeExpr, Query},
};
use serde_json::Value;

use super::entities::notificacion;
use crate::db::entities::usuario;

/// Inside the erasure's transaction.
pub async fn forget(txn: &DatabaseTransaction, user: &usuario::Model) -> Result<(), DbErr> {
    let name = format!("{} {}", user.nombre.trim(), user.apellido.trim());
    let name = name.trim();
    let mut named = Condition::any().add(notificacion::Column::ActorId.eq(&user.id));
    if name.chars().count() >= 3 {
        // The families they were part of, as their own notices and acts tell: a namesake
        // elsewhere keeps their name.
        let their_families = Query::select()
            .column(notificacion::Column::FamiliaId)
            .from(notificacion::Entity)
            .cond_where(
                Condition::any()
                    .add(notificacion::Column::UsuarioId.eq(&user.id))
                    .add(notificacion::Column::ActorId.eq(&user.id)),
            )
            .and_where(notificacion::Column::FamiliaId.is_not_null())
            .to_owned();
        named = named.add(
            Condition::all()
                .add(
                    Expr::col(notificacion::Column::Datos)
                        .like(LikeExpr::new(format!("%{}%", escape_like(name))).escape('\\')),
                )
                .add(notificacion::Column::FamiliaId.in_subquery(their_families)),
        );
    }
    let notices = notificacion::Entity::find()
        .filter(notificacion::Column::UsuarioId.ne(&user.id))
        .filter(named)
        .lock_exclusive()
        .all(txn)
        .await?;
    for notice in notices {
        let mut datos: Value = serde_json::from_str(&notice.datos).unwrap_or_default();
        let changed = without_name(&mut datos, name);
        let was_theirs = notice.actor_id.as_deref() == Some(user.id.as_str());
        if !changed && !was_theirs {
            continue;
        }
        let mut active = notice.into_active_model();
        active.datos = Set(datos.to_string());
        if was_theirs {
            active.actor_id = Set(None);
        }
        active.update(txn).await?;
    }
    Ok(())
}

fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

/// Takes `name` out of a notice's parameters; answers whether any held it. A parameter that is
/// the name goes (the texts read "alguien" / "someone" in its place); a text that contains it
/// says "alguien" or "someone" instead, by the language its key ends in.
pub fn without_name(datos: &mut Value, name: &str) -> bool {
    if name.is_empty() {
        return false;
    }
    let Some(fields) = datos.as_object_mut() else {
        return false;
    };
    let mut changed = false;
    fields.retain(|_, value| {
        let gone = value.as_str() == Some(name);
        changed |= gone;
        !gone
    });
    for (key, value) in fields.iter_mut() {
        let Some(text) = value.as_str().filter(|t| t.contains(name)) else {
            continue;
        };
        let (start, within) = if key.ends_with("En") {
            ("Someone", "someone")
        } else if key.ends_with("Es") {
            ("Alguien", "alguien")
        } else {
            ("—", "—")
        };
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(name) {
            out.push_str(&rest[..at]);
            let sentence_start =
                out.trim_end().is_empty() || out.trim_end().ends_with(['.', '!', '?', ':']);
            out.push_str(if sentence_start { start } else { within });
            rest = &rest[at + name.len()..];
        }
        out.push_str(rest);
        *value = Value::String(out);
        changed = true;
    }
    changed
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::{i18n::Lang, notifications::kinds};

    #[test]
    fn the_name_leaves_every_parameter_and_text() {
        let name = "Zanahoria Quimérica";
        let mut datos = json!({
            "actor": name,
            "descripcion": "Zapatillas",
            "detalleEs": "Zanahoria Quimérica cargó un gasto para que lo apruebes: Zapatillas.",
            "detalleEn": "Paid by Zanahoria Quimérica. Zanahoria Quimérica added an expense.",
        });
        assert!(without_name(&mut datos, name));
        assert_eq!(
            datos,
            json!({
                "descripcion": "Zapatillas",
                "detalleEs": "Alguien cargó un gasto para que lo apruebes: Zapatillas.",
                "detalleEn": "Paid by someone. Someone added an expense.",
            })
        );
        let (titulo, texto) = kinds::render(kinds::MONEY_EXPENSE, &datos, Lang::Es);
        assert!(
            !titulo.contains("Zanahoria") && !texto.contains("Zanahoria"),
            "{titulo} {texto}"
        );
        let mut member = json!({"miembro": name, "familia": "Casa"});
        assert!(without_name(&mut member, name));
        let (_, texto) = kinds::render(kinds::MEMBER_LEFT, &member, Lang::En);
        assert_eq!(texto, "someone is no longer a member of the family Casa.");
        let mut other = json!({"actor": "Ana García"});
        assert!(!without_name(&mut other, name));
        assert!(!without_name(&mut json!("text"), name));
    }
}
