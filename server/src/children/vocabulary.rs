//! The closed sets of a child's record.

use crate::vocabulary::ClosedSet;

crate::closed_set! {
    /// A child's blood group.
    pub enum BloodType {
        APositive = "A+",
        ANegative = "A-",
        BPositive = "B+",
        BNegative = "B-",
        AbPositive = "AB+",
        AbNegative = "AB-",
        OPositive = "O+",
        ONegative = "O-",
    }
}

crate::closed_set! {
    /// A child's gender, as the record asks it.
    pub enum Gender {
        Female = "femenino",
        Male = "masculino",
    }
}

crate::closed_set! {
    /// A day of the week an activity takes place, Monday first.
    pub enum Weekday {
        Monday = "lunes",
        Tuesday = "martes",
        Wednesday = "miercoles",
        Thursday = "jueves",
        Friday = "viernes",
        Saturday = "sabado",
        Sunday = "domingo",
    }
}

crate::closed_set! {
    /// Where a medical appointment stands.
    pub enum AppointmentStatus {
        Scheduled = "programado",
        Completed = "completado",
        Cancelled = "cancelado",
    }
}

impl Weekday {
    /// The day a person wrote: any case, and with the accents of "miércoles" and "sábado", which
    /// the wire value leaves out.
    pub fn spoken(text: &str) -> Option<Weekday> {
        let plain = text
            .trim()
            .to_lowercase()
            .replace('é', "e")
            .replace('á', "a");
        Self::from_wire(&plain)
    }

    pub fn chrono(self) -> chrono::Weekday {
        match self {
            Weekday::Monday => chrono::Weekday::Mon,
            Weekday::Tuesday => chrono::Weekday::Tue,
            Weekday::Wednesday => chrono::Weekday::Wed,
            Weekday::Thursday => chrono::Weekday::Thu,
            Weekday::Friday => chrono::Weekday::Fri,
            Weekday::Saturday => chrono::Weekday::Sat,
            Weekday::Sunday => chrono::Weekday::Sun,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_read_as_people_write_them() {
        assert_eq!(Weekday::spoken(" Miércoles "), Some(Weekday::Wednesday));
        assert_eq!(Weekday::spoken("SÁBADO"), Some(Weekday::Saturday));
        assert_eq!(Weekday::spoken("sabado"), Some(Weekday::Saturday));
        assert_eq!(Weekday::spoken("monday"), None);
    }

    #[test]
    fn days_follow_the_week_from_monday() {
        let days: Vec<chrono::Weekday> = Weekday::ALL.iter().map(|d| d.chrono()).collect();
        let mut day = chrono::Weekday::Mon;
        for found in days {
            assert_eq!(found, day);
            day = day.succ();
        }
        assert!(Weekday::Monday < Weekday::Sunday);
    }
}
