import Foundation
import Testing

/// `Package.swift` names every module each target imports (its header says so), so that a target
/// builds alone and its dependencies are what they read as. Checked by reading the manifest and the
/// `import` lines of each test target's sources.
@Suite struct PackageManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The targets the manifest declares, with the dependencies it lists and where their sources are.
    static func targets(in manifest: String) throws -> [(name: String, dependencies: Set<String>, path: String)] {
        // `.testTarget(name: "X", dependencies: [...]` and `.target(name: "X", dependencies: [...], path: "…")`.
        let pattern = try NSRegularExpression(
            pattern: #"\.(testTarget|target|executableTarget)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?(?:[^)]*?path:\s*"([^"]+)")?"#,
            options: [.dotMatchesLineSeparators])
        let text = manifest as NSString
        return pattern.matches(in: manifest, range: NSRange(location: 0, length: text.length)).map { match in
            func group(_ index: Int) -> String? {
                let range = match.range(at: index)
                return range.location == NSNotFound ? nil : text.substring(with: range)
            }
            let kind = group(1) ?? ""
            let name = group(2) ?? ""
            let dependencies = (group(3) ?? "").split(separator: "\n").map { $0.split(separator: "/").first.map(String.init) ?? "" }
                .joined(separator: " ").split(whereSeparator: { $0 == "," || $0 == " " })
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }.filter { !$0.isEmpty }
            let path = group(4) ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            return (name, Set(dependencies), path)
        }
    }

    @Test func everyTestTargetDeclaresTheModulesItImports() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try Self.targets(in: manifest)
        let modules = Set(targets.map(\.name))
        let tests = targets.filter { $0.path.hasPrefix("Tests/") }
        #expect(tests.count > 10)
        for target in tests {
            let folder = Self.root.appendingPathComponent(target.path)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            var imported: Set<String> = []
            for file in files {
                let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in source.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                          index + 1 < words.count else { continue }
                    imported.insert(String(words[index + 1]))
                }
            }
            let undeclared = imported.intersection(modules).subtracting(target.dependencies).subtracting([target.name])
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them in Package.swift")
        }
    }
}
