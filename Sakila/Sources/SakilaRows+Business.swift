import Access

/// The shop tables: staff, stores, customers, inventory, rentals and payments.
extension SakilaRows {
  /// Mike Hillyer runs store 1 and Jon Stephens store 2, as in the public data.
  func staff(_ out: inout RowBatcher) throws {
    let people = [("Mike", "Hillyer"), ("Jon", "Stephens")]
    for (index, person) in people.enumerated() {
      let staffID = index + 1
      try out.add([
        id(staffID), .text(person.0), .text(person.1), id(2 + staffID),
        staffID == 1 ? .blob(Self.picture) : .null,
        .text("\(person.0).\(person.1)@sakilastaff.com"), id(staffID), flag(true),
        .text(person.0), .text(Self.staffPassword), catalogStamp,
      ])
    }
  }

  func stores(_ out: inout RowBatcher) throws {
    for store in 1...SakilaPlan.stores {
      try out.add([id(store), id(store), id(store), catalogStamp])
    }
  }

  /// Customers joined before the first rental; about one in forty is no longer active.
  func customers(_ out: inout RowBatcher) throws {
    var random = random(6)
    let joinedFrom = SakilaClock.seconds(2005, 1, 3)
    let joinedSpan = Int(RentalSimulation.firstDay - joinedFrom) - 1
    for customer in 1...plan.customerCount {
      let first = random.pick(PersonWords.firstNames)
      let last = random.pick(PersonWords.lastNames)
      let active = !random.chance(3)
      let joined = joinedFrom + Int64(random.int(0...joinedSpan))
      var row: [DatabaseValue] = [
        id(customer), id(Int(plan.customerStore[customer - 1])), .text(first), .text(last),
        .text("\(first).\(last)@sakilacustomer.org"),
        id(SakilaPlan.reservedAddresses + customer),
      ]
      if dialect == .postgresql {
        row += [
          .bool(active), .date(SakilaClock.date(joined)), catalogStamp, id(active ? 1 : 0),
        ]
      } else {
        row += [.text(active ? "1" : "0"), timestamp(joined), catalogStamp]
      }
      try out.add(row)
    }
  }

  func inventory(_ out: inout RowBatcher) throws {
    for item in 0..<plan.inventoryCount {
      try out.add([
        id(item + 1), id(Int(plan.inventoryFilm[item])), id(Int(plan.inventoryStore[item])),
        catalogStamp,
      ])
    }
  }

  func rentals(_ out: inout RowBatcher) throws {
    for rental in RentalSimulation(plan: plan, seed: seed) {
      try out.add([
        id(rental.id), timestamp(rental.rentalDate), id(rental.inventory), id(rental.customer),
        rental.returnDate.map(timestamp) ?? .null, id(rental.staff),
        timestamp(rental.returnDate ?? rental.rentalDate),
      ])
    }
  }

  /// One payment per rental, taken by the same staff member.
  func payments(_ out: inout RowBatcher) throws {
    let pg = dialect == .postgresql
    for rental in RentalSimulation(plan: plan, seed: seed) {
      var row: [DatabaseValue] = [
        id(rental.id), id(rental.customer), id(rental.staff), id(rental.id),
        decimal(cents: rental.amountCents), timestamp(rental.paymentDate),
      ]
      if !pg { row.append(timestamp(rental.paymentDate)) }
      try out.add(row)
    }
  }

  /// A yes/no column: boolean on PostgreSQL, 1/0 on SQLite.
  func flag(_ value: Bool) -> DatabaseValue {
    dialect == .postgresql ? .bool(value) : .integer(value ? 1 : 0)
  }
}
