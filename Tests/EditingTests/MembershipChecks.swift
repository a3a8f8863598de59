import Access
import DirectToTerminal
import Foundation
import Qualifiers
import Testing

/// Issue 23 items 1 and 3: the members of a many-to-many (a film's actors) as a list where
/// `a` adds one (a join row; a pair already there is reported, not inserted twice), `d`
/// removes one (its join row, never the actor), `n` makes a new actor and its join row in
/// one transaction (a failure leaves neither, the input kept); the count, the rows and
/// the journal follow, and `u` undoes.
enum MembershipChecks {
  static let rules = [
    "visibleEntityNames <= (Film)",
    "task = 'inspect' and entity.name = 'Film' => displayPropertyKeys <= (title, actors)",
    "task = 'list' and entity.name = 'Actor' => sortOrderings <= 'id'",
  ]
  /// The Film list filtered to `title`, its inspector, then its Actors.
  static func actorsOf(_ title: String) -> String {
    "Enter \\ title Space = Space '\(title)' Enter Enter Down Enter"
  }

  static func membersAreAddedRemovedAndUndone(_ fixture: EditingFixture) throws {
    try FollowChecks.change(
      fixture,
      "INSERT INTO film (film_id, title, language_id) VALUES (1001, 'TEMP', 1); "
        + "INSERT INTO film_actor (actor_id, film_id) VALUES (2, 1001);")
    var app = try fixture.app(rules: rules)
    let db = try fixture.otherUser()
    defer { db.close() }
    func members() throws -> Int {
      try db.count(FetchSpecification(entityName: "FilmActor", qualifier: try Qualifier(parsing: "filmId = 1001")))
    }
    let list = EditingFixture.screen(&app, actorsOf("TEMP"))
    #expect(FollowChecks.breadcrumb(list).hasSuffix("Actors (1)"), "\(list)")
    #expect(list.contains("a Add members") && list.contains("d Remove"), "\(list)")
    let added = EditingFixture.screen(&app, "a Enter")
    #expect(added.contains("Added Actor “"), "the first actor of the chooser:\n\(added)")
    #expect(try members() == 2)
    let again = EditingFixture.screen(&app, "a Enter")
    #expect(again.contains("is already one of the actors: nothing added"), "\(again)")
    #expect(try members() == 2, "not inserted twice")
    let shown = EditingFixture.screen(&app, "")
    #expect(FollowChecks.breadcrumb(shown).hasSuffix("Actors (2)"), "the count follows:\n\(shown)")
    let asked = EditingFixture.screen(&app, "Home d")
    #expect(asked.contains("itself stays"), "\(asked)")
    let removed = EditingFixture.screen(&app, "r")
    #expect(removed.contains("Removed Actor “"), "\(removed)")
    #expect(try members() == 1)
    #expect(try db.count(FetchSpecification(entityName: "Actor")) == 200, "the actor stays")
    let undone = EditingFixture.screen(&app, "u")
    #expect(undone.contains("Undone:"), "\(undone)")
    #expect(try members() == 2, "u puts the membership back")
  }

  static func aNewMemberIsSavedWithItsJoinRowOrNotAtAll(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, "INSERT INTO film (film_id, title, language_id) VALUES (1002, 'SOLO', 1)")
    var app = try fixture.app(rules: rules)
    let db = try fixture.otherUser()
    defer { db.close() }
    _ = EditingFixture.screen(&app, actorsOf("SOLO") + " n")
    let saved = EditingFixture.screen(&app, "Down ANNA Down BELL C-s")
    #expect(
      saved.contains("Saved new Actor “ANNA BELL”") && saved.contains("one of the actors of Film “SOLO”"), "\(saved)")
    let actor = try #require(
      try db.fetch(FetchSpecification(entityName: "Actor", qualifier: try Qualifier(parsing: "firstName = 'ANNA'")))
        .rows.first)
    let link = try Qualifier(parsing: "filmId = 1002")
    #expect(
      try db.fetch(FetchSpecification(entityName: "FilmActor", qualifier: link)).rows.map { $0["actorId"] }
        == [actor["id"]], "one transaction made both, the join row with the new key")
    let undone = EditingFixture.screen(&app, "Escape u")
    #expect(undone.contains("and 1 more change of the same save"), "\(undone)")
    #expect(try db.count(FetchSpecification(entityName: "FilmActor", qualifier: link)) == 0)
    #expect(
      try db.count(FetchSpecification(entityName: "Actor", qualifier: try Qualifier(parsing: "firstName = 'ANNA'")))
        == 0, "u undoes the whole save: the join row and the actor")
    let redone = EditingFixture.screen(&app, "U")
    #expect(redone.contains("Redone:"), "\(redone)")
    #expect(try db.count(FetchSpecification(entityName: "FilmActor", qualifier: link)) == 1, "U redoes both")
    let again = try #require(
      try db.fetch(FetchSpecification(entityName: "Actor", qualifier: try Qualifier(parsing: "firstName = 'ANNA'")))
        .rows.first)

    // The film goes underneath: the join row cannot be written, so neither is the actor.
    _ = EditingFixture.screen(&app, "n Down CARL Down DUNN")
    try db.apply([
      .delete(entity: "FilmActor", key: ["actorId": again["id"] ?? .null, "filmId": .integer(1002)], original: [:]),
      .delete(entity: "Film", key: ["id": .integer(1002)], original: [:]),
    ])
    let failed = EditingFixture.screen(&app, "C-s")
    #expect(failed.contains("New Actor") && failed.contains("CARL"), "the input is kept:\n\(failed)")
    #expect(
      try db.count(FetchSpecification(entityName: "Actor", qualifier: try Qualifier(parsing: "firstName = 'CARL'")))
        == 0,
      "rolled back together")
  }

  /// The editor of a stored film shows its actors; Enter chooses actors to add (only those
  /// not in it), `d` actors to take out; nothing is written until Ctrl-S, which saves the
  /// join rows with the film in one transaction, and `u` undoes them as one step.
  static func theEditorChangesMembersWithTheRow(_ fixture: EditingFixture) throws {
    try FollowChecks.change(
      fixture,
      "INSERT INTO film (film_id, title, language_id) VALUES (1005, 'FIELDS', 1); "
        + "INSERT INTO film_actor (actor_id, film_id) VALUES (3, 1005), (4, 1005);")
    var app = try fixture.app(rules: [
      "visibleEntityNames <= (Film)",
      "task = 'edit' and entity.name = 'Film' => displayPropertyKeys <= (title, actors)",
      "task = 'select' and entity.name = 'Actor' => sortOrderings <= 'id'",
    ])
    let db = try fixture.otherUser()
    defer { db.close() }
    let link = try Qualifier(parsing: "filmId = 1005")
    func actors() throws -> [DatabaseValue?] {
      try db.fetch(
        FetchSpecification(entityName: "FilmActor", qualifier: link, sortOrderings: [SortOrdering("actorId")])
      )
      .rows.map { $0["actorId"] }
    }
    let editor = EditingFixture.screen(&app, "Enter \\ title Space = Space 'FIELDS' Enter Enter e")
    #expect(editor.contains(#/Actors +2: [A-Z]+ [A-Z]+, [A-Z]+ [A-Z]+/#), "with its members:\n\(editor)")
    let chooser = EditingFixture.screen(&app, "Down Enter")
    #expect(chooser.contains("Add to Actors") && chooser.contains("(198)"), "only those not in it:\n\(chooser)")
    let added = EditingFixture.screen(&app, "Space Space Enter")
    #expect(added.contains("+2:"), "\(added)")
    let removed = EditingFixture.screen(&app, "d Space Enter")
    #expect(removed.contains("+2: CALLUM ENGSTROM, TOBIAS COLDWELL  −1"), "\(removed)")
    #expect(try actors() == [.integer(3), .integer(4)], "nothing written before Ctrl-S")
    let saved = EditingFixture.screen(&app, "C-s")
    #expect(saved.contains("actors: 2 added, 1 taken out"), "\(saved)")
    #expect(try actors() == [.integer(1), .integer(2), .integer(4)])
    let undone = EditingFixture.screen(&app, "u")
    #expect(undone.contains("and 2 more changes of the same save"), "\(undone)")
    #expect(try actors() == [.integer(3), .integer(4)], "u undoes the three join rows as one step")
  }

  /// `Space` in the chooser picks several (marked, counted in the title), Enter adds those
  /// not already members in one transaction, and `u` takes them out as one step.
  static func severalMembersAreAddedAtOnce(_ fixture: EditingFixture) throws {
    try FollowChecks.change(
      fixture,
      "INSERT INTO film (film_id, title, language_id) VALUES (1003, 'DUO', 1); "
        + "INSERT INTO film_actor (actor_id, film_id) VALUES (2, 1003);")
    var app = try fixture.app(rules: rules + ["task = 'select' and entity.name = 'Actor' => sortOrderings <= 'id'"])
    let db = try fixture.otherUser()
    defer { db.close() }
    let link = try Qualifier(parsing: "filmId = 1003")
    _ = EditingFixture.screen(&app, actorsOf("DUO"))
    let chooser = EditingFixture.screen(&app, "a Space Space Space")
    #expect(chooser.contains("3 picked") && chooser.contains("Take 3 picked"), "\(chooser)")
    #expect(chooser.components(separatedBy: "✓").count - 1 == 3, "each picked row is marked:\n\(chooser)")
    let unpicked = EditingFixture.screen(&app, "Up Space")
    #expect(unpicked.contains("2 picked"), "Space again unpicks:\n\(unpicked)")
    let added = EditingFixture.screen(&app, "Up Space Enter")
    #expect(
      added.contains("Added 2 actors to Film “DUO” (1 already there, not added twice)"), "\(added)")
    #expect(
      try db.fetch(
        FetchSpecification(entityName: "FilmActor", qualifier: link, sortOrderings: [SortOrdering("actorId")])
      )
      .rows.map { $0["actorId"] } == [.integer(1), .integer(2), .integer(3)], "one join row each, none twice")
    let undone = EditingFixture.screen(&app, "u")
    #expect(undone.contains("and 1 more change of the same save"), "\(undone)")
    #expect(try db.count(FetchSpecification(entityName: "FilmActor", qualifier: link)) == 1, "u removes both")
  }

  /// A new film's Actors field: Enter chooses several before the film exists (shown by
  /// title, nothing written), Ctrl-S inserts the film and a join row for each in one
  /// transaction, each taking the film's new key, and `u` undoes the whole save.
  static func aNewRowIsSavedWithItsChosenMembers(_ fixture: EditingFixture) throws {
    var app = try fixture.app(rules: rules + ["task = 'select' and entity.name = 'Actor' => sortOrderings <= 'id'"])
    let db = try fixture.otherUser()
    defer { db.close() }
    let before = try db.count(FetchSpecification(entityName: "FilmActor"))
    let empty = EditingFixture.screen(
      &app, "Enter n Down WITHCAST Down Down Down Enter Enter" + String(repeating: " Down", count: 20) + " Up")
    #expect(empty.contains(/▌Actors +none yet  ⏎ add/), "\(empty)")
    let chosen = EditingFixture.screen(&app, "Enter Space Space Enter")
    #expect(chosen.contains(/▌Actors +2 to add: [A-Z]+ [A-Z]+, [A-Z]+/), "\(chosen)")
    #expect(try db.count(FetchSpecification(entityName: "FilmActor")) == before, "nothing written before Ctrl-S")
    let again = EditingFixture.screen(&app, "Enter Space Enter")
    #expect(again.contains("2 to add:"), "a member chosen twice is added once:\n\(again)")
    let saved = EditingFixture.screen(&app, "C-s")
    #expect(saved.contains("Saved new Film “WITHCAST”") && saved.contains("with 2 actors"), "\(saved)")
    let film = try #require(
      try db.fetch(FetchSpecification(entityName: "Film", qualifier: try Qualifier(parsing: "title = 'WITHCAST'")))
        .rows.first)
    let link = try Qualifier(parsing: "filmId = \(try #require(film["id"]?.int64Value))")
    #expect(
      try db.fetch(
        FetchSpecification(entityName: "FilmActor", qualifier: link, sortOrderings: [SortOrdering("actorId")])
      )
      .rows.map { $0["actorId"] } == [.integer(1), .integer(2)], "the join rows took the film's new key")
    let undone = EditingFixture.screen(&app, "Escape u")
    #expect(undone.contains("and 2 more changes of the same save"), "\(undone)")
    #expect(try db.count(FetchSpecification(entityName: "FilmActor")) == before, "u undoes the join rows")
    #expect(
      try db.count(FetchSpecification(entityName: "Film", qualifier: try Qualifier(parsing: "title = 'WITHCAST'")))
        == 0,
      "and the film")
  }

  /// A row the rules make read-only keeps its members: `a` and `d` on them say so.
  static func aReadOnlyRowKeepsItsMembers(_ fixture: EditingFixture) throws {
    try FollowChecks.change(
      fixture,
      "INSERT INTO film (film_id, title, language_id) VALUES (1004, 'LOCKED', 1); "
        + "INSERT INTO film_actor (actor_id, film_id) VALUES (2, 1004);")
    var app = try fixture.app(
      rules: rules + ["entity.name = 'Film' and object.title = 'LOCKED' => isObjectEditable <= false"])
    let db = try fixture.otherUser()
    defer { db.close() }
    let refused = EditingFixture.screen(&app, actorsOf("LOCKED") + " a")
    #expect(refused.contains("the rules make this row read-only"), "\(refused)")
    _ = EditingFixture.screen(&app, "Home d Enter r")
    #expect(
      try db.count(FetchSpecification(entityName: "FilmActor", qualifier: try Qualifier(parsing: "filmId = 1004")))
        == 1,
      "nothing removed")
  }

  /// A rule through a many-to-many reads as "some related row": a film with an actor
  /// named ZZTOP is read-only, one without is not, in the list and in the inspector.
  static func aRuleReadsThroughAManyToMany(_ fixture: EditingFixture) throws {
    try FollowChecks.change(
      fixture,
      "INSERT INTO actor (actor_id, first_name, last_name) VALUES (9001, 'ZIG', 'ZZTOP'); "
        + "INSERT INTO film (film_id, title, language_id) VALUES (1001, 'TEMP', 1); "
        + "INSERT INTO film (film_id, title, language_id) VALUES (1002, 'SOLO', 1); "
        + "INSERT INTO film_actor (actor_id, film_id) VALUES (2, 1001); "
        + "INSERT INTO film_actor (actor_id, film_id) VALUES (9001, 1001);")
    let rule = "entity.name = 'Film' and object.actors.lastName = 'ZZTOP' => isObjectEditable <= false"
    var app = try fixture.app(rules: rules + [rule])
    let fromList = EditingFixture.screen(&app, "Enter \\ title Space = Space 'TEMP' Enter e")
    #expect(fromList.contains("The rules make this row read-only"), "\(fromList)")
    let fromInspector = EditingFixture.screen(&app, "Enter e")
    #expect(fromInspector.contains("The rules make this row read-only"), "\(fromInspector)")
    var other = try fixture.app(rules: rules + [rule])
    let solo = EditingFixture.screen(&other, "Enter \\ title Space = Space 'SOLO' Enter Enter e")
    #expect(!solo.contains("read-only") && solo.contains("Edit SOLO"), "no actor named ZZTOP:\n\(solo)")
  }
}
