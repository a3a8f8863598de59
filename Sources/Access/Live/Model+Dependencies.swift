import Qualifiers

extension Model {
  /// The entities whose rows a pane of `entity` showing these key paths depends on, besides
  /// the entity itself: each relationship's destination along the paths, and the join
  /// entity a flattened to-many crosses (`Film.actors` → `Actor`, `FilmActor`). A change to
  /// any of their tables can change what the pane shows (a to-one's title, a to-many's
  /// count, the rows of a related list).
  ///
  ///     model.entitiesReached(from: film, by: ["language.name", "actors"])  // ["Language", "Actor", "FilmActor"]
  public func entitiesReached(from entity: Entity, by keyPaths: [PropertyPath]) -> [String] {
    var names: [String] = []
    func add(_ name: String) {
      if name != entity.name, !names.contains(name) { names.append(name) }
    }
    for path in keyPaths {
      var current = entity
      for key in path.components {
        guard let relationship = current[relationship: key], let next = self[entity: relationship.destination]
        else { break }
        if let join = relationship.flattenedThrough { add(join) }
        add(next.name)
        current = next
      }
    }
    return names
  }
}
