import Access
import Qualifiers
import Widgets

/// A new row made in a related list keeps its link to the row the list belongs to
/// (`PageRequest.newRowValues`): the foreign key's fields are filled, shown and not
/// editable, and a to-one's title is read for display.
extension EditFeature {
  static func applyPresets(
    _ values: [String: DatabaseValue], to state: inout State, entity: Entity, in session: Session
  ) -> Effect<Action> {
    guard !values.isEmpty else { return .none }
    var effect = Effect<Action>.none
    for index in state.fields.indices {
      var field = state.fields[index]
      if let attribute = field.attribute, let value = values[attribute.name] {
        field.value = value
        field.text = TextFieldState(ValueParser.editText(value, type: attribute.valueType))
        field.area = TextAreaState(field.text.text)
      } else if let relationship = field.relationship, !relationship.isToMany, !relationship.joins.isEmpty,
        relationship.joins.allSatisfy({ values[$0.source] != nil })
      {
        field.joinValues = Dictionary(
          relationship.joins.map { ($0.source, values[$0.source] ?? .null) }, uniquingKeysWith: { first, _ in first })
        field.value = relationship.joins.first.flatMap { field.joinValues[$0.source] } ?? .null
        if field.joinValues.values.allSatisfy(\.isNull) {
          // The row this one belongs to is being made: its key comes with the save.
          field.title = "the new " + (session.model[entity: relationship.destination]?.displayName ?? "row")
        } else {
          let key = relationship.joins.destinationValues { values[$0] }
          let spec = FetchSpecification(entityName: relationship.destination, qualifier: .matching(key), limit: 1)
          let propertyKey = field.propertyKey
          effect = effect.merge(.fetch(spec) { .presetTitle(propertyKey, relationship.destination, $0) })
        }
      } else {
        continue
      }
      field.isDirty = true
      field.isPreset = true
      field.usesDefault = false
      field.hint = "linked to the row this list belongs to"
      state.fields[index] = field
    }
    // The cursor starts on the first field the user fills.
    if let first = state.fields.firstIndex(where: { !$0.isPreset && !$0.isReadOnly }) { state.focus = first }
    return effect
  }

  /// A preset to-one's title, once read.
  static func presetTitle(
    _ state: inout State, propertyKey: String, destination: String, _ result: Result<FetchResult, WorkError>,
    in session: Session
  ) {
    guard let index = state.fields.firstIndex(where: { $0.propertyKey == propertyKey }),
      case .success(let page) = result, let row = page.rows.first, let entity = session.model[entity: destination]
    else { return }
    state.fields[index].title = RecordTitle.title(of: row, entity: entity)
  }
}
