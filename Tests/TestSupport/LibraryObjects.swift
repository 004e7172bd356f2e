import Foundation

/// The object files of this package's library modules in a debug build, for tests that compile a
/// program from documentation with `swiftc` and link it against the build instead of building a
/// package of their own (which takes minutes).
///
/// They are read from the link list SwiftPM wrote for the test product
/// (`*PackageTests.product/Objects.LinkFileList`), which names the objects of the current sources only:
/// a build folder keeps the objects of files that were moved or deleted, and those must not be linked.
/// A library module is one whose `NAME.build` folder starts with a capital letter, as this package's
/// library targets do; test targets (`…Tests`) and test helpers (`Test…`) are left out. Linking objects
/// a program does not use is harmless, so a new module needs no change here.
///
/// ```swift
/// let objects = try LibraryObjects.paths(in: productsDirectory)
/// // ["…/debug/ExampleApps.build/BankApp.swift.o", …, "…/debug/TerminalKit.build/Terminal.swift.o"]
/// ```
public enum LibraryObjects {
    /// Why the objects could not be listed.
    public struct Missing: Error, CustomStringConvertible {
        public var products: String
        public var description: String {
            "\(products) holds no *PackageTests.product/Objects.LinkFileList; build the tests first (swift build --build-tests)."
        }
    }

    /// The `-I` options that let `swiftc` find the C modules of the build whose Swift modules are in
    /// `modules` (its `Modules` folder, or the products folder itself): each `NAME.build` folder holding
    /// a `module.modulemap`. A Swift module that imports one, as StateJournal imports its CRC-32C, needs
    /// it found by whatever imports that Swift module.
    ///
    /// ```swift
    /// LibraryObjects.cModuleSearchPaths(besideModules: ".build/debug/Modules")   // ["-I", ".build/debug/CCRC32C.build"]
    /// ```
    public static func cModuleSearchPaths(besideModules modules: String) -> [String] {
        let folder = URL(fileURLWithPath: modules)
        let products = folder.lastPathComponent == "Modules" ? folder.deletingLastPathComponent() : folder
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: products.path)) ?? []
        return folders.sorted().filter { $0.hasSuffix(".build") }.flatMap { folder -> [String] in
            let map = products.appendingPathComponent(folder).appendingPathComponent("module.modulemap")
            return FileManager.default.fileExists(atPath: map.path) ? ["-I", products.appendingPathComponent(folder).path] : []
        }
    }

    /// The `.o` files of every library module of the build in `products`, in link order.
    public static func paths(in products: URL) throws -> [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: products.path)) ?? []
        guard let testProduct = folders.sorted().first(where: { $0.hasSuffix("PackageTests.product") }),
              let list = try? String(contentsOf: products.appendingPathComponent(testProduct).appendingPathComponent("Objects.LinkFileList"),
                                     encoding: .utf8)
        else { throw Missing(products: products.path) }
        return list.split(separator: "\n").map(String.init).filter { path in
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
            guard folder.hasSuffix(".build") else { return false }
            let module = folder.dropLast(".build".count)
            guard let first = module.first else { return false }
            return first.isUppercase && !module.hasSuffix("Tests") && !module.hasPrefix("Test")
        }
    }
}
