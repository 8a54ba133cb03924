import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// Parsing, lowering and writing from 8 threads at once give what they give serially.
@Suite("Concurrency", .tags(.corpus))
struct ConcurrencyTests {
    struct Output: Equatable, Sendable {
        var json: Data
        var html: String
        var plain: String
    }

    static func convert(_ markdown: Data, _ options: MarkdownParsingOptions) throws -> Output {
        let document = try IntentDocument(markdown: markdown, options: options)
        return Output(
            json: try document.jsonData(), html: document.html(options: HTMLWritingOptions(unsafe: true)), plain: document.plainText())
    }

    @Test func eightThreadsMatchSerialResults() async throws {
        let inputs = try ParsingFixtures.names.map { name in
            (try ParsingFixtures.source(name), try ParsingFixtures.options(name))
        }
        let serial = try inputs.map { try Self.convert($0.0, $0.1) }
        // Eight workers convert every input, each starting at a different one, and report the
        // inputs whose results differ from the serial ones.
        let differing = try await withThrowingTaskGroup(of: [Int].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var differences: [Int] = []
                    for step in 0..<inputs.count {
                        let index = (worker * 5 + step) % inputs.count
                        if try Self.convert(inputs[index].0, inputs[index].1) != serial[index] { differences.append(index) }
                    }
                    return differences
                }
            }
            var all: [Int] = []
            for try await differences in group { all += differences }
            return all
        }
        #expect(inputs.count > 30)
        #expect(differing.isEmpty, "differ when converted concurrently: \(differing.map { ParsingFixtures.names[$0] })")
    }
}
