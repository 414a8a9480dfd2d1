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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A PreparedStatement prepared from the rewriter's text. When the text was rewritten, the original
 * is prepared too (clickhouse-jdbc prepares client side: no server round trip) and receives every
 * bound value, so a failing rewritten statement can fall back to it; after a fallback the original
 * serves every later execution.
 *
 * <p>A query's {@code ?} values can decide a rule (a time window on rollup bucket boundaries): at
 * each execution the text is planned again with the values bound by {@code setString},
 * {@code setInt} or {@code setLong}; a text that differs from the one prepared is prepared once
 * and gets the values bound again. Values bound by other setters keep the prepare-time decision.
 */
final class ProxyPreparedStatement extends DelegatingPreparedStatement implements NoemataStatement {

  @FunctionalInterface
  interface Call<T> {
    T call(PreparedStatement ps) throws SQLException;
  }

  private final ProxyConnection connection;
  private final QueryPlanner planner;
  private final StatementState state = new StatementState();
  private final QueryProvenance planned;
  private final String database;
  private final ProxyConnection.Preparer preparer;
  /** The values bound to a query's {@code ?}s, which a rule may decide from; null for other statements. */
  private final BoundValues bound;
  /** Statements prepared at execution for texts the bound values led to, by text. */
  private final Map<String, PreparedStatement> byText = new HashMap<>();
  private PreparedStatement current;
  private boolean usingOriginal;

  ProxyPreparedStatement(PreparedStatement delegate, PreparedStatement original, ProxyConnection connection,
      QueryProvenance planned, String database, ProxyConnection.Preparer preparer) {
    super(delegate);
    this.mirror = original;
    this.connection = connection;
    this.planner = connection.planner();
    this.planned = planned;
    this.database = database;
    this.preparer = preparer;
    this.current = delegate;
    // only a query the rewriter read (an accelerated table, rewriting on, catalog read) may depend on values
    this.bound = planned instanceof QueryProvenance.Read ? BoundValues.of(planned.original()) : null;
    state.record(planned, planner.quarantinedFor(planned, database));
    connection.track(this);
  }

  /** The statement prepared from the text as written: the mirror, or the delegate when the text was kept. */
  private PreparedStatement original() {
    return mirror != null ? mirror : delegate;
  }

  /** The statement executions go to: the last one used, or the original after a fallback. */
  private PreparedStatement active() {
    return usingOriginal ? original() : current;
  }

  /** The plan for the values bound now, when a rule may decide from them. */
  private QueryProvenance planForValues() {
    if (bound == null) {
      return planned;
    }
    List<String> literals = bound.literals();
    return literals == null ? planned : planner.plan(planned.original(), database, literals);
  }

  /** The statement for {@code p}'s text with the values bound: prepared once per text. */
  private PreparedStatement statementFor(QueryProvenance p) throws SQLException {
    if (p.sent().equals(planned.sent())) {
      return delegate;
    }
    if (p.sent().equals(planned.original())) {
      return original();
    }
    PreparedStatement ps = byText.get(p.sent());
    if (ps == null) {
      ps = preparer.prepare(p.sent());
      byText.put(p.sent(), ps);
      ps.setMaxRows(delegate.getMaxRows());
      ps.setQueryTimeout(delegate.getQueryTimeout());
    }
    bound.bindAll(ps);
    return ps;
  }

  private <T> T run(Call<T> call) throws SQLException {
    if (usingOriginal) {
      return call.call(original());
    }
    QueryProvenance p = planForValues();
    state.record(p, planner.quarantinedFor(p, database));
    PreparedStatement target = statementFor(p);
    current = target;
    try {
      return call.call(target);
    } catch (SQLException e) {
      if (!(p instanceof QueryProvenance.Rewritten rewritten) || !FallbackPolicy.applies(e)) {
        throw e;
      }
      T result;
      try {
        result = call.call(original());
      } catch (SQLException original) {
        original.addSuppressed(e);
        throw original;
      }
      usingOriginal = true;
      QueryProvenance.FellBack after = rewritten.fellBack(new Fallback(FallbackPolicy.code(e), FallbackPolicy.summary(e)));
      state.record(after, planner.quarantinedFor(after, database));
      planner.fellBack(after);
      return result;
    } finally {
      planner.executed(planned.original());
    }
  }

  // Value setters the rewriter can read; every other setter leaves its value unknown (parameterSet).

  @Override
  protected void parameterSet(int index) {
    if (bound != null) {
      bound.set(index);
    }
  }

  @Override
  public void setString(int index, String value) throws SQLException {
    super.setString(index, value);
    if (bound != null && value != null) {
      bound.known(index, BoundValues.string(value), ps -> ps.setString(index, value));
    }
  }

  @Override
  public void setInt(int index, int value) throws SQLException {
    super.setInt(index, value);
    if (bound != null) {
      bound.known(index, Integer.toString(value), ps -> ps.setInt(index, value));
    }
  }

  @Override
  public void setLong(int index, long value) throws SQLException {
    super.setLong(index, value);
    if (bound != null) {
      bound.known(index, Long.toString(value), ps -> ps.setLong(index, value));
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
      for (PreparedStatement ps : byText.values()) {
        ps.close();
      }
      if (mirror != null) {
        mirror.close();
      }
    } finally {
      byText.clear();
      delegate.close();
    }
  }
}
