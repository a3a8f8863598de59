import Foundation
import History
import Logging
import TerminalCore

/// A swift-log handler that appends to a file, never the terminal (which belongs to the screen).
///
/// The file is `$D2T_LOG_FILE`, else `$XDG_STATE_HOME/d2t/d2t.log` (default
/// `~/.local/state/d2t/d2t.log`), created with mode 0600. Messages are escaped with
/// `terminalSafe`, so each entry is one line and `cat` of the log cannot drive the terminal.
struct FileLogHandler: LogHandler {
  var logLevel: Logger.Level = .info
  var metadata: Logger.Metadata = [:]
  let label: String
  let file: FileHandle?

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// The shared handle, opened once, or why it could not be (logging is then off).
  static let shared: Result<FileHandle, OpenFailure> = open(
    path: logPath(environment: ProcessInfo.processInfo.environment))

  /// Why the log file could not be opened: `cannot open the log file /x/d2t.log: Permission denied`.
  struct OpenFailure: Error, CustomStringConvertible {
    var description: String
  }

  init(label: String) {
    self.label = label
    file = try? Self.shared.get()
  }

  /// What to tell the user before the screen starts when `D2T_LOGLEVEL` asks for a log
  /// that cannot be written; nil when there is nothing to say.
  static func warning(environment: [String: String]) -> String? {
    guard let level = environment["D2T_LOGLEVEL"], !level.isEmpty, case .failure(let failure) = shared else {
      return nil
    }
    return "\(failure); D2T_LOGLEVEL=\(level) logs nothing"
  }

  static func logPath(environment: [String: String]) -> String {
    if let path = environment["D2T_LOG_FILE"], !path.isEmpty { return path }
    let home = StateDirectory.home(environment: environment)
    let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/state"
    return state + "/d2t/d2t.log"
  }

  static func open(path: String) -> Result<FileHandle, OpenFailure> {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      return .failure(OpenFailure(description: "cannot open the log file \(path): \(String(cString: strerror(errno)))"))
    }
    return .success(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
  }

  func log(event: LogEvent) {
    guard let file else { return }
    let merged = metadata.merging(event.metadata ?? [:]) { $1 }
    let details = merged.isEmpty ? "" : " " + merged.map { "\($0)=\($1)" }.sorted().joined(separator: " ")
    let line = "\(Date().ISO8601Format()) \(event.level) \(label):\(details) \(event.message)".terminalSafe
    // A full disk must not end the session: the line is dropped.
    try? file.write(contentsOf: Data((line + "\n").utf8))
  }
}
