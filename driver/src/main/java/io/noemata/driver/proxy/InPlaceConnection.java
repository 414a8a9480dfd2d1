package io.noemata.driver.proxy;

import io.noemata.driver.provenance.Fallback;
import io.noemata.driver.provenance.QueryProvenance;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * noemata's rewriting for one of clickhouse-jdbc's own connections, which nothing wraps (the
 * agent): the SQL-taking methods of its statements ask {@link #plan} what to send where they
 * receive the text, and its statements' warnings start with the provenance of what they ran.
 * The same {@link QueryPlanner} as the URL swap's; the statements stay clickhouse-jdbc's objects.
 */
public final class InPlaceConnection {

  private final QueryPlanner planner;
  /** Per statement (weakly: the application owns them), the provenance its warnings start with. */
  private final Map<Statement, StatementState> states = Collections.synchronizedMap(new WeakHashMap<>());

  public InPlaceConnection(QueryPlanner planner) {
    this.planner = planner;
  }

  /** One statement text decided: what is sent and why. */
  public record Planned(Statement statement, QueryProvenance provenance) {

    public String sent() {
      return provenance.sent();
    }
  }

  /** The database clickhouse-jdbc resolves a statement's unqualified tables in: the connection's schema. */
  static String database(Connection connection) throws SQLException {
    String database = connection.getSchema();
    return database == null || database.isEmpty() ? "default" : database;
  }

  /**
   * What {@code statement} sends for {@code sql}, executed now (a prepared statement's text with
   * its values inlined, as clickhouse-jdbc sends it: the values decide as they do through the URL
   * swap).
   */
  public Planned plan(Statement statement, Connection connection, String sql) throws SQLException {
    String database = database(connection);
    QueryProvenance p = planner.plan(sql, database, List.of());
    state(statement).record(p, planner.quarantinedFor(p, database));
    return new Planned(statement, p);
  }

  /** The statement ran (or failed): DDL drops the catalog, as through the URL swap. */
  public void executed(Planned planned) {
    planner.executed(planned.provenance().original());
  }

  /** Whether the text as written may run after {@code failure} of the rewritten text. */
  public boolean fallsBack(Planned planned, Throwable failure) {
    return planned.provenance() instanceof QueryProvenance.Rewritten && failure instanceof SQLException e
        && FallbackPolicy.applies(e);
  }

  /** The text as written ran after the rewritten one (a {@link #fallsBack} plan) failed with {@code failure}. */
  public void fellBack(Planned planned, SQLException failure) {
    QueryProvenance.FellBack after = ((QueryProvenance.Rewritten) planned.provenance()).fellBack(
        new Fallback(FallbackPolicy.code(failure), FallbackPolicy.summary(failure)));
    state(planned.statement()).record(after, List.of());
    planner.fellBack(after);
  }

  /** noemata's warnings for {@code statement} first, then clickhouse-jdbc's own. */
  public SQLWarning warnings(Statement statement, SQLWarning theirs) {
    StatementState s = states.get(statement);
    return s == null ? theirs : s.warnings(theirs);
  }

  public void clearWarnings(Statement statement) {
    StatementState s = states.get(statement);
    if (s != null) {
      s.clearWarnings();
    }
  }

  private StatementState state(Statement statement) {
    return states.computeIfAbsent(statement, k -> new StatementState());
  }
}
