package io.noemata.driver.proxy;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.driver.DriverStats;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataSettings;
import io.noemata.driver.RewriteMode;
import io.noemata.driver.catalog.CatalogCache;
import io.noemata.driver.catalog.CatalogKey;
import io.noemata.driver.catalog.CatalogLoader;
import io.noemata.driver.catalog.CatalogState;
import io.noemata.driver.catalog.QuarantinedRollup;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.rewriter.Parameters;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.RollupUse;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A clickhouse-jdbc connection seen through noemata: statements it makes send their text through
 * the rewriter; everything else is the delegate's behaviour.
 */
public final class ProxyConnection extends DelegatingConnection implements NoemataConnection {

  private static final Logger LOG = LoggerFactory.getLogger(ProxyConnection.class);
  /** ClickHouse's ACCESS_DENIED. */
  private static final int ACCESS_DENIED = 497;

  private final NoemataSettings settings;
  private final CatalogCache catalogs;
  private final CatalogKey catalogKey;
  private final Set<Statement> open = ConcurrentHashMap.newKeySet();
  private final AtomicLong fallbacks = new AtomicLong();
  private final AtomicBoolean closed = new AtomicBoolean();
  /** Values of {@code {name:Type}} parameters; emptied once a SET may have changed one. */
  private volatile Map<String, String> namedParameters;

  /**
   * @param namedParameters the values the connection gives {@code {name:Type}} parameters (its
   *     {@code clickhouse_setting_param_<name>} properties), by name
   */
  public ProxyConnection(Connection delegate, NoemataSettings settings, CatalogCache catalogs, CatalogKey catalogKey,
      Map<String, String> namedParameters) {
    super(delegate);
    this.namedParameters = Map.copyOf(namedParameters);
    this.settings = settings;
    this.catalogs = catalogs;
    this.catalogKey = catalogKey;
    DriverStats.connectionOpened();
  }

  /** The database clickhouse-jdbc gives a statement made now (it copies the connection's schema). */
  String currentDatabase() throws SQLException {
    String database = delegate.getSchema();
    return database == null || database.isEmpty() ? "default" : database;
  }

  /**
   * Decides what to send for {@code sql}, whose unqualified tables are in {@code database}; never
   * throws for a catalog or rewriter problem.
   */
  QueryProvenance plan(String sql, String database) {
    return plan(sql, database, List.of());
  }

  /** As {@link #plan(String, String)}, with the SQL literals bound to the statement's {@code ?}s. */
  QueryProvenance plan(String sql, String database, List<String> parameters) {
    if (settings.rewrite() == RewriteMode.OFF) {
      return QueryProvenance.asWritten(sql, "noemata.rewrite=off");
    }
    String word = SqlText.firstWord(sql);
    if (!SqlText.isQuery(word)) {
      return QueryProvenance.asWritten(sql, "not a query");
    }
    if (SqlText.switchedOff(sql)) {
      return QueryProvenance.asWritten(sql, "/* noemata:off */");
    }
    CatalogState catalog = catalogs.get(catalogKey);
    if (catalog.failure() != null) {
      return QueryProvenance.catalogFailure(sql, catalog.failure());
    }
    if (!catalog.mayRead(sql)) {
      return QueryProvenance.asWritten(sql, "reads no table with an accelerator");
    }
    RewriteResult r;
    try {
      r = RewriteCache.rewrite(sql, catalog.snapshot(), database, new Parameters(parameters, namedParameters));
    } catch (RuntimeException e) {
      LOG.warn("noemata: rewriter failed; sending the statement as written", e);
      return QueryProvenance.rewriterError(sql, e.toString());
    }
    return QueryProvenance.rewriterRan(sql, r, settings.rewrite() == RewriteMode.DRY_RUN);
  }

  /**
   * The quarantined rollups of the tables {@code p}'s statement names, when the rewriter read it
   * (so the catalog is at hand); only for warnings, never for what is sent.
   */
  List<QuarantinedRollup> quarantinedFor(QueryProvenance p, String database) {
    if (!(p instanceof QueryProvenance.Read || p instanceof QueryProvenance.FellBack)) {
      return List.of();
    }
    return catalogs.get(catalogKey).quarantinedFor(p.original(), database);
  }

  /** After a statement ran: DDL may have changed what is installed or who may read it. */
  void executed(String sql) {
    String first = SqlText.firstWord(sql);
    if (SqlText.isDdl(first)) {
      catalogs.invalidate(catalogKey.endpoint());
    }
    if (first.equals("SET") && sql.toLowerCase(java.util.Locale.ROOT).contains("param_")) {
      // a session may now substitute another value than the connection's property
      namedParameters = Map.of();
    }
  }

  /**
   * A rewritten statement failed and its original ran: count it and drop the stale catalog. When
   * the server refused access, the rollups the statement read stay out of this user's catalog.
   */
  void fellBack(QueryProvenance.FellBack p) {
    fallbacks.incrementAndGet();
    DriverStats.fellBack();
    if (p.failure().errorCode() == ACCESS_DENIED) {
      catalogs.deny(catalogKey, p.rollups().stream().filter(RollupUse::read)
          .map(u -> CatalogLoader.rollupId(u.table(), u.stableView())).toList());
    } else {
      catalogs.invalidate(catalogKey.endpoint());
    }
    LOG.info("noemata: rewritten statement failed with code {}; ran it as written", p.failure().errorCode());
  }

  void track(Statement s) {
    open.add(s);
  }

  void untrack(Statement s) {
    open.remove(s);
  }

  @Override
  public NoemataSettings settings() {
    return settings;
  }

  @Override
  public long fallbackCount() {
    return fallbacks.get();
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
    return catalogs.get(catalogKey).snapshot();
  }

  @Override
  public void invalidateCatalog() {
    catalogs.invalidate(catalogKey.endpoint());
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
    QueryProvenance p = plan(sql, database);
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
    return delegate.prepareCall(plan(sql, currentDatabase()).sent());
  }

  @Override
  public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
    return delegate.prepareCall(plan(sql, currentDatabase()).sent(), type, concurrency);
  }

  @Override
  public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
    return delegate.prepareCall(plan(sql, currentDatabase()).sent(), type, concurrency, holdability);
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
