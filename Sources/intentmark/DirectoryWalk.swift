import IntentMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a folder tree that a folder conversion takes, found with `opendir`/`readdir` and
/// one `fstatat` per file taken (for its size), so that planning a thousand files costs a few
/// milliseconds of system calls instead of FileManager's several per entry (`lstat`, `listxattr`,
/// `stat`).
///
/// - Names starting with `.` (hidden files and folders) are skipped, and so is the path
///   `excluded` (the output directory, when it lies inside the tree) with everything under it.
/// - Folders are entered; a symbolic link to a folder is not followed; a symbolic link to a regular
///   file is taken like a file (its size is the target's).
/// - Reported in ``Walk/unreadable``, with the reason, never skipped silently: a folder that cannot
///   be read (permission denied), a folder or Markdown file whose name is not valid UTF-8 (a Swift
///   path cannot name it), and a Markdown name that is not a regular file or a link to one (a
///   dangling link, a loop, a pipe, a socket, a device). The rest of the tree is still walked.
enum DirectoryWalk {
    /// A file found: its path relative to the root (`a/b/c.md`, `/`-separated) and its size in
    /// bytes.
    struct File: Equatable {
        var relativePath: String
        var bytes: Int
    }

    /// What a walk found.
    struct Walk {
        /// The files whose extension (lowercased) is one of those asked for, in no set order.
        var files: [File] = []
        /// What could not be taken (see the type's comment): each one's full path (invalid bytes
        /// shown as U+FFFD), the reason (`permission denied`, `no such file`) and whether it is a
        /// folder.
        var unreadable: [(path: String, reason: String, isFolder: Bool)] = []
    }

    /// Walks the tree under `root` (a standardised path without a trailing `/`, or `/`).
    /// - Parameters:
    ///   - extensions: The lowercased extensions (without the dot) of the files to take.
    ///   - excluded: The output directory, a full path standardised like `root`: skipped with
    ///     everything under it, by name and, when it exists, by device and inode — so also when
    ///     the tree or the output is reached through a symbolic link.
    static func files(under root: String, extensions: Set<String>, excluding excluded: String) -> Walk {
        var walk = Walk()
        var excludedStatus = stat()
        let excludedFolder =
            stat(excluded, &excludedStatus) == 0 && excludedStatus.st_mode & S_IFMT == S_IFDIR
            ? (device: excludedStatus.st_dev, inode: excludedStatus.st_ino) : nil
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var pending = [""]
        while let folder = pending.popLast() {
            let folderPath = folder.isEmpty ? root : prefix + folder
            guard let directory = opendir(folderPath) else {
                walk.unreadable.append((folderPath, IntentDocument.reason(errno), true))
                continue
            }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            while let entry = readdir(directory) {
                let (name, isValidUTF8) = withUnsafePointer(to: &entry.pointee.d_name) {
                    let bytes = UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)
                    return String(validatingCString: bytes).map { ($0, true) } ?? (String(cString: bytes), false)
                }
                guard !name.hasPrefix(".") else { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = prefix + relative
                guard path != excluded else { continue }
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) {
                    // File systems that do not fill in the type: ask for it, not following links
                    // (an entry gone since it was listed is no input any more).
                    var status = stat()
                    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                    type = Self.directoryEntryType(status.st_mode)
                }
                if type == UInt8(DT_DIR) {
                    guard !Self.isFolder(named: name, in: descriptor, the: excludedFolder) else { continue }
                    guard isValidUTF8 else {
                        walk.unreadable.append((path, Self.notUTF8, true))
                        continue
                    }
                    pending.append(relative)
                    continue
                }
                guard extensions.contains(Self.lowercasedExtension(of: name)) else { continue }
                Self.take(name, relative: relative, path: path, isValidUTF8: isValidUTF8, in: descriptor, into: &walk)
            }
        }
        return walk
    }

    /// Whether the folder `name` in the folder open as `descriptor` is `folder` (device and inode;
    /// `nil`: none is).
    private static func isFolder(named name: String, in descriptor: Int32, the folder: (device: dev_t, inode: ino_t)?) -> Bool {
        guard let folder else { return false }
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_dev == folder.device
            && status.st_ino == folder.inode
    }

    /// Takes the Markdown-named entry `name` of the folder open as `descriptor` into `walk`: as a
    /// file when it is a regular file or a link to one, as a failure when its name is not UTF-8
    /// or it is anything else but a folder.
    private static func take(
        _ name: String, relative: String, path: String, isValidUTF8: Bool, in descriptor: Int32, into walk: inout Walk
    ) {
        // Paths are Swift strings here: a name that is not UTF-8 cannot be opened by the name
        // read back (its bytes were replaced with U+FFFD). Named, not skipped.
        guard isValidUTF8 else {
            walk.unreadable.append((path, notUTF8, false))
            return
        }
        // Following a link: its target must be a regular file. A dangling link, a loop, a pipe,
        // a socket or a device named like Markdown is a failure, never read (a pipe would hang
        // the run, a device could fill memory); a link to a folder is not followed.
        var status = stat()
        guard fstatat(descriptor, name, &status, 0) == 0 else {
            walk.unreadable.append((path, IntentDocument.reason(errno), false))
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: walk.files.append(File(relativePath: relative, bytes: Int(status.st_size)))
        case S_IFDIR: return
        default: walk.unreadable.append((path, "is not a regular file (a pipe, socket or device)", false))
        }
    }

    /// The reason given for a name that is not UTF-8.
    private static let notUTF8 = "its name is not valid UTF-8 (rename it to convert it)"

    /// The `d_type` value for a `st_mode`'s file type.
    private static func directoryEntryType(_ mode: mode_t) -> UInt8 {
        switch mode & S_IFMT {
        case S_IFDIR: UInt8(DT_DIR)
        case S_IFREG: UInt8(DT_REG)
        case S_IFLNK: UInt8(DT_LNK)
        default: UInt8(DT_UNKNOWN)
        }
    }

    /// The part of `name` after its last `.`, lowercased (empty when there is none, or when the
    /// only `.` starts the name), as `NSString.pathExtension` reads it.
    static func lowercasedExtension(of name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}
