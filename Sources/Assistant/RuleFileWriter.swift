import Foundation
import Glibc
import Rules

/// Writes rules into the assistant's rule file, atomically (a temporary file renamed over
/// it, with the file's permissions kept), creating the file and its directories when
/// missing. Failures are messages naming the file and the reason; the file is then as it was.
public struct RuleFileWriter: Sendable {
  /// One written change, for undo: the line written and the line it replaced.
  public struct Change: Hashable, Sendable {
    public var path: String
    public var written: String
    public var previous: String?

    public init(path: String, written: String, previous: String?) {
      self.path = path
      self.written = written
      self.previous = previous
    }
  }

  /// A write that failed, in words: `cannot write the rule file /x/y.rules: Permission denied`.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  public var path: String
  /// The first line of a file the writer creates (see `AssistantSection.header`).
  public var header: String?
  public var registry: RuleKeyRegistry

  public init(path: String, header: String? = nil, registry: RuleKeyRegistry = .standard) {
    self.path = path
    self.header = header
    self.registry = registry
  }

  /// The file's text; empty when it does not exist yet.
  public func read() throws(Failure) -> String {
    guard FileManager.default.fileExists(atPath: path) else { return "" }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(message: "cannot read the rule file \(path)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw Failure(message: "cannot read the rule file \(path): it is not UTF-8")
    }
    return text
  }

  /// The rules the assistant wrote earlier (its section), as the app loaded them.
  public func writtenRules() -> [Rule] {
    guard let text = try? read() else { return [] }
    return AssistantSection.writtenRules(in: text, file: path, registry: registry)
  }

  /// The file's rules, read and parsed once: those in the assistant's section, and the
  /// others (empty when it cannot be read).
  public func rules() -> (written: [Rule], others: [Rule]) {
    guard let text = try? read() else { return ([], []) }
    return AssistantSection.rules(in: text, file: path, registry: registry)
  }

  /// Writes `rule` (replacing the file's rule for its key and predicate, the assistant's
  /// first). A file with a syntax error is refused, naming the error's place: the
  /// assistant would otherwise write next to rules the app cannot load.
  @discardableResult
  public func write(_ rule: Rule) throws(Failure) -> Change {
    var text = try read()
    if let error = RuleParser.parse(text, file: path, registry: registry).diagnostics.first(where: {
      $0.severity == .error
    }) {
      let file = (path as NSString).lastPathComponent
      throw Failure(
        message: "\(file):\(error.line):\(error.column) has an error (\(error.message)); "
          + "fix it before the assistant writes to it")
    }
    if text.isEmpty, let header { text = header + "\n" }
    let (updated, written, replaced) = AssistantSection.writing(rule, into: text, registry: registry)
    try replace(with: updated)
    return Change(path: path, written: written, previous: replaced)
  }

  /// Takes a change back: the line it replaced returns, or the written line goes.
  public func undo(_ change: Change) throws(Failure) {
    let text = try read()
    guard let updated = AssistantSection.undoing(change.written, previous: change.previous, in: text) else {
      throw Failure(message: "the rule is no longer in \(path): \(change.written)")
    }
    try replace(with: updated)
  }

  /// Puts `text` in place of the file the way an editor saves: a temporary file beside it,
  /// renamed over it, so a crash or a full disk leaves the old file whole. A symbolic link
  /// is followed (the file it names is replaced, the link stays).
  public func replace(with text: String) throws(Failure) {
    let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    let path = url.path
    let directory = url.deletingLastPathComponent()
    let manager = FileManager.default
    if let reason = Self.makeDirectories(directory) {
      throw Failure(message: "cannot create the folder \(directory.path) for the rule file: \(reason)")
    }
    let permissions = (try? manager.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    if let reason = Self.writeFile(temporary.path, Array(text.utf8), mode: mode_t(permissions?.intValue ?? 0o644)) {
      try? manager.removeItem(at: temporary)
      throw Failure(message: "cannot write the rule file \(path): \(reason)")
    }
    if let permissions {
      try? manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
    }
    guard rename(temporary.path, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? manager.removeItem(at: temporary)
      throw Failure(message: "cannot write the rule file \(path): \(reason)")
    }
  }

  /// Writes `bytes` to a new file with open(2)/write(2); a failure gives the POSIX reason.
  static func writeFile(_ path: String, _ bytes: [UInt8], mode: mode_t) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        let reason = String(cString: strerror(errno))
        close(descriptor)
        return reason
      }
      offset += count
    }
    return close(descriptor) == 0 ? nil : String(cString: strerror(errno))
  }

  /// Creates `directory` and its missing parents with mkdir(2); a failure gives the POSIX
  /// reason (`Permission denied`), never Foundation's "The operation could not be completed".
  static func makeDirectories(_ directory: URL) -> String? {
    var missing: [String] = []
    var folder = directory.standardizedFileURL
    while folder.path != "/", !FileManager.default.fileExists(atPath: folder.path) {
      missing.append(folder.path)
      folder = folder.deletingLastPathComponent()
    }
    var existing: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &existing), !existing.boolValue {
      return String(cString: strerror(ENOTDIR))
    }
    for path in missing.reversed() where mkdir(path, 0o755) != 0 && errno != EEXIST {
      return String(cString: strerror(errno))
    }
    return nil
  }
}
