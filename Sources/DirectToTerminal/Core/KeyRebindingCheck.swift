import TerminalCore
import Widgets

/// One thing wrong with `[keys.SECTION]`: where (the section and the binding name, for the
/// config file's line) and what.
public struct KeyProblem: Equatable, Sendable {
  /// The page section (`list`); nil for the global `[keys]`.
  public var section: String?
  /// The binding name the problem is at; nil for the section itself.
  public var name: String?
  public var message: String
}

extension PageRegistry {
  /// Each page's key section with every binding it can have.
  public var keyCatalogues: [String: KeyMap<AnyPageAction>] {
    // The keys of every line of text being typed, which is not a page.
    var catalogues: [String: KeyMap<AnyPageAction>] = ["text": TextKeys.defaults.map { AnyPageAction($0) }]
    for name in names {
      guard let driver = driver(named: name) else { continue }
      catalogues[driver.keySection] = driver.keyCatalogue
    }
    return catalogues
  }

  /// What is wrong with the global `[keys]` overrides: a key two actions are given (once
  /// the defaults of the others are counted), a key every page reads first (F1 help, F2
  /// the assistant, F12 the debug overlay), a key the list, inspector or entity list take
  /// first, and quit or help left with no key that works (they then keep their defaults).
  public static func globalKeyProblems(_ overrides: [String: [KeyEvent]]) -> [KeyProblem] {
    var problems: [KeyProblem] = []
    let browsing = AppKeys.browsingKeys
    let effective = AppKeys.global(overriding: overrides)
    for (name, keys) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let action = AppAction(rawValue: name) else { continue }
      let isVital = action == .quit || action == .help
      var usable = 0
      for key in keys {
        if let always = AppKeys.always.action(for: key), always != action {
          problems.append(
            KeyProblem(
              section: nil, name: name, message: "\(key) is \(always.rawValue)'s on every page; \(name) cannot have it")
          )
        } else if browsing.contains(key) && AppKeys.always.action(for: key) == nil {
          problems.append(
            KeyProblem(
              section: nil, name: name,
              message:
                "the lists, inspectors or entity list take \(key) first; \(name) \(isVital ? "cannot have it" : "never gets it there")"
            ))
        } else {
          usable += 1
          // The other actions' keys: their defaults where not overridden, and what they end
          // up with (quit keeps its default when given nothing that works).
          let others =
            (AppKeys.global.bindings.filter { overrides[$0.action.rawValue] == nil }
            + effective.bindings.filter { overrides[$0.action.rawValue] == nil || $0.action.rawValue < name })
            .filter { $0.action != action && $0.keys.contains(key) }.map(\.action.rawValue)
          if let other = others.first {
            problems.append(
              KeyProblem(section: nil, name: name, message: "\(key) is \(other)'s too; give \(other) other keys"))
          }
        }
      }
      if isVital && usable == 0 {
        problems.append(
          KeyProblem(
            section: nil, name: name,
            message:
              "\(name) is left with no key that works everywhere; it keeps its default (\(AppKeys.global.bindings.first { $0.action == action }?.keyLabel ?? ""))"
          ))
      }
    }
    return problems
  }

  /// What is wrong with `rebinding` for these pages: a section no page has, a name no
  /// binding of the page has, a key that quits, a key another binding of the page has by
  /// default and keeps (the rebinding takes it from that binding: rebind that one too), a
  /// key given to two bindings.
  public func keyProblems(_ rebinding: KeyRebinding) -> [KeyProblem] {
    let catalogues = keyCatalogues
    var problems: [KeyProblem] = []
    for (section, overrides) in rebinding.pages.sorted(by: { $0.key < $1.key }) {
      guard let catalogue = catalogues[section] else {
        let known = catalogues.keys.sorted().joined(separator: ", ")
        problems.append(KeyProblem(section: section, message: "[keys.\(section)] is no page's (pages: \(known))"))
        continue
      }
      // A page that does not list its keys is rebound as named, unchecked.
      guard !catalogue.bindings.isEmpty || !catalogue.name.isEmpty else { continue }
      let names = catalogue.bindings.map(\.name).uniqued()
      var owners: [KeyEvent: String] = [:]
      let given = Set(overrides.values.joined())
      for (name, keys) in overrides.sorted(by: { $0.key < $1.key }) {
        guard names.contains(name) else {
          if names.isEmpty {
            problems.append(
              KeyProblem(section: section, name: name, message: "the \(section) page has no keys to rebind"))
            continue
          }
          problems.append(
            KeyProblem(
              section: section, name: name,
              message: "\(name) is no key of the \(section) page (its keys: \(names.joined(separator: ", ")))"))
          continue
        }
        for key in keys {
          if section == "text", key.typedCharacter != nil {
            problems.append(
              KeyProblem(section: section, name: name, message: "\(key) types itself in text; \(name) cannot have it"))
          } else if let always = AppKeys.always.action(for: key) {
            problems.append(
              KeyProblem(
                section: section, name: name,
                message: "\(key) is \(always.rawValue)'s on every page; \(name) cannot take it"))
          } else if rebinding.protectedKeys.contains(key) {
            problems.append(
              KeyProblem(
                section: section, name: name,
                message: "\(key) quits; \(name) cannot take it on the \(section) page (rebind quit first)"))
          } else if let other = owners[key] {
            problems.append(
              KeyProblem(section: section, name: name, message: "\(key) is given to both \(other) and \(name)"))
          } else if let builtIn = catalogue.binding(for: key), builtIn.name != name, overrides[builtIn.name] == nil,
            builtIn.keys.allSatisfy({ given.contains($0) })
          {
            problems.append(
              KeyProblem(
                section: section, name: name,
                message:
                  "\(key) is \(builtIn.name)'s on the \(section) page; \(name) takes it from \(builtIn.name) "
                  + "(give \(builtIn.name) keys of its own to keep it)"))
          }
          owners[key] = owners[key] ?? name
        }
      }
    }
    return problems
  }
}

extension Array where Element: Hashable {
  fileprivate func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
