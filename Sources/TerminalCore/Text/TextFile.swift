import Foundation
import Glibc

/// Reads a text file that the user named (a rule file, a theme), refusing with a clear
/// reason what is not one: a directory, a device, a pipe or a socket (reading `/dev/zero`
/// or `/dev/tty` would never end), a file larger than `limit`, and bytes that are not
/// UTF-8 (the message gives the byte offset and line of the first bad byte).
public enum TextFile {
  /// Why a file cannot be read as text, in words: "is a directory, not a file".
  public struct Failure: Error, CustomStringConvertible, Equatable {
    public var reason: String
    /// The 0-based byte offset of the first byte that is not UTF-8, if that was the problem.
    public var byteOffset: Int?
    /// The 1-based line of that byte.
    public var line: Int?

    public var description: String { reason }
  }

  /// Files larger than this are refused (64 MiB).
  public static let limit = 64 << 20

  /// The file's text, or a `Failure` saying why there is none.
  public static func read(_ path: String) throws(Failure) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      throw Failure(
        reason: code == ENOENT
          ? "does not exist" : "cannot be opened (" + String(cString: strerror(code)).lowercased() + ")")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw Failure(reason: "is a directory, not a file")
    case S_IFCHR, S_IFBLK: throw Failure(reason: "is a device, not a regular file")
    case S_IFIFO: throw Failure(reason: "is a named pipe, not a regular file")
    case S_IFSOCK: throw Failure(reason: "is a socket, not a regular file")
    default: throw Failure(reason: "is not a regular file")
    }
    guard Int(info.st_size) <= limit else {
      throw Failure(reason: "is too large (\(info.st_size) bytes; at most \(limit))")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(reason: String(cString: strerror(errno == 0 ? EACCES : errno)).lowercased())
    }
    return try decode(Array(data))
  }

  /// The bytes as UTF-8 text, or a failure naming the first bad byte.
  public static func decode(_ bytes: [UInt8]) throws(Failure) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    var line = 1
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
        if scalar == "\n" { line += 1 }
      case .emptyInput:
        return String(decoding: bytes, as: UTF8.self)
      case .error:
        throw Failure(
          reason:
            "is not UTF-8 text: invalid byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at byte offset \(offset) (line \(line))",
          byteOffset: offset, line: line)
      }
    }
  }
}
