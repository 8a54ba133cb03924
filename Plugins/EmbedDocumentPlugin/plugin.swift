import Foundation
import PackagePlugin

/// Embeds `Fixtures/Documents/field-guide.md` into the `intentmark` executable, so that running it
/// with no arguments converts a real document wherever the binary lives.
@main
struct EmbedDocumentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let relativePath = "Fixtures/Documents/field-guide.md"
        let input = context.package.directoryURL.appending(path: relativePath)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedDocument.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(relativePath)",
                executable: try context.tool(named: "embed-document").url,
                arguments: [input.path, output.path, relativePath],
                inputFiles: [input],
                outputFiles: [output])
        ]
    }
}
