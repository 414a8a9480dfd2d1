package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.SortingKey;
import io.noemata.core.catalog.TableName;
import io.noemata.core.catalog.TableRows;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.rules.SmallRead;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupUse;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.Statement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The rollup rule keeps meaning on a real engine: the corpus header's two 1-minute rollups are
 * built by hand here exactly as the installer's contract says (an AggregatingMergeTree target per
 * rollup with a {@code bucket DateTime('UTC')} column, dimensions under their own names, one state
 * column per {@link Measure}, a stable view over it, filled from the raw tables), and every corpus
 * query labelled {@code rollup} is run as written and as rewritten, through plain clickhouse-jdbc.
 *
 * <p>Same column names, same column types, same rows. Exact measures (count, sum, avg and the
 * arithmetic over them) agree within a relative 1e-9 (avg is a quotient of two exact sums, the
 * division done in Float64 on both sides). {@code uniq} columns agree within a relative 3%, the
 * bound the seed gives {@code noemata validate} for sketches (a merged state may differ from one pass
 * over all rows by the estimator's own error). {@code quantile} columns agree within 15%: the
 * installer stores {@code quantileState(0.99)}, whose reservoir keeps every value of a group up to
 * 8192 (then merged and raw agree exactly: the corpus queries, grouped by hour at most, are held to
 * 1e-9) and samples beyond; two
 * samples of a group of tens of thousands log-normal durations put their p99 a few percent apart
 * (about 4% relative standard error each), so 15% is some three standard deviations of the
 * difference, while reading a wrong state or grouping misses by far more.
 */
class RewriterRollupIT {

  private static final ClickHouseTarget TARGET = DriverFixture.TARGET;
  private static final String DB = "otel";
  private static final Instant COVERED_FROM = Instant.parse("2024-05-01T00:00:00Z");
  private static final double EXACT = 1e-9;
  private static final double UNIQ = 0.03;
  private static final double QUANTILE = 0.15;


  /**
   * A rollup to build: its key, the frame alias, the source table, dimensions, measures, and the
   * first instant its target holds (a backfill still running holds nothing before it).
   */
  private record Spec(String key, String alias, String table, List<String> dimensions, List<String[]> measures,
      Instant from) {
    String view() {
      return "noemata_rollup_" + alias + "_" + key;
    }

    String target(String hash) {
      return view() + "__" + hash;
    }
  }

  /** measure: name, definition, state column, column type, what fills it from source rows. */
  private static final List<String[]> LOGS_MEASURES = List.of(
      new String[] {"LogCount", "count()", "LogCount", "SimpleAggregateFunction(sum, UInt64)", "count()"},
      new String[] {"ErrorCount", "countIf(SeverityNumber >= 17)", "ErrorCount", "SimpleAggregateFunction(sum, UInt64)",
          "countIf(SeverityNumber >= 17)"},
      new String[] {"UniqTraces", "uniq(TraceId)", "UniqTraces", "AggregateFunction(uniq, String)",
          "uniqState(TraceId)"});
  private static final Spec LOGS = new Spec("r_logs", "logs", "otel_logs", List.of("ServiceName", "SeverityText"),
      LOGS_MEASURES, COVERED_FROM);
  /** The same rollup while its backfill has only reached 2024-06-07: the raw table must answer before. */
  private static final Spec LOGS_PARTIAL = new Spec("r_partial", "logs", "otel_logs",
      List.of("ServiceName", "SeverityText"), LOGS_MEASURES, Instant.parse("2024-06-07T00:00:00Z"));
  private static final Spec TRACES = new Spec("r_traces", "traces", "otel_traces", List.of("ServiceName", "StatusCode"),
      List.of(
          new String[] {"SpanCount", "count()", "SpanCount", "SimpleAggregateFunction(sum, UInt64)", "count()"},
          new String[] {"AvgDuration", "sum(Duration)", "AvgDuration__sum", "SimpleAggregateFunction(sum, UInt64)",
              "sum(Duration)"},
          new String[] {"AvgDuration", "count(Duration)", "AvgDuration__count", "SimpleAggregateFunction(sum, UInt64)",
              "count(Duration)"},
          new String[] {"P99Duration", "quantile(0.99)(Duration)", "P99Duration",
              "AggregateFunction(quantile(0.99), UInt64)", "quantileState(0.99)(Duration)"},
          new String[] {"UniqTraces", "uniq(TraceId)", "UniqTraces", "AggregateFunction(uniq, String)",
              "uniqState(TraceId)"}),
      COVERED_FROM);
  private static final String HASH = "0c0ffee0";

  private static CatalogSnapshot snapshot;
  private static CatalogSnapshot backfilling;
  /** With row counts that make every rollup read small (SmallRead), as a big table's coarse levels are. */
  private static CatalogSnapshot small;
  /** As the driver reads the catalog: with the server's time zone, in which wall-clock strings are read. */
  private static CatalogSnapshot zoned;
  private static Connection plain;

  @BeforeAll
  static void rollups() throws Exception {
    DriverFixture.otel();
    plain = TARGET.connect(DB);
    try (java.sql.Statement s = plain.createStatement()) {
      for (Spec spec : List.of(LOGS, TRACES, LOGS_PARTIAL)) {
        drop(s, spec);
        StringBuilder columns = new StringBuilder("bucket DateTime('UTC')");
        StringBuilder fill = new StringBuilder("toStartOfMinute(Timestamp)");
        for (String d : spec.dimensions()) {
          columns.append(", ").append(d).append(" LowCardinality(String)");
          fill.append(", ").append(d);
        }
        for (String[] m : spec.measures()) {
          columns.append(", ").append(m[2]).append(' ').append(m[3]);
          fill.append(", ").append(m[4]);
        }
        String target = DB + "." + spec.target(HASH);
        s.execute("CREATE TABLE " + target + " (" + columns + ") ENGINE = AggregatingMergeTree"
            + " PARTITION BY toDate(bucket) ORDER BY (" + String.join(", ", spec.dimensions()) + ", bucket)");
        // two parts a day holding the same keys, kept apart: a read must merge them (GROUP BY or FINAL)
        s.execute("SYSTEM STOP MERGES " + target);
        for (int half = 0; half < 2; half++) {
          s.execute("INSERT INTO " + target + " SELECT " + fill + " FROM " + DB + "." + spec.table()
              + " WHERE Timestamp >= toDateTime(" + spec.from().getEpochSecond() + ") AND cityHash64(TraceId) % 2 = "
              + half + " GROUP BY ALL");
        }
        s.execute("CREATE VIEW " + DB + "." + spec.view() + " AS SELECT * FROM " + target);
      }
    }
    // with the server's clock, windows that start at a floored now() - INTERVAL are known to be covered
    // the sources' sorting keys as the catalog reads them, so raw edges restate their range on the
    // key (toStartOfFiveMinutes(Timestamp)); no row counts, so rollups are chosen by grain alone
    Map<TableName, TableRows> keys = Map.of(new TableName(DB, LOGS.table()), leadingKey(LOGS.table()),
        new TableName(DB, TRACES.table()), leadingKey(TRACES.table()));
    snapshot = CatalogSnapshot.of(1, List.of(table(LOGS), table(TRACES))).withServerClock(serverClock())
        .withRows(keys, 1);
    zoned = snapshot.withServerTimeZone(serverZone());
    backfilling = CatalogSnapshot.of(2, List.of(table(LOGS_PARTIAL), table(TRACES))).withRows(keys, 2);
    Instant end = serverClock().plus(Duration.ofDays(1));
    Map<TableName, TableRows> counts = new HashMap<>();
    for (Spec spec : List.of(LOGS, TRACES)) {
      TableRows key = leadingKey(spec.table());
      counts.put(new TableName(DB, spec.table()), new TableRows(List.of(new TableRows.Partition(COVERED_FROM, end,
          100_000_000)), key.leadingKey()));
      counts.put(new TableName(DB, spec.target(HASH)), new TableRows(List.of(new TableRows.Partition(COVERED_FROM, end,
          100))));
    }
    small = snapshot.withRows(counts, 3).withChangeableSettings(SmallRead.SETTINGS.keySet());
  }

  @AfterAll
  static void dropRollups() throws Exception {
    try (java.sql.Statement s = plain.createStatement()) {
      drop(s, LOGS);
      drop(s, TRACES);
      drop(s, LOGS_PARTIAL);
    }
    plain.close();
  }

  private static void drop(java.sql.Statement s, Spec spec) throws SQLException {
    s.execute("DROP VIEW IF EXISTS " + DB + "." + spec.view());
    s.execute("DROP TABLE IF EXISTS " + DB + "." + spec.target(HASH));
  }

  /** The table as the driver would see it: columns from system.columns, state types as the server reports them. */
  private static TableInfo table(Spec spec) throws SQLException {
    Map<String, String> types = columnTypes(spec.table());
    Map<String, String> stateTypes = columnTypes(spec.target(HASH));
    List<Measure> measures = new ArrayList<>();
    for (String[] m : spec.measures()) {
      measures.add(new Measure(m[0], m[1], m[2], stateTypes.get(m[2])));
    }
    Rollup r = new Rollup(spec.key(), spec.view(), spec.target(HASH), HASH, Duration.ofMinutes(1), "Timestamp",
        "bucket", spec.dimensions(), measures, spec.from(), null);
    return new TableInfo(new TableName(DB, spec.table()), types, List.of(), List.of(), List.of(), List.of(r));
  }

  private static TableRows leadingKey(String table) throws SQLException {
    try (PreparedStatement ps = plain.prepareStatement(
        "SELECT sorting_key FROM system.tables WHERE database = ? AND name = ?")) {
      ps.setString(1, DB);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        assertTrue(rs.next());
        return new TableRows(List.of(), SortingKey.leading(rs.getString(1)).orElse(""));
      }
    }
  }

  private static Instant serverClock() throws SQLException {
    try (java.sql.Statement s = plain.createStatement();
        ResultSet rs = s.executeQuery("SELECT toUnixTimestamp64Milli(now64(3))")) {
      assertTrue(rs.next());
      return Instant.ofEpochMilli(rs.getLong(1));
    }
  }

  private static java.time.ZoneId serverZone() throws SQLException {
    try (java.sql.Statement s = plain.createStatement(); ResultSet rs = s.executeQuery("SELECT timezone()")) {
      assertTrue(rs.next());
      return java.time.ZoneId.of(rs.getString(1));
    }
  }

  private static Map<String, String> columnTypes(String table) throws SQLException {
    Map<String, String> out = new LinkedHashMap<>();
    try (PreparedStatement ps = plain.prepareStatement(
        "SELECT name, type FROM system.columns WHERE database = ? AND table = ? ORDER BY position")) {
      ps.setString(1, DB);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getString(1), rs.getString(2));
        }
      }
    }
    assertTrue(!out.isEmpty(), "no columns for " + table);
    return out;
  }

  /** Every `rollup` query reads a rollup; any other the rule rewrites (the union rewrite) is compared too. */
  @TestFactory
  Stream<DynamicTest> everyRewrittenCorpusQueryReturnsWhatTheRawTableReturns() {
    return DriverFixture.corpus().stream().map(q -> DynamicTest.dynamicTest(q.id() + " [" + q.expect() + "]",
        () -> compare(q)));
  }

  private void compare(CorpusFile.Query q) throws SQLException {
    // the rewriter gets bound values as the SQL text they are sent as: strings quoted
    RewriteResult r = Rewriter.rewrite(q.sql(), snapshot, DB,
        q.params().stream().map(io.noemata.core.sql.Literals::string).toList());
    List<ResourceUse.Rollup> read = r.provenance().rollupsRead();
    if (!q.expect().equals("rollup") && read.isEmpty()) {
      assertSame(q.sql(), r.sql(), q.id());
      return;
    }
    assertTrue(r.changed() && !read.isEmpty(), () -> q.id() + " reads no rollup: " + r.provenance().rollups());
    for (ResourceUse.Rollup u : read) {
      assertTrue(r.sql().contains("`" + DB + "`.`" + u.stableView() + "__"), r.sql()); // its target: the view's name and hash
    }
    int rows = sameResults(q, r.sql(), EXACT);
    System.out.printf("%-32s %-11s %5d rows, levels read from rollups: %s%n", q.id(), q.expect(), rows,
        read.stream().map(u -> u.level() + ":" + u.rollup() + (u.rawEdges() ? "+raw edges" : "")).toList());
  }

  /** Runs the query as written and as rewritten and compares; returns the number of rows. */
  private int sameResults(CorpusFile.Query q, String rewrittenSql, double quantileTolerance)
      throws SQLException {
    return compare(q, run(q.sql(), q.params()), run(rewrittenSql, q.params()), rewrittenSql, quantileTolerance);
  }

  /**
   * The same for a window that moves with the server's clock: the rewritten query runs between two
   * runs of the original; when those two agree (each counts its rows, and the window only shrinks or
   * only grows), no row crossed the moving edge meanwhile, so the rewritten result must equal them.
   * When a row did cross, the three runs are repeated.
   */
  private static final int ATTEMPTS = 200;

  private int sameResultsWhileTheClockMoves(CorpusFile.Query q, String rewrittenSql, double quantileTolerance)
      throws SQLException {
    // rows lie 3.5 s apart at the edge; on a loaded 2-core machine three runs can take longer than
    // that, so most attempts may see one cross (20 attempts all did once): 200 make that chance nil
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Result before = run(q.sql(), q.params());
      Result rewritten = run(rewrittenSql, q.params());
      Result after = run(q.sql(), q.params());
      if (before.equals(after)) {
        return compare(q, before, rewritten, rewrittenSql, quantileTolerance);
      }
    }
    return fail(q.id() + ": rows kept crossing the moving window edge in " + ATTEMPTS + " tries\n" + q.sql());
  }

  private int compare(CorpusFile.Query q, Result original, Result rewritten, String rewrittenSql,
      double quantileTolerance) {
    assertEquals(original.names, rewritten.names, q.id() + ": column names");
    assertEquals(original.types, rewritten.types, q.id() + ": column types");
    assertEquals(original.rows.size(), rewritten.rows.size(), q.id() + ": row count\n" + rewrittenSql);
    Map<String, Double> approximate = approximateColumns(q.sql(), quantileTolerance);
    List<Integer> exactColumns = new ArrayList<>();
    for (int i = 0; i < original.names.size(); i++) {
      if (!approximate.containsKey(original.names.get(i))) {
        exactColumns.add(i);
      }
    }
    List<List<String>> a = determined(q, original, exactColumns);
    List<List<String>> b = determined(q, rewritten, exactColumns);
    Comparator<List<String>> byExact = (x, y) -> {
      for (int i : exactColumns) {
        int c = String.valueOf(x.get(i)).compareTo(String.valueOf(y.get(i)));
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
    a.sort(byExact);
    b.sort(byExact);
    assertEquals(a.size(), b.size(), q.id() + ": rows not decided by ties");
    for (int row = 0; row < a.size(); row++) {
      for (int col = 0; col < original.names.size(); col++) {
        String name = original.names.get(col);
        double tolerance = approximate.getOrDefault(name, EXACT);
        assertClose(a.get(row).get(col), b.get(row).get(col), tolerance, q.id() + " row " + row + " column " + name
            + "\n" + q.sql() + "\n" + rewrittenSql);
      }
    }
    return original.rows.size();
  }

  /**
   * Equivalent spellings ({@link Spellings}): each drawn query is written {@code
   * noemata.spellings.each} ways; every spelling gets the same decision (which rollups the levels
   * read, with or without raw rows) and returns what the raw table returns for it.
   * 250 queries by default, 1000 under {@code -Pthorough}, {@code -Dnoemata.spellings=10000} (the soak
   * profile) runs the long version.
   */
  @Test
  void everySpellingOfOneQueryGetsOneDecisionAndTheRawTablesRows() throws SQLException {
    int total = Trials.count("noemata.spellings", 250, 1000);
    int each = Integer.getInteger("noemata.spellings.each", 10);
    long seed = Long.getLong("noemata.spellings.seed", 20261201L);
    java.util.Random random = new java.util.Random(seed);
    int spelled = 0;
    int read = 0;
    int bases = 0;
    while (spelled < total) {
      Spellings.Base base = Spellings.base(random);
      bases++;
      String decision = null;
      String first = null;
      for (int i = 0; i < each && spelled < total; i++, spelled++) {
        String sql = Spellings.spell(base, random);
        RewriteResult r = Rewriter.rewrite(sql, zoned, DB, List.of());
        String d = r.provenance().rollupsRead().stream()
            .map(u -> u.level() + ":" + u.rollup() + (u.rawEdges() ? "+raw" : "")).toList().toString();
        if (decision == null) {
          decision = d;
          first = sql;
        }
        assertTrue(r.provenance().skippedRollups().stream().noneMatch(u -> u.code() == io.noemata.rewriter.provenance.RollupSkip.RULE_FAILED),
            () -> "the rule failed on " + sql + "\n" + r.provenance().rollups());
        if (!decision.equals(d)) {
          fail("two spellings of " + base + " decided differently:\n" + first + "\n" + sql + "\n"
              + r.provenance().rollups());
        }
        if (r.changed()) {
          read++;
          sameResults(new CorpusFile.Query("spelling " + seed + "#" + spelled, "rollup", List.of(), sql), r.sql(),
              QUANTILE);
        } else {
          assertSame(sql, r.sql());
        }
      }
    }
    System.out.printf("spellings: %d of %d queries (seed %d), %d read a rollup, 0 decision differences,"
        + " 0 mismatches%n", spelled, bases, seed, read);
    assertTrue(read >= total / 4 && read <= total * 9 / 10, "the generator should draw both kinds: " + read);
  }

  /**
   * This repository's corpus of what real clients send (src/test/resources/corpus/clients.sql):
   * every query the rule rewrites returns what the raw table returns, and at least 90% of those
   * labelled {@code rollup} read a rollup (each one that does not is printed with its reason).
   */
  @Test
  void theClientsCorpusIsAcceleratedAndReturnsWhatTheRawTableReturns() throws SQLException {
    int[] counts = acceleratedAndSame("clients.sql");
    assertTrue(counts[0] * 10 >= counts[1] * 9, counts[0] + " of " + counts[1]);
  }

  /**
   * The corpus of what BI tools, semantic layers, query engines' connectors and SQL builders send
   * (src/test/resources/corpus/tools.sql, issue 26): at least 95% of the queries labelled {@code
   * rollup} read a rollup, every rewritten one returns the raw table's column names, types and rows,
   * and the statements the server refuses are sent as written.
   */
  @Test
  void theToolsCorpusIsAcceleratedAndReturnsWhatTheRawTableReturns() throws SQLException {
    int[] counts = acceleratedAndSame("tools.sql");
    assertTrue(counts[0] * 100 >= counts[1] * 95, counts[0] + " of " + counts[1]);
  }

  /**
   * HyperDX's statements name their table with {@code {name:Identifier}} parameters and bind the
   * window's milliseconds as {@code {name:Int64}}: decided from the values the server would get,
   * each rewritten statement returns what the original returns, both run with the values written in
   * as the server substitutes them.
   */
  @Test
  void hyperDxsParameterisedStatementsAreAcceleratedAndReturnWhatTheRawTableReturns() throws SQLException {
    // hours back from this hour's start to 2024-06-09 06:00 UTC (a relative window reaching the corpus days)
    long hours = java.time.Duration.between(java.time.Instant.parse("2024-06-09T06:00:00Z"),
        java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.HOURS)).toHours();
    Map<String, String> values = Map.of("HYPERDX_PARAM_1", DB, "HYPERDX_PARAM_2", "otel_logs",
        "HYPERDX_PARAM_5", "1717912800000", "HYPERDX_PARAM_6", "1717956000000", "HYPERDX_PARAM_7", "1717912812345",
        "HYPERDX_PARAM_8", "1000", "HYPERDX_PARAM_9", Long.toString(hours));
    String from = " FROM {HYPERDX_PARAM_1:Identifier}.{HYPERDX_PARAM_2:Identifier} WHERE ";
    List<String> statements = List.of(
        "SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, count() AS \"count()\""
            + from + "(Timestamp >= fromUnixTimestamp64Milli({HYPERDX_PARAM_5:Int64}) AND Timestamp <="
            + " fromUnixTimestamp64Milli({HYPERDX_PARAM_6:Int64})) GROUP BY `__hdx_time_bucket` ORDER BY `__hdx_time_bucket`"
            + " WITH FILL FROM toUnixTimestamp(toStartOfInterval(fromUnixTimestamp64Milli({HYPERDX_PARAM_5:Int64}), INTERVAL"
            + " 1 minute)) TO toUnixTimestamp(toStartOfInterval(fromUnixTimestamp64Milli({HYPERDX_PARAM_6:Int64}), INTERVAL"
            + " 1 minute)) STEP 60",
        "SELECT ServiceName, countIf(SeverityText = 'ERROR') AS e, count() AS n" + from + "(toStartOfFiveMinutes(Timestamp)"
            + " >= toStartOfFiveMinutes(fromUnixTimestamp64Milli({HYPERDX_PARAM_7:Int64})) AND toStartOfFiveMinutes(Timestamp)"
            + " <= toStartOfFiveMinutes(fromUnixTimestamp64Milli({HYPERDX_PARAM_6:Int64})))AND(Timestamp >="
            + " fromUnixTimestamp64Milli({HYPERDX_PARAM_7:Int64}) AND Timestamp <= fromUnixTimestamp64Milli({HYPERDX_PARAM_6:Int64}))"
            + " GROUP BY ServiceName ORDER BY n DESC LIMIT {HYPERDX_PARAM_8:Int32}",
        "SELECT SeverityText, count() AS n" + from + "Timestamp >= toStartOfHour(now()) - INTERVAL {HYPERDX_PARAM_9:UInt32}"
            + " HOUR AND Timestamp < fromUnixTimestamp64Milli({HYPERDX_PARAM_6:Int64}) GROUP BY SeverityText ORDER BY SeverityText");
    int read = 0;
    for (String sql : statements) {
      RewriteResult r = Rewriter.rewrite(sql, zoned, "default",
          new io.noemata.rewriter.syntax.Parameters(List.of(), values));
      assertTrue(r.provenance().rollups().stream().anyMatch(RollupUse::read), r.provenance().toString());
      read++;
      sameResults(new CorpusFile.Query("hdx-" + read, "rollup", List.of(), substituted(sql, values)),
          substituted(r.sql(), values), EXACT);
    }
    System.out.printf("HyperDX parameterised statements: %d read a rollup, 0 mismatches%n", read);
  }

  /** {@code sql} with each {@code {name:Type}} written as the value the server substitutes. */
  private static String substituted(String sql, Map<String, String> values) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{(\\w+):(\\w+)}").matcher(sql);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String v = values.get(m.group(1));
      m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(
          m.group(2).equals("Identifier") ? "`" + v + "`" : v));
    }
    return m.appendTail(out).toString();
  }

  /** Runs a corpus of src/test/resources/corpus; returns {accelerated, labelled rollup}. */
  private int[] acceleratedAndSame(String file) throws SQLException {
    List<CorpusFile.Query> corpus = CorpusFile.read(java.nio.file.Path.of("src/test/resources/corpus/" + file));
    int labelled = 0;
    int accelerated = 0;
    for (CorpusFile.Query q : corpus) {
      // with the server's zone, as the driver's and the proxy's catalogs always read it
      RewriteResult r = Rewriter.rewrite(q.sql(), zoned, DB,
          q.params().stream().map(io.noemata.core.sql.Literals::string).toList());
      boolean read = r.provenance().rollups().stream().anyMatch(RollupUse::read);
      if (q.expect().equals("rollup")) {
        labelled++;
        accelerated += read ? 1 : 0;
        if (!read) {
          System.out.println(file + ": " + q.id() + " reads no rollup: " + r.provenance().rollups());
        }
      }
      if (read) {
        sameResults(q, r.sql(), EXACT);
      } else {
        assertSame(q.sql(), r.sql(), q.id());
      }
    }
    System.out.printf("%s: %d queries, %d of %d labelled rollup read a rollup, 0 mismatches%n",
        file, corpus.size(), accelerated, labelled);
    return new int[] {accelerated, labelled};
  }

  /**
   * A window function over a level's grouped rows: the inner level reads the rollup, the window
   * level stays as written (issue #5), and the running sums and counts come out the same.
   */
  @Test
  void aWindowOverARollupLevelsGroupsReturnsWhatTheRawTableReturns() throws SQLException {
    String sql = "SELECT s, n, sum(n) OVER (ORDER BY s ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running,"
        + " count() OVER () AS services FROM (SELECT ServiceName AS s, count() AS n FROM otel.otel_logs"
        + " WHERE Timestamp >= toDateTime(1717372800) AND Timestamp < toDateTime(1717977600) GROUP BY s)";
    RewriteResult r = Rewriter.rewrite(sql, snapshot, DB, List.of());
    assertEquals(List.of(2), r.provenance().rollupsRead().stream().map(ResourceUse.Rollup::level).toList(),
        r.provenance().rollups().toString());
    assertTrue(r.sql().startsWith("SELECT s, n, sum(n) OVER (ORDER BY s ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"
        + " AS running, count() OVER () AS services FROM (SELECT ServiceName AS s, sum(`LogCount`) AS n"), r.sql());
    assertTrue(sameResults(new CorpusFile.Query("window over rollup", "rollup", List.of(), sql), r.sql(), EXACT) > 1);
  }

  /**
   * Dashboard-shaped queries drawn at random (buckets of every spelling and width, aligned and
   * unaligned windows in every spelling, inclusive bounds, dimension and non-dimension filters,
   * stored and unstored aggregates, unaliased items): each one the rule rewrites returns what the
   * raw table returns. 240 by default, 1000 under {@code -Pthorough}; {@code -Dnoemata.rollup.queries=10000}
   * (the soak profile) runs the long version.
   */
  @Test
  void randomDashboardQueriesReturnTheSameRowsWhenRewritten() throws SQLException {
    randomQueries(snapshot, queries(), 20240603L);
  }

  /**
   * The same over a logs rollup whose target holds nothing before 2024-06-07 (a backfill still
   * running): a level reading it for earlier rows would miss them, so only the union of its covered
   * buckets with raw rows for the rest keeps the results equal.
   */
  @Test
  void randomDashboardQueriesOverABackfillStillRunningReturnTheSameRows() throws SQLException {
    randomQueries(backfilling, queries() / 4, 20241107L);
  }

  /**
   * The same where every rollup read is small: one thread and the other settings of a small read,
   * and where each group is one rollup row, FINAL instead of GROUP BY over targets whose day
   * partitions hold two parts with the same keys.
   */
  @Test
  void randomSmallReadsReturnTheSameRowsAndGroupsThatAreRowsAreReadWithFinal() throws SQLException {
    int[] final_ = randomQueries(small, queries() / 2, 20261201L);
    assertTrue(final_[0] > 0, "no small read was drawn");
    assertTrue(final_[1] > 0, "no level whose groups are rollup rows was drawn");
  }

  /**
   * Levels whose groups are the rollup's rows (every dimension and the minute), small: read with
   * FINAL and no GROUP BY over the two parts each day holds, they return the raw table's rows,
   * names and types; levels that group coarser keep their GROUP BY.
   */
  @Test
  void levelsWhoseGroupsAreRollupRowsReturnTheRawTablesRows() throws SQLException {
    String week = " WHERE Timestamp >= toDateTime(1717372800) AND Timestamp < toDateTime(1717977600)";
    List<String> rows = List.of(
        "SELECT toStartOfMinute(Timestamp) AS t, ServiceName, SeverityText, count() AS n FROM otel.otel_logs" + week
            + " GROUP BY t, ServiceName, SeverityText ORDER BY t, ServiceName, SeverityText",
        "SELECT ServiceName AS s, toStartOfInterval(Timestamp, INTERVAL 60 second) AS t, StatusCode, count(), avg(Duration)"
            + " AS mean, sum(Duration) AS total FROM otel.otel_traces" + week + " AND ServiceName != 'x'"
            + " GROUP BY StatusCode, t, s ORDER BY total DESC, t, s, StatusCode LIMIT 50",
        "SELECT s, max(n) AS peak FROM (SELECT toStartOfMinute(Timestamp) AS t, ServiceName AS s, SeverityText, count() AS n"
            + " FROM otel.otel_logs" + week + " GROUP BY t, s, SeverityText) GROUP BY s ORDER BY s");
    for (String sql : rows) {
      RewriteResult r = Rewriter.rewrite(sql, small, DB, List.of());
      assertTrue(r.sql().contains(" FINAL ") && r.sql().contains("output_format_parallel_formatting = 0"), r.sql());
      assertTrue(sameResults(new CorpusFile.Query("rows", "rollup", List.of(), sql), r.sql(), EXACT) > 1, sql);
    }
    String hourly = "SELECT toStartOfHour(Timestamp) AS t, ServiceName, SeverityText, count() AS n FROM otel.otel_logs"
        + week + " GROUP BY t, ServiceName, SeverityText ORDER BY t, ServiceName, SeverityText";
    RewriteResult r = Rewriter.rewrite(hourly, small, DB, List.of());
    assertTrue(r.changed() && r.sql().contains("GROUP BY") && !r.sql().contains("FINAL"), r.sql());
    assertTrue(sameResults(new CorpusFile.Query("hourly", "rollup", List.of(), hourly), r.sql(), EXACT) > 1);
  }

  /** Random queries of the first test, a quarter and a half of it for the others: 240 by default, 1000 under -Pthorough. */
  private static int queries() {
    return Trials.count("noemata.rollup.queries", 240, 1000);
  }

  /** Returns how many rewrites were small reads and how many of them read rollup rows with FINAL. */
  private int[] randomQueries(CatalogSnapshot catalog, int count, long defaultSeed) throws SQLException {
    long seed = Long.getLong("noemata.rollup.seed", defaultSeed);
    java.util.Random random = new java.util.Random(seed);
    long now = serverClock().getEpochSecond();
    int rewritten = 0;
    int withRawRows = 0;
    int keyedEdges = 0; // raw edges that restate their range on the sorting key
    int[] kinds = new int[3]; // rewritten with parameters, with a moving window, over two levels
    int[] smallReads = new int[2]; // with SmallRead's settings, of them with FINAL
    for (int i = 0; i < count; i++) {
      DashboardQueries.Drawn d = DashboardQueries.next(random, now);
      RewriteResult r = Rewriter.rewrite(d.sql(), catalog, DB,
          d.params().stream().map(io.noemata.core.sql.Literals::string).toList());
      withRawRows += r.provenance().rollupsRead().stream().anyMatch(ResourceUse.Rollup::rawEdges) ? 1 : 0;
      assertTrue(r.provenance().skippedRollups().stream().noneMatch(u -> u.code() == io.noemata.rewriter.provenance.RollupSkip.RULE_FAILED),
          () -> "the rule failed on " + d.sql() + "\n" + r.provenance().rollups());
      if (!r.changed()) {
        assertTrue(r.provenance().rollups().stream().noneMatch(RollupUse::read), d.sql());
        continue;
      }
      rewritten++;
      keyedEdges += r.sql().contains("toStartOfFiveMinutes(Timestamp) < toDateTime(") ? 1 : 0;
      smallReads[0] += r.sql().contains("output_format_parallel_formatting = 0") ? 1 : 0;
      smallReads[1] += r.sql().contains(" FINAL ") ? 1 : 0;
      kinds[0] += d.params().isEmpty() ? 0 : 1;
      kinds[1] += d.moving() ? 1 : 0;
      kinds[2] += Query.selects(SqlParser.parse(d.sql()).node().query()).size() > 1 ? 1 : 0;
      CorpusFile.Query q = new CorpusFile.Query("random " + seed + "#" + i, "rollup", d.params(), d.sql());
      if (d.moving()) {
        sameResultsWhileTheClockMoves(q, r.sql(), QUANTILE);
      } else {
        sameResults(q, r.sql(), QUANTILE);
      }
    }
    System.out.printf("random dashboard queries: %d drawn (seed %d), %d rewritten (%d with raw rows, %d of them on the"
        + " sorting key; %d with parameters, %d with now()-relative windows, %d over two levels; %d small reads, %d of"
        + " them with FINAL), 0 mismatches%n",
        count, seed, rewritten, withRawRows, keyedEdges, kinds[0], kinds[1], kinds[2], smallReads[0], smallReads[1]);
    assertTrue(withRawRows > 0, "the union rewrite was never drawn");
    assertTrue(keyedEdges > 0, "no raw edge restated its range on the logs' sorting key");
    assertTrue(Arrays.stream(kinds).allMatch(k -> k > 0), "a kind of query was never rewritten: " + Arrays.toString(kinds));
    assertTrue(rewritten >= count / 5, "too few rewritten to prove anything: " + rewritten);
    assertTrue(rewritten <= count * 4 / 5, "the generator should also draw queries a rollup cannot answer");
    return smallReads;
  }

  /**
   * The rows whose presence does not depend on how ties are broken: all of them, unless LIMIT cut
   * the result; then those strictly before the last value of the first ORDER BY column.
   */
  private static List<List<String>> determined(CorpusFile.Query q, Result r, List<Integer> exactColumns) {
    Statement st = SqlParser.parse(q.sql()).node();
    List<Query.Select> selects = Query.selects(st.query());
    Query.Select outer = selects.get(selects.size() - 1);
    if (outer.limit() == null || !(outer.limit() instanceof Expr.Literal l)
        || r.rows.size() < Long.parseLong(l.text())) {
      return new ArrayList<>(r.rows);
    }
    if (outer.orderBy().isEmpty() || !(outer.orderBy().get(0).expr() instanceof Expr.Identifier key)
        || !r.names.contains(key.name()) || !exactColumns.contains(r.names.indexOf(key.name()))) {
      fail(q.id() + ": LIMIT cuts the result and the order is not on one exact result column");
    }
    int k = r.names.indexOf(((Expr.Identifier) outer.orderBy().get(0).expr()).name());
    String last = r.rows.get(r.rows.size() - 1).get(k);
    List<List<String>> out = new ArrayList<>();
    for (List<String> row : r.rows) {
      if (!row.get(k).equals(last)) {
        out.add(row);
      }
    }
    return out;
  }

  /** Result names of the select items (at any level) that read a uniq or quantile aggregate, with their tolerance. */
  private static Map<String, Double> approximateColumns(String sql, double quantile) {
    Map<String, Double> out = new LinkedHashMap<>();
    collectApproximate(SqlParser.parse(sql).node(), out, quantile);
    return out;
  }

  private static void collectApproximate(Node n, Map<String, Double> out, double quantile) {
    if (n instanceof Query.Select s) {
      for (Expr item : s.items()) {
        double tolerance = sketchTolerance(item, quantile);
        if (tolerance > 0) {
          out.merge(item instanceof Expr.Aliased a ? a.alias() : "?", tolerance, Math::max);
        }
      }
    }
    n.children().forEach(c -> collectApproximate(c, out, quantile));
  }

  private static double sketchTolerance(Node n, double quantile) {
    double t = 0;
    if (n instanceof Expr.Call c) {
      String name = c.name().toLowerCase(Locale.ROOT);
      t = name.startsWith("quantile") ? quantile : name.startsWith("uniq") ? UNIQ : 0;
    }
    for (Node child : n.children()) {
      t = Math.max(t, sketchTolerance(child, quantile));
    }
    return t;
  }

  private static void assertClose(String expected, String actual, double tolerance, String what) {
    if (expected == null || actual == null || expected.equals(actual)) {
      assertEquals(expected, actual, what);
      return;
    }
    double x;
    double y;
    try {
      x = Double.parseDouble(expected);
      y = Double.parseDouble(actual);
    } catch (NumberFormatException e) {
      assertEquals(expected, actual, what);
      return;
    }
    double scale = Math.max(Math.abs(x), Math.abs(y));
    assertTrue(Math.abs(x - y) <= tolerance * scale, what + ": " + expected + " vs " + actual);
  }

  private record Result(List<String> names, List<String> types, List<List<String>> rows) {}

  /** Runs {@code sql} (a trailing FORMAT clause, kept byte for byte by the rewrite, is left to the server's text path). */
  private static Result run(String sql, List<String> params) throws SQLException {
    Statement st = SqlParser.parse(sql).node();
    String text = st.format() == null ? sql : sql.substring(0, sql.lastIndexOf("FORMAT")).stripTrailing();
    try (PreparedStatement ps = plain.prepareStatement(text)) {
      for (int i = 0; i < params.size(); i++) {
        ps.setString(i + 1, params.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        return new Result(ResultRows.columnNames(rs), ResultRows.columnTypes(rs), ResultRows.rows(rs));
      }
    }
  }

  @Test
  void theHandMadeRollupsHoldEveryRawRow() throws SQLException {
    for (String[] pair : new String[][] {{"otel_logs", LOGS.view(), "LogCount"}, {"otel_traces", TRACES.view(), "SpanCount"}}) {
      try (java.sql.Statement s = plain.createStatement();
          ResultSet rs = s.executeQuery("SELECT (SELECT count() FROM " + DB + "." + pair[0] + "), (SELECT sum("
              + pair[2] + ") FROM " + DB + "." + pair[1] + ")")) {
        assertTrue(rs.next());
        assertNotEquals(0L, rs.getLong(1));
        assertEquals(rs.getLong(1), rs.getLong(2), pair[0]);
      }
    }
  }
}
