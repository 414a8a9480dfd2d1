package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "A publication updates the rollup TTL when this value changes": same target, TTL changed in place. */
class InstallerRetentionIT {

  @TempDir Path dir;

  @Test
  void aChangedRetentionUpdatesTheTtlInPlace() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_retention", dir, 1_000);
    Plan first = fx.publish();
    String target = InstallerRetireIT.target(fx, "logs_1m");
    Path file = fx.project.resolve("@frames/opentelemetry/views/otel.resources.json");
    ObjectMapper m = new ObjectMapper();
    ObjectNode root = (ObjectNode) m.readTree(Files.readString(file));
    ((ObjectNode) root.at("/resources/logs_1m/rollup")).put("retention", "20d");
    Files.writeString(file, m.writeValueAsString(root));

    Plan changed = fx.publish();
    assertTrue(changed.changes().stream().anyMatch(c -> c.verb() == Change.Verb.CHANGE && c.key().equals("logs_1m")
        && c.reason().contains("retention 2592000s -> 1728000s")), changed.text());
    assertNotEquals(first.revision(), changed.revision());
    assertEquals(target, InstallerRetireIT.target(fx, "logs_1m"));
    assertEquals(1728000, InstallerRetireIT.row(fx, "logs_1m").shape().retentionSeconds());
    assertTrue(fx.rows("SELECT create_table_query FROM system.tables WHERE database = '" + fx.db + "' AND name = '"
        + target + "'").get(0).contains("toIntervalSecond(1728000)"), "TTL in the server's statement");
    assertTrue(fx.publish().isNoop());
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
  }
}
