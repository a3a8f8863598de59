import Foundation

/// `scripts/lib/tcp-relay.py` between a test and a server: connections to `url` go through
/// it. `stop()` (SIGSTOP) makes the network stall as a server that does not answer would —
/// the kernel still accepts new connections, nothing comes back — without stopping the
/// server other tests use meanwhile; `resume()` lets it go on.
public final class TCPRelay: @unchecked Sendable {
  private let process = Process()
  /// The relay's port on 127.0.0.1.
  public let port: Int
  /// `serverURL` with the relay's host and port.
  public let url: String

  /// A relay to the host and port of `serverURL` (`postgresql://…`, `mysql://…`).
  public init(to serverURL: String) throws {
    guard var components = URLComponents(string: serverURL), let host = components.host,
      let serverPort = components.port
    else { throw TestSetupError("no host and port in \(serverURL)") }
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Repository.path("scripts/lib/tcp-relay.py"), host, String(serverPort)]
    process.standardOutput = output
    try process.run()
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
      line.append(byte)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self)) else {
      process.terminate()
      throw TestSetupError("tcp-relay.py printed no port")
    }
    self.port = port
    components.host = "127.0.0.1"
    components.port = port
    url = components.string ?? serverURL
  }

  public func stop() { kill(process.processIdentifier, SIGSTOP) }
  public func resume() { kill(process.processIdentifier, SIGCONT) }

  /// Ends the relay and every connection through it.
  public func end() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  deinit { end() }
}

/// Runs `body`, resuming `relay` if it is still running after `seconds`: a `body` that
/// waits for the stopped network then returns rather than hanging the test. True if it had
/// to (`body` waited for the network).
public func waitedForTheNetwork(
  _ relay: TCPRelay, after seconds: Double = 5, _ body: () throws -> Void
) rethrows -> Bool {
  let rescued = Flag()
  let done = Flag()
  DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
    guard !done.value else { return }
    rescued.value = true
    relay.resume()
  }
  defer { done.value = true }
  try body()
  return rescued.value
}
