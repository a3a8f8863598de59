import Foundation

/// How a copy reached the clipboard, for the message the app shows.
public struct ClipboardCopy: Hashable, Sendable {
  /// The terminal was sent OSC 52 (it may still ignore it: not every terminal honours it).
  public var sentOSC52: Bool
  /// The local helper that also took the text (`wl-copy`, `xclip`), if any.
  public var helper: String?

  public init(sentOSC52: Bool, helper: String?) {
    self.sentOSC52 = sentOSC52
    self.helper = helper
  }

  /// Nothing was copied (a backend without a clipboard).
  public static let none = ClipboardCopy(sentOSC52: false, helper: nil)
}

/// The OSC 52 "set clipboard" sequence: `ESC ] 52 ; c ; <base64> BEL`, works over SSH and
/// in terminals that honour it. Inside tmux it is sent as is when tmux's `set-clipboard` is
/// `on` (tmux then keeps a buffer and forwards it to the outer terminal); otherwise it is
/// wrapped in tmux's passthrough (`ESC P tmux; … ESC \`, which needs `allow-passthrough`).
public enum OSC52 {
  public static func sequence(_ text: String, tmuxPassthrough: Bool = false) -> String {
    let osc = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    guard tmuxPassthrough else { return osc }
    return "\u{1B}Ptmux;" + osc.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
  }

  /// Whether to wrap for tmux: inside tmux (`TMUX` set) with `set-clipboard` not `on`.
  /// `setClipboard` is `tmux show-options -gv set-clipboard`'s answer.
  public static func needsTmuxPassthrough(environment: [String: String], setClipboard: String?) -> Bool {
    guard environment["TMUX"] != nil else { return false }
    return setClipboard?.trimmingCharacters(in: .whitespacesAndNewlines) != "on"
  }
}

extension TerminalBackend {
  /// Backends without a clipboard copy nothing.
  public func copyToClipboard(_ text: String) -> ClipboardCopy { .none }
}
