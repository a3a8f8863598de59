/// The name a key binding gets when none is given: its action's innermost enum case, as
/// Swift prints it — `.row(.insert)` (printed `row(Module.RowCommand.insert)`) is `insert`,
/// `.beginInput(.search)` is `search`, `.reload` is `reload`. An action whose payload is
/// not a case (`.sort(ascending: true)`, `.scroll(-1)`) is named by its own case, so two of
/// them on one page need names given (`sortAscending`).
enum KeyBindingName {
  static func derived(from action: Any) -> String {
    var text = Substring(String(describing: action))
    while let open = text.firstIndex(of: "("), text.last == ")" {
      let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
      guard isCase(inner) else {
        text = text[..<open]
        break
      }
      text = inner
    }
    return String(text.split(separator: ".").last ?? text)
  }

  /// `Module.Type.case`, `case` or `case(…)`: an enum case, not a labelled payload or a value.
  private static func isCase(_ text: Substring) -> Bool {
    let head = text.prefix { $0 != "(" }
    guard let first = head.first, first.isLetter || first == "_" else { return false }
    return head.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
  }
}
