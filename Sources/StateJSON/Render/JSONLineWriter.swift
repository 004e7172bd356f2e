/// Accumulates rendered lines, each optionally starting with a two-column change marker.
///
/// Shared by ``JSONDumper`` (no markers) and ``JSONDiffRenderer`` (markers, decorated by a ``JSONDiffStyle``).
struct JSONLineWriter {
    enum Marker {
        /// No marker column at all, as in a plain dump.
        case none
        /// Unchanged context: two spaces.
        case context
        /// A line of the old value: `- `.
        case removed
        /// A line of the new value: `+ `.
        case added
        /// A `… (N unchanged)` line: two spaces.
        case collapsed
    }

    private(set) var output = ""
    let style: JSONDiffStyle
    let maxArrayElements: Int?

    init(style: JSONDiffStyle, maxArrayElements: Int?) {
        self.style = style
        self.maxArrayElements = maxArrayElements
    }

    mutating func line(_ marker: Marker, indent: Int, _ text: String) {
        if !output.isEmpty { output.append("\n") }
        let decoration = switch marker {
        case .removed: style.removed
        case .added: style.added
        case .collapsed: style.collapsed
        case .none, .context: JSONDiffStyle.Decoration.none
        }
        output.append(decoration.before)
        switch marker {
        case .none: break
        case .context, .collapsed: output.append("  ")
        case .removed: output.append("- ")
        case .added: output.append("+ ")
        }
        output.append(String(repeating: " ", count: indent * 2))
        output.append(text)
        output.append(decoration.after)
    }

    /// Writes `value` in full, every line with the same marker.
    ///
    /// - Parameters:
    ///   - label: text before the value on its first line, such as `"age": `.
    ///   - comma: whether the last line ends with a comma.
    ///   - notes: What the numbers at and below this position stand for (``JSONValueNotes``).
    mutating func value(_ value: JSONValue, marker: Marker, indent: Int, label: String, comma: Bool,
                        notes: JSONValueNotes.Node? = nil) {
        let end = comma ? "," : ""
        switch value {
        case .array(let array) where !array.isEmpty:
            line(marker, indent: indent, label + "[")
            let shown = min(array.count, maxArrayElements ?? array.count)
            for index in 0..<shown {
                self.value(array[index], marker: marker, indent: indent + 1, label: "", comma: index < array.count - 1,
                           notes: notes?.elements)
            }
            if shown < array.count {
                line(marker, indent: indent + 1, "… (\(array.count - shown) more)")
            }
            line(marker, indent: indent, "]" + end)
        case .object(let object) where !object.isEmpty:
            line(marker, indent: indent, label + "{")
            for index in object.keys.indices {
                self.value(object.values[index], marker: marker, indent: indent + 1,
                           label: JSONLineWriter.label(object.keys[index]), comma: index < object.count - 1,
                           notes: notes?.member(object.keys[index]))
            }
            line(marker, indent: indent, "}" + end)
        default:
            var text = label
            JSONTextEscaping.appendScalar(value, to: &text)
            line(marker, indent: indent, text + end + (notes?.text(for: value) ?? ""))
        }
    }

    /// `"key": ` for an object member.
    static func label(_ key: String) -> String {
        JSONTextEscaping.quoted(key) + ": "
    }
}
