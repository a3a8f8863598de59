import CNcursesw
import TerminalCore

/// What ncurses hands over: a character, a function-key code, or an already decoded mouse
/// or resize report.
enum RawInput: Hashable, Sendable {
  /// A character from `wget_wch` (returned `OK`).
  case character(UInt32)
  /// A key code from `wget_wch` (returned `KEY_CODE_YES`).
  case keyCode(Int32)
  /// A mouse report (from `getmouse`).
  case mouse(MouseEvent)
  /// The terminal's new size (after `KEY_RESIZE`).
  case resize(Size)
}

/// Turns ncurses input into events, with no terminal involved, so it is tested directly:
/// control characters become Ctrl- keys, an Escape followed by a character in the same
/// read becomes Alt-, a lone Escape is Escape, and `ESC [200~ … ESC [201~` (bracketed
/// paste) becomes one `.paste`, even across reads.
struct InputDecoder {
  private var pending: [UInt32] = []
  private var paste: String?

  static let pasteStart: [UInt32] = [27, 91, 50, 48, 48, 126]
  static let pasteEnd: [UInt32] = [27, 91, 50, 48, 49, 126]

  /// Inside a bracketed paste (its start seen, not its end).
  var isInPaste: Bool { paste != nil }

  /// Decodes one batch (everything read after one wake-up).
  mutating func decode(_ inputs: [RawInput]) -> [InputEvent] {
    var events: [InputEvent] = []
    for input in inputs {
      switch input {
      case .character(let c): events += feed(c)
      case .keyCode(let code):
        guard paste == nil else { continue }
        events += flushPending()
        if let key = InputDecoder.key(forCode: code) { events.append(.key(key)) }
      case .mouse(let mouse):
        events += flushPending()
        events.append(.mouse(mouse))
      case .resize(let size):
        events += flushPending()
        events.append(.resize(size))
      }
    }
    if paste == nil { events += flushPending() }
    return events
  }

  private mutating func feed(_ c: UInt32) -> [InputEvent] {
    if var text = paste {
      paste = nil  // `text` is then the only copy, appended to in place (linear pastes)
      pending.append(c)
      while !pending.isEmpty && !InputDecoder.pasteEnd.starts(with: pending) {
        if let scalar = Unicode.Scalar(pending.removeFirst()) {
          text.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
        }
      }
      if pending == InputDecoder.pasteEnd {
        pending.removeAll()
        paste = nil
        return [.paste(text)]
      }
      paste = text
      return []
    }
    if pending.isEmpty {
      if c == 27 {
        pending = [27]
        return []
      }
      return InputDecoder.key(forCharacter: c, alt: false).map { [.key($0)] } ?? []
    }
    pending.append(c)
    if InputDecoder.pasteStart.starts(with: pending) {
      if pending.count == InputDecoder.pasteStart.count {
        pending.removeAll()
        paste = ""
      }
      return []
    }
    if pending.count > 2 && pending[1] == 91 {
      guard (0x40...0x7E).contains(c) else { return [] }
      defer { pending.removeAll() }
      return InputDecoder.modifiedEnter(pending).map { [.key($0)] } ?? []
    }
    let sequence = pending
    pending.removeAll()
    if sequence == [27, 27] {
      pending = [27]
      return [.key(KeyEvent(.escape))]
    }
    if sequence.count == 2 && sequence[1] == 91 {
      pending = sequence
      return []
    }
    return InputDecoder.key(forCharacter: c, alt: true).map { [.key($0)] } ?? []
  }

  /// What is left at the end of a batch: a lone Escape, or `Alt-[` for `ESC [` without
  /// a sequence after it.
  private mutating func flushPending() -> [InputEvent] {
    defer { pending.removeAll() }
    switch pending {
    case [27]: return [.key(KeyEvent(.escape))]
    case [27, 91]: return [.key(KeyEvent.alt("["))]
    default: return []
    }
  }

  /// Ctrl-Enter (or Alt-, Shift-Enter) from terminals that tell it apart: `CSI 13;5u` (the
  /// "CSI u" encoding of kitty, foot, WezTerm, iTerm2) and `CSI 27;5;13~` (xterm's
  /// modifyOtherKeys). Other terminals send a plain Enter for it.
  static func modifiedEnter(_ sequence: [UInt32]) -> KeyEvent? {
    let text = String(String.UnicodeScalarView(sequence.dropFirst(2).compactMap(Unicode.Scalar.init)))
    let parameter: Substring
    if text.hasPrefix("13;"), text.hasSuffix("u") {
      parameter = text.dropFirst(3).dropLast()
    } else if text.hasPrefix("27;"), text.hasSuffix(";13~") {
      parameter = text.dropFirst(3).dropLast(4)
    } else {
      return nil
    }
    guard let code = Int(parameter), code > 1 else { return nil }
    var modifiers: KeyModifiers = []
    if (code - 1) & 1 != 0 { modifiers.insert(.shift) }
    if (code - 1) & 2 != 0 { modifiers.insert(.alt) }
    if (code - 1) & 4 != 0 { modifiers.insert(.control) }
    return KeyEvent(.enter, modifiers: modifiers)
  }

  /// The key for a character from `wget_wch`.
  static func key(forCharacter c: UInt32, alt: Bool) -> KeyEvent? {
    let modifiers: KeyModifiers = alt ? .alt : []
    switch c {
    case 9: return KeyEvent(.tab, modifiers: modifiers)
    case 10, 13: return KeyEvent(.enter, modifiers: modifiers)
    case 8, 127: return KeyEvent(.backspace, modifiers: modifiers)
    case 27: return KeyEvent(.escape, modifiers: modifiers)
    case 0: return KeyEvent(.character(" "), modifiers: modifiers.union(.control))
    case 1...26:
      let letter = Character(Unicode.Scalar(UInt8(96 + c)))
      return KeyEvent(.character(letter), modifiers: modifiers.union(.control))
    case 28...31: return nil
    default:
      guard let scalar = Unicode.Scalar(c) else { return nil }
      return KeyEvent(.character(Character(scalar)), modifiers: modifiers)
    }
  }

  /// The key for an ncurses key code (`KEY_UP`, `KEY_F(5)`…); nil for codes d2t ignores.
  static func key(forCode code: Int32) -> KeyEvent? {
    switch code {
    case KEY_UP: return KeyEvent(.up)
    case KEY_DOWN: return KeyEvent(.down)
    case KEY_LEFT: return KeyEvent(.left)
    case KEY_RIGHT: return KeyEvent(.right)
    case KEY_SLEFT: return KeyEvent(.left, modifiers: .shift)
    case KEY_SRIGHT: return KeyEvent(.right, modifiers: .shift)
    case KEY_HOME: return KeyEvent(.home)
    case KEY_END: return KeyEvent(.end)
    case KEY_PPAGE: return KeyEvent(.pageUp)
    case KEY_NPAGE: return KeyEvent(.pageDown)
    case KEY_SPREVIOUS: return KeyEvent(.pageUp, modifiers: .shift)
    case KEY_SNEXT: return KeyEvent(.pageDown, modifiers: .shift)
    case KEY_DC: return KeyEvent(.delete)
    case KEY_IC: return KeyEvent(.insert)
    case KEY_BACKSPACE: return KeyEvent(.backspace)
    case KEY_ENTER: return KeyEvent(.enter)
    case KEY_BTAB: return KeyEvent(.backTab)
    case KEY_F0 + 1...KEY_F0 + 12: return KeyEvent(.function(Int(code - KEY_F0)))
    default: return nil
    }
  }

  /// The mouse event for an ncurses button mask at a cell; nil for releases and motion.
  static func mouseEvent(mask: UInt, at position: Point) -> MouseEvent? {
    let kind: MouseEvent.Kind
    if mask & UInt(NC_BUTTON4_PRESSED) != 0 {
      kind = .wheelUp
    } else if mask & UInt(NC_BUTTON5_PRESSED) != 0 {
      kind = .wheelDown
    } else if mask & UInt(NC_BUTTON1_PRESSED | NC_BUTTON1_CLICKED) != 0 {
      kind = .press(.left)
    } else if mask & UInt(NC_BUTTON2_PRESSED | NC_BUTTON2_CLICKED) != 0 {
      kind = .press(.middle)
    } else if mask & UInt(NC_BUTTON3_PRESSED | NC_BUTTON3_CLICKED) != 0 {
      kind = .press(.right)
    } else {
      return nil
    }
    return MouseEvent(kind, at: position)
  }
}
