//! A coarse, language-neutral name for a User-Agent ("Chrome · Android"): enough for a parent to
//! recognise who opened a link, too little to single anyone out.

/// The browser family and the system, or "?" for what is not recognised.
pub fn describe(user_agent: Option<&str>) -> String {
    let ua = user_agent.unwrap_or("");
    let browser = browser(ua);
    match system(ua) {
        Some(system) => format!("{browser} · {system}"),
        None => browser.to_owned(),
    }
}

/// Order matters: Edge, Opera and Samsung's browser also call themselves Chrome and Safari.
fn browser(ua: &str) -> &'static str {
    const KNOWN: [(&str, &str); 10] = [
        ("Edg", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Safari/", "Safari"),
        ("curl/", "curl"),
    ];
    KNOWN
        .iter()
        .find(|(needle, _)| ua.contains(needle))
        .map_or("?", |(_, name)| name)
}

fn system(ua: &str) -> Option<&'static str> {
    const KNOWN: [(&str, &str); 8] = [
        ("Android", "Android"),
        ("iPhone", "iOS"),
        ("iPad", "iPadOS"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Macintosh", "macOS"),
        ("Mac OS X", "macOS"),
        ("Linux", "Linux"),
    ];
    KNOWN
        .iter()
        .find(|(needle, _)| ua.contains(needle))
        .map(|(_, name)| *name)
}

#[cfg(test)]
mod tests {
    use super::describe;

    #[test]
    fn common_agents_get_their_family_and_system() {
        let cases = [
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
                "Chrome · Android",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                "Safari · iOS",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
                "Edge · Windows",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
                "Firefox · macOS",
            ),
        ];
        for (ua, expected) in cases {
            assert_eq!(describe(Some(ua)), expected, "{ua}");
        }
    }

    #[test]
    fn an_unknown_or_missing_agent_is_a_question_mark() {
        assert_eq!(describe(None), "?");
        assert_eq!(describe(Some("<script>")), "?");
    }
}
