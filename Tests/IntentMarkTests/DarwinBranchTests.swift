import Foundation
import SpecCorpus
import Testing

// On an Apple platform the real Foundation is there and the stand-in check does not apply.
#if !canImport(Darwin)

    /// The Apple-platform branch (`#if canImport(Darwin)`) is compiled on every CI run by
    /// `scripts/check-darwin-branch`, against `Tests/DarwinStandIn/FoundationStandIn`: Apple's
    /// documented declarations of `PresentationIntent`, `InlinePresentationIntent`, their attributes
    /// and the Markdown initializers, which Linux's Foundation lacks.
    @Suite("Apple-platform branch", .tags(.corpus))
    struct DarwinBranchTests {
        static let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

        /// A deliberate misuse of a Foundation name fails the check. Here the misuse is the one this
        /// branch exists to avoid: IntentMark making `presentationIntent` one of its own dynamic
        /// attribute members on Apple platforms, beside Foundation's. Every library module still
        /// compiles, but client code that imports Foundation and IntentMark and writes
        /// `run.presentationIntent` or `runs[\.presentationIntent]`
        /// (`Tests/DarwinStandIn/Usage/FoundationNamesResolve.swift`) no longer does. To see it by
        /// hand, save `misuse` below to a file and run
        /// `scripts/check-darwin-branch --add IntentModel=FILE`: it exits 1 with an error in
        /// `FoundationNamesResolve.swift`. Other misuses fail earlier, in the library itself: calling
        /// `PresentationIntent.IntentType(kind:identity:)` (Foundation documents no such
        /// initializer), relying on `TableColumn.Alignment.allCases`, or a `switch` over
        /// `PresentationIntent.Kind` without `@unknown default` (the stand-ins are built with library
        /// evolution, as Apple's frameworks are, so their enums are not frozen).
        @Test("a misuse of a Foundation name fails the check")
        func misuseFailsTheCheck() throws {
            let misuse = """
                extension AttributeScopes {
                    public struct MisusedScope: AttributeScope {
                        public let presentationIntent: IntentMarkAttribute.BlockMarkupAttribute
                    }
                }

                extension AttributeDynamicLookup {
                    public subscript<T: AttributedStringKey>(
                        dynamicMember keyPath: KeyPath<AttributeScopes.MisusedScope, T>
                    ) -> T { self[T.self] }
                }
                """
            let directory = FileManager.default.temporaryDirectory.appending(path: "darwin-check-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appending(path: "Misuse.swift")
            try Data(misuse.utf8).write(to: file)

            let result = try Self.runCheck(["--add", "IntentModel=\(file.path)"], buildDirectory: directory.appending(path: "build"))
            #expect(result.status != 0)
            // Every library module compiled with the misuse in it; the client code did not.
            #expect(result.output.contains("check-darwin-branch: DarwinStandInUsage"))
            #expect(result.output.contains("FoundationNamesResolve.swift"))
            #expect(!result.output.contains("compiles against the stand-in"))
        }

        /// Runs `scripts/check-darwin-branch` with `arguments`, building into `buildDirectory`.
        static func runCheck(_ arguments: [String], buildDirectory: URL) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = packageRoot.appending(path: "scripts/check-darwin-branch")
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["INTENTMARK_DARWIN_CHECK_DIR"] = buildDirectory.path
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
    }
#endif
