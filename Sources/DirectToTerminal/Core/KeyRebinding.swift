import TerminalCore
import Widgets

/// The keys config.toml gives pages' bindings (`[keys.list] insert = ["a"]`), by page
/// section (`PageFeature.keySection`) and binding name (`KeyBinding.name`).
///
/// A rebound binding has exactly the keys given; a key given to one binding is taken from
/// every other binding of the page (so `insert = "e"` with `edit = "E"` swaps them), and a
/// key that quits (the global `quit`'s) or that every page reads first (F1 help, F2, F12)
/// is never taken, so no configuration leaves a page without a way to quit or get help.
public struct KeyRebinding: Equatable, Sendable {
  /// Section → binding name → keys.
  public var pages: [String: [String: [KeyEvent]]]
  /// Keys no page binding may take: the global quit's.
  public var protectedKeys: Set<KeyEvent>

  public init(_ pages: [String: [String: [KeyEvent]]] = [:], protectedKeys: Set<KeyEvent> = []) {
    self.pages = pages
    self.protectedKeys = protectedKeys
  }

  /// The pages' keys, protecting the keys that quit once `globalOverrides` (`[keys]`) apply.
  public init(pages: [String: [String: [KeyEvent]]], globalOverrides: [String: [KeyEvent]]) {
    let global = AppKeys.global(overriding: globalOverrides)
    let quit = global.bindings.filter { $0.action == .quit }.flatMap(\.keys)
    self.init(pages, protectedKeys: Set(quit + AppKeys.always.bindings.flatMap(\.keys)))
  }

  /// `map` with the section's bindings rebound; the map itself when nothing is.
  public func apply<Action>(_ map: KeyMap<Action>, section: String) -> KeyMap<Action> {
    guard let overrides = pages[section], !overrides.isEmpty else { return map }
    let given = overrides.mapValues { $0.filter { !protectedKeys.contains($0) } }
    let taken = Set(given.values.joined())
    var named: Set<String> = []
    var bindings: [KeyBinding<Action>] = []
    for var binding in map.bindings {
      if let keys = given[binding.name] {
        // The first binding of a name takes the keys; later ones of it (the same action on
        // more keys in some states) go.
        guard named.insert(binding.name).inserted else { continue }
        binding.keys = keys
      } else {
        binding.keys.removeAll(where: taken.contains)
        if binding.keys.isEmpty { continue }
      }
      bindings.append(binding)
    }
    return KeyMap(map.name, bindings)
  }

  /// The text-editing keys with `[keys.text]` applied (keys that type a character left out:
  /// they type it).
  public var textKeys: KeyMap<TextEditAction> {
    apply(TextKeys.defaults, section: "text").removing(
      keys: Set(pages["text"]?.values.joined().filter { $0.typedCharacter != nil } ?? []))
  }

  /// The action for `key` on a page whose own lookup is `pageAction` and bindings `map`:
  /// keys rebinding does not touch keep the page's own handling (typed text, modes).
  func action<Action: Equatable>(
    for key: KeyEvent, map: KeyMap<Action>, section: String, pageAction: () -> Action?
  ) -> Action? {
    guard pages[section]?.isEmpty == false else { return pageAction() }
    let before = map.binding(for: key)
    let after = apply(map, section: section).binding(for: key)
    guard before?.name != after?.name else { return pageAction() }
    if let after { return after.action }
    // A key rebinding took from its binding: the page's other uses of it (a typed letter)
    // stay, the action it no longer sends does not.
    let action = pageAction()
    return action == before?.action ? nil : action
  }
}
