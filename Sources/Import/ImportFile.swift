import Foundation
import Glibc

/// The file an import reads, opened with a reason for what cannot be one, and read a
/// megabyte at a time with a limit on a record's size and a check for cancelling.
///
/// Only a regular file is read: a directory, a device (`/dev/zero` would be read for ever),
/// a pipe or a socket is refused before anything is read (an import reads its file more
/// than once: the preview, the import, and again from the start to find a refused row). A
/// record longer than `recordLimit` (a file without line ends) is a problem, not memory
/// without end; `isCancelled` is asked before each read, so Esc or Ctrl-C stops a long
/// record too.
final class ImportFile {
  /// The longest record d2t reads (256 MiB; larger than MySQL's default packet, a quarter
  /// of PostgreSQL's largest value).
  static let recordLimit = 256 << 20
  /// What one read asks for.
  static let chunk = 1 << 20

  private let handle: FileHandle
  private let isCancelled: () -> Bool
  private(set) var bytesRead = 0

  init(path: String, isCancelled: @escaping () -> Bool) throws {
    handle = try Self.open(path)
    self.isCancelled = isCancelled
  }

  deinit { try? handle.close() }

  /// The next bytes of the file (at most a megabyte); empty at its end. Throws
  /// `ImportCancelled` once `isCancelled` says so.
  func read() throws -> [UInt8] {
    if isCancelled() { throw ImportCancelled() }
    let data = try handle.read(upToCount: Self.chunk) ?? Data()
    bytesRead += data.count
    return [UInt8](data)
  }

  /// The problem of a record (starting on `line`) that grew past `recordLimit`.
  static func tooLong(line: Int) -> ImportProblem {
    ImportProblem(
      line: line, column: nil,
      message:
        "this record is longer than \(recordLimit >> 20) MB (a file without line ends?): d2t imports records up to that size"
    )
  }

  /// The file opened for reading, or a problem saying why it cannot be imported. Opened
  /// first, without waiting (a pipe's open would wait for a writer), then asked what it is,
  /// so that what is checked is what is read.
  static func open(_ path: String) throws -> FileHandle {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw problem(errno) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw problem(errno) }
    let refusal: String? =
      switch info.st_mode & S_IFMT {
      case S_IFREG: nil
      case S_IFDIR: "is a directory, not a file"
      case S_IFCHR, S_IFBLK: "is a device, not a regular file"
      case S_IFIFO: "is a pipe, not a regular file (d2t reads an import file more than once)"
      default: "is not a regular file"
      }
    if let refusal { throw ImportProblem(line: nil, column: nil, message: refusal) }
    return handle
  }

  private static func problem(_ code: Int32) -> ImportProblem {
    let reason =
      switch code {
      case ENOENT: "does not exist"
      case EACCES: "cannot be read: no permission"
      default: "cannot be read: " + String(cString: strerror(code)).lowercased()
      }
    return ImportProblem(line: nil, column: nil, message: reason)
  }
}
