//! What a page not wholly translated says at its top, in the page's
//! language: nothing is silently half-translated.

/// The notice for a page of which `translated` of `total` passages (the PO
/// file's messages) are translated into `lang`; `None` when all are.
pub fn notice(lang: &str, translated: usize, total: usize) -> Option<String> {
    if translated >= total {
        return None;
    }
    let text = match (lang, translated) {
        ("zh-CN", 0) => "本章尚未翻译，以下为英文原文。".to_string(),
        ("zh-CN", n) => format!("本章仅部分翻译（{total} 段中的 {n} 段），其余为英文原文。"),
        ("ja", 0) => "この章はまだ翻訳されていません。以下は英語の原文です。".to_string(),
        ("ja", n) => format!("この章は一部のみ翻訳されています（{total} 段落中 {n} 段落）。残りは英語の原文です。"),
        ("it", 0) => "Questo capitolo non è ancora tradotto; segue il testo inglese.".to_string(),
        ("it", n) => format!("Questo capitolo è tradotto solo in parte ({n} brani su {total}); il resto è in inglese."),
        (_, 0) => "This chapter is not yet translated; the English text follows.".to_string(),
        (_, n) => format!("This chapter is only partly translated ({n} of {total} passages); the rest is in English."),
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::notice;

    #[test]
    fn a_wholly_translated_page_says_nothing() {
        assert_eq!(notice("ja", 12, 12), None);
    }

    #[test]
    fn an_untranslated_page_says_so_in_its_language() {
        assert!(notice("it", 0, 12)
            .unwrap()
            .contains("non è ancora tradotto"));
        assert!(notice("zh-CN", 3, 12).unwrap().contains("12 段中的 3 段"));
    }
}
