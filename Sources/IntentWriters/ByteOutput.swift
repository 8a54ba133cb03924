import Foundation

/// A growable byte buffer for writers: appends are a bounds check and a `memcpy`, without the
/// uniqueness and capacity bookkeeping of `Array.append` on every call.
struct ByteOutput: ~Copyable {
    // MARK: Stored layout

    private var storage: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    // MARK: Initialisers

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    // MARK: Appending

    private mutating func grow(toFit extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toFit: bytes.count) }
        if bytes.count <= 16 {
            // Short pieces (tags, entities): a loop beats a call to memcpy.
            for offset in 0..<bytes.count { storage[count + offset] = base[offset] }
        } else {
            (storage + count).update(from: base, count: bytes.count)
        }
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The last byte written, if any.
    var last: UInt8? { count > 0 ? storage[count - 1] : nil }

    /// A copy of the bytes.
    func bytes() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: storage, count: count))
    }

    /// The bytes as a `String` (one copy, validated as UTF-8).
    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    /// Hands the storage to a `Data` without copying; the buffer is freed with the `Data`.
    consuming func data() -> Data {
        let pointer = storage
        let length = count
        // Ownership moves to the Data's deallocator; keep `deinit` from freeing it.
        storage = .allocate(capacity: 1)
        return Data(bytesNoCopy: pointer, count: length, deallocator: .custom { bytes, _ in bytes.deallocate() })
    }
}
