import Foundation
import Testing

/// The model's tables are `internal` to IntentModel, so the compiler refuses any other module that
/// reads them; this suite closes the one way around that (`@testable import`) and names the
/// table fields, so that a change of access level cannot open them unnoticed.
@Suite("Sealed storage")
struct SealedStorageTests {
    /// The package's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `folder` of the package, with its path from the root.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    @Test func theTablesAreInternalToTheModel() throws {
        let model = try Self.swiftFiles(under: "Sources/IntentModel")
        let document = try #require(model.first { $0.path.hasSuffix("IntentModel/IntentDocument.swift") })
        for table in [
            "blocks: [Block]", "spans: [Span]", "spanPaths: [InlineSpanPath]", "attributeTable: [RunAttributes]", "runRecords: [RunRecord]",
        ] {
            let line = try #require(document.text.split(separator: "\n").first { $0.contains("var " + table) })
            #expect(!line.contains("package") && !line.contains("public"), "\(line)")
        }
    }

    @Test func noOtherModuleOrTestReadsThem() throws {
        var files: [(path: String, text: String)] = []
        for folder in ["Sources", "Tests", "Benchmarks", "Fuzz"] { files += try Self.swiftFiles(under: folder) }
        #expect(files.count > 100)
        let tableFields = [".runRecords", ".attributeTable", ".spanPaths", "IntentDocument.RunRecord", "IntentDocument.Block "]
        for file in files where !file.path.hasPrefix("Sources/IntentModel/") {
            #expect(!file.text.contains("@testable import IntentModel") || file.path.hasPrefix("Tests/IntentModelTests/"), "\(file.path)")
            for field in tableFields where !file.path.hasPrefix("Tests/IntentModelTests/SealedStorageTests") {
                #expect(!file.text.contains(field), "\(file.path) names \(field)")
            }
        }
    }
}
