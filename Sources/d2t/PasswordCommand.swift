import Foundation

/// Runs a connection's `password_command` (`pass show db/prod`, `secret-tool lookup …`) with
/// `/bin/sh -c`, input from `/dev/null` (it must not ask on the terminal): the first line of
/// its output is the password. Neither the output nor the password is logged or kept.
enum PasswordCommand {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func run(_ command: String, connection: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.environment = EarlyStart.childEnvironment()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw Failure(description: "password_command of connection '\(connection)' could not start: \(error)")
    }
    // Both pipes are drained at once, so a command that writes much to either never blocks.
    let errorText = ErrorText()
    let reader = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let message = errorText.firstLine()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "password_command of connection '\(connection)' failed (exit status "
          + "\(process.terminationStatus))" + (message.isEmpty ? "" : ": " + message))
    }
    let password =
      String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) } ?? ""
    guard !password.isEmpty else {
      throw Failure(description: "password_command of connection '\(connection)' printed no password")
    }
    return password
  }

  /// What the command wrote to standard error, once it is read to the end.
  private final class ErrorText: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
      condition.lock()
      data = value
      condition.signal()
      condition.unlock()
    }

    func firstLine() -> String {
      condition.lock()
      defer { condition.unlock() }
      while data == nil { condition.wait() }
      let text = String(decoding: data ?? Data(), as: UTF8.self)
      let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      return String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.prefix(200))
    }
  }
}
