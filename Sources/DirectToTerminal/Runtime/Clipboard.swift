import TerminalCore

/// The clipboard `y` and `Y` copy to: the terminal backend's (OSC 52 with a local helper
/// as fallback).
struct Clipboard {
  let backend: any TerminalBackend

  func copy(_ text: String) -> ClipboardCopy {
    backend.copyToClipboard(text)
  }
}

extension Clipboard: Equatable {
  static func == (a: Clipboard, b: Clipboard) -> Bool { a.backend === b.backend }
}
