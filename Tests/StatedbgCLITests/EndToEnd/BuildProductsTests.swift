import Foundation
import TestSupport
import Testing

/// How the end-to-end tests find the `statedbg` they run, whatever the checkout's folder is called.
@Suite struct BuildProductsTests {
    @Test func aFolderNamedLikeTheExecutableIsNotTakenForIt() throws {
        let directory = try TemporaryDirectory()
        try directory.createFolder("statedbg")
        let products = BuildProducts(directories: [directory.path])
        #expect(!BuildProducts.isExecutableFile(atPath: directory.file("statedbg")))
        #expect(products.executable(named: "statedbg") == nil)
    }

    @Test func aRegularFileIsTakenOnlyWhenExecutable() throws {
        let directory = try TemporaryDirectory()
        let program = try directory.write("#!/bin/sh\n", to: "statedbg")
        let products = BuildProducts(directories: [directory.path])
        #expect(products.executable(named: "statedbg") == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        #expect(products.executable(named: "statedbg") == program)
    }

    @Test func aSymbolicLinkToTheExecutableCounts() throws {
        let directory = try TemporaryDirectory()
        let program = try directory.write("#!/bin/sh\n", to: "real")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        try FileManager.default.createSymbolicLink(atPath: directory.file("statedbg"), withDestinationPath: program)
        #expect(BuildProducts(directories: [directory.path]).executable(named: "statedbg") == directory.file("statedbg"))
    }

    /// A checkout named `statedbg` holds `.build/<triple>/debug/statedbg`; the folders above the products
    /// directory, among them the checkout's parent (which holds a `statedbg` folder), are never searched.
    @Test func onlyTheBuildsProductsDirectoriesAreSearched() throws {
        let linux = BuildProducts.directories(
            testRunner: "/src/statedbg/.build/x86_64-unknown-linux-gnu/debug/statedbgPackageTests.xctest",
            testBundle: "/src/statedbg/.build/x86_64-unknown-linux-gnu/debug", packageRoot: "/src/statedbg")
        #expect(linux == ["/src/statedbg/.build/x86_64-unknown-linux-gnu/debug", "/src/statedbg/.build/debug"])
        let macOS = BuildProducts.directories(
            testRunner: "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest",
            testBundle: "/src/statedbg/.build/arm64-apple-macosx/debug/statedbgPackageTests.xctest", packageRoot: "/src/statedbg")
        #expect(macOS == ["/Applications/Xcode.app/Contents/Developer/usr/bin", "/src/statedbg/.build/arm64-apple-macosx/debug",
                          "/src/statedbg/.build/debug"])
    }

    /// The layout of a clone into a folder named `statedbg`, built: the executable is found in the
    /// products directory, not the checkout.
    @Test func findsTheExecutableInACheckoutNamedLikeIt() throws {
        let directory = try TemporaryDirectory()
        let products = try directory.createFolder("statedbg/.build/x86_64-unknown-linux-gnu/debug")
        let program = try directory.write("#!/bin/sh\n", to: "statedbg/.build/x86_64-unknown-linux-gnu/debug/statedbg")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        let found = BuildProducts(directories: BuildProducts.directories(
            testRunner: products + "/statedbgPackageTests.xctest", testBundle: products, packageRoot: directory.file("statedbg")))
        #expect(found.executable(named: "statedbg") == program)
    }

    @Test func theRunningTestsFindTheBuiltStatedbg() throws {
        let path = try StatedbgProcess.locate().path
        #expect(BuildProducts.isExecutableFile(atPath: path))
        #expect(URL(fileURLWithPath: path).lastPathComponent == "statedbg")
        if ProcessInfo.processInfo.environment["STATEDBG_BINARY", default: ""].isEmpty {
            #expect(path.contains("/.build/"))
        }
    }
}
