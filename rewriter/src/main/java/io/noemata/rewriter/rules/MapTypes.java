package io.noemata.rewriter.rules;

import java.util.Optional;

/** Reads ClickHouse type names as {@code system.columns.type} reports them. */
final class MapTypes {

  private MapTypes() {}

  /** {@code V} of {@code Map(K, V)}, as written; empty for any other type. */
  static Optional<String> valueType(String type) {
    if (type == null) {
      return Optional.empty();
    }
    String t = type.strip();
    if (!t.startsWith("Map(") || !t.endsWith(")")) {
      return Optional.empty();
    }
    String inner = t.substring(4, t.length() - 1);
    int depth = 0;
    for (int i = 0; i < inner.length(); i++) {
      char c = inner.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        String value = inner.substring(i + 1).strip();
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
      }
    }
    return Optional.empty();
  }
}
