package io.noemata.driver;

import io.noemata.driver.provenance.QueryProvenance;
import java.sql.SQLException;

/**
 * Reached with {@code statement.unwrap(NoemataStatement.class)} on any Statement or
 * PreparedStatement of a noemata connection.
 */
public interface NoemataStatement {

  /**
   * What the driver did with the last statement text: for a Statement, the last one executed; for a
   * PreparedStatement, its text (known at prepare time) and the outcome of its last execution.
   * Null before a Statement executes anything.
   */
  QueryProvenance provenance() throws SQLException;
}
