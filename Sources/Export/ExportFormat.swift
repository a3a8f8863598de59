import Access

/// What an export writes.
public enum ExportFormat: String, CaseIterable, Hashable, Sendable {
  /// RFC 4180 CSV with a header row; NULL is an empty unquoted field, an empty string `""`.
  case csv
  /// One JSON object per line, keyed by column label; NULL is `null`.
  case jsonl
  /// One `INSERT INTO "table" ("column", …) VALUES (…);` per row, in the source's dialect.
  case sql
}

extension ExportFormat {
  /// The writer for this format: SQL names `quotedTable` (already quoted for `dialect`)
  /// and its `columns` (unquoted).
  public func writer(
    into out: OutputBuffer, dialect: SQLDialect, quotedTable: String, columns: [String]
  ) -> any ExportWriter {
    switch self {
    case .csv: return CSVExportWriter(out)
    case .jsonl: return JSONLinesExportWriter(out)
    case .sql: return SQLInsertExportWriter(out, dialect: dialect, quotedTable: quotedTable, columns: columns)
    }
  }
}
