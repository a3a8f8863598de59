import Qualifiers
import Rules
import Testing

/// Backquoted keys in rule files: predicates on odd property names, property keys as
/// key-path text, and explanations that print them so they read back.
@Suite struct QuotedKeyRuleTests {
  static let text = """
    propertyKey = '`Qty.`' => displayNameForProperty <= 'Quantity'
    object.`Qty.` > 10 and object.`order` = 2 => title <= 'Big second'
    task = 'list' => displayPropertyKeys <= (`Qty.`, `Preis €`, address.`Street №`, label)
    """

  @Test func predicatesAndValuesReadBackquotedKeys() {
    var c = context(Self.text)
    c.set("propertyKey", to: .string("`Qty.`"))
    #expect(c.value(ofKey: "displayNameForProperty").ruleValue == (.string("Quantity")))
    c.setObject(object(["Qty.": .integer(30), "order": .integer(2)]), forKey: "object")
    #expect(c.value(ofKey: "title").ruleValue == (.string("Big second")))
    c.setObject(object(["Qty.": .integer(3), "order": .integer(2)]), forKey: "object")
    #expect(c.value(ofKey: "title").ruleValue != (.string("Big second")))
    c.set("task", to: .string("list"))
    #expect(
      c.value(ofKey: "displayPropertyKeys").ruleValue
        == (.list([
          .string("`Qty.`"), .string("`Preis €`"), .string("address.`Street №`"), .string("label"),
        ])))
  }

  @Test func explanationsQuoteKeysSoTheyParseBack() throws {
    var c = context(Self.text)
    c.setObject(object(["Qty.": .integer(30), "order": .integer(2)]), forKey: "object")
    let explanation = c.explain("title").description
    #expect(explanation.contains("object.`Qty.` > 10 AND object.order = 2 => title <= 'Big second'"), "\(explanation)")
    let predicate = try Qualifier(parsing: "object.`Qty.` > 10 AND object.`order` = 2")
    #expect(
      predicate.description == "object.`Qty.` > 10 AND object.order = 2",
      "order is no word of the language: no quotes needed")
  }

  @Test func labelsShowTheNameNotTheQuotes() {
    var c = context("*true* => displayNameForProperty <= propertyKey.capitalizedWithPreUpperSpace")
    for (key, label) in [
      ("`Qty.`", "Qty."), ("`Preis €`", "Preis €"), ("address.`Street №`", "Address Street №"),
      ("rentalRate", "Rental Rate"),
    ] {
      c.set("propertyKey", to: .string(key))
      #expect(c.value(ofKey: "displayNameForProperty").ruleValue == (.string(label)), "\(key)")
    }
  }
}
