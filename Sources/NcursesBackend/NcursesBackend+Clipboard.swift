import Foundation
import TerminalCore

extension NcursesBackend {
  /// Copies `text`: sends OSC 52 through the terminal (wrapped for tmux only when its
  /// `set-clipboard` is not `on`), and also hands it to `wl-copy` (under Wayland) or
  /// `xclip -selection clipboard` (under X11) when one is installed, for terminals that
  /// ignore OSC 52. Over SSH there is usually no display, so OSC 52 alone carries it.
  public func copyToClipboard(_ text: String) -> ClipboardCopy {
    let environment = ProcessInfo.processInfo.environment
    let passthrough = OSC52.needsTmuxPassthrough(
      environment: environment,
      setClipboard: environment["TMUX"] == nil
        ? nil : Self.output(of: "tmux", ["show-options", "-gv", "set-clipboard"]))
    Self.writeRaw(OSC52.sequence(text, tmuxPassthrough: passthrough))
    return ClipboardCopy(sentOSC52: true, helper: Self.copyWithHelper(text, environment: environment))
  }

  /// Pipes `text` into the first clipboard helper the session has; returns its name.
  static func copyWithHelper(_ text: String, environment: [String: String]) -> String? {
    var candidates: [(String, [String])] = []
    if environment["WAYLAND_DISPLAY"] != nil { candidates.append(("wl-copy", [])) }
    if environment["DISPLAY"] != nil { candidates.append(("xclip", ["-selection", "clipboard"])) }
    for (name, arguments) in candidates {
      guard let path = executable(name, environment: environment) else { continue }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments
      let input = Pipe()
      process.standardInput = input
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        if process.terminationStatus == 0 { return name }
      } catch {
        continue
      }
    }
    return nil
  }

  static func executable(_ name: String, environment: [String: String]) -> String? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { String($0) + "/" + name }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// What a command prints, nil when it is missing or fails.
  static func output(of name: String, _ arguments: [String]) -> String? {
    guard let path = executable(name, environment: ProcessInfo.processInfo.environment) else {
      return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    } catch {
      return nil
    }
  }
}
