package io.noemata.driver.proxy;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The values bound to a prepared query's {@code ?}s, as far as the rewriter can read them: each as
 * the SQL literal it stands for, with the call that binds it again on another statement. A value
 * bound by any other setter (dates, streams, arrays) is unknown, and then none are told.
 */
final class BoundValues {

  /** Binds one value on a statement. */
  @FunctionalInterface
  interface Binder {
    void bind(PreparedStatement ps) throws SQLException;
  }

  private record Value(String literal, Binder binder) {}

  private static final Value UNKNOWN = new Value(null, null);

  private final Value[] values;

  private BoundValues(int count) {
    this.values = new Value[count];
  }

  /** For {@code sql}'s {@code ?}s, or null when it has none. */
  static BoundValues of(String sql) {
    int count = 0;
    for (Token t : Lexer.significant(sql)) {
      if (t.kind() == TokenKind.PARAMETER && t.text().equals("?")) {
        count++;
      }
    }
    return count == 0 ? null : new BoundValues(count);
  }

  /** A setter ran for {@code index} (1-based), or clearParameters for 0. */
  void set(int index) {
    if (index == 0) {
      java.util.Arrays.fill(values, null);
    } else if (index >= 1 && index <= values.length) {
      values[index - 1] = UNKNOWN;
    }
  }

  void known(int index, String literal, Binder binder) {
    if (index >= 1 && index <= values.length) {
      values[index - 1] = new Value(literal, binder);
    }
  }

  /** Every value as a literal, in order; null when one is unset or unknown. */
  List<String> literals() {
    List<String> out = new ArrayList<>(values.length);
    for (Value v : values) {
      if (v == null || v.literal() == null) {
        return null;
      }
      out.add(v.literal());
    }
    return out;
  }

  /** Binds every value on {@code ps}; only called when {@link #literals()} is not null. */
  void bindAll(PreparedStatement ps) throws SQLException {
    for (Value v : values) {
      v.binder().bind(ps);
    }
  }

  static String string(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
