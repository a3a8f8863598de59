import Qualifiers

extension RuleContext {
  /// Sets values from text such as `task=list entity=Film propertyKey=title`, as
  /// `d2t rules explain --context` takes them.
  ///
  /// Values are strings, numbers, `true`/`false`, `nil` or bare words. A dotted key
  /// (`attribute.valueType=integer`) sets a property of a stand-in object, and an
  /// object key given a plain value (`entity=Film`) gets a stand-in with that `name`:
  /// enough to try rules without a database. Values must fit their key's type.
  public mutating func apply(_ text: String) throws(QualifierSyntaxError) {
    let tokens = try QualifierLexer.tokenize(text)
    var standIns: [String: [String: KeyValue]] = [:]
    var index = 0
    while !tokens[index].isEnd {
      let keyToken = tokens[index]
      guard case .identifier(let name) = keyToken.kind else {
        throw QualifierSyntaxError(at: keyToken, "expected a key, found \(keyToken.quoted)")
      }
      guard tokens[index + 1].isSymbol("=") else {
        throw QualifierSyntaxError(
          at: tokens[index + 1], "expected '=' after '\(name)', found \(tokens[index + 1].quoted)")
      }
      let valueToken = tokens[index + 2]
      guard let value = Self.value(of: valueToken) else {
        throw QualifierSyntaxError(at: valueToken, "expected a value after '\(name)=', found \(valueToken.quoted)")
      }
      index += 3
      let path = PropertyPath(name)
      guard let definition = model.registry[path.first] else {
        throw QualifierSyntaxError(at: keyToken, "unknown key '\(path.first)'")
      }
      if !path.isSingleKey || definition.type.isObject {
        let property = path.isSingleKey ? "name" : path.rest.description
        standIns[path.first, default: [:]][property] = value.keyValue
      } else if case .failure(let mismatch) = definition.type.check(value) {
        throw QualifierSyntaxError(at: valueToken, mismatch.message(key: name))
      } else {
        set(name, to: value)
      }
    }
    for (key, properties) in standIns {
      setObject(KeyValueDictionary(properties), forKey: key)
    }
  }

  private static func value(of token: QualifierToken) -> RuleValue? {
    if let literal = token.literal { return RuleValue(literal) }
    if case .identifier(let word) = token.kind { return .string(word) }
    return nil
  }
}

extension RuleValueType {
  var isObject: Bool {
    switch self {
    case .object: return true
    case .optional(let wrapped): return wrapped.isObject
    default: return false
    }
  }
}
