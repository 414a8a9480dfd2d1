package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The cluster and local table of a Distributed engine, as system.tables.engine_full writes it. */
class DistributedEngineTest {

  @Test
  void quotedAndBareNamesAndTheSessionsDatabase() {
    assertEquals(Optional.of(new DistributedEngine("two_shards", "otel", "logs_local")),
        DistributedEngine.parse("Distributed('two_shards', 'otel', 'logs_local', rand())", "x"));
    assertEquals(Optional.of(new DistributedEngine("c", "here", "t")),
        DistributedEngine.parse("Distributed(c, currentDatabase(), t)", "here"));
  }

  @Test
  void otherEnginesAndComputedArgumentsAreNotRead() {
    assertEquals(Optional.empty(), DistributedEngine.parse("MergeTree ORDER BY a", "d"));
    assertEquals(Optional.empty(), DistributedEngine.parse("Distributed('c', 'd')", "d"));
    assertEquals(Optional.empty(), DistributedEngine.parse("Distributed('c', concat('o', 't'), 't')", "d"));
    assertEquals(Optional.empty(), DistributedEngine.parse(null, "d"));
  }
}
