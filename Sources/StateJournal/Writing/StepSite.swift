import StateJSON

/// A step's call site as a writer hands it to ``JournalBuilder``: its text, and the member a line
/// writes it whole with, `,"site":"UsersApp/ProfileView.swift:42"`, made once per site.
///
/// The builder writes the member whole, or from version 5 on the site's number in the journal's
/// site list (``CallSiteList``) once the site was written whole since the last keyframe.
///
/// A class: a writer hands the same site over step after step, and one reference costs one count to
/// copy, where a struct of a string and an array costs two.
package final class StepSite: Sendable {
    /// The site, e.g. `UsersApp/ProfileView.swift:42`.
    package let text: String
    /// `,"site":` and the site as a JSON string.
    package let member: [UInt8]

    /// The site `text`.
    package init(_ text: String) {
        self.text = text
        var bytes = Array(#","site":"#.utf8)
        JSONValue.string(text).write(to: &bytes, style: .canonical)
        member = bytes
    }
}
