/// A password held in memory: its text only through `text`, never in a description, a
/// debug description or a `dump` of what holds it.
public struct Secret: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public let text: String

  public init(_ text: String) {
    self.text = text
  }

  public var description: String { "***" }
  public var debugDescription: String { "Secret(***)" }
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
