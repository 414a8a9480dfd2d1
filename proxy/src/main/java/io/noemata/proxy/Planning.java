package io.noemata.proxy;

import com.clickhouse.jdbc.ClickHouseDriver;
import io.noemata.driver.NoemataSettings;
import io.noemata.driver.catalog.CatalogCache;
import io.noemata.driver.catalog.CatalogKey;
import io.noemata.driver.catalog.QuarantinedRollup;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.driver.provenance.Warnings;
import io.noemata.driver.proxy.QueryPlanner;
import io.noemata.driver.proxy.ServerExplainer;
import io.noemata.driver.proxy.SessionSettings;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Properties;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The driver's planning path for HTTP requests to one upstream: the shared {@link CatalogCache}
 * with the settings' TTLs, one {@link QueryPlanner} per request (it carries the request's
 * {@code param_<name>} values), and the catalog read over clickhouse-jdbc with the request's own
 * credentials, so each user's grants decide what its statements may read.
 *
 * <p>Catalogs are kept per user and password, not per user name alone: a request with a wrong
 * password must neither use another's catalog nor leave a failed read in its place. The password
 * enters the key only as an HMAC under a key made at start, never stored or logged.
 */
final class Planning {

  /** One statement decided. */
  record Decision(QueryPlanner planner, QueryProvenance provenance, List<QuarantinedRollup> quarantined, String database) {

    /** The provenance header for what was finally sent; null when there is nothing to say. */
    String header(QueryProvenance sent) {
      return ProvenanceHeader.of(Warnings.of(sent, quarantined));
    }
  }

  private final ProxyConfig config;
  private final CatalogCache catalogs;
  private final String endpoint;
  /** clickhouse-jdbc's URL of the upstream, up to the database. */
  private final String jdbcBase;
  private final SecretKeySpec keyOfThisRun;
  private final UserDatabases userDatabases;
  private static final ClickHouseDriver CLICKHOUSE = new ClickHouseDriver();
  private final com.github.benmanes.caffeine.cache.Cache<Credentials, CatalogKey> keys =
      io.noemata.driver.catalog.Caches.inline().maximumSize(10_000)
          .expireAfterAccess(java.time.Duration.ofHours(1)).build();
  /** When each catalog key was last planned with (see {@link #warm}). */
  private final Map<CatalogKey, Long> warm = new ConcurrentHashMap<>();

  private final UpstreamTls tls;

  /** {@code tls}: the upstream's trust, null for plain HTTP. */
  Planning(ProxyConfig config, UpstreamTls tls) {
    this.config = config;
    this.tls = tls;
    NoemataSettings s = config.settings();
    this.catalogs = CatalogCache.shared(s.catalogTtl(), s.catalogRefresh(), s.namespace().orElse(null));
    // the driver's form of an endpoint: in one JVM, DDL through either front drops the other's catalogs too
    this.endpoint = "jdbc:clickhouse://" + config.upstreamAuthority();
    this.jdbcBase = "jdbc:clickhouse:" + (config.tls() ? "https" : "http") + "://" + config.upstreamAuthority() + "/";
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    this.keyOfThisRun = new SecretKeySpec(key, "HmacSHA256");
    this.userDatabases = new UserDatabases(config, tls == null ? null : tls.jdk());
  }

  /** Each user's default database, for requests that name none. */
  UserDatabases userDatabases() {
    return userDatabases;
  }

  /**
   * Decides {@code sql}, whose unqualified tables are in {@code database}, in a session whose SET
   * statements left {@code session}, with the catalog of {@code key} ({@link #key} of its credentials).
   * Blocks while a catalog is read.
   */
  Decision plan(String sql, String database, RequestFacts facts, SessionSettings session, CatalogKey key) {
    return plan(sql, database, facts, session, key, null);
  }

  /**
   * As above; where the rewriter cannot read the statement, {@code explainer} (null: none) asks the
   * server for its own reading, as the driver's statements do ({@link #explainer}). Blocks while it answers.
   */
  Decision plan(String sql, String database, RequestFacts facts, SessionSettings session, CatalogKey key,
      ServerExplainer explainer) {
    QueryPlanner planner = new QueryPlanner(config.settings(), catalogs, key, facts.namedParameters(),
        facts.meaningSettings(), session);
    QueryProvenance p = planner.plan(sql, database, List.of(), explainer);
    Decision d = new Decision(planner, p, planner.quarantinedFor(p, database), database);
    warm.put(key, System.nanoTime());
    return d;
  }

  /** True when {@code d}, planned without an explainer, may read an accelerator once the server is asked. */
  boolean mayAskServer(Decision d) {
    return d.planner().mayAskServer(d.provenance(), List.of());
  }

  /**
   * The server asked with the request's own credentials, in {@code database}, on a connection of its
   * own: the driver asks on the application's connection, whose user and database these are.
   */
  ServerExplainer explainer(Credentials c, String database) {
    return sql -> {
      if (!c.readable() || !database.matches("[A-Za-z0-9_]+")) {
        return java.util.Optional.empty(); // a name the URL would have to escape: the statement goes as the rewriter decided
      }
      try (Connection conn = connect(c, database)) {
        return ServerExplainer.on(conn, sql);
      } catch (SQLException refused) {
        return java.util.Optional.empty();
      }
    };
  }

  /**
   * Whether {@code key}'s catalog was read recently enough (within the refresh age) that planning
   * cannot wait for a read: such a statement is planned on the event loop, without a thread hop.
   * Whatever drops catalogs here (DDL, a fallback) makes every key cold again.
   */
  boolean warm(CatalogKey key, String sql) {
    if (config.settings().rewrite() == io.noemata.driver.RewriteMode.OFF) {
      return true; // nothing is read: the planner says "as written" at once
    }
    Long last = warm.get(key);
    return last != null && System.nanoTime() - last < config.settings().catalogRefresh().toNanos()
        && catalogs.ready(key, sql); // what the user may read of the tables sql names is asked of the server once
  }

  /** A statement that ran: DDL drops the upstream's catalogs, as the driver does. */
  void executed(String sqlStart, RequestFacts facts) {
    warm.clear();
    new QueryPlanner(config.settings(), catalogs, key(facts.credentials()), Map.of()).executed(sqlStart);
  }

  /** The original ran after the rewritten text was refused: the driver's lesson (catalog dropped or the rollup denied). */
  void fellBack(Decision d, QueryProvenance.FellBack after) {
    warm.clear();
    d.planner().fellBack(after);
  }

  /** The catalog key of {@code c}: made once per user and password (an HMAC per request costs more than planning). */
  CatalogKey key(Credentials c) {
    return keys.get(c, this::newKey);
  }

  private CatalogKey newKey(Credentials c) {
    String user = c.readable() ? c.user() + "#" + fingerprint(c.password()) : c.user() + "#unreadable";
    return new CatalogKey(endpoint, user, () -> {
      if (!c.readable()) {
        throw new SQLException("the request authenticates in a way the proxy cannot read the catalog with", "28000");
      }
      return connect(c, "default");
    });
  }

  /** A connection to the upstream as {@code c} (readable), in {@code database}. */
  private Connection connect(Credentials c, String database) throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", c.user());
    props.setProperty("password", c.password());
    if (tls != null) {
      tls.addTo(props);
    }
    return CLICKHOUSE.connect(jdbcBase + database, props);
  }

  private String fingerprint(String password) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(keyOfThisRun);
      return HexFormat.of().formatHex(mac.doFinal(password.getBytes(StandardCharsets.UTF_8)), 0, 8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
