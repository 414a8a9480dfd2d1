package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Prune;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retire and prune: a removed entry retires (its materialized view keeps writing), declaring it again
 * cancels that, prune --dry-run lists it, and prune seven days later (an injected clock) drops it.
 */
class InstallerRetireIT {

  @TempDir Path dir;

  /** The resources file without {@code keys}, as a person would edit it. */
  static String without(String json, String... keys) throws Exception {
    ObjectMapper m = new ObjectMapper();
    ObjectNode root = (ObjectNode) m.readTree(json);
    for (String k : keys) {
      ((ObjectNode) root.get("resources")).remove(k);
    }
    return m.writerWithDefaultPrettyPrinter().writeValueAsString(root);
  }

  @Test
  void aRemovedEntryRetiresKeepsWritingAndIsPrunedAfterSevenDays() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_retire", dir, 4_000);
    fx.publish();
    Path file = fx.project.resolve("@frames/opentelemetry/views/otel.resources.json");
    String original = Files.readString(file);
    String without = without(original, "logs_1h", "pod_name_filter");
    String target1h = target(fx, "logs_1h");

    Files.writeString(file, without);
    Plan retire = fx.publish();
    assertEquals(List.of("logs_1h", "pod_name_filter"), retire.changes().stream()
        .filter(c -> c.verb() == Change.Verb.RETIRE).map(Change::key).sorted().toList(), retire.text());
    LedgerRow retired = row(fx, "logs_1h");
    assertEquals(io.noemata.core.ledger.LedgerState.RETIRED, retired.state());
    assertEquals(Duration.ofDays(7), Duration.between(retired.retirement().retiredAt(),
        retired.retirement().pruneAfter()));
    // "Rollup materialized views keep writing during this period."
    long before = fx.count("SELECT sum(LogCount) FROM " + fx.db + "." + target1h);
    fx.execute("INSERT INTO " + fx.db + ".otel_logs (Timestamp, ServiceName, SeverityText, SeverityNumber, Body)"
        + " VALUES (now64(9), 'cart', 'INFO', 9, 'after retirement')");
    assertEquals(before + 1, fx.count("SELECT sum(LogCount) FROM " + fx.db + "." + target1h));

    // declaring it again cancels the retirement
    Files.writeString(file, original);
    Plan back = fx.publish();
    assertTrue(back.changes().stream().anyMatch(c -> c.verb() == Change.Verb.CANCEL_RETIREMENT
        && c.key().equals("logs_1h")), back.text());
    assertEquals(io.noemata.core.ledger.LedgerState.READY, row(fx, "logs_1h").state());
    assertEquals(null, row(fx, "logs_1h").retirement().retiredAt());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());

    Files.writeString(file, without);
    fx.publish();
    InstallOptions now = InstallerFixture.options("itest");
    Prune.Result early = prune(fx, now, true);
    assertEquals(List.of(), early.dropped());
    assertEquals(2, early.waiting().size(), early.toString());

    InstallOptions eightDaysLater = now.withClock(Clock.fixed(Instant.now().plus(Duration.ofDays(8)), ZoneOffset.UTC));
    Prune.Result dry = prune(fx, eightDaysLater, true);
    assertEquals(2, dry.dropped().size(), dry.toString());
    assertTrue(dry.dropped().stream().anyMatch(d -> d.contains(target1h)), dry.toString());
    assertEquals(1, fx.count("SELECT count() FROM system.tables WHERE database = '" + fx.db + "' AND name = '"
        + target1h + "'"), "a dry run drops nothing");

    prune(fx, eightDaysLater, false);
    assertEquals(List.of(), fx.rows("SELECT name FROM system.tables WHERE database = '" + fx.db
        + "' AND startsWith(name, 'noemata_rollup_logs_logs_1h')"));
    assertEquals(0, fx.count("SELECT count() FROM system.data_skipping_indices WHERE database = '" + fx.db + "' AND startsWith(name, '__nm_')"));
    assertEquals(io.noemata.core.ledger.LedgerState.PRUNED, row(fx, "logs_1h").state());
    assertEquals(io.noemata.core.ledger.LedgerState.PRUNED, row(fx, "pod_name_filter").state());
    // the exporter's column satisfied pod_name; it was never ours to drop
    assertEquals(1, fx.count("SELECT count() FROM system.columns WHERE database = '" + fx.db
        + "' AND name = '__otel_materialized_k8s.pod.name'"));
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());

    // another deployment's accelerator on the shared table: listed for review, never dropped
    assertEquals(List.of(), prune(fx, eightDaysLater, true).untracked());
    fx.execute("ALTER TABLE " + fx.db + ".otel_logs ADD COLUMN __nm_0123456789abcdef String MATERIALIZED 'x'");
    assertEquals(List.of("column " + fx.db + ".otel_logs.__nm_0123456789abcdef"),
        prune(fx, eightDaysLater, false).untracked());
    assertEquals(1, fx.count("SELECT count() FROM system.columns WHERE database = '" + fx.db
        + "' AND name = '__nm_0123456789abcdef'"));
  }

  static Prune.Result prune(InstallerFixture fx, InstallOptions o, boolean dryRun) throws Exception {
    try (Connection c = fx.connect()) {
      return Prune.run(ProjectReader.read(fx.project), c, o, dryRun);
    }
  }

  static LedgerRow row(InstallerFixture fx, String key) throws Exception {
    try (Connection c = fx.connect()) {
      return LedgerReader.rows(c, fx.db, "noemata").stream()
        .filter(r -> r.identity().key().equals(key)).findFirst().orElseThrow();
    }
  }

  static String target(InstallerFixture fx, String key) throws Exception {
    return row(fx, key).identity().object();
  }
}
