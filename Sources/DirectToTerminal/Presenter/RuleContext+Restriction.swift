import Qualifiers
import Rules

extension RuleContext {
  /// The `auxiliaryQualifier` rule: a condition every query of a list includes, its
  /// variables (`$user.storeId`) bound from the context. A condition that does not parse or
  /// has a variable without a value restricts to no row (it fails closed: the rule may be
  /// what keeps rows from a user) and says why. The list and the entity list's count read it.
  var listRestriction: (qualifier: Qualifier?, problem: String?) {
    let text = string("auxiliaryQualifier")
    guard !text.isEmpty else { return (nil, nil) }
    do {
      return (try bound(try Qualifier(parsing: text)), nil)
    } catch let error as UnboundVariables {
      return (.constant(false), "auxiliaryQualifier \(error): no row is shown")
    } catch {
      return (.constant(false), "auxiliaryQualifier does not parse (\(error)): no row is shown")
    }
  }

  /// `qualifier` with each `$name` replaced by the context's value at `name` (`$user.id`,
  /// `$task`); a name the context does not know is unbound.
  func bound(_ qualifier: Qualifier) throws(UnboundVariables) -> Qualifier {
    guard !qualifier.bindingNames.isEmpty else { return qualifier }
    return try qualifier.binding { name in
      guard case .value(let value)? = value(atPath: PropertyPath(name)) else { return nil }
      return value
    }
  }
}
