internal import CUnnamedFile
import Foundation
import IntentMark

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// The file `-o FILE` writes: only ever a regular file, never a partial one.
///
/// The rules, each a one-line ``IntentMarkError/unwritableFile(path:reason:)``:
/// - a path ending in `/` names a directory and is refused (`-o keep.md/` never touches
///   `keep.md`; the command line takes such a path as a folder conversion's output directory
///   before it gets here);
/// - an existing symbolic link, directory, device node, pipe or socket is refused, never replaced
///   (as root, `-o /dev/null` would otherwise swap the device for a regular file);
/// - a new target is written as an unnamed file in its directory (Linux's `O_TMPFILE`; mode 0666
///   less the umask) that gets the target's name only once every byte is written: no partial or
///   temporary file can be seen or left, even if the process is killed;
/// - an existing target (or where unnamed files are not supported) is replaced through a temporary
///   file beside it (`.NAME.intentmark-XXXXXX`, NAME cut to fit a file name's 255 bytes; mode as
///   the target's), renamed over the target only once every byte is written; on any error, and on
///   SIGINT, SIGTERM or SIGHUP while it exists, the temporary file is removed;
/// - either is made before the input is read, so an output that cannot be made fails before any
///   work.
struct OutputFile {
    /// The target path as given.
    let path: String
    /// The temporary file's path; empty for an unnamed file.
    private let temporaryPath: String
    /// Whether the file is unnamed (`O_TMPFILE`) until ``commit(_:)-([Data])`` links it.
    private let isUnnamed: Bool
    private let descriptor: Int32
    private let mode: mode_t
    /// The temporary file's slot in ``TemporaryFileCleanup`` (`nil`: not registered).
    private let cleanupSlot: Int?

    /// Checks the target and makes the file the output is written to: an unnamed one for a new
    /// target where the system has them, else a temporary file beside the target.
    /// - Throws: ``IntentMarkError/unwritableFile(path:reason:)`` as listed in the type's comment,
    ///   or with the system's reason when the directory cannot take the file.
    /// - Parameter unnamedAllowed: Whether a new target may be written as an unnamed file (false:
    ///   through a named temporary file, as when linking an unnamed one failed).
    init(path: String, unnamedAllowed: Bool = true) throws {
        func refuse(_ reason: String) -> IntentMarkError { .unwritableFile(path: path, reason: reason) }
        guard !path.isEmpty else { throw refuse("an empty path") }
        guard !path.hasSuffix("/") else { throw refuse("a path ending in '/' names a directory, not a file") }
        // `isDirectory: false`: without it, `URL(fileURLWithPath:)` asks the file system.
        let url = URL(fileURLWithPath: path, isDirectory: false)
        let directory = url.deletingLastPathComponent().path
        var mode: mode_t = 0o666 & ~Self.processUmask
        var status = stat()
        if lstat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: mode = status.st_mode & 0o7777
            case S_IFLNK: throw refuse("is a symbolic link (give the path of the file it points to)")
            case S_IFDIR: throw refuse("is a directory")
            default: throw refuse("is not a regular file (a device, pipe or socket); it is left as it is")
            }
        } else if errno == ENOENT, unnamedAllowed {
            // A new target: an unnamed file where the system has them.
            let unnamed = intentmark_open_unnamed(directory, 0o666)
            if unnamed >= 0 {
                self.path = path
                descriptor = unnamed
                self.mode = mode
                cleanupSlot = nil
                temporaryPath = ""
                isUnnamed = true
                return
            }
        } else if errno != ENOENT {
            throw refuse(Self.systemReason(errno))
        }
        let template = (directory.hasSuffix("/") ? directory : directory + "/") + Self.temporaryName(for: url.lastPathComponent)
        var templateBytes = Array(template.utf8CString)
        TemporaryFileCleanup.installHandlers()
        let (descriptor, slot) = templateBytes.withUnsafeMutableBufferPointer { buffer -> (Int32, Int?) in
            guard let base = buffer.baseAddress else { return (-1, nil) }
            // The signals are blocked on this thread while the file is created and registered, so
            // its handler never misses a file that exists.
            return TemporaryFileCleanup.whileRegistering {
                let descriptor = mkstemp(base)
                return (descriptor, descriptor >= 0 ? TemporaryFileCleanup.register(base) : nil)
            }
        }
        guard descriptor >= 0 else { throw refuse(Self.systemReason(errno)) }
        self.path = path
        self.descriptor = descriptor
        self.mode = mode
        cleanupSlot = slot
        temporaryPath = String(decoding: templateBytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        isUnnamed = false
    }

    /// The `mkstemp` template of the temporary file for a target named `name`:
    /// `.NAME.intentmark-XXXXXX`, with NAME cut (at a character) so that the whole stays within
    /// the 255 bytes a file name may have — a target of 240 bytes is a valid name whose
    /// temporary one, whole, would not be.
    static func temporaryName(for name: String) -> String {
        let suffix = ".intentmark-XXXXXX"
        let room = 255 - 1 - suffix.utf8.count
        var kept = Substring(name)
        while kept.utf8.count > room { kept = kept.dropLast() }
        return "." + kept + suffix
    }

    /// Writes `data` and gives it the target's name: an unnamed file is linked to it, a temporary
    /// file renamed over it.
    /// - Throws: ``IntentMarkError/unwritableFile(path:reason:)`` with the system's reason (a full
    ///   disk, a vanished directory); the temporary file is removed and the target left as it was.
    func commit(_ data: Data) throws {
        try commit([data])
    }

    /// Writes `pieces` one after another and gives the file the target's name, as ``commit(_:)``
    /// writes one.
    /// - Throws: As ``commit(_:)``.
    func commit(_ pieces: [Data]) throws {
        guard !isUnnamed else { return try commitUnnamed(pieces) }
        var failure: Int32 = 0
        if fchmod(descriptor, mode) != 0 { failure = errno }
        for piece in pieces where failure == 0 { failure = Self.writeAll(piece, to: descriptor) }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporaryPath, path) != 0 { failure = errno }
        if failure != 0 { unlink(temporaryPath) }
        TemporaryFileCleanup.unregister(cleanupSlot)
        if failure != 0 { throw IntentMarkError.unwritableFile(path: path, reason: Self.systemReason(failure)) }
    }

    /// Writes `pieces` to the unnamed file and links it to the target. When the link fails — a
    /// target made meanwhile by another process (the name is taken), or a system that opens
    /// unnamed files but will not link them here — the pieces are written again through a named
    /// temporary file renamed over the target, as an existing target is replaced.
    /// - Throws: As ``commit(_:)``.
    private func commitUnnamed(_ pieces: [Data]) throws {
        var failure = Int32(0)
        for piece in pieces where failure == 0 { failure = Self.writeAll(piece, to: descriptor) }
        var linkFailed = false
        if failure == 0, intentmark_link_unnamed(descriptor, path) != 0 { linkFailed = true }
        if close(descriptor) != 0, failure == 0, !linkFailed {
            failure = errno
            unlink(path)
        }
        if linkFailed { return try OutputFile(path: path, unnamedAllowed: false).commit(pieces) }
        if failure != 0 { throw IntentMarkError.unwritableFile(path: path, reason: Self.systemReason(failure)) }
    }

    /// Removes the temporary file (or closes the unnamed one, which the system then frees)
    /// without touching the target (the conversion failed).
    func discard() {
        close(descriptor)
        guard !isUnnamed else { return }
        unlink(temporaryPath)
        TemporaryFileCleanup.unregister(cleanupSlot)
    }

    /// Writes every byte of `data` to `descriptor`, retrying interrupted and partial writes.
    /// - Returns: 0, or the `errno` of the write that failed (`ENOSPC` on a full disk, `EPIPE` on a
    ///   closed pipe).
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32 in
            guard var pointer = buffer.baseAddress else { return 0 }
            var remaining = buffer.count
            while remaining > 0 {
                let written = systemWrite(descriptor, pointer, min(remaining, 1 << 30))
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                remaining -= written
                pointer += written
            }
            return 0
        }
    }

    /// The system's reason for `code`, lowercase as the tool's other reasons ("no space left on
    /// device").
    static func systemReason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The process's file-mode creation mask, read once (reading it means setting it: two system
    /// calls, which a folder of small files would otherwise make per file). Nothing in the tool
    /// changes it.
    private static let processUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()
}
