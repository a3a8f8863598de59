import Qualifiers
import Rules
import Testing

/// An app component, named in Swift rules by its type.
struct RatingPicker: RuleNamed {
  typealias Kind = ComponentKind
}

struct CurrencyFormatter: RuleNamed {
  typealias Kind = FormatterKind
}

@Suite struct RuleDSLTests {
  @Test func swiftRulesEqualTheSameRulesWrittenAsText() {
    let swift = RuleModel(defaults: []) {
      \.propertyKey == "rating" && \.task == "edit" => \.component <= RatingPicker()
      \.entity.name == "Customer" => \.title <= \.object.lastName
      (\.task == "list" || \.task == "select" => \.rowComponent <= "SummaryRow").priority(.high)
      \.debug <= true
      \.navigationBarTitle <= \.title
      \.object != nil && !(\.task == "edit") => \.displayPropertyKeys <= ["title", "rating"]
      (\.pageSize > 10 => \.formatter <= CurrencyFormatter()).priority(3)
      \.entity == nil => \.visibleEntityNames <= []
      \.hideEmptyProperty <= false
    }
    let text = rules(
      """
      propertyKey == "rating" && task == "edit" => component <= RatingPicker
      entity.name = 'Customer' => title <= object.lastName
      task = 'list' or task = 'select' => rowComponent <= SummaryRow; high
      debug <= true
      navigationBarTitle <= title
      object != nil and not task = 'edit' => displayPropertyKeys <= (title, rating)
      pageSize > 10 => formatter <= CurrencyFormatter; 3
      entity is null => visibleEntityNames <= ()
      *true* => hideEmptyProperty <= false
      """)
    #expect(swift.rules.count == text.count)
    for (a, b) in zip(swift.rules, text) {
      #expect(a.isEquivalent(to: b), "\(a) ≠ \(b)")
    }
  }

  @Test func swiftAndTextRulesResolveAlike() {
    let swift = RuleModel(defaults: []) {
      \.propertyKey == "rating" && \.task == "edit" => \.component <= RatingPicker()
      \.entity.name == "Customer" => \.title <= \.object.lastName
    }
    let text = RuleModel(
      rules: rules(
        "task = 'edit' AND propertyKey = 'rating' => component = 'RatingPicker'\nentity.name = 'Customer' => title <= object.lastName"
      ),
      defaults: [])
    for model in [swift, text] {
      var c = RuleContext(model: model)
      c[\.task] = "edit"
      c[\.propertyKey] = "rating"
      c.setObject(object(["name": "Customer"]), forKey: "entity")
      c.setObject(object(["lastName": "Smith"]), forKey: "object")
      #expect(c[\.component] == "RatingPicker")
      #expect(c[\.title] == "Smith")
    }
  }
}

@Suite struct RuleMemoTests {
  @Test func memoIsInvalidatedWhenTheContextChanges() {
    var c = context("task = 'edit' => displayStringForNil <= ''")
    #expect(c[\.displayStringForNil] == "-")
    c[\.task] = "edit"
    #expect(c[\.displayStringForNil] == "")
    c.set("task", to: .string("list"))
    #expect(c[\.displayStringForNil] == "-")
  }

  @Test func memoIsInvalidatedWhenTheRulesChange() {
    var c = context("*true* => pageSize <= 10")
    #expect(c[\.pageSize] == 10)
    c.model.add(rules("*true* => pageSize <= 20").first ?? Rule(key: "pageSize", value: .null))
    #expect(c[\.pageSize] == 20)
    c.model = RuleModel(defaults: [])
    #expect(c[\.pageSize] == 100)
  }

  @Test func copiesKeepTheirOwnAnswers() {
    var parent = context("task = 'edit' => hideEmptyProperty <= false")
    #expect(parent[\.hideEmptyProperty] == true)
    var child = parent
    child[\.task] = "edit"
    #expect(child[\.hideEmptyProperty] == false)
    #expect(parent[\.hideEmptyProperty] == true)
    parent[\.look] = "x"
    #expect(child[\.hideEmptyProperty] == false)
  }

  @Test func objectsChangedInPlaceNeedAnExplicitInvalidation() {
    final class Film: KeyValueReadable {
      var title = "Alien"
      func value(forKey key: String) -> KeyValue? { key == "title" ? .value(.string(title)) : nil }
    }
    let film = Film()
    var c = context("*true* => title <= object.title")
    c.setObject(film, forKey: "object")
    #expect(c[\.title] == "Alien")
    film.title = "Aliens"
    #expect(c[\.title] == "Alien")
    c.invalidateCache()
    #expect(c[\.title] == "Aliens")
  }
}
