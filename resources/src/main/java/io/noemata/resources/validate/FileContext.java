package io.noemata.resources.validate;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.PhysicalName;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.parse.JsonDoc;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One resources file being validated: its entries by key, the physical table each entry's
 * {@code table} resolves to, and each column entry's parsed expression.
 */
final class FileContext {

  /** An entry whose table resolved; {@code view} is null for a physical {@code database.table}. */
  record Resolved(Entry entry, PhysicalName physical, Views.ViewTable view) {}

  final ResourcesFile file;
  final Sink sink;
  final Map<String, Entry> entries = new LinkedHashMap<>();
  final Map<String, Resolved> resolved = new LinkedHashMap<>();
  final Map<String, CanonicalExpr> columnExpressions = new LinkedHashMap<>();

  FileContext(ResourcesFile file, Sink sink) {
    this.file = file;
    this.sink = sink;
    file.entries().forEach(e -> entries.put(e.key(), e));
  }

  String path() {
    return file.path();
  }

  static String pointer(Entry e) {
    return JsonDoc.child("/resources", e.key()) + "/" + e.kind();
  }

  static String pointer(Entry e, String field) {
    return pointer(e) + "/" + field;
  }

  void error(Entry e, String field, String message) {
    sink.error(path(), field == null ? pointer(e) : pointer(e, field), message);
  }

  void warning(FindingCode code, Entry e, String field, String message) {
    sink.warning(code, path(), field == null ? pointer(e) : pointer(e, field), message);
  }

  /** "The database cannot install the entry (with its reason)". */
  void cannotInstall(Entry e, String field, String reason) {
    sink.cannotInstall(path(), field == null ? pointer(e) : pointer(e, field), reason);
  }

  Optional<Resolved> resolvedOf(String key) {
    return Optional.ofNullable(resolved.get(key));
  }
}
