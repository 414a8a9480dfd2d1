package io.noemata.driver.proxy;

import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.Fallback;
import io.noemata.driver.provenance.QueryProvenance;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;

/**
 * A PreparedStatement prepared from the rewriter's text. When the text was rewritten, the original
 * is prepared too (clickhouse-jdbc prepares client side: no server round trip) and receives every
 * bound value, so a failing rewritten statement can fall back to it; after a fallback the original
 * serves every later execution.
 */
final class ProxyPreparedStatement extends DelegatingPreparedStatement implements NoemataStatement {

  @FunctionalInterface
  interface Call<T> {
    T call(PreparedStatement ps) throws SQLException;
  }

  private final ProxyConnection connection;
  private final StatementState state = new StatementState();
  private final QueryProvenance planned;
  private boolean usingOriginal;

  ProxyPreparedStatement(PreparedStatement delegate, PreparedStatement original, ProxyConnection connection,
      QueryProvenance planned) {
    super(delegate);
    this.mirror = original;
    this.connection = connection;
    this.planned = planned;
    state.record(planned);
    connection.track(this);
  }

  /** The statement executions go to: the rewritten one, or the original after a fallback. */
  private PreparedStatement active() {
    return usingOriginal ? mirror : delegate;
  }

  private <T> T run(Call<T> call) throws SQLException {
    if (usingOriginal) {
      return call.call(mirror);
    }
    state.record(planned);
    try {
      return call.call(delegate);
    } catch (SQLException e) {
      if (mirror == null || !FallbackPolicy.applies(e)) {
        throw e;
      }
      T result;
      try {
        result = call.call(mirror);
      } catch (SQLException original) {
        original.addSuppressed(e);
        throw original;
      }
      usingOriginal = true;
      QueryProvenance after = planned.withFallback(new Fallback(FallbackPolicy.code(e), FallbackPolicy.summary(e)));
      state.record(after);
      connection.fellBack(after);
      return result;
    } finally {
      connection.executed(planned.original());
    }
  }

  @Override
  public QueryProvenance provenance() {
    return state.provenance();
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    return state.wrap(run(PreparedStatement::executeQuery), this);
  }

  @Override
  public boolean execute() throws SQLException {
    return run(PreparedStatement::execute);
  }

  @Override
  public int executeUpdate() throws SQLException {
    return run(PreparedStatement::executeUpdate);
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    return run(PreparedStatement::executeLargeUpdate);
  }

  @Override
  public int[] executeBatch() throws SQLException {
    return active().executeBatch();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    return active().executeLargeBatch();
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    return state.wrap(active().getResultSet(), this);
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    return state.wrap(active().getGeneratedKeys(), this);
  }

  @Override
  public int getUpdateCount() throws SQLException {
    return active().getUpdateCount();
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    return active().getLargeUpdateCount();
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    return active().getMoreResults();
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    return active().getMoreResults(current);
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    return active().getMetaData();
  }

  @Override
  public void cancel() throws SQLException {
    active().cancel();
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    return state.warnings(active().getWarnings());
  }

  @Override
  public void clearWarnings() throws SQLException {
    state.clearWarnings();
    active().clearWarnings();
  }

  @Override
  public Connection getConnection() throws SQLException {
    delegate.getConnection();
    return connection;
  }

  @Override
  public void close() throws SQLException {
    connection.untrack(this);
    try {
      if (mirror != null) {
        mirror.close();
      }
    } finally {
      delegate.close();
    }
  }
}
