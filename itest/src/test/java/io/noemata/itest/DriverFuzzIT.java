package io.noemata.itest;

import static io.noemata.itest.DriverFixture.TARGET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Malformed SQL into the driver: corpus queries cut at random points, tokens dropped, duplicated or
 * swapped, unbalanced quotes and parentheses, 100 kB literals, 2,000 nested parentheses, stray
 * {@code ;}, function names in another case ({@code UNIQ}, {@code countIF}: {@link NameCase}), {@code \0} and unpaired surrogates (what a Java string holds of invalid UTF-8; both
 * drivers encode them alike). Through noemata each gives what plain clickhouse-jdbc gives: the same
 * rows, or an SQLException with the same vendor code and SQLState, or the very exception
 * clickhouse-jdbc's own parser throws (it refuses several statements with a RuntimeException and
 * overflows its stack on deep nesting); never an exception of its own, never a hang.
 *
 * <p>Planning time is bounded by construction, not measured: the lexer is one pass, and the parser
 * refuses (passes through unchanged) text nested deeper than 200 levels ({@code TokenStream}), so
 * every later walk over the tree is bounded too. {@code -Dnoemata.fuzz.statements=N} (5,000 under
 * {@code -Psoak}), {@code -Dnoemata.fuzz.seed=S} repeats a run.
 */
class DriverFuzzIT {

  static final int STATEMENTS = Integer.getInteger("noemata.fuzz.statements", 200);
  static final long SEED = Long.getLong("noemata.fuzz.seed", 20261201L);
  /** Longer than any statement here takes on the engine; past it the driver is taken to hang. */
  static final long HANG_SECONDS = 120;

  private static Connection plain;
  private static Connection noemata;
  /**
   * Runs each statement so that a hang is seen as one. Shared with {@link ProxyFuzzIT}, so never shut
   * down (its threads are daemons and idle ones end after a minute); a test class's end would
   * otherwise refuse the next class's statements.
   */
  private static final ExecutorService RUNNER = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "fuzz-statement");
    t.setDaemon(true);
    return t;
  });

  @BeforeAll
  static void open() throws Exception {
    DriverFixture.otel();
    plain = TARGET.connect("otel");
    noemata = DriverFixture.connect("otel");
    noemata.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog();
  }

  @AfterAll
  static void close() throws SQLException {
    plain.close();
    noemata.close();
  }

  /** What a statement gave: its rows (sorted: ties have no order) or its error's code and state. */
  record Outcome(String error, List<String> columns, List<String> rows) {
    static Outcome of(SQLException e) {
      return new Outcome("code " + e.getErrorCode() + ", state " + e.getSQLState(), List.of(), List.of());
    }
  }

  static Outcome run(Connection c, String sql) throws Exception {
    Future<Outcome> f = RUNNER.submit(() -> {
      try (Statement s = c.createStatement()) {
        s.setMaxRows(0);
        if (!s.execute(sql)) {
          return new Outcome(null, List.of(), List.of("update count " + s.getUpdateCount()));
        }
        try (ResultSet rs = s.getResultSet()) {
          List<String> rows = new ArrayList<>(ResultRows.rows(rs).stream().map(Object::toString).toList());
          rows.sort(Comparator.naturalOrder());
          return new Outcome(null, ResultRows.columnNames(rs), rows);
        }
      } catch (SQLException e) {
        return Outcome.of(e);
      } catch (RuntimeException | StackOverflowError e) {
        // clickhouse-jdbc's own parser throws these for some texts (several statements, deep nesting):
        // noemata must hand over the same, not one of its own
        String m = e.getMessage() == null ? "" : e.getMessage();
        return new Outcome("thrown " + e.getClass().getName() + ": " + (m.length() > 200 ? m.substring(0, 200) : m),
            List.of(), List.of());
      }
    });
    try {
      return f.get(HANG_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new AssertionError("no answer within " + HANG_SECONDS + " s (a hang): " + clip(sql));
    } catch (java.util.concurrent.ExecutionException e) {
      throw new AssertionError("the driver threw " + e.getCause() + " for: " + clip(sql), e.getCause());
    }
  }

  static String clip(String sql) {
    return sql.length() > 300 ? sql.substring(0, 300) + "... (" + sql.length() + " chars)" : sql;
  }

  private static final Pattern TOKEN = Pattern.compile("'(?:[^'\\\\]++|\\\\.)*+'|\"[^\"]*+\"|`[^`]*+`|\\w++|\\S");

  static List<int[]> tokens(String sql) {
    List<int[]> out = new ArrayList<>();
    Matcher m = TOKEN.matcher(sql);
    while (m.find()) {
      out.add(new int[] {m.start(), m.end()});
    }
    return out;
  }

  /** One malformed variant of {@code sql}, chosen by {@code r}. */
  static String mutate(String sql, Random r) {
    List<int[]> t = tokens(sql);
    int at = r.nextInt(sql.length() + 1);
    int[] tok = t.get(r.nextInt(t.size()));
    switch (r.nextInt(14)) {
      case 0:
        return sql.substring(0, at);
      case 1:
        return sql.substring(0, tok[0]) + sql.substring(tok[1]);
      case 2:
        return sql.substring(0, tok[1]) + " " + sql.substring(tok[0], tok[1]) + sql.substring(tok[1]);
      case 3: {
        int i = r.nextInt(Math.max(1, t.size() - 1));
        int[] a = t.get(i);
        int[] b = t.get(Math.min(i + 1, t.size() - 1));
        if (a == b) {
          return sql;
        }
        return sql.substring(0, a[0]) + sql.substring(b[0], b[1]) + sql.substring(a[1], b[0])
            + sql.substring(a[0], a[1]) + sql.substring(b[1]);
      }
      case 4:
        return sql.substring(0, at) + "'\"`".charAt(r.nextInt(3)) + sql.substring(at);
      case 5:
        return sql.substring(0, at) + "()".charAt(r.nextInt(2)) + sql.substring(at);
      case 6:
        return sql.substring(0, tok[0]) + "'" + "x".repeat(100_000) + "'" + sql.substring(tok[1]);
      case 7:
        return sql.substring(0, tok[0]) + "(".repeat(2_000) + sql.substring(tok[0], tok[1]) + ")".repeat(2_000)
            + sql.substring(tok[1]);
      case 8:
        return sql.substring(0, at) + ";" + sql.substring(at);
      case 9:
        return sql.substring(0, at) + "\0" + sql.substring(at);
      case 10:
        return sql.substring(0, at) + (r.nextBoolean() ? "\uD800" : "\uDFFF\uFFFE") + sql.substring(at);
      case 11:
        return sql.substring(0, tok[0]) + "(".repeat(2_000) + sql.substring(tok[0]); // never closed
      case 12:
        return NameCase.mutate(sql, r); // a function name in another case: accepted or refused, as the server says
      default:
        return sql + (r.nextBoolean() ? ";" : " ;; SELECT 1");
    }
  }

  @Test
  void malformedStatementsGetWhatPlainClickHouseJdbcGives() throws Exception {
    List<String> corpus = DriverFixture.corpus().stream().map(CorpusFile.Query::sql).toList();
    Random r = new Random(SEED);
    int same = 0;
    int failedAlike = 0;
    int unstable = 0;
    for (int i = 0; i < STATEMENTS; i++) {
      String base = corpus.get(r.nextInt(corpus.size()));
      String sql = mutate(base, r);
      if (r.nextInt(4) == 0) {
        sql = mutate(sql, r); // sometimes two faults at once
      }
      Outcome expected = run(plain, sql);
      Outcome actual = run(noemata, sql);
      if (expected.error() == null && actual.error() == null && !expected.equals(actual)) {
        // a result the engine itself does not repeat (LIMIT without ORDER BY, rand()): not comparable
        if (!expected.equals(run(plain, sql))) {
          unstable++;
          continue;
        }
      }
      assertEquals(expected, actual, "statement " + i + " (seed " + SEED + "): " + clip(sql));
      if (expected.error() == null) {
        same++;
      } else {
        failedAlike++;
      }
    }
    System.err.printf("DriverFuzzIT: %d statements (seed %d): %d same rows, %d same server error, %d unstable"
        + " on plain clickhouse-jdbc itself%n", STATEMENTS, SEED, same, failedAlike, unstable);
    assertTrue(failedAlike > STATEMENTS / 4, "most variants are malformed");
    assertTrue(noemata.isValid(5) && plain.isValid(5));
  }

  @Test
  void deepNestingPassesThroughAndAnswersAsPlain() throws Exception {
    var catalog = noemata.unwrap(io.noemata.driver.NoemataConnection.class).catalog();
    for (int depth : new int[] {100, 2_000, 20_000}) {
      String deep = "SELECT count() FROM otel_logs WHERE " + "(".repeat(depth) + "ResourceAttributes['k8s.pod.name'] = 'x'"
          + ")".repeat(depth);
      // noemata's planning of it: bounded, no overflow; beyond the parser's 200 levels it is sent as written
      var rewritten = io.noemata.rewriter.Rewriter.rewrite(deep, catalog, "otel");
      assertEquals(depth > 200, !rewritten.changed() && rewritten.provenance().notUnderstood() != null,
          "depth " + depth + ": " + rewritten.provenance().notUnderstood());
      assertEquals(run(plain, deep), run(noemata, deep), "depth " + depth + " around a stored Map subscript");
      String sql = "SELECT " + "(".repeat(depth) + "1" + ")".repeat(depth) + " AS x";
      assertEquals(run(plain, sql), run(noemata, sql), "depth " + depth);
      String where = "SELECT count() FROM otel_logs WHERE " + "(".repeat(depth)
          + "LogAttributes['http.method'] = 'GET'" + ")".repeat(depth);
      assertEquals(run(plain, where), run(noemata, where), "depth " + depth + " around a Map subscript");
    }
  }
}
