import Foundation

/// A growable byte buffer for writers (HTML, RTF, the JSON form): appends are a bounds check and a
/// `memcpy`, without the uniqueness and capacity bookkeeping of `Array.append` on every call.
package struct ByteOutput: ~Copyable {
    // MARK: Stored layout

    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    @usableFromInline package internal(set) var count = 0
    @usableFromInline var capacity: Int
    /// The mapping `storage` lies in when it is one of its own (``allocate(_:)``), else `nil`.
    @usableFromInline var mapping: Mapping?

    /// An anonymous memory mapping: its start and length in bytes (for `munmap`).
    @usableFromInline struct Mapping {
        var start: Int
        var length: Int
    }

    // MARK: Initialisers

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        (storage, mapping) = Self.allocate(self.capacity)
    }

    /// The size of a transparent huge page on x86-64 and most arm64 Linux kernels, in bytes.
    private static let hugePageSize = 2 << 20

    /// Storage for `capacity` bytes. Buffers of 8 MB or more are a memory mapping of their own,
    /// aligned to huge pages and marked `MADV_HUGEPAGE`, so that the kernel backs them with 2 MB
    /// pages where transparent huge pages are enabled (`always` or `madvise`; elsewhere the advice
    /// is ignored): writing a 100 MB HTML file then takes ~50 page faults instead of ~25 000 —
    /// measured +15% `html` throughput at 64 MB, and 0.070 s against 0.091–0.101 s without the
    /// advice for the JSON form of 10 MB (Benchmarks/README.md). A mapping of its own, not a
    /// 2 MB-aligned block of `malloc`'s heap: in a heap that keeps its freed memory (as a
    /// long-running process's does) the kernel faulted such a block in again on every use, and the
    /// JSON form of a 32 MB document took 4.96 s against 1.47 s as a mapping.
    private static func allocate(_ capacity: Int) -> (UnsafeMutablePointer<UInt8>, Mapping?) {
        #if canImport(Glibc)
            if capacity >= 4 * hugePageSize {
                // One huge page more, to start at a huge-page boundary inside the mapping.
                let length = (capacity + hugePageSize - 1) / hugePageSize * hugePageSize + hugePageSize
                if let raw = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                    Int(bitPattern: raw) != -1
                {
                    let start = Int(bitPattern: raw)
                    let aligned = (start + hugePageSize - 1) / hugePageSize * hugePageSize
                    if let alignedPointer = UnsafeMutableRawPointer(bitPattern: aligned) {
                        _ = madvise(alignedPointer, length - (aligned - start), MADV_HUGEPAGE)
                        return (alignedPointer.bindMemory(to: UInt8.self, capacity: capacity), Mapping(start: start, length: length))
                    }
                    munmap(raw, length)
                }
            }
        #endif
        return (.allocate(capacity: capacity), nil)
    }

    /// Frees storage made by ``allocate(_:)``.
    @usableFromInline static func free(_ storage: UnsafeMutablePointer<UInt8>, mapping: Mapping?) {
        #if canImport(Glibc)
            if let mapping, let start = UnsafeMutableRawPointer(bitPattern: mapping.start) {
                munmap(start, mapping.length)
                return
            }
        #endif
        storage.deallocate()
    }

    deinit {
        Self.free(storage, mapping: mapping)
    }

    // MARK: Appending

    @usableFromInline mutating func grow(toFit extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let (newStorage, newMapping) = Self.allocate(newCapacity)
        newStorage.update(from: storage, count: count)
        Self.free(storage, mapping: mapping)
        storage = newStorage
        mapping = newMapping
        capacity = newCapacity
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        storage[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toFit: bytes.count) }
        let length = bytes.count
        if length <= 16 {
            // Short pieces (tags, entities, short runs): two overlapping word copies beat a call
            // to memcpy, and a loop of bytes.
            let source = UnsafeRawPointer(base)
            let target = UnsafeMutableRawPointer(storage + count)
            if length >= 8 {
                target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self), toByteOffset: length - 8, as: UInt64.self)
            } else if length >= 4 {
                target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self), toByteOffset: length - 4, as: UInt32.self)
            } else {
                for offset in 0..<length { storage[count + offset] = base[offset] }
            }
        } else {
            (storage + count).update(from: base, count: bytes.count)
        }
        count += bytes.count
    }

    @inlinable @inline(__always)
    package mutating func append(_ text: StaticString) {
        // A literal's bytes are read in place (no closure); a one-scalar StaticString has none.
        if text.hasPointerRepresentation {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { append($0) }
        }
    }

    /// Appends what `other` holds.
    package mutating func append(contentsOf other: borrowing ByteOutput) {
        append(UnsafeBufferPointer(start: other.storage, count: other.count))
    }

    /// Appends already encoded bytes as they are.
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The last byte written, if any.
    package var last: UInt8? { count > 0 ? storage[count - 1] : nil }

    /// A copy of the bytes.
    package func bytes() -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: storage, count: count))
    }

    /// The bytes as a `String` (one copy, validated as UTF-8).
    package func string() -> String {
        String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    /// Hands the storage to a `Data` without copying; the buffer is freed with the `Data`.
    package consuming func data() -> Data {
        let pointer = storage
        let length = count
        let owned = mapping
        // Ownership moves to the Data's deallocator; keep `deinit` from freeing it.
        storage = .allocate(capacity: 1)
        mapping = nil
        return Data(
            bytesNoCopy: pointer, count: length,
            deallocator: .custom { bytes, _ in Self.free(bytes.assumingMemoryBound(to: UInt8.self), mapping: owned) })
    }
}
