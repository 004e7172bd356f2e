import Foundation

/// A Swift program taken from a documentation article, compiled with `swiftc` against the modules and
/// objects of this build (a package of its own would take minutes to build), for tests that run it
/// and compare what it prints with what the article shows.
///
/// ```swift
/// let products = try #require(ArticleProgram.productsDirectory(holding: "StateStore"))
/// let compiled = try ArticleProgram.compile(code, in: folder.path, products: products, executable: "tour")
/// let ran = try ChildProcess.run(folder.file("tour"), [], in: folder.path)
/// ```
public enum ArticleProgram {
    /// Why a program could not be compiled at all.
    public struct NoCompiler: Error, CustomStringConvertible {
        public var description: String { "swiftc is not on PATH." }
    }

    /// The build's products folder (holding `Modules/` and a `NAME.build/` folder of objects per module),
    /// found upwards from the test runner as the one whose `Modules/` holds `module`.
    public static func productsDirectory(holding module: String) -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules/\(module).swiftmodule").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Writes `code` to `main.swift` in `folder` and compiles it there into `executable`, against the
    /// Swift modules, C modules and library objects of the build in `products`.
    ///
    /// - Returns: The compiler's run: its status and what it printed.
    public static func compile(_ code: String, in folder: String, products: URL, executable: String) throws -> ChildProcess.Run {
        try code.write(toFile: URL(fileURLWithPath: folder).appendingPathComponent("main.swift").path, atomically: true, encoding: .utf8)
        guard let swiftc = ChildProcess.onPath("swiftc") else { throw NoCompiler() }
        let modules = products.appendingPathComponent("Modules").path
        return try ChildProcess.run(swiftc, ["main.swift", "-I", modules, "-o", executable]
                                        + LibraryObjects.cModuleSearchPaths(besideModules: modules)
                                        + LibraryObjects.paths(in: products) + ["-lm"],
                                    in: folder)
    }
}
