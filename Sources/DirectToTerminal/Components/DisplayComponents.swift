import Access
import TerminalCore
import Theming

/// Text as it is; blank padding of `char(n)` already trimmed by the adaptor.
public struct DisplayString: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    switch value {
    case .value(.null): return DisplayCell(context.displayStringForNil, role: .muted)
    case .value(.blob(let bytes)) where context.attribute?.valueType.isText == true && !bytes.contains(0):
      // Bytes in a text column that are not UTF-8 (and hold no NUL, as binary data does):
      // the text they hold, U+FFFD for each bad byte (read-only in the editor; `v` shows
      // the bytes).
      return DisplayCell(Self.oneLine(String(decoding: bytes.prefix(Self.cellLimit * 4), as: UTF8.self)))
    case .value(let value):
      let text = context.formatter?.string(for: value) ?? value.plainText
      return DisplayCell(Self.oneLine(text))
    case .toOne(let title): return DisplayCell(title ?? context.displayStringForNil)
    case .missingToOne(let key): return DisplayCell(key + " ⚠ not found", role: .warning)
    case .toMany(let count): return DisplayCell(count.map(String.init) ?? "…")
    }
  }

  /// The most characters a cell keeps: more than any pane is wide, so a 100 KB value costs
  /// no more to draw than a short one (`v` shows it whole).
  static let cellLimit = 1_000

  /// The text on one line (newlines as ` ⏎ `), cut after `cellLimit` characters with `…`.
  static func oneLine(_ text: String) -> String {
    guard text.utf8.count > cellLimit,
      let cut = text.index(text.startIndex, offsetBy: cellLimit, limitedBy: text.endIndex), cut < text.endIndex
    else { return text.replacingNewlines() }
    return (text[..<cut] + "…").replacingNewlines()
  }
}

/// Long text: one line in a list, wrapped (and scrollable) in an inspector.
public struct DisplayLargeString: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    DisplayString().display(value, in: context)
  }

  public func detailLines(_ value: PropertyValue, in context: ComponentContext, width: Int) -> [String] {
    guard case .value(let stored) = value, !stored.isNull else {
      return [context.displayStringForNil]
    }
    let lines = stored.plainText.wrapped(toWidth: max(1, width), maxLines: Self.lineLimit + 1)
    guard lines.count > Self.lineLimit else { return lines }
    return lines.prefix(Self.lineLimit) + ["… (v shows all of it)"]
  }

  /// The most lines an inspector shows of one value: a 100 KB text costs a screenful.
  static let lineLimit = 200
}

/// Numbers right-aligned, through the rule's formatter (`currency`, `number:2`, …).
public struct DisplayNumber: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .value(let stored) = value, !stored.isNull else {
      return DisplayCell(context.displayStringForNil, alignment: .right, role: .muted)
    }
    if let exact = Self.storedOtherwise(stored, type: context.attribute?.valueType) {
      return DisplayCell(exact.replacingNewlines(), alignment: .right)
    }
    var value = stored
    if case .decimal(_, let scale?)? = context.attribute?.valueType, let exact = decimalText(stored) {
      // More digits than the column's scale (SQLite stores what it is given): shown as
      // stored, never rounded by the column's formatter.
      let fraction = exact.split(separator: ".").dropFirst().first?.count ?? 0
      if fraction > scale { return DisplayCell(exact, alignment: .right) }
      value = .decimal(rounded(exact, places: scale))
    }
    let text = context.formatter?.string(for: value) ?? decimalText(value) ?? value.plainText
    return DisplayCell(text, alignment: .right)
  }

  /// The stored value's own text when its storage class is not the column's (SQLite: a
  /// REAL in an INTEGER or DECIMAL column, text or a blob in a numeric one), so nothing
  /// rounds or reformats what is there; nil for a value of the column's kind.
  static func storedOtherwise(_ value: DatabaseValue, type: ValueType?) -> String? {
    switch (value, type) {
    case (.real(let double), .integer?), (.real(let double), .decimal?):
      return shortestDecimal(double) ?? double.description
    case (.text(let text), _): return text
    case (.blob, _): return value.plainText
    default: return nil
    }
  }
}

/// Dates, times and timestamps through the rule's formatter (`date:short`, …).
public struct DisplayDate: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .value(let stored) = value, !stored.isNull else {
      return DisplayCell(context.displayStringForNil, role: .muted)
    }
    let text =
      context.formatter?.string(for: stored)
      ?? DateText.timestamp(stored, style: "iso") ?? DateText.time(stored, fractions: true) ?? stored.plainText
    return DisplayCell(text)
  }
}

/// ✓ or ✗; text columns holding `Y`/`N`, `yes`/`no`, `1`/`0` count too.
public struct DisplayBool: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .value(let stored) = value, !stored.isNull else {
      return DisplayCell(context.displayStringForNil, alignment: .center, role: .muted)
    }
    switch Self.truth(stored) {
    case true?: return DisplayCell("✓", alignment: .center, role: .success)
    case false?: return DisplayCell("✗", alignment: .center, role: .error)
    case nil: return DisplayCell(stored.plainText, alignment: .center)
    }
  }

  static func truth(_ value: DatabaseValue) -> Bool? {
    switch value {
    case .bool(let b): return b
    case .integer(let v): return v == 0 ? false : v == 1 ? true : nil
    case .text(let text):
      switch text.lowercased() {
      case "y", "yes", "t", "true", "1", "on": return true
      case "n", "no", "f", "false", "0", "off": return false
      default: return nil
      }
    default: return nil
    }
  }
}

/// An e-mail address, underlined like a link.
public struct DisplayEmail: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    var cell = DisplayString().display(value, in: context)
    if case .value(let stored) = value, !stored.isNull { cell.role = .accent }
    return cell
  }
}

/// Never shows a password: a fixed mask, or nothing when there is none.
public struct DisplayPassword: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .value(let stored) = value, !stored.isNull else {
      return DisplayCell(context.displayStringForNil, role: .muted)
    }
    return DisplayCell("••••••", role: .muted)
  }
}

/// An enum label (or any value from a fixed list).
public struct DisplayEnum: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    var cell = DisplayString().display(value, in: context)
    if case .value(let stored) = value, !stored.isNull { cell.role = .secondary }
    return cell
  }
}

/// Binary data as its size.
public struct DisplayBinary: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .value(.blob(let bytes)) = value else {
      return DisplayString().display(value, in: context)
    }
    return DisplayCell(Self.size(bytes.count), alignment: .right, role: .muted)
  }

  static func size(_ count: Int) -> String {
    if count < 1024 { return count == 1 ? "1 byte" : "\(count) bytes" }
    if count < 1024 * 1024 { return String(format: "%.1f KiB", Double(count) / 1024) }
    return String(format: "%.1f MiB", Double(count) / 1024 / 1024)
  }
}

/// Arrays as `ArrayText` shows them (quoted where needed, ∅ for NULL, `{…}` nested); one
/// item per line in an inspector.
public struct DisplayArray: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .value(.array(let values)) = value else {
      return DisplayString().display(value, in: context)
    }
    return DisplayCell(ArrayText.format(values).replacingNewlines())
  }

  public func detailLines(_ value: PropertyValue, in context: ComponentContext, width: Int) -> [String] {
    guard case .value(.array(let values)) = value, !values.isEmpty else {
      return [display(value, in: context).text]
    }
    return values.map { "• " + ArrayText.item($0).replacingNewlines() }
  }
}

/// JSON compact in a list, indented in an inspector.
public struct DisplayJSON: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .value(.json(let text)) = value else {
      return DisplayString().display(value, in: context)
    }
    return DisplayCell(JSONText.compact(text), role: .secondary)
  }

  public func detailLines(_ value: PropertyValue, in context: ComponentContext, width: Int) -> [String] {
    guard case .value(.json(let text)) = value else { return [display(value, in: context).text] }
    return JSONText.pretty(text).split(separator: "\n").map(String.init)
  }
}

/// A to-one relationship as the related row's title.
public struct DisplayToOne: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    if case .missingToOne(let key) = value { return DisplayCell(key + " ⚠ not found", role: .warning) }
    guard case .toOne(let title) = value else { return DisplayString().display(value, in: context) }
    guard let title else { return DisplayCell(context.displayStringForNil, role: .muted) }
    return DisplayCell(title, role: .accent)
  }
}

/// A to-many relationship as its row count.
public struct DisplayToMany: DisplayComponent {
  public init() {}

  public func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    guard case .toMany(let count) = value else { return DisplayString().display(value, in: context) }
    return DisplayCell(count.map { "\($0) ›" } ?? "… ›", alignment: .left, role: .accent)
  }
}

/// What an unregistered component name draws: the name, in the error role, never a crash.
struct UnknownComponent: DisplayComponent {
  let name: String

  func display(_ value: PropertyValue, in context: ComponentContext) -> DisplayCell {
    DisplayCell("⚠ unknown component \(name)", role: .error)
  }
}

extension String {
  func replacingNewlines() -> String {
    guard contains(where: \.isNewline) else { return self }
    return split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ⏎ ")
  }
}
