import Foundation
import Testing

/// The log goes to a file, never the terminal.
@Suite struct LogFileCLITests {
  @Test func debugLoggingWritesTheLogFileAndNothingToStandardError() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let logFile = demo.directory.url.appendingPathComponent("logs/d2t.log")

    let result = try D2TProcess.run(
      ["model", demo.path], environment: ["D2T_LOGLEVEL": "debug", "D2T_LOG_FILE": logFile.path])

    #expect(result.status == 0)
    #expect(result.stderr == "")
    let log = try String(contentsOf: logFile, encoding: .utf8)
    #expect(log.split(separator: "\n").count > 0)
    #expect(log.contains("d2t.sql"))
    let attributes = try FileManager.default.attributesOfItem(atPath: logFile.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test func aLogFileThatCannotBeOpenedIsSaidBeforeTheScreen() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let blocked = demo.path + "/logs/d2t.log"  // under a file, not a folder

    let result = try D2TProcess.run(
      ["model", demo.path], environment: ["D2T_LOGLEVEL": "info", "D2T_LOG_FILE": blocked])

    #expect(result.status == 0)
    #expect(
      result.stderr == "d2t: cannot open the log file \(blocked): Not a directory; D2T_LOGLEVEL=info logs nothing\n")
    let quiet = try D2TProcess.run(["model", demo.path], environment: ["D2T_LOG_FILE": blocked])
    #expect(quiet.stderr == "", "no log asked for, nothing said")
  }
}
