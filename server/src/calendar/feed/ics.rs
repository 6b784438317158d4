//! Writing RFC 5545 text: content lines ended by CRLF and folded at 75 octets (never inside a
//! UTF-8 character), TEXT values escaped, times in UTC. Kept by hand: a calendar is a handful of
//! properties, and the one subtle part, folding, is tested here.

use chrono::{DateTime, NaiveDate, Utc};

/// The longest a content line may be, in octets, before the CRLF.
const LINE_OCTETS: usize = 75;

/// A calendar being written.
#[derive(Default)]
pub struct Calendar {
    text: String,
}

impl Calendar {
    pub fn new(prodid: &str, name: &str) -> Calendar {
        let mut calendar = Calendar::default();
        calendar.line("BEGIN:VCALENDAR");
        calendar.line("VERSION:2.0");
        calendar.line(&format!("PRODID:{prodid}"));
        calendar.line("CALSCALE:GREGORIAN");
        calendar.line("METHOD:PUBLISH");
        calendar.line(&format!("X-WR-CALNAME:{}", text(name)));
        // How often apps should poll (RFC 7986, and the older name Outlook and Apple read).
        calendar.line("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
        calendar.line("X-PUBLISHED-TTL:PT1H");
        calendar
    }

    /// Writes one content line, folded.
    pub fn line(&mut self, line: &str) {
        let mut octets = 0;
        for c in line.chars() {
            let width = c.len_utf8();
            if octets + width > LINE_OCTETS {
                // The folding space counts towards the next line's octets.
                self.text.push_str("\r\n ");
                octets = 1;
            }
            self.text.push(c);
            octets += width;
        }
        self.text.push_str("\r\n");
    }

    pub fn event(&mut self, event: &Event) {
        self.line("BEGIN:VEVENT");
        self.line(&format!("UID:{}", text(&event.uid)));
        self.line(&format!("DTSTAMP:{}", utc(event.stamp)));
        match event.when {
            When::Timed { start, end } => {
                self.line(&format!("DTSTART:{}", utc(start)));
                self.line(&format!("DTEND:{}", utc(end)));
            }
            When::AllDay { first, last } => {
                self.line(&format!("DTSTART;VALUE=DATE:{}", date(first)));
                // DTEND is exclusive: the day after the last.
                let after = last.succ_opt().unwrap_or(last);
                self.line(&format!("DTEND;VALUE=DATE:{}", date(after)));
            }
        }
        self.line(&format!("SUMMARY:{}", text(&event.summary)));
        if let Some(place) = event.location.as_deref() {
            self.line(&format!("LOCATION:{}", text(place)));
        }
        if let Some(description) = event.description.as_deref() {
            self.line(&format!("DESCRIPTION:{}", text(description)));
        }
        if let Some(category) = event.category.as_deref() {
            self.line(&format!("CATEGORIES:{}", text(category)));
        }
        if event.private {
            self.line("CLASS:PRIVATE");
        }
        self.line("TRANSP:TRANSPARENT");
        self.line("END:VEVENT");
    }

    pub fn finish(mut self) -> String {
        self.line("END:VCALENDAR");
        self.text
    }
}

pub enum When {
    Timed {
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    },
    /// Both days included.
    AllDay { first: NaiveDate, last: NaiveDate },
}

pub struct Event {
    pub uid: String,
    pub stamp: DateTime<Utc>,
    pub when: When,
    pub summary: String,
    pub location: Option<String>,
    pub description: Option<String>,
    pub category: Option<String>,
    pub private: bool,
}

/// A TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`, other control
/// characters dropped (they may not appear in a content line).
pub fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                if chars.peek() != Some(&'\n') {
                    out.push_str("\\n");
                }
            }
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

pub fn utc(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

pub fn date(d: NaiveDate) -> String {
    d.format("%Y%m%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_character() {
        let mut calendar = Calendar::default();
        let summary = format!("SUMMARY:{}", "ñandú ".repeat(40));
        calendar.line(&summary);
        for line in calendar.text.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(line.len() <= LINE_OCTETS, "{} octets: {line}", line.len());
        }
        let unfolded = calendar.text.replace("\r\n ", "");
        assert_eq!(unfolded, format!("{summary}\r\n"));
    }

    #[test]
    fn text_values_are_escaped() {
        assert_eq!(
            text("Fútbol; campo 2, norte\\sur\r\nllevar agua\u{7}"),
            "Fútbol\\; campo 2\\, norte\\\\sur\\nllevar agua"
        );
    }
}
