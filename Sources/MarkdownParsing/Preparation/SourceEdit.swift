/// One change the preparation makes to the bytes handed to libcmark-gfm: the original's bytes
/// `start..<end` (UTF-8 offsets) replaced by `replacement`. An empty range inserts.
struct SourceEdit {
    var start: Int
    var end: Int
    var replacement: [UInt8]
}
