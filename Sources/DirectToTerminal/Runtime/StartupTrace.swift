import Foundation
import Synchronization

/// The phases of a start and when each ended, measured from `main`, for
/// `D2T_TRACE_STARTUP=1` (printed on standard error when d2t exits) or
/// `D2T_TRACE_STARTUP=FILE` (written there): where the time to the first frame goes.
///
/// Phases are marked as the start reaches them (`mark`), the first time only; the app marks
/// `first frame` when it has drawn one and `first result` when the first answer of the
/// database is on screen, so a trace shows what ran before the first frame and what after.
/// What ran before `main` (dynamic loading, the Swift runtime's start) is the process's CPU
/// time when the trace began.
public final class StartupTrace: Sendable {
  /// One phase: its name and when it ended, from the trace's start.
  public struct Phase: Hashable, Sendable {
    public let name: String
    public let at: Duration
  }

  /// The process's trace, begun on first use (d2t's `main` touches it first).
  public static let shared = StartupTrace()

  private let origin = ContinuousClock.now
  /// The CPU time the process had used when the trace began.
  public let beforeMain: Duration
  private let marks = Mutex<[Phase]>([])

  public init() {
    var cpu = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)
    beforeMain = .seconds(cpu.tv_sec) + .nanoseconds(cpu.tv_nsec)
  }

  /// Notes that `phase` ended now (once: a phase reached again keeps its first time).
  public func mark(_ phase: String) {
    let at = ContinuousClock.now - origin
    marks.withLock { marks in
      if !marks.contains(where: { $0.name == phase }) { marks.append(Phase(name: phase, at: at)) }
    }
  }

  /// The phases marked so far, in the order they ended.
  public var phases: [Phase] { marks.withLock { $0 } }

  /// The phases as lines: each with the time it ended and how long it took.
  public func report() -> String {
    var lines = ["d2t start: \(Self.milliseconds(beforeMain)) ms of CPU before main (loading, runtime)"]
    var previous = Duration.zero
    for phase in phases {
      lines.append(
        "\(Self.milliseconds(phase.at).leftPadded(to: 8)) ms  +\(Self.milliseconds(phase.at - previous).leftPadded(to: 7)) ms  \(phase.name)"
      )
      previous = phase.at
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Where `D2T_TRACE_STARTUP` asks the report to go: nil when it is unset or empty,
  /// standard error for `1`, else the file it names.
  public enum Destination: Equatable, Sendable {
    case standardError
    case file(String)

    public init?(environment: [String: String]) {
      guard let value = environment["D2T_TRACE_STARTUP"], !value.isEmpty, value != "0" else { return nil }
      self = value == "1" ? .standardError : .file(value)
    }
  }

  /// Writes the report where `destination` says (a file is replaced).
  public func write(to destination: Destination) {
    let data = Data(report().utf8)
    switch destination {
    case .standardError: try? FileHandle.standardError.write(contentsOf: data)
    case .file(let path): FileManager.default.createFile(atPath: path, contents: data)
    }
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.1f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
