package io.noemata.rewriter.syntax;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Replace the source text {@code [start, end)} by {@code text}; {@code start == end} inserts.
 * Rules only ever produce edits, so every byte they do not name stays exactly as the user wrote it.
 */
public record Edit(int start, int end, String text) {

  public Edit {
    Objects.requireNonNull(text, "text");
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("bad edit span " + start + ".." + end);
    }
  }

  /** {@code sql} with {@code edits} spliced in; edits must not overlap (an insertion may touch a replacement). */
  public static String apply(String sql, List<Edit> edits) {
    List<Edit> sorted = new ArrayList<>(edits);
    sorted.sort(Comparator.comparingInt(Edit::start).thenComparingInt(Edit::end));
    StringBuilder out = new StringBuilder(sql.length() + 64);
    int at = 0;
    for (Edit e : sorted) {
      if (e.start < at || e.end > sql.length()) {
        throw new IllegalArgumentException("overlapping or out-of-text edit " + e);
      }
      out.append(sql, at, e.start).append(e.text);
      at = e.end;
    }
    return out.append(sql, at, sql.length()).toString();
  }
}
