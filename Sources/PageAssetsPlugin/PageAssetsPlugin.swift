import Foundation
import PackagePlugin

/// Turns the timeline page's hand-written files (`Page/timeline.html`, `.css`, `.js` in the target's
/// folder, and `bridge-webkit.js`, the bridge an app's web view injects) into one generated Swift
/// source, so the page travels inside the `statedbg` binary and the app.
///
/// The files are inputs of the build command, so editing one regenerates the source on the next build;
/// the target excludes its `Page` folder, so SwiftPM does not also treat the files as resources.
@main
struct PageAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let page = target.directoryURL.appending(path: "Page")
        let inputs = ["timeline.html", "timeline.css", "timeline.js", "bridge-webkit.js"].map { page.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "PageAssets.generated.swift")
        return [
            .buildCommand(
                displayName: "Embedding the timeline page's files in \(target.name)",
                executable: try context.tool(named: "page-assets-tool").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
