import Foundation

/// JSON re-rendered for display; text that is not JSON stays as it is.
enum JSONText {
  static func compact(_ text: String) -> String {
    render(text, options: [.sortedKeys, .withoutEscapingSlashes]) ?? text
  }

  static func pretty(_ text: String) -> String {
    render(text, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) ?? text
  }

  private static func render(_ text: String, options: JSONSerialization.WritingOptions) -> String? {
    guard
      let object = try? JSONSerialization.jsonObject(
        with: Data(text.utf8), options: [.fragmentsAllowed]),
      let data = try? JSONSerialization.data(withJSONObject: object, options: options.union(.fragmentsAllowed))
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
