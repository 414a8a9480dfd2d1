package io.noemata.resources.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.resources.catalog.Distribution;
import io.noemata.resources.catalog.PhysicalColumn;
import io.noemata.resources.catalog.PhysicalTable;
import io.noemata.resources.finding.Severity;
import io.noemata.resources.model.PhysicalName;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** noemata.json's "cluster", and the Distributed tables a cluster's sources are. */
class ClusterSettingTest {

  @Test
  void noemataJsonNamesTheCluster(@TempDir Path dir) throws Exception {
    TestProjects.write(dir);
    Files.writeString(dir.resolve("noemata.json"), "{\"namespace\": \"noemata\", \"cluster\": \"prod-ch\"}");
    assertEquals(Optional.of("prod-ch"), ProjectReader.read(dir).project().settings().cluster());
    Files.writeString(dir.resolve("noemata.json"), "{\"namespace\": \"noemata\"}");
    assertEquals(Optional.empty(), ProjectReader.read(dir).project().settings().cluster());
  }

  @Test
  void aBlankOrNonTextClusterIsAnErrorAtItsPointer(@TempDir Path dir) throws Exception {
    TestProjects.write(dir);
    Files.writeString(dir.resolve("noemata.json"), "{\"namespace\": \"noemata\", \"cluster\": \" \"}");
    TestProjects.find(TestProjects.validate(dir), Severity.ERROR, "noemata.json", "/cluster", "leave it out for a single");
    Files.writeString(dir.resolve("noemata.json"), "{\"namespace\": \"noemata\", \"cluster\": 3}");
    TestProjects.find(TestProjects.validate(dir), Severity.ERROR, "noemata.json", "/cluster", "must be a string");
  }

  @Test
  void aDistributedEngineNamesItsClusterAndLocalTable() {
    assertEquals(Optional.of(new Distribution.Target("two_local", new PhysicalName("otel", "otel_logs_local"))),
        Distribution.parse("Distributed('two_local', 'otel', 'otel_logs_local', rand())", "x"));
    assertEquals(Optional.of(new Distribution.Target("c", new PhysicalName("x", "t"))),
        Distribution.parse("Distributed(c, currentDatabase(), t)", "x"));
    assertEquals(Optional.empty(), Distribution.parse("MergeTree ORDER BY x", "x"));
    assertEquals(Optional.empty(), Distribution.parse("Distributed('c', 'db')", "x"));
  }

  @Test
  void aDistributedTableInstallsWhenItsLocalTableIsOfTheMergeTreeFamily() {
    PhysicalName logs = new PhysicalName("otel", "otel_logs");
    List<PhysicalColumn> cols = List.of(PhysicalColumn.plain("Timestamp", "DateTime64(9)"));
    PhysicalTable over = new PhysicalTable(logs, "Distributed", cols, Optional.of(new Distribution("c",
        new PhysicalName("otel", "otel_logs_local"), "ReplicatedMergeTree")));
    assertTrue(over.mergeTree());
    assertTrue(over.distribution().get().replicated());
    PhysicalTable missing = new PhysicalTable(logs, "Distributed", cols, Optional.of(new Distribution("c",
        new PhysicalName("otel", "otel_logs_local"), "")));
    assertEquals(false, missing.mergeTree());
    assertEquals("missing local table otel.otel_logs_local", missing.storageEngine());
  }
}
