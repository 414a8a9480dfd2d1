package io.noemata.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A whole SELECT statement: the query, a SETTINGS clause written after FORMAT (null if none),
 * the FORMAT name (null if none). A trailing {@code ;} is allowed and not part of any node.
 */
public record Statement(Query query, Clause.Settings trailingSettings, String format, int start, int end)
    implements Node {

  public Statement {
    Objects.requireNonNull(query, "query");
    Node.checkSpan(start, end);
  }

  @Override
  public List<Node> children() {
    List<Node> out = new ArrayList<>();
    out.add(query);
    if (trailingSettings != null) {
      out.add(trailingSettings);
    }
    return out;
  }
}
