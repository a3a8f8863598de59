import Foundation
import Testing

/// When standard error cannot be written — the terminal gone after a hang-up (a closed SSH
/// session, a killed tmux), here `/dev/full` — d2t's last message is dropped and it ends
/// with its exit status; `FileHandle.write(_:)` trapped on the failed write.
@Suite struct UnwritableStderrCLITests {
  @Test func aMessageNobodyCanReadEndsD2TWithoutACrash() throws {
    let binary = try #require(D2TProcess.executable, "the d2t executable is not built")
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let process = Process()
    process.executableURL = binary
    // Not a terminal: d2t says it needs one, on standard error, and exits with 2.
    process.arguments = [D2TProcess.packageRoot.appendingPathComponent("no-such-database.sqlite").path]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = full
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
    #expect(process.terminationStatus == 2)
  }
}
