package io.noemata.itest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import io.noemata.embedded.http.QueryLog;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;

/** What the driver's integration tests share: URLs, connections, the OTel data, the corpus. */
final class DriverFixture {

  static final ClickHouseTarget TARGET = ClickHouseTarget.get();
  /** Rows of each OTel table: enough for every corpus query to return rows, quick to generate. */
  static final long OTEL_ROWS = 200_000;

  private static boolean otelReady;

  private DriverFixture() {}

  static String url(String database) {
    return "jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + database;
  }

  /** A noemata connection to {@code database} with extra properties as name, value pairs. */
  static Connection connect(String database, String... props) throws SQLException {
    Properties p = TARGET.credentials();
    for (int i = 0; i < props.length; i += 2) {
      p.setProperty(props[i], props[i + 1]);
    }
    return DriverManager.getConnection(url(database), p);
  }

  /** The corpus days of OTel data in database {@code otel}, generated once if missing. */
  static synchronized void otel() throws Exception {
    if (otelReady) {
      return;
    }
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      long rows = 0;
      try (ResultSet rs = s.executeQuery("SELECT sum(total_rows) FROM system.tables WHERE database = 'otel'"
          + " AND name IN ('otel_logs', 'otel_traces')")) {
        if (rs.next()) {
          rows = rs.getLong(1);
        }
      }
      if (rows == 0) {
        new OtelDataGenerator(OtelDataSpec.corpusDays(OTEL_ROWS)).generate(s::execute, (t, d, n) -> {});
      }
    }
    otelReady = true;
  }

  static QueryLog log() {
    QueryLog log = TARGET.embeddedQueryLog();
    if (log == null) {
      throw new IllegalStateException("these tests read the embedded engine's query log; run with NOEMATA_IT_TARGET=embedded");
    }
    return log;
  }

  /** The SQL texts the engine received after {@code mark}, without the driver's own catalog reads. */
  static List<String> sentSince(long mark) {
    return log().since(mark).stream().map(QueryLog.Entry::sql).filter(t -> !isCatalogRead(t)).toList();
  }

  /**
   * How many catalog reads arrived after {@code mark}: each starts with the columns of the tables
   * that have accelerators (the ledger's own column reads share the SELECT, not that scope).
   */
  static long catalogReadsSince(long mark) {
    return log().since(mark).stream().map(QueryLog.Entry::sql)
        .filter(t -> t.startsWith("SELECT database, table, name, type, default_kind")
            && t.contains("default_kind = 'MATERIALIZED'")).count();
  }

  /** The driver's own reads (see {@link CatalogReads}); tests send none of these shapes. */
  private static boolean isCatalogRead(String sql) {
    return CatalogReads.is(sql);
  }

  /**
   * Database {@code db} afresh with table {@code logs}: a Map column and the stored column
   * {@code pod} for its {@code k8s.pod.name}, 100 rows for each of {@code pods} pods
   * ({@code pod-0}, {@code pod-1}, ...), one a second from 2024-06-10.
   */
  static void podLogs(String db, int pods) throws SQLException {
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + db);
      s.execute("CREATE DATABASE " + db);
      s.execute("CREATE TABLE " + db + ".logs (ts DateTime, attrs Map(LowCardinality(String), String),"
          + " pod LowCardinality(String) MATERIALIZED attrs['k8s.pod.name']) ENGINE = MergeTree ORDER BY ts");
      s.execute("INSERT INTO " + db + ".logs (ts, attrs) SELECT toDateTime('2024-06-10 00:00:00') + number,"
          + " map('k8s.pod.name', concat('pod-', toString(number % " + pods + "))) FROM numbers(" + 100 * pods + ")");
    }
  }

  static List<SQLWarning> warnings(SQLWarning w) {
    List<SQLWarning> out = new ArrayList<>();
    for (; w != null; w = w.getNextWarning()) {
      out.add(w);
    }
    return out;
  }

  static List<String> states(SQLWarning w) {
    return warnings(w).stream().map(SQLWarning::getSQLState).toList();
  }

  /** The statements of corpus/queries.sql. */
  static List<CorpusFile.Query> corpus() {
    return CorpusFile.queries();
  }
}
