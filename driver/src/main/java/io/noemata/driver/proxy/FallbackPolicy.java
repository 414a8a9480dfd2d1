package io.noemata.driver.proxy;

import java.sql.SQLException;
import java.util.Set;

/**
 * Which failures of a rewritten statement the statement as written may not share: the accelerator
 * is gone or unreadable (unknown table or column, access denied), or the rewrite itself is wrong
 * (syntax, types, aggregation). Timeouts, memory limits, cancellation and network errors are not
 * among them: running the original would repeat the cost and most likely the failure.
 */
final class FallbackPolicy {

  /** ClickHouse error codes (src/Common/ErrorCodes.cpp). */
  private static final Set<Integer> CODES = Set.of(
      10,   // NOT_FOUND_COLUMN_IN_BLOCK
      16,   // NO_SUCH_COLUMN_IN_TABLE
      36,   // BAD_ARGUMENTS
      43,   // ILLEGAL_TYPE_OF_ARGUMENT
      44,   // ILLEGAL_COLUMN
      46,   // UNKNOWN_FUNCTION
      47,   // UNKNOWN_IDENTIFIER
      53,   // TYPE_MISMATCH
      60,   // UNKNOWN_TABLE
      62,   // SYNTAX_ERROR
      81,   // UNKNOWN_DATABASE
      115,  // UNKNOWN_SETTING: a setting the rewriter added (SmallRead) the server does not know
      164,  // READONLY: the same, for a user who may not change it
      179,  // MULTIPLE_EXPRESSIONS_FOR_ALIAS
      184,  // ILLEGAL_AGGREGATION
      215,  // NOT_AN_AGGREGATE
      352,  // AMBIGUOUS_COLUMN_NAME
      386,  // NO_COMMON_TYPE
      395,  // FUNCTION_THROW_IF_VALUE_IS_NON_ZERO: a refreshed rollup's guard, its source changed since the catalog
      452,  // SETTING_CONSTRAINT_VIOLATION: the same, outside the user's constraints
      497); // ACCESS_DENIED

  private FallbackPolicy() {}

  static boolean applies(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s && CODES.contains(s.getErrorCode())) {
        return true;
      }
    }
    return false;
  }

  /** The first line of the failure, for the warning: ClickHouse repeats the query text below it. */
  static String summary(SQLException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int nl = m.indexOf('\n');
    m = nl < 0 ? m : m.substring(0, nl);
    return m.length() > 500 ? m.substring(0, 500) + "..." : m;
  }

  static int code(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s && s.getErrorCode() != 0) {
        return s.getErrorCode();
      }
    }
    return 0;
  }
}
