import TerminalCore
import Widgets

/// One thing wrong with `[keys.SECTION]`: where (the section and the binding name, for the
/// config file's line) and what.
public struct KeyProblem: Equatable, Sendable {
  /// The page section (`list`).
  public var section: String
  /// The binding name the problem is at; nil for the section itself.
  public var name: String?
  public var message: String
}

extension PageRegistry {
  /// Each page's key section with every binding it can have.
  public var keyCatalogues: [String: KeyMap<AnyPageAction>] {
    var catalogues: [String: KeyMap<AnyPageAction>] = [:]
    for name in names {
      guard let driver = driver(named: name) else { continue }
      catalogues[driver.keySection] = driver.keyCatalogue
    }
    return catalogues
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
      guard !catalogue.bindings.isEmpty else { continue }
      let names = catalogue.bindings.map(\.name).uniqued()
      var owners: [KeyEvent: String] = [:]
      for (name, keys) in overrides.sorted(by: { $0.key < $1.key }) {
        guard names.contains(name) else {
          problems.append(
            KeyProblem(
              section: section, name: name,
              message: "\(name) is no key of the \(section) page (its keys: \(names.joined(separator: ", ")))"))
          continue
        }
        for key in keys {
          if rebinding.protectedKeys.contains(key) {
            problems.append(
              KeyProblem(
                section: section, name: name,
                message: "\(key) quits; \(name) cannot take it on the \(section) page (rebind quit first)"))
          } else if let other = owners[key] {
            problems.append(
              KeyProblem(section: section, name: name, message: "\(key) is given to both \(other) and \(name)"))
          } else if let builtIn = catalogue.binding(for: key), builtIn.name != name, overrides[builtIn.name] == nil {
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
