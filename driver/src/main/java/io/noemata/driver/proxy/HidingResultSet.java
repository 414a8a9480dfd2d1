package io.noemata.driver.proxy;

import java.sql.ResultSet;
import java.sql.SQLException;

/** A forward-only metadata result set without the rows a predicate names. */
final class HidingResultSet extends DelegatingResultSet {

  @FunctionalInterface
  interface RowTest {
    boolean test(ResultSet row) throws SQLException;
  }

  private final RowTest hidden;

  HidingResultSet(ResultSet delegate, RowTest hidden) {
    super(delegate);
    this.hidden = hidden;
  }

  @Override
  public boolean next() throws SQLException {
    while (delegate.next()) {
      if (!hidden.test(delegate)) {
        return true;
      }
    }
    return false;
  }
}
