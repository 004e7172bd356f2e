extension String {
    /// The text without its final period, so that a whole-sentence message can be embedded in
    /// another sentence (`x.jsonl:3: cannot read it: <message>.`) without ending in "..".
    ///
    /// Only one period goes, so an ellipsis written as "..." keeps two dots; trailing spaces are
    /// dropped first.
    ///
    /// ```swift
    /// "required key \"from\" is missing.".withoutFinalPeriod   // required key "from" is missing
    /// ```
    package var withoutFinalPeriod: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        if text.last == "." { text = text.dropLast() }
        return String(text)
    }
}
