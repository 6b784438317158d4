//! The names a report prints for the closed sets' wire values (states, categories, topics),
//! which clients show in their own words and the wire spells in short Spanish.

use crate::i18n::Lang;

/// (wire, Spanish, English).
const LABELS: &[(&str, &str, &str)] = &[
    // States of expenses, payments, swaps and dues.
    ("pendiente", "Pendiente", "Pending"),
    ("aprobado", "Aprobado", "Approved"),
    ("rechazado", "Rechazado", "Declined"),
    ("disputado", "En disputa", "Disputed"),
    ("retirado", "Retirado", "Withdrawn"),
    ("confirmado", "Confirmado", "Confirmed"),
    ("no_recibido", "No recibido", "Not received"),
    ("aceptado", "Aceptado", "Accepted"),
    ("contraofertado", "Contraoferta", "Countered"),
    ("vencido", "Vencido", "Overdue"),
    ("parcial", "Pago parcial", "Partly paid"),
    ("pagado", "Pagado", "Paid"),
    // Expense categories.
    ("educacion", "Educación", "Education"),
    ("salud", "Salud", "Health"),
    ("actividades", "Actividades", "Activities"),
    ("ropa-calzado", "Ropa y calzado", "Clothing and shoes"),
    ("alimentacion", "Alimentación", "Food"),
    ("transporte", "Transporte", "Transport"),
    ("entretenimiento", "Entretenimiento", "Entertainment"),
    ("emergencias", "Emergencias", "Emergencies"),
    ("otros", "Otros", "Other"),
    // Conversation topics and message types.
    ("general", "General", "General"),
    ("medico", "Salud", "Health"),
    ("escuela", "Escuela", "School"),
    ("horarios", "Horarios", "Schedules"),
    ("gastos", "Gastos", "Expenses"),
    ("normal", "Normal", "Normal"),
    ("urgente", "Urgente", "Urgent"),
    ("emergencia", "Emergencia", "Emergency"),
    // Event types and categories.
    ("recogida", "Recogida", "Pickup"),
    ("actividad", "Actividad", "Activity"),
    ("cumpleanos", "Cumpleaños", "Birthday"),
    ("familia", "Familia", "Family"),
    ("recordatorio", "Recordatorio", "Reminder"),
    ("personalizado", "Otro", "Other"),
    ("custodia", "Custodia", "Custody"),
    ("celebraciones", "Celebraciones", "Celebrations"),
    ("viajes", "Viajes", "Travel"),
    // Documents: categories and who sees them.
    ("legal", "Legal", "Legal"),
    ("escolar", "Escolar", "School"),
    ("financiero", "Financiero", "Financial"),
    ("identificacion", "Identificación", "Identity"),
    ("coprogenitores", "Coprogenitores", "Co-parents"),
    ("privado", "Solo quien lo subió", "Its uploader only"),
];

/// The name of `wire` in `lang`; a value not listed prints as it is.
pub fn label(wire: &str, lang: Lang) -> &str {
    LABELS
        .iter()
        .find(|(w, _, _)| *w == wire)
        .map_or(wire, |(_, es, en)| match lang {
            Lang::Es => es,
            Lang::En => en,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_value_is_listed_once_and_unknown_ones_print_as_they_are() {
        let mut seen = std::collections::HashSet::new();
        for (wire, _, _) in LABELS {
            assert!(seen.insert(*wire), "{wire} twice");
        }
        assert_eq!(label("ropa-calzado", Lang::En), "Clothing and shoes");
        assert_eq!(label("aprobado", Lang::Es), "Aprobado");
        assert_eq!(label("nuevo-valor", Lang::En), "nuevo-valor");
    }
}
