import DirectToTerminal
import Foundation
import Testing

/// Issue 28 item 2: `D2T_TRACE_STARTUP` and the trace it prints.
@Suite struct StartupTraceTests {
  @Test func phasesKeepTheOrderTheyEndedInAndTheirFirstTime() throws {
    let trace = StartupTrace()
    trace.mark("settings")
    trace.mark("terminal")
    let first = try #require(trace.phases.first)
    trace.mark("settings")
    #expect(trace.phases.map(\.name) == ["settings", "terminal"])
    #expect(trace.phases.first == first)
    #expect(trace.phases[0].at <= trace.phases[1].at)
  }

  @Test func theReportNamesEachPhaseWithItsTimeAndTheTimeBeforeMain() throws {
    let trace = StartupTrace()
    trace.mark("main")
    trace.mark("first frame")
    let lines = trace.report().split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    let header = #"^d2t start: [0-9]+\.[0-9] ms of CPU before main \(loading, runtime\)$"#
    let phase = #"^ +[0-9]+\.[0-9] ms  \+ +[0-9]+\.[0-9] ms  main$"#
    #expect(lines[0].range(of: header, options: .regularExpression) != nil, "\(lines[0])")
    #expect(lines[1].range(of: phase, options: .regularExpression) != nil, "\(lines[1])")
    #expect(lines[2].hasSuffix(" ms  first frame"), "\(lines[2])")
    #expect(trace.beforeMain > .zero)
  }

  @Test func theVariableSaysWhereTheReportGoes() {
    #expect(StartupTrace.Destination(environment: [:]) == nil)
    #expect(StartupTrace.Destination(environment: ["D2T_TRACE_STARTUP": ""]) == nil)
    #expect(StartupTrace.Destination(environment: ["D2T_TRACE_STARTUP": "0"]) == nil)
    #expect(StartupTrace.Destination(environment: ["D2T_TRACE_STARTUP": "1"]) == .standardError)
    #expect(StartupTrace.Destination(environment: ["D2T_TRACE_STARTUP": "/tmp/t.txt"]) == .file("/tmp/t.txt"))
  }

  @Test func aFileGetsTheReport() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-trace-\(UUID().uuidString).txt").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let trace = StartupTrace()
    trace.mark("main")
    trace.write(to: .file(path))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == trace.report())
  }
}
