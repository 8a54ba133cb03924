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
/// - Folders are entered; a symbolic link to a folder is not followed; a symbolic link to a file
///   is taken like a file (its size is the target's); a dangling link is skipped.
/// - A folder that cannot be read (permission denied) is reported, with the system's reason, in
///   ``Walk/unreadable``, and so is a folder or Markdown file whose name is not valid UTF-8 (a
///   Swift path cannot name it); the rest of the tree is still walked.
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
        /// The folders that could not be read, and the folders and files taken whose names are not
        /// UTF-8: each one's full path (invalid bytes shown as U+FFFD) and the reason
        /// (`permission denied`).
        var unreadable: [(path: String, reason: String)] = []
    }

    /// Walks the tree under `root` (a standardised path without a trailing `/`, or `/`).
    /// - Parameters:
    ///   - extensions: The lowercased extensions (without the dot) of the files to take.
    ///   - excluded: A full path (standardised like `root`) to skip with everything under it.
    static func files(under root: String, extensions: Set<String>, excluding excluded: String) -> Walk {
        var walk = Walk()
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var pending = [""]
        while let folder = pending.popLast() {
            let folderPath = folder.isEmpty ? root : prefix + folder
            guard let directory = opendir(folderPath) else {
                walk.unreadable.append((folderPath, OutputFile.systemReason(errno)))
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
                guard prefix + relative != excluded else { continue }
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) {
                    // File systems that do not fill in the type: ask for it, not following links.
                    var status = stat()
                    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                    type = Self.directoryEntryType(status.st_mode)
                }
                let isFolder = type == UInt8(DT_DIR)
                let isCandidate =
                    (type == UInt8(DT_REG) || type == UInt8(DT_LNK)) && extensions.contains(Self.lowercasedExtension(of: name))
                guard isFolder || isCandidate else { continue }
                guard isValidUTF8 else {
                    // Paths are Swift strings here: a name that is not UTF-8 cannot be opened by
                    // the name read back (its bytes were replaced with U+FFFD). Named, not skipped.
                    walk.unreadable.append((prefix + relative, "its name is not valid UTF-8 (rename it to convert it)"))
                    continue
                }
                if isFolder {
                    pending.append(relative)
                    continue
                }
                // Following a link: a link to a folder is not taken, a dangling one neither.
                var status = stat()
                guard fstatat(descriptor, name, &status, 0) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
                walk.files.append(File(relativePath: relative, bytes: Int(status.st_size)))
            }
        }
        return walk
    }

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
