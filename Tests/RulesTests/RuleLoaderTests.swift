import Qualifiers
import Rules
import Testing

@Suite struct RuleLoaderTests {
  @Test func aFileWithErrorsKeepsItsLastGoodRules() {
    var loader = RuleLoader(defaults: [])
    let good = RuleFile(name: "app.rules", text: "task = 'list' => pageSize <= 25")
    let other = RuleFile(name: "more.rules", text: "debug <= true")
    #expect(loader.load([good, other]).isEmpty)
    #expect(RuleContext(model: loader.model)[\.debug] == true)

    let broken = RuleFile(name: "app.rules", text: "task = 'list' => pageSize <= 50\ndebug <= 'yes'")
    let errors = loader.load([broken, RuleFile(name: "more.rules", text: "debug <= false")])
    #expect(errors.map(\.summary) == ["app.rules:2:10: error: 'debug' needs a value of type Bool, found string 'yes'"])
    var context = RuleContext(model: loader.model)
    context[\.task] = "list"
    #expect(context[\.pageSize] == 25)
    #expect(context[\.debug] == false)

    #expect(loader.load([RuleFile(name: "app.rules", text: "task = 'list' => pageSize <= 50")]).isEmpty)
    context.model = loader.model
    #expect(context[\.pageSize] == 50)
    #expect(context[\.debug] == false)
  }

  @Test func aFileThatNeverLoadedCleanlyGivesNoRules() {
    var loader = RuleLoader(defaults: [])
    let errors = loader.load([RuleFile(name: "new.rules", text: "pageSize <= 'x'\ndebug <= true")])
    #expect(errors.count == 1)
    #expect(loader.model.rules.isEmpty)
  }
}

@Suite struct DefaultRulesTests {
  func context(task: String, valueType: String? = nil, isToMany: Bool? = nil) -> RuleContext {
    var c = RuleContext()
    c[\.task] = task
    c.setObject(object(["name": "Film", "defaultDisplayPropertyKeys": .list(["title", "rating"])]), forKey: "entity")
    if let valueType {
      c.setObject(object(["valueType": .string(valueType), "isPassword": false]), forKey: "attribute")
    }
    if let isToMany { c.setObject(object(["isToMany": .bool(isToMany)]), forKey: "relationship") }
    return c
  }

  @Test(
    arguments: [
      ("edit", "integer", nil, "EditNumber"),
      ("edit", "decimal", nil, "EditNumber"),
      ("edit", "timestamp", nil, "EditDate"),
      ("edit", "boolean", nil, "EditBool"),
      ("edit", "text", nil, "EditString"),
      ("edit", nil, true, "EditToMany"),
      ("edit", nil, false, "EditToOne"),
      ("inspect", "date", nil, "DisplayDate"),
      ("list", "double", nil, "DisplayNumber"),
      ("list", "text", nil, "DisplayString"),
      ("inspect", nil, false, "DisplayToOne"),
    ] as [(String, String?, Bool?, String)])
  func componentsFollowTheValueTypeWhateverTheNullability(
    _ task: String, _ valueType: String?, _ isToMany: Bool?, _ component: String
  ) {
    #expect(context(task: task, valueType: valueType, isToMany: isToMany)[\.component].name == component)
  }

  @Test func pagesTitlesAndTaskFlow() {
    let list = context(task: "list")
    #expect(list[\.page] == "QueryListPage")
    #expect(list[\.nextTask] == "inspect")
    #expect(list[\.title] == "Film")
    #expect(list[\.navigationBarTitle] == "Film")
    #expect(list[\.displayPropertyKeys] == ["title", "rating"])
    #expect(list[\.isObjectEditable] == true)
    #expect(list[\.debugComponent] == nil)
    var readOnly = list
    readOnly[\.readOnlyEntityNames] = ["Film"]
    #expect(readOnly[\.isEntityReadOnly] == true)
    #expect(readOnly[\.isObjectDeletable] == false)
    var debugging = list
    debugging[\.debug] = true
    #expect(debugging[\.debugComponent] == "DebugEntityInfo")
    var edit = context(task: "edit", valueType: "integer")
    edit[\.propertyKey] = "rentalRate"
    #expect(edit[\.displayNameForProperty] == "Rental Rate")
    #expect(edit[\.displayStringForNil] == "")
    #expect(edit[\.formatter] == "IntegerFormatter")
  }
}

@Suite struct ContextTextTests {
  @Test func setsValuesAndStandInObjects() throws {
    var c = RuleContext()
    try c.apply(
      "task=edit entity=Film attribute.valueType=integer attribute.isPassword=false pageSize=5 propertyKey='length'")
    #expect(c[\.task] == "edit")
    #expect(c[\.pageSize] == 5)
    #expect(c[\.propertyKey] == "length")
    #expect(c[\.component] == "EditNumber")
    #expect(c[\.title] == "Film")
  }

  @Test(arguments: [
    ("pageSize=x", "column 10: 'pageSize' needs a value of type Int, found string 'x'"),
    ("tsk=list", "column 1: unknown key 'tsk'"),
    ("task list", "column 6: expected '=' after 'task', found 'list'"),
    ("task=", "column 6: expected a value after 'task=', found end of input"),
  ])
  func reportsBadContextText(_ text: String, _ message: String) {
    var c = RuleContext()
    #expect(throws: QualifierSyntaxError.self) { try c.apply(text) }
    do { try c.apply(text) } catch { #expect(error.description == message) }
  }
}
