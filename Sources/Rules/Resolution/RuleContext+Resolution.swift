import Qualifiers

extension RuleContext {
  /// Resolves `key`: an explicit value wins; otherwise the first matching candidate of
  /// the model (user rules, priority, complexity, load order); otherwise the key's default.
  public func resolution(forKey key: String) -> RuleResolution {
    if let explicit = explicitValue(forKey: key) {
      return RuleResolution(key: key, value: explicit, source: .explicit)
    }
    return resolutionByRules(forKey: key)
  }

  /// Resolves a key that is not set explicitly.
  func resolutionByRules(forKey key: String) -> RuleResolution {
    let memo = self.memo
    if memo.isEnabled, let hit = memo.entries[key] { return hit }
    if let start = memo.stack.firstIndex(where: { $0.key == key }) {
      let frames = memo.stack[start...]
      let rules = frames.compactMap { frame in
        frame.entryIndex.flatMap { model.bucket(for: frame.key)?.entries[$0].rule }
      }
      let cycle = RuleCycle(keys: frames.map(\.key) + [key], rules: rules)
      if memo.pendingCycle == nil { memo.pendingCycle = cycle }
      return RuleResolution(key: key, value: .value(model.defaultValue(forKey: key)), source: .keyDefault, cycle: cycle)
    }
    memo.stack.append(ResolutionMemo.Frame(key: key))
    var result = RuleResolution(key: key, value: .value(model.defaultValue(forKey: key)), source: .keyDefault)
    if let bucket = model.bucket(for: key) {
      var pathValues = [PathValue](repeating: .unread, count: bucket.paths.count)
      let frame = memo.stack.count - 1
      for (index, entry) in bucket.entries.enumerated() {
        memo.stack[frame].entryIndex = index
        if let alternatives = entry.requirements {
          var met = false
          for requirements in alternatives where meets(requirements, bucket, &pathValues) {
            met = true
            break
          }
          if !met { continue }
        }
        guard entry.predicate?.evaluate(with: self) ?? true else { continue }
        result.value = evaluate(entry.rule.value)
        result.source = .rule(entry.rule)
        break
      }
    }
    memo.stack.removeLast()
    if let cycle = memo.pendingCycle {
      result.cycle = cycle
      if memo.stack.isEmpty { memo.pendingCycle = nil }
    }
    if memo.isEnabled { memo.entries[key] = result }
    return result
  }

  /// What resolution read for one of a bucket's required paths.
  enum PathValue {
    case unread
    case value(QualifierValue)
    /// An object, which equals no literal.
    case object
    /// The values of a key path through a to-many: some of them must equal the literal.
    case many([QualifierValue])
  }

  /// Whether the context has the values a rule requires; each path is read once per
  /// resolution.
  private func meets(
    _ requirements: [RuleEntry.Requirement], _ bucket: RuleBucket, _ pathValues: inout [PathValue]
  ) -> Bool {
    for requirement in requirements {
      if case .unread = pathValues[requirement.pathIndex] {
        switch self.value(atPath: bucket.paths[requirement.pathIndex]) {
        case .value(let v)?: pathValues[requirement.pathIndex] = .value(v)
        case .object?: pathValues[requirement.pathIndex] = .object
        case .many(let items)?:
          pathValues[requirement.pathIndex] = .many(
            items.compactMap { if case .value(let v) = $0 { v } else { nil } })
        case nil: pathValues[requirement.pathIndex] = .value(.null)
        }
      }
      let values: [QualifierValue]
      switch pathValues[requirement.pathIndex] {
      case .value(let value): values = [value]
      case .many(let items): values = items
      case .object, .unread: return false
      }
      var found = false
      for value in values {
        for candidate in requirement.values where Self.equals(value, candidate) {
          found = true
          break
        }
      }
      if !found { return false }
    }
    return true
  }

  /// `isEqual(to:)` with a fast path for the strings most requirements compare.
  private static func equals(_ value: QualifierValue, _ candidate: QualifierValue) -> Bool {
    if case .string(let text) = value {
      if case .string(let other) = candidate { return text == other }
      return false
    }
    return value.isEqual(to: candidate)
  }

  /// A rule value in this context: key paths are read through the context.
  func evaluate(_ value: RuleValue) -> ContextValue {
    guard case .keyPath(let path) = value else { return .value(value) }
    var current = resolution(forKey: path.first).value
    for key in path.components.dropFirst() {
      current = Self.member(key, of: current)
    }
    return current
  }

  /// One step of a key path: into an object, a dictionary, or a string transform.
  private static func member(_ key: String, of value: ContextValue) -> ContextValue {
    switch value {
    case .object(let object):
      return ContextValue(object.value(forKey: key))
    case .value(.dictionary(let entries)):
      return .value(entries[key] ?? .null)
    case .value(.string(let text)) where key == "capitalizedWithPreUpperSpace":
      return .value(.string(PropertyLabel.text(for: text)))
    default:
      return .value(.null)
    }
  }
}

/// Labels from property keys: `lastName` → `Last Name`, `address.phone` → `Address Phone`,
/// `last_name` → `Last Name`, `URLValue` → `URLValue`. A key that needs backquotes is
/// shown as its name is written: `` `Qty.` `` → `Qty.`, `` `Preis €` `` → `Preis €`.
enum PropertyLabel {
  static func text(for key: String) -> String {
    var words: [String] = []
    for component in PropertyPath(key).components {
      if PropertyPath.needsQuotes(component), !component.isEmpty {
        words.append(component)
      } else {
        words += self.words(of: component)
      }
    }
    return words.joined(separator: " ")
  }

  private static func words(of key: String) -> [String] {
    var words: [String] = []
    for part in key.split(whereSeparator: { $0 == "_" || $0 == " " }) {
      var word = ""
      var previous: Character?
      for c in part {
        if c.isUppercase, let p = previous, !p.isUppercase, !word.isEmpty {
          words.append(word)
          word = ""
        }
        word.append(c)
        previous = c
      }
      if !word.isEmpty { words.append(word) }
    }
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
  }
}
