//! Custody patterns: which parent, A or B, holds the overnight that begins on a date. A cycle
//! pattern is L letters counted from the schedule's `inicio` (day `(D − inicio) mod L`); the
//! weekend patterns count 14-day blocks from the first Friday on or after `inicio`.

use chrono::{Datelike, NaiveDate, Weekday};

use crate::i18n::Msg;

/// The pattern ids and their cycles, A holding the first block.
pub const CYCLES: [(&str, &str); 6] = [
    ("2-2-3", "AABBAAABBAABBB"),
    ("2-2-5-5", "AABBAAAAABBBBB"),
    ("3-4-4-3", "AAABBBBAAAABBB"),
    ("5-2-2-5", "AAAAABBAABBBBB"),
    ("7-7", "AAAAAAABBBBBBB"),
    ("4-3", "AAAABBB"),
];
pub const EOW: &str = "eow";
pub const EOW_MIDWEEK: &str = "eow-midweek";
pub const CUSTOM: &str = "personalizado";
/// The longest custom cycle: a year of days.
pub const CUSTOM_MAX: usize = 366;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    A,
    B,
}

crate::closed_set! {
    /// The patterns a schedule may follow: the cycles above, every other weekend (with or without
    /// a midweek night), or a cycle of the parents' own.
    pub enum PatternName {
        TwoTwoThree = "2-2-3",
        TwoTwoFiveFive = "2-2-5-5",
        ThreeFourFourThree = "3-4-4-3",
        FiveTwoTwoFive = "5-2-2-5",
        SevenSeven = "7-7",
        FourThree = "4-3",
        EveryOtherWeekend = "eow",
        EveryOtherWeekendMidweek = "eow-midweek",
        Custom = "personalizado",
    }
}

/// A checked pattern, ready to answer for any date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    Cycle(Vec<Side>),
    Weekends { midweek: bool },
}

impl Pattern {
    /// The pattern of `patron`, with `ciclo` read only for `personalizado`.
    pub fn parse(patron: &str, ciclo: Option<&str>) -> Result<Pattern, Msg> {
        match patron {
            EOW => Ok(Pattern::Weekends { midweek: false }),
            EOW_MIDWEEK => Ok(Pattern::Weekends { midweek: true }),
            CUSTOM => cycle(ciclo.unwrap_or_default().trim()).ok_or(Msg::CustodyCycleInvalid),
            _ => CYCLES
                .iter()
                .find(|(id, _)| *id == patron)
                .and_then(|(_, letters)| cycle(letters))
                .ok_or(Msg::CustodyPatternInvalid),
        }
    }

    /// The letters to store and show: the cycle, or None for the weekend patterns.
    pub fn letters(&self) -> Option<String> {
        match self {
            Pattern::Cycle(sides) => Some(
                sides
                    .iter()
                    .map(|s| if *s == Side::A { 'A' } else { 'B' })
                    .collect(),
            ),
            Pattern::Weekends { .. } => None,
        }
    }

    /// Who holds the night that begins on `date`, for a schedule that began on `inicio`
    /// (`date` ≥ `inicio`).
    pub fn side(&self, inicio: NaiveDate, date: NaiveDate) -> Side {
        let days = (date - inicio).num_days();
        match self {
            Pattern::Cycle(sides) => {
                let len = sides.len() as i64;
                sides[days.rem_euclid(len) as usize]
            }
            Pattern::Weekends { midweek } => {
                if *midweek && date.weekday() == Weekday::Wed {
                    return Side::B;
                }
                let to_friday = (Weekday::Fri.num_days_from_monday() as i64
                    - inicio.weekday().num_days_from_monday() as i64)
                    .rem_euclid(7);
                let since_friday = days - to_friday;
                if since_friday >= 0 && since_friday.rem_euclid(14) < 2 {
                    Side::B
                } else {
                    Side::A
                }
            }
        }
    }
}

fn cycle(letters: &str) -> Option<Pattern> {
    if letters.is_empty() || letters.len() > CUSTOM_MAX {
        return None;
    }
    letters
        .chars()
        .map(|c| match c {
            'A' => Some(Side::A),
            'B' => Some(Side::B),
            _ => None,
        })
        .collect::<Option<Vec<Side>>>()
        .map(Pattern::Cycle)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_pattern_name_is_a_pattern_and_every_cycle_is_named() {
        use crate::vocabulary::ClosedSet;
        for name in PatternName::ALL {
            assert!(
                Pattern::parse(name.wire(), Some("AB")).is_ok(),
                "{}",
                name.wire()
            );
        }
        for (id, _) in CYCLES {
            assert!(PatternName::from_wire(id).is_some(), "{id}");
        }
    }

    use super::*;

    fn date(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    fn letters(p: &Pattern, inicio: NaiveDate, n: i64) -> String {
        (0..n)
            .map(
                |i| match p.side(inicio, inicio + chrono::Duration::days(i)) {
                    Side::A => 'A',
                    Side::B => 'B',
                },
            )
            .collect()
    }

    #[test]
    fn cycles_repeat_from_the_start() {
        let p = Pattern::parse("2-2-3", None).expect("pattern");
        let start = date("2026-03-02");
        assert_eq!(letters(&p, start, 28), "AABBAAABBAABBB".repeat(2));
    }

    #[test]
    fn every_other_weekend_starts_on_the_first_friday_on_or_after_the_start() {
        let p = Pattern::parse(EOW, None).expect("pattern");
        // A Monday: the first weekend's Friday is day 4.
        assert_eq!(letters(&p, date("2026-03-02"), 21), "AAAABBAAAAAAAAAAAABBA");
        // A Saturday: the next Friday is six days later.
        assert_eq!(letters(&p, date("2026-03-07"), 8), "AAAAAABB");
        // A Friday: that very night.
        assert_eq!(letters(&p, date("2026-03-06"), 3), "BBA");
    }

    #[test]
    fn the_midweek_night_is_every_wednesday() {
        let p = Pattern::parse(EOW_MIDWEEK, None).expect("pattern");
        assert_eq!(letters(&p, date("2026-03-02"), 14), "AABABBAAABAAAA");
    }

    #[test]
    fn bad_patterns_and_cycles_are_refused() {
        assert_eq!(Pattern::parse("3-3", None), Err(Msg::CustodyPatternInvalid));
        assert_eq!(
            Pattern::parse(CUSTOM, Some("ABX")),
            Err(Msg::CustodyCycleInvalid)
        );
        assert_eq!(Pattern::parse(CUSTOM, None), Err(Msg::CustodyCycleInvalid));
        assert_eq!(
            Pattern::parse(CUSTOM, Some(&"A".repeat(367))),
            Err(Msg::CustodyCycleInvalid)
        );
        assert_eq!(
            Pattern::parse(CUSTOM, Some("AB")).map(|p| p.letters()),
            Ok(Some("AB".to_owned()))
        );
    }
}
