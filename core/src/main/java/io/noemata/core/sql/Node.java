package io.noemata.core.sql;

import java.util.List;

/**
 * A piece of a parsed statement. {@code start} and {@code end} are char offsets into the text the
 * parser read: {@code sql.substring(start(), end())} is exactly what the user wrote for this node,
 * which is what lets a rule splice a replacement in place of it.
 */
public interface Node {

  int start();

  int end();

  /** Direct sub-nodes in source order. */
  List<Node> children();

  static void checkSpan(int start, int end) {
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("bad span " + start + ".." + end);
    }
  }
}
