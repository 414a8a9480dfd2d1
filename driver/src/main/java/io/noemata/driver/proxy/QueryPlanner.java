package io.noemata.driver.proxy;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.driver.DriverStats;
import io.noemata.driver.NoemataSettings;
import io.noemata.driver.RewriteMode;
import io.noemata.driver.catalog.CatalogCache;
import io.noemata.driver.catalog.CatalogKey;
import io.noemata.driver.catalog.CatalogLoader;
import io.noemata.driver.catalog.CatalogState;
import io.noemata.driver.catalog.QuarantinedRollup;
import io.noemata.driver.provenance.Fallback;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.rewriter.syntax.Parameters;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.provenance.RollupUse;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rewrite path of one connection, whoever holds the connection: what to send for a statement
 * text (catalog cache, rewriter, provenance), what a statement that ran changes (DDL, SET param_),
 * and what a fallback teaches. {@link ProxyConnection} uses it for the URL swap,
 * {@link InPlaceConnection} for clickhouse-jdbc's own connections under the agent, and the HTTP
 * proxy (module {@code proxy}) one per request, with the request's {@code param_<name>} values.
 */
public final class QueryPlanner {

  private static final Logger LOG = LoggerFactory.getLogger(QueryPlanner.class);
  /** ClickHouse's ACCESS_DENIED. */
  private static final int ACCESS_DENIED = 497;

  private final NoemataSettings settings;
  private final CatalogCache catalogs;
  private final CatalogKey catalogKey;
  private final AtomicLong fallbacks = new AtomicLong();
  private final java.util.Set<String> meaningSettings;
  /** Values of {@code {name:Type}} parameters, trusted until a SET may have changed one. */
  private final Map<String, String> namedParameters;
  /** What this session's SET statements changed. */
  private volatile SessionSettings session;

  public QueryPlanner(NoemataSettings settings, CatalogCache catalogs, CatalogKey catalogKey, Map<String, String> namedParameters) {
    this(settings, catalogs, catalogKey, namedParameters, java.util.Set.of());
  }

  /**
   * @param meaningSettings server settings the connection sends with every statement that could make
   *     a rewritten level mean something else (additional_table_filters, ...): the rewriter never sees
   *     them, so with any of them every statement goes as written
   */
  public QueryPlanner(NoemataSettings settings, CatalogCache catalogs, CatalogKey catalogKey, Map<String, String> namedParameters,
      java.util.Set<String> meaningSettings) {
    this(settings, catalogs, catalogKey, namedParameters, meaningSettings, SessionSettings.NONE);
  }

  /** As above, in a session whose earlier SET statements changed {@code session}. */
  public QueryPlanner(NoemataSettings settings, CatalogCache catalogs, CatalogKey catalogKey, Map<String, String> namedParameters,
      java.util.Set<String> meaningSettings, SessionSettings session) {
    this.session = session;
    this.settings = settings;
    this.catalogs = catalogs;
    this.catalogKey = catalogKey;
    this.namedParameters = Map.copyOf(namedParameters);
    this.meaningSettings = java.util.Set.copyOf(meaningSettings);
  }

  NoemataSettings settings() {
    return settings;
  }

  /**
   * Decides what to send for {@code sql}, whose unqualified tables are in {@code database}, with
   * the SQL literals bound to its {@code ?}s (empty when unknown); never throws for a catalog or
   * rewriter problem.
   */
  public QueryProvenance plan(String sql, String database, List<String> parameters) {
    return plan(sql, SqlText.firstWord(sql), database, parameters);
  }

  /**
   * As {@link #plan(String, String, List)}; where the local path cannot read the statement,
   * {@code explainer} (null: none) asks the server for its own reading ({@link ServerAnalysis}), as
   * the driver's statements do. It blocks while the server answers.
   */
  public QueryProvenance plan(String sql, String database, List<String> parameters, ServerExplainer explainer) {
    return plan(sql, SqlText.firstWord(sql), database, parameters, explainer);
  }

  /**
   * True when {@code p}, planned without an explainer, is a "no" that planning with one might turn
   * into a read: so a front that plans on an I/O thread knows to plan again where it may block.
   */
  public boolean mayAskServer(QueryProvenance p, List<String> parameters) {
    return !p.changed() && parameters.isEmpty() && p.rewrite().map(r -> ServerAnalysis.asks(p.original(), r)).orElse(false);
  }

  /** As {@link #plan(String, String, List)}, with the text's {@link SqlText#firstWord} already read. */
  QueryProvenance plan(String sql, String word, String database, List<String> parameters) {
    return plan(sql, word, database, parameters, null);
  }

  /**
   * As {@link #plan(String, String, String, List)}; {@code explainer} (null: none) asks the server
   * for its analysis of a statement the local path could not read ({@link ServerAnalysis}).
   */
  QueryProvenance plan(String sql, String word, String database, List<String> parameters,
      ServerExplainer explainer) {
    if (settings.rewrite() == RewriteMode.OFF) {
      return QueryProvenance.asWritten(sql, "noemata.rewrite=off");
    }
    if (!SqlText.isQuery(word)) {
      return QueryProvenance.asWritten(sql, "not a query");
    }
    if (SqlText.switchedOff(sql)) {
      return QueryProvenance.asWritten(sql, "/* noemata:off */");
    }
    if (!meaningSettings.isEmpty()) {
      return QueryProvenance.asWritten(sql, "the connection sets " + String.join(", ", meaningSettings)
          + ", which a rewritten statement would not mean alike");
    }
    SessionSettings s = session;
    if (!s.meaning().isEmpty()) {
      return QueryProvenance.asWritten(sql, "the session set " + String.join(", ", s.meaning())
          + ", which a rewritten statement would not mean alike");
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
      CatalogSnapshot snapshot = catalogs.snapshotFor(catalogKey, catalog, sql);
      r = RewriteCache.rewrite(sql, snapshot, database, new Parameters(parameters, s.parametersSet() ? Map.of() : namedParameters));
      if (explainer != null) {
        r = ServerAnalysis.second(sql, r, parameters, snapshot, database, explainer);
      }
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
  public List<QuarantinedRollup> quarantinedFor(QueryProvenance p, String database) {
    if (!(p instanceof QueryProvenance.Read || p instanceof QueryProvenance.FellBack)) {
      return List.of();
    }
    return catalogs.get(catalogKey).quarantinedFor(p.original(), database);
  }

  /** After a statement ran: DDL may have changed what is installed or who may read it. */
  public void executed(String sql) {
    executed(sql, SqlText.firstWord(sql));
  }

  /** As {@link #executed(String)}, with the text's {@link SqlText#firstWord} already read. */
  void executed(String sql, String first) {
    if (SqlText.isDdl(first)) {
      catalogs.invalidate(catalogKey.endpoint());
    }
    if (first.equals("SET")) {
      session = session.after(sql); // e.g. param_x: the session may now bind another value than the connection's
    }
  }

  /** What this session's SET statements have changed so far. */
  public SessionSettings session() {
    return session;
  }

  /**
   * A rewritten statement failed and its original ran: count it and drop the stale catalog. When
   * the server refused access, the rollups the statement read stay out of this user's catalog.
   */
  public void fellBack(QueryProvenance.FellBack p) {
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

  /**
   * For a front that holds no JDBC statement (the HTTP proxy): when {@code failure} of {@code p}'s
   * rewritten text is one the text as written may not share ({@link FallbackPolicy}, the driver's
   * rule), what to report once the text as written has been sent instead; empty otherwise.
   */
  public Optional<QueryProvenance.FellBack> fallback(QueryProvenance p, SQLException failure) {
    if (!(p instanceof QueryProvenance.Rewritten rewritten) || !FallbackPolicy.applies(failure)) {
      return Optional.empty();
    }
    return Optional.of(rewritten.fellBack(new Fallback(FallbackPolicy.code(failure), FallbackPolicy.summary(failure))));
  }

  long fallbackCount() {
    return fallbacks.get();
  }

  CatalogSnapshot catalog() {
    return catalogs.get(catalogKey).snapshot();
  }

  void invalidateCatalog() {
    catalogs.invalidate(catalogKey.endpoint());
  }
}
