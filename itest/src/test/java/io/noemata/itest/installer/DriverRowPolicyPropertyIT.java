package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.steps.Publish;
import io.noemata.itest.CorpusFile;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random users under random row policies and column grants, each asking the shared corpus and this
 * repository's client corpus through noemata and through plain clickhouse-jdbc: every user gets
 * exactly what plain clickhouse-jdbc gives it, rows or error code, never a row more. Policies read
 * dimensions and other columns alike; on some rounds the targets carry the same policies (what a
 * mirror makes), so the rollups answer some of the policies' users. {@code noemata.policy.rounds}
 * sets the number of rounds (1 by default, 2 under {@code -Pthorough}, 20 under {@code -Psoak}), each a
 * new draw of users and policies.
 */
class DriverRowPolicyPropertyIT {

  static final String DB = "drv_policy_prop";
  static final int USERS = 5;
  /** Over ServiceName, the one dimension every logs rollup keeps: what a mirrored round draws from. */
  static final List<String> LOGS_ON_SERVICE = List.of("ServiceName = 'checkout'", "ServiceName IN ('cart', 'frontend')",
      "ServiceName != 'api'");
  /** Conditions on the logs: over the rollups' dimensions, then over other columns. */
  static final List<String> LOGS_ON_DIMENSIONS = List.of("ServiceName = 'checkout'", "ServiceName IN ('cart', 'frontend')",
      "ServiceName != 'api'", "SeverityText = 'ERROR'", "lower(SeverityText) IN ('warn', 'error')");
  static final List<String> LOGS_ON_OTHERS = List.of("SeverityNumber >= 13", "TraceId != ''",
      "ResourceAttributes['k8s.namespace.name'] = 'shop'", "toHour(Timestamp) < 12");
  static final List<String> SPANS_ON_DIMENSIONS = List.of("ServiceName = 'checkout'", "StatusCode != 'Error'",
      "SpanKind = 'Server'");
  static final List<String> SPANS_ON_OTHERS = List.of("Duration > 1000000", "ParentSpanId = ''");
  static final List<String> REVOKABLE = List.of("SeverityText", "ResourceAttributes", "LogAttributes", "Body");

  @TempDir static Path dir;
  static AccessRules rules;
  static List<String> logsTargets;
  static List<String> spansTargets;
  static List<CorpusFile.Query> corpus;

  @BeforeAll
  static void publish() throws Exception {
    rules = AccessRules.start(dir);
    try (Connection c = rules.plain(null, "default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      new OtelDataGenerator(new OtelDataSpec(DB, 40_000, 40_000, OtelDataSpec.CORPUS_FIRST_DAY, OtelDataSpec.CORPUS_DAYS))
          .generate(s::execute, (t, d, n) -> { });
    }
    Path project = InstallerFixture.corpusExample(dir.resolve("project"), DB);
    try (Connection c = rules.plain(null, DB)) {
      Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB), false);
      logsTargets = targets(c, "noemata_rollup_logs_");
      spansTargets = targets(c, "noemata_rollup_traces_");
    }
    corpus = new ArrayList<>(CorpusFile.queries());
    corpus.addAll(CorpusFile.read(Path.of("src/test/resources/corpus/clients.sql")));
  }

  @AfterAll
  static void stop() throws Exception {
    if (rules != null) {
      rules.close();
    }
  }

  static List<String> targets(Connection c, String prefix) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT name FROM system.tables WHERE database = '"
        + DB + "' AND startsWith(name, '" + prefix + "') AND position(name, '__') > 0 AND NOT endsWith(name, '_mv')")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void randomUsersUnderRandomPoliciesGetWhatPlainClickHouseJdbcGivesThem() throws Exception {
    int rounds = io.noemata.itest.Trials.count("noemata.policy.rounds", 1, 2);
    int compared = 0;
    int accelerated = 0;
    for (int round = 0; round < rounds; round++) {
      long seed = 20261202L + round;
      Random random = new Random(seed);
      Map<String, List<String>> grants = new LinkedHashMap<>();
      List<AccessRules.Policy> policies = new ArrayList<>();
      boolean mirrored = random.nextBoolean();
      for (int u = 0; u < USERS; u++) {
        String user = "noemata_it_r" + u;
        List<String> privileges = new ArrayList<>(List.of("SELECT ON " + DB + ".*"));
        if (random.nextInt(4) == 0) {
          privileges.add("REVOKE SELECT(" + REVOKABLE.get(random.nextInt(REVOKABLE.size())) + ") ON " + DB + ".otel_logs");
        }
        grants.put(user, privileges);
        if (random.nextInt(4) != 0) { // most users under a policy
          policies.add(policy(random, DB + ".otel_logs", user, mirrored ? LOGS_ON_SERVICE
              : pick(random, LOGS_ON_DIMENSIONS, LOGS_ON_OTHERS)));
        }
        if (random.nextBoolean()) {
          policies.add(policy(random, DB + ".otel_traces", user, mirrored ? SPANS_ON_DIMENSIONS
              : pick(random, SPANS_ON_DIMENSIONS, SPANS_ON_OTHERS)));
        }
      }
      if (mirrored) { // the targets carry their sources' policies, every one of them over the dimensions they keep
        List<AccessRules.Policy> copies = new ArrayList<>();
        for (AccessRules.Policy p : policies) {
          List<String> targets = p.table().endsWith(".otel_logs") ? logsTargets : spansTargets;
          for (String t : targets) {
            copies.add(new AccessRules.Policy(DB + "." + t, p.condition(), p.users(), p.allExcept()));
          }
        }
        policies.addAll(copies);
      }
      rules.apply(grants, policies);
      for (String user : grants.keySet()) {
        try (Connection plain = rules.plain(user, DB); Connection noemata = rules.noemata(user, DB)) {
         for (CorpusFile.Query q : corpus) {
          String where = "round " + round + " (seed " + seed + "), " + user + " " + grants.get(user) + ", " + q.id()
              + ", policies " + policies.stream().filter(p -> p.users().contains(user)).toList();
          Object expected = outcome(() -> CorpusRuns.run(plain, q, DB));
          Object actual = outcome(() -> CorpusRuns.run(noemata, q, DB));
          if (expected instanceof CorpusRuns.Outcome e && actual instanceof CorpusRuns.Outcome a) {
            boolean sketches = q.sql().toLowerCase(Locale.ROOT).matches("(?s).*(uniq|quantile).*")
                && !a.provenance().rollups().isEmpty();
            try {
              CorpusRuns.assertSameRows(e.rows(), a.rows(), sketches);
            } catch (AssertionError differs) {
              throw new AssertionError(where + ": " + differs.getMessage() + "; sent " + a.provenance().sent(), differs);
            }
            accelerated += a.provenance().rollupsRead().isEmpty() ? 0 : 1;
          } else {
            assertEquals(expected, actual, where);
          }
          compared++;
         }
        }
      }
    }
    System.err.println("noemata itest: " + compared + " corpus statements compared for random users under random"
        + " policies, " + accelerated + " answered from a rollup");
    assertTrue(accelerated > 0, "some policy's user reads a rollup (mirrored rounds): " + accelerated);
  }

  static AccessRules.Policy policy(Random random, String table, String user, List<String> conditions) {
    return new AccessRules.Policy(table, conditions.get(random.nextInt(conditions.size())), List.of(user), false);
  }

  static List<String> pick(Random random, List<String> a, List<String> b) {
    return random.nextBoolean() ? a : b;
  }

  interface Run {
    CorpusRuns.Outcome get() throws SQLException;
  }

  /** The outcome, or {@code "error N"} for the server's refusal; clickhouse-jdbc's own refusals (FORMAT) alike. */
  static Object outcome(Run run) {
    try {
      return run.get();
    } catch (SQLException e) {
      return "error " + e.getErrorCode();
    }
  }
}
