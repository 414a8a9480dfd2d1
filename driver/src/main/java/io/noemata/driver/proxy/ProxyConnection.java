package io.noemata.driver.proxy;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.driver.DriverStats;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataSettings;
import io.noemata.driver.catalog.CatalogCache;
import io.noemata.driver.catalog.CatalogKey;
import io.noemata.driver.catalog.QuarantinedRollup;
import io.noemata.driver.provenance.QueryProvenance;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A clickhouse-jdbc connection seen through noemata: statements it makes send their text through
 * the rewriter; everything else is the delegate's behaviour.
 */
public final class ProxyConnection extends DelegatingConnection implements NoemataConnection {

  private static final Logger LOG = LoggerFactory.getLogger(ProxyConnection.class);

  private final QueryPlanner planner;
  private final Set<Statement> open = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean closed = new AtomicBoolean();

  /**
   * @param namedParameters the values the connection gives {@code {name:Type}} parameters (its
   *     {@code clickhouse_setting_param_<name>} properties), by name
   */
  public ProxyConnection(Connection delegate, NoemataSettings settings, CatalogCache catalogs, CatalogKey catalogKey,
      Map<String, String> namedParameters) {
    this(delegate, settings, catalogs, catalogKey, namedParameters, java.util.Set.of());
  }

  /** @param meaningSettings the server settings the connection sends that change what a rewrite means */
  public ProxyConnection(Connection delegate, NoemataSettings settings, CatalogCache catalogs, CatalogKey catalogKey,
      Map<String, String> namedParameters, java.util.Set<String> meaningSettings) {
    super(delegate);
    this.planner = new QueryPlanner(settings, catalogs, catalogKey, namedParameters, meaningSettings);
    DriverStats.connectionOpened();
  }

  /** The database clickhouse-jdbc gives a statement made now (it copies the connection's schema). */
  String currentDatabase() throws SQLException {
    return InPlaceConnection.database(delegate);
  }

  /** This connection's rewrite path; its statements plan, record and fall back through it directly. */
  QueryPlanner planner() {
    return planner;
  }

  /** The server's analysis of {@code sql} ({@link ServerAnalysis}), on this connection; empty when refused. */
  Optional<String> explain(String sql) {
    return ServerExplainer.on(delegate, sql);
  }

  void track(Statement s) {
    open.add(s);
  }

  void untrack(Statement s) {
    open.remove(s);
  }

  @Override
  public NoemataSettings settings() {
    return planner.settings();
  }

  @Override
  public long fallbackCount() {
    return planner.fallbackCount();
  }

  @Override
  public int openStatementCount() {
    open.removeIf(s -> {
      try {
        return s.isClosed();
      } catch (SQLException e) {
        return true;
      }
    });
    return open.size();
  }

  @Override
  public CatalogSnapshot catalog() {
    return planner.catalog();
  }

  @Override
  public void invalidateCatalog() {
    planner.invalidateCatalog();
  }

  // --- statements

  @Override
  public Statement createStatement() throws SQLException {
    return new ProxyStatement(delegate.createStatement(), this);
  }

  @Override
  public Statement createStatement(int type, int concurrency) throws SQLException {
    return new ProxyStatement(delegate.createStatement(type, concurrency), this);
  }

  @Override
  public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
    return new ProxyStatement(delegate.createStatement(type, concurrency, holdability), this);
  }

  /** Prepares with the same options from either text. */
  @FunctionalInterface
  interface Preparer {
    PreparedStatement prepare(String sql) throws SQLException;
  }

  private PreparedStatement prepare(String sql, Preparer preparer) throws SQLException {
    String database = currentDatabase();
    QueryProvenance p = planner.plan(sql, database, List.of());
    PreparedStatement main = preparer.prepare(p.sent());
    PreparedStatement original = null;
    if (p.changed()) {
      try {
        original = preparer.prepare(sql); // bound values are mirrored to it, for the fallback
      } catch (SQLException e) {
        main.close();
        throw e;
      }
    }
    return new ProxyPreparedStatement(main, original, this, p, database, preparer);
  }

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    return prepare(sql, delegate::prepareStatement);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    return prepare(sql, s -> delegate.prepareStatement(s, autoGeneratedKeys));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
    return prepare(sql, s -> delegate.prepareStatement(s, columnIndexes));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
    return prepare(sql, s -> delegate.prepareStatement(s, columnNames));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
    return prepare(sql, s -> delegate.prepareStatement(s, type, concurrency));
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability) throws SQLException {
    return prepare(sql, s -> delegate.prepareStatement(s, type, concurrency, holdability));
  }

  // ClickHouse has no stored procedures: calls are only rewritten and handed over (no provenance).

  @Override
  public CallableStatement prepareCall(String sql) throws SQLException {
    return delegate.prepareCall(planner.plan(sql, currentDatabase(), List.of()).sent());
  }

  @Override
  public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
    return delegate.prepareCall(planner.plan(sql, currentDatabase(), List.of()).sent(), type, concurrency);
  }

  @Override
  public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
    return delegate.prepareCall(planner.plan(sql, currentDatabase(), List.of()).sent(), type, concurrency, holdability);
  }

  @Override
  public DatabaseMetaData getMetaData() throws SQLException {
    return new ProxyDatabaseMetaData(delegate.getMetaData(), this);
  }

  @Override
  public void close() throws SQLException {
    if (closed.compareAndSet(false, true)) {
      try {
        for (Statement s : open) {
          try {
            s.close();
          } catch (SQLException e) {
            LOG.debug("noemata: closing a statement with its connection failed", e);
          }
        }
      } finally {
        open.clear();
        DriverStats.connectionClosed();
        delegate.close();
      }
    }
  }

  @Override
  public void abort(Executor executor) throws SQLException {
    if (closed.compareAndSet(false, true)) {
      open.clear();
      DriverStats.connectionClosed();
    }
    delegate.abort(executor);
  }
}
