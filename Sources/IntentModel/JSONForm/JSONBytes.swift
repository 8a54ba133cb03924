import Foundation

/// UTF-8 bytes of JSON written piece by piece: what the streaming writer of the document form
/// appends to (no `JSONEncoder` over the whole document).
///
/// The bytes live in one `malloc` buffer that grows by doubling and is handed to the `Data` that
/// ``data()`` returns without a copy: a 10 MB document's 30 MB of JSON is written once.
struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = Self.allocate(self.capacity)
    }

    deinit {
        free(base)
    }

    /// The bytes written, as `Data` that owns the buffer (no copy).
    consuming func data() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .free)
        discard self
        return data
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("JSONBytes: out of memory for \(capacity) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(to: count + extra)
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        guard let memory = realloc(base, newCapacity) else { fatalError("JSONBytes: out of memory for \(newCapacity) bytes") }
        base = memory.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends JSON syntax or an already encoded value as it is.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends already encoded JSON bytes as they are.
    mutating func raw(_ encoded: [UInt8]) {
        encoded.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a decimal integer.
    mutating func int(_ value: Int) {
        reserve(20)
        if value < 0 { base[count] = UInt8(ascii: "-") }
        if value < 0 { count += 1 }
        // The magnitude's digits, written backwards into place.
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude / 10
        while probe > 0 {
            digits += 1
            probe /= 10
        }
        var position = count + digits - 1
        repeat {
            base[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            position -= 1
        } while magnitude > 0
        count += digits
    }

    /// Appends `utf8` (valid UTF-8) as a JSON string: quotes, backslashes and control characters
    /// escaped (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`), everything else as its bytes.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"))
            case 0x0A: append(UInt8(ascii: "n"))
            case 0x09: append(UInt8(ascii: "t"))
            case 0x0D: append(UInt8(ascii: "r"))
            case 0x08: append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { digits in
                    append(UInt8(ascii: "u"))
                    append(UInt8(ascii: "0"))
                    append(UInt8(ascii: "0"))
                    append(digits[Int(byte >> 4)])
                    append(digits[Int(byte & 0x0F)])
                }
            }
        }
        append(UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a JSON string.
    mutating func string(_ text: Substring) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// Appends `text` as a JSON string.
    mutating func string(_ text: String) {
        string(text[...])
    }
}
