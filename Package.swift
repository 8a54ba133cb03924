// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "IntentMark",
    // Apple platforms: Foundation's PresentationIntent, InlinePresentationIntent, their attributes
    // and AttributedString(markdown:) need macOS 12 / iOS 15 / tvOS 15 / watchOS 8;
    // AttributedString.MarkdownSourcePosition (the source-position attribute) needs macOS 13 /
    // iOS 16 / tvOS 16 / watchOS 9, which sets the floor. Other platforms have no such floor.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "IntentMark", targets: ["IntentMark"]),
        .library(name: "IntentModel", targets: ["IntentModel"]),
        .library(name: "MarkdownParsing", targets: ["MarkdownParsing"]),
        .library(name: "IntentWriters", targets: ["IntentWriters"]),
        .library(name: "IntentEditing", targets: ["IntentEditing"]),
        .executable(name: "intentmark", targets: ["intentmark"]),
    ],
    targets: [
        // The system C library. Only MarkdownParsing imports it, with `internal import`.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev", "pkg-config"]), .brew(["cmark-gfm", "pkg-config"])]
        ),
        // Lets libcmark-gfm's inline pass run on several threads at once (see its header).
        // Only MarkdownParsing imports it, with `internal import`.
        .target(name: "CmarkInlinePass", dependencies: ["CCmarkGFM"]),
        // The intent model: no C, no parser. Mappers and writers depend on this alone.
        .target(name: "IntentModel"),
        // Markdown → IntentDocument through libcmark-gfm.
        .target(name: "MarkdownParsing", dependencies: ["IntentModel", "CCmarkGFM", "CmarkInlinePass"]),
        // Lowering: result options, plain text (and, later, style sheets): depends on the model only.
        .target(name: "IntentLowering", dependencies: ["IntentModel"]),
        // Writers (HTML, Markdown, RTF, terminal) from any IntentDocument: the model, and lowering
        // for the rich-text writers and terminal cell widths; never the parser.
        // The Markdown writer asks the parser which of its escapes are needed.
        .target(name: "IntentWriters", dependencies: ["IntentModel", "IntentLowering", "MarkdownParsing"]),
        // The formatting layer of an editor: editable storage, style mapping, contexts and
        // replacements, incremental re-parse. Uses the parser only for re-parsing Markdown source,
        // and lowering's raising for rich-text proposals without intents.
        .target(name: "IntentEditing", dependencies: ["IntentModel", "MarkdownParsing", "IntentLowering"]),
        // Timing of every conversion against libcmark-gfm (used by the benchmarks and `intentmark bench`).
        .target(
            name: "ConversionBenchmarks",
            dependencies: ["IntentModel", "MarkdownParsing", "IntentWriters", "IntentLowering", "IntentEditing"]),
        .executableTarget(
            name: "intentmark-benchmarks", dependencies: ["ConversionBenchmarks"], path: "Benchmarks/IntentMarkBenchmarks"),
        // Umbrella module: `import IntentMark` gives the whole public API.
        .target(
            name: "IntentMark", dependencies: ["IntentModel", "MarkdownParsing", "IntentWriters", "IntentLowering", "IntentEditing"]),
        // The command-line tool; the plugin embeds the bundled real document.
        // On Linux the linker sends libcmark-gfm's per-character switching of its inline special
        // characters to CmarkInlinePass, so that a static build (`-static-executable`) runs inline
        // passes on several threads at once (see CmarkInlinePass.h); a dynamic build reaches
        // CmarkInlinePass without it. An executable target only: no library product carries it.
        // Unnamed output files (O_TMPFILE, then linkat) for the command line's `-o`; elsewhere both
        // of its functions fail and the tool writes a named temporary file (see its header).
        .target(name: "CUnnamedFile"),
        // glibc's malloc told to keep freed memory for a folder conversion's next file (see its
        // header); nothing elsewhere.
        .target(name: "CAllocatorTuning"),
        .executableTarget(
            name: "intentmark", dependencies: ["IntentMark", "ConversionBenchmarks", "CUnnamedFile", "CAllocatorTuning"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-Xlinker", "--wrap=cmark_inlines_add_special_character",
                        "-Xlinker", "--wrap=cmark_inlines_remove_special_character",
                    ], .when(platforms: [.linux]))
            ],
            plugins: [.plugin(name: "EmbedDocumentPlugin")]),
        .executableTarget(name: "embed-document"),
        .plugin(name: "EmbedDocumentPlugin", capability: .buildTool(), dependencies: ["embed-document"]),

        // Test support: reads the shared spec corpus and locates fixtures (not a product).
        .target(name: "SpecCorpus", dependencies: ["MarkdownParsing"], path: "Tests/SpecCorpus"),
        // The invariants the fuzz targets (Fuzz/*, built by scripts/fuzz) check on every input, shared
        // with the tests that replay their findings (not a product).
        .target(
            name: "DocumentInvariants",
            dependencies: ["IntentModel", "MarkdownParsing", "IntentLowering", "IntentWriters", "IntentEditing"],
            path: "Tests/DocumentInvariants"),
        .testTarget(name: "IntentModelTests", dependencies: ["IntentModel", "MarkdownParsing", "DocumentInvariants"]),
        .testTarget(
            name: "MarkdownParsingTests", dependencies: ["MarkdownParsing", "IntentModel", "SpecCorpus", "DocumentInvariants"]),
        .testTarget(
            name: "IntentWritersTests",
            dependencies: [
                "IntentWriters", "IntentLowering", "MarkdownParsing", "IntentModel", "SpecCorpus", "DocumentInvariants",
            ]),
        .testTarget(
            name: "IntentLoweringTests",
            dependencies: ["IntentLowering", "MarkdownParsing", "IntentModel", "SpecCorpus", "DocumentInvariants"]),
        .testTarget(name: "IntentMarkTests", dependencies: ["IntentMark", "SpecCorpus"]),
        .testTarget(
            name: "IntentEditingTests",
            dependencies: ["IntentEditing", "IntentModel", "MarkdownParsing", "IntentWriters", "IntentLowering", "SpecCorpus"]),
        .testTarget(name: "IntentMarkCLITests", dependencies: ["intentmark", "IntentMark", "SpecCorpus"]),
        .testTarget(name: "ConversionBenchmarksTests", dependencies: ["ConversionBenchmarks"]),
        // Code written for Apple platforms as Apple's documentation writes it (Foundation's
        // Markdown initializers and intents). Its files import only Foundation and Testing: where
        // Foundation lacks that API, IntentMark is imported implicitly, as `import IntentMark` in
        // an app's file would; on Apple platforms the same files test Foundation's own parser.
        .testTarget(
            name: "FoundationMarkdownTests", dependencies: ["IntentMark"],
            swiftSettings: [
                .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "IntentMark"], .when(platforms: [.linux]))
            ]),
    ],
    swiftLanguageModes: [.v6]
)
