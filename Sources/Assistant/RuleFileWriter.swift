import Foundation
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

  /// The file's rules a change replaces when it has their key and predicate: the
  /// assistant's first, then the others.
  public func replaceableRules() -> [Rule] {
    guard let text = try? read() else { return [] }
    return AssistantSection.replaceableRules(in: text, file: path, registry: registry)
  }

  /// Writes `rule` (replacing the file's rule for its key and predicate, the assistant's first).
  @discardableResult
  public func write(_ rule: Rule) throws(Failure) -> Change {
    var text = try read()
    if text.isEmpty, let header { text = header + "\n" }
    let (updated, replaced) = AssistantSection.writing(rule, into: text, registry: registry)
    try replace(with: updated)
    return Change(path: path, written: rule.description, previous: replaced)
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
    do {
      try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw Failure(message: "cannot create the folder \(directory.path) for the rule file: \(Self.reason(error))")
    }
    let permissions = (try? manager.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    guard manager.createFile(atPath: temporary.path, contents: Data(text.utf8),
      attributes: [.posixPermissions: permissions ?? NSNumber(value: 0o644)])
    else {
      throw Failure(message: "cannot write the rule file \(path): \(String(cString: strerror(errno)))")
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

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      let posix = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(posix.rawValue))
    }
    return nsError.localizedDescription
  }
}
