import Access

/// Foreign keys declared on partitions rather than on their partitioned table.
///
/// PostgreSQL lets a schema declare a key on each partition only (older versions could
/// not declare it on the parent). d2t lists the partitioned table, not its partitions, so
/// a key every partition declares (same columns, same referenced table and columns) is the
/// parent's key; one that some partition lacks is not. Sub-partitioned tables count their
/// sub-partitions' common keys as their own, level by level.
struct PartitionKeys {
  private var children: [Int64: [Int64]] = [:]
  private var keys: [Int64: [ForeignKeyInfo]] = [:]

  mutating func addPartition(_ child: Int64, of parent: Int64) {
    children[parent, default: []].append(child)
  }

  mutating func addKey(_ key: ForeignKeyInfo, of partition: Int64) {
    keys[partition, default: []].append(key)
  }

  /// The keys declared by every partition of `table` (none when it has no partitions).
  func keysOfEveryPartition(of table: Int64) -> [ForeignKeyInfo] {
    keysOfEveryPartition(of: table, depth: 0)
  }

  private func keysOfEveryPartition(of table: Int64, depth: Int) -> [ForeignKeyInfo] {
    guard let partitions = children[table], !partitions.isEmpty, depth < 32 else { return [] }
    let perPartition = partitions.map { partition in
      (keys[partition] ?? []) + keysOfEveryPartition(of: partition, depth: depth + 1)
    }
    var common: [ForeignKeyInfo] = []
    for key in perPartition[0] where !common.contains(where: { Self.sameReference($0, key) }) {
      let everywhere = perPartition.dropFirst().allSatisfy { others in
        others.contains { Self.sameReference($0, key) }
      }
      if everywhere {
        var shared = key
        shared.name = perPartition.count == 1 ? key.name : nil
        common.append(shared)
      }
    }
    return common
  }

  /// The same columns referencing the same table and columns, whatever the constraint's name.
  static func sameReference(_ a: ForeignKeyInfo, _ b: ForeignKeyInfo) -> Bool {
    a.columns == b.columns && a.destinationSchema == b.destinationSchema
      && a.destinationTable == b.destinationTable && a.destinationColumns == b.destinationColumns
  }
}
