/// The rows one batch change wrote (issue 24): each row's key and its values, before the
/// change, of the columns it set; `after` is what every one of them took. Kept compactly —
/// an integer key in 8 bytes, each row's previous values as an index into the distinct
/// ones — so the undo of a change to a million rows costs about 12 MB.
///
/// `Change.updateRows` applies them either way: forward (every row takes `after` where it
/// still holds its `before`) or back (every row takes its own `before` where it still holds
/// `after`), both checked row by row.
public struct BatchRows: Hashable, Sendable {
  /// The primary key's attributes.
  public let keyColumns: [String]
  /// The attributes the change set.
  public let columns: [String]
  /// What every row took.
  public let after: [String: DatabaseValue]
  private var integerKeys: [Int64] = []
  private var otherKeys: [DatabaseValue] = []
  private var beforeIndex: [UInt32] = []
  private var distinctBefore: [[DatabaseValue]] = []

  public var count: Int { beforeIndex.count }

  /// The key of the row at `index`, by attribute.
  public func key(at index: Int) -> [String: DatabaseValue] {
    Dictionary(uniqueKeysWithValues: zip(keyColumns, keyValues(at: index)))
  }

  /// The key of the row at `index`, in `keyColumns` order.
  public func keyValues(at index: Int) -> [DatabaseValue] {
    if !integerKeys.isEmpty { return [.integer(integerKeys[index])] }
    let width = keyColumns.count
    return Array(otherKeys[(index * width)..<((index + 1) * width)])
  }

  /// The values the row at `index` held before, in `columns` order.
  public func beforeValues(at index: Int) -> [DatabaseValue] {
    distinctBefore[Int(beforeIndex[index])]
  }

  /// The values the row at `index` held before, by attribute.
  public func before(at index: Int) -> [String: DatabaseValue] {
    Dictionary(uniqueKeysWithValues: zip(columns, beforeValues(at: index)))
  }

  /// Collects the rows as they are read.
  public struct Builder {
    var rows: BatchRows
    private var lookup: [[DatabaseValue]: UInt32] = [:]
    /// The distinct values before of a change that sets one column.
    private var single: [DatabaseValue: UInt32] = [:]
    private var integers = true

    public init(keyColumns: [String], columns: [String], after: [String: DatabaseValue]) {
      rows = BatchRows(keyColumns: keyColumns, columns: columns, after: after)
    }

    /// One row: its key (in `keyColumns` order) and its values before (in `columns` order).
    public mutating func append(key: [DatabaseValue], before: [DatabaseValue]) {
      if integers, key.count == 1, case .integer(let value) = key[0] {
        rows.integerKeys.append(value)
      } else {
        if integers {
          // A key that is not one integer: every key kept as values from here on.
          integers = false
          rows.otherKeys = rows.integerKeys.map { .integer($0) }
          rows.integerKeys = []
        }
        rows.otherKeys.append(contentsOf: key)
      }
      if let index = lookup[before] {
        rows.beforeIndex.append(index)
      } else {
        let index = UInt32(rows.distinctBefore.count)
        lookup[before] = index
        rows.distinctBefore.append(before)
        rows.beforeIndex.append(index)
      }
    }

    /// One row of a change to one column of a table with a one-column key: no array made
    /// (a million rows read in place).
    public mutating func append(key: DatabaseValue, before: DatabaseValue) {
      guard integers, case .integer(let value) = key, rows.columns.count == 1 else {
        return append(key: [key], before: [before])
      }
      rows.integerKeys.append(value)
      if let index = single[before] {
        rows.beforeIndex.append(index)
      } else {
        let index = UInt32(rows.distinctBefore.count)
        single[before] = index
        lookup[[before]] = index
        rows.distinctBefore.append([before])
        rows.beforeIndex.append(index)
      }
    }

    public var count: Int { rows.count }

    public func build() -> BatchRows { rows }
  }

  private init(keyColumns: [String], columns: [String], after: [String: DatabaseValue]) {
    self.keyColumns = keyColumns
    self.columns = columns
    self.after = after
  }

  /// The rows as stored in a journal file: keys and values before, a row each.
  public init(
    keyColumns: [String], columns: [String], after: [String: DatabaseValue], keys: [[DatabaseValue]],
    before: [[DatabaseValue]]
  ) {
    var builder = Builder(keyColumns: keyColumns, columns: columns, after: after)
    for (key, values) in zip(keys, before) { builder.append(key: key, before: values) }
    self = builder.build()
  }
}
