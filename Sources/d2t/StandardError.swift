import Foundation

/// Messages on standard error that never end the process: `FileHandle.write(_:)` traps when
/// the write fails, as it does once the terminal has gone (a closed SSH session or tab, a
/// killed tmux), so the message a hang-up ends with crashed d2t instead of ending it.
enum StandardError {
  /// Writes `text` as it is (callers make it terminal-safe); a failed write is dropped.
  static func write(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}
