import ConversionBenchmarks
import Testing

/// The timed sweep's growth exponent: which points it fits, and the slope it gives.
@Suite
struct ComplexitySweepTests {
    /// Points at 1, 2, 4, … MB whose own time is `seconds(index)`, with libcmark-gfm's parse
    /// taking `library(index)` beside it.
    static func points(_ count: Int, seconds: (Int) -> Double, library: (Int) -> Double = { _ in 0 }) -> [ComplexitySweep.Point] {
        (0..<count).map { index in
            ComplexitySweep.Point(
                bytes: 1_000_000 << index, seconds: seconds(index), libraryParseSeconds: library(index), userSeconds: seconds(index))
        }
    }

    @Test func linearTimesFitOneAndQuadraticTimesTwo() throws {
        let linear = Self.points(5) { 0.05 * Double(1 << $0) }
        let quadratic = Self.points(5) { 0.05 * Double(1 << (2 * $0)) }
        #expect(abs(try #require(ComplexitySweep.exponent(of: linear)) - 1) < 1e-9)
        #expect(abs(try #require(ComplexitySweep.exponent(of: quadratic)) - 2) < 1e-9)
        #expect(abs(try #require(ComplexitySweep.exponent(of: quadratic, by: \.userSeconds)) - 2) < 1e-9)
    }

    @Test func pointsUnderTwentyMillisecondsAreLeftOut() throws {
        // The first two points are noise (flat at 1 ms); the rest double.
        let times = [0.001, 0.001, 0.04, 0.08, 0.16]
        #expect(abs(try #require(ComplexitySweep.exponent(of: Self.points(5) { times[$0] })) - 1) < 1e-9)
        #expect(ComplexitySweep.exponent(of: Self.points(2) { [0.001, 0.5][$0] }) == nil)
    }

    @Test func pointsWhoseLibraryParseDwarfsTheirOwnTimeAreLeftOut() throws {
        // Own time doubles, then reads four times as much where libcmark-gfm's parse is 100 times
        // it: that point is left out, as is the fit when fewer than two points are left.
        let times = [0.04, 0.08, 0.16, 0.64]
        let library = [0.04, 0.1, 1.0, 64.0]
        let points = Self.points(4, seconds: { times[$0] }, library: { library[$0] })
        #expect(abs(try #require(ComplexitySweep.exponent(of: points)) - 1) < 1e-9)
        let dominated = Self.points(3, seconds: { [0.04, 0.08, 0.16][$0] }, library: { [1.0, 2.0, 4.0][$0] })
        #expect(ComplexitySweep.exponent(of: dominated) == nil)
        // At 20 times, a point still counts.
        let atTheBound = Self.points(2, seconds: { [0.04, 0.16][$0] }, library: { [0.8, 3.2][$0] })
        #expect(abs(try #require(ComplexitySweep.exponent(of: atTheBound)) - 2) < 1e-9)
    }

    /// The memory rule. A deep list's JSON took 2.3 GB at 4 MB (a process of its own), so about
    /// 9 GB at 16 MB, and the sweep reached 23.5 GB at 32 MB on a machine with 23 GB available:
    /// the rule stops before that size, lets a 1 GB peak go on, and never stops where the
    /// available memory is not known.
    @Test func aShapeStopsWhereItsNextSizeWouldNotFit() {
        #expect(!ComplexitySweep.nextSizeFits(peak: 9_000_000_000, available: 23_000_000_000))
        #expect(ComplexitySweep.nextSizeFits(peak: 1_000_000_000, available: 23_000_000_000))
        #expect(!ComplexitySweep.nextSizeFits(peak: 8_400_000_000, available: 23_000_000_000))
        #expect(ComplexitySweep.nextSizeFits(peak: 8_200_000_000, available: 23_000_000_000))
        #expect(ComplexitySweep.nextSizeFits(peak: 50_000_000_000, available: 0))
        #if os(Linux)
            // Both readings are known here (a rule that read 0 would never stop a shape).
            #expect(ComplexitySweep.availableMemoryBytes() > 64_000_000)
            #expect(ProcessMemory.peakResidentBytes() > 0)
        #endif
    }
}
