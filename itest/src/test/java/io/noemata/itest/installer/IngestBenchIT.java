package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.cli.bench.IngestBench;
import io.noemata.cli.bench.IngestTarget;
import io.noemata.itest.ClickHouseTarget;
import io.noemata.otel.OtelLayout;
import io.noemata.otel.OtelSchema;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ingest bench ({@code ./noemata bench --ingest-only}) at a tiny size, as a check of what it
 * reports, not of its figures: every target received every batch (its raw tables hold as many
 * rows as the raw target's), the accelerators it installs took the rows (rollups non-empty, the
 * projection as many rows as its table, the stored columns listed), and there is one figure per
 * table and target.
 */
class IngestBenchIT {

  @Test
  void everyTargetReceivesTheSameBatchesAndReportsItsAccelerators() throws Exception {
    IngestBench.Size size = new IngestBench.Size(1_000, 1);
    List<IngestTarget> targets = IngestTarget.defaults();
    IngestBench.Result result;
    try (Connection c = ClickHouseTarget.get().connect("default")) {
      result = new IngestBench(c, OtelLayout.V0_151, targets, line -> {}).run(List.of(size));
    }
    long inserted = (size.rounds() + 1L) * size.perTurn() * size.batchRows();

    assertEquals(targets.size() * 2, result.figures().size(), "one figure per table and target");
    for (IngestBench.Figure f : result.figures()) {
      assertTrue(f.wallMs() > 0 && f.cpuSettledMs() >= f.cpuMs(), f.toString());
    }
    for (IngestTarget t : targets) {
      List<IngestBench.Stored> mine = result.storage().stream().filter(s -> s.target().equals(t)).toList();
      for (String table : List.of(OtelSchema.LOGS, OtelSchema.TRACES)) {
        IngestBench.Stored raw = mine.stream().filter(s -> s.kind().equals("raw table") && s.table().equals(table))
            .findFirst().orElseThrow(() -> new AssertionError(t.label() + " has no " + table + ": " + mine));
        assertEquals(inserted, raw.rows(), t.label() + " " + table);
        assertTrue(raw.percentOfRaw() > 0, "a share of the raw target's table: " + raw);
      }
      List<String> kinds = mine.stream().map(IngestBench.Stored::kind).distinct().sorted().toList();
      if (t.equals(IngestTarget.raw())) {
        assertEquals(List.of("raw table"), kinds);
      } else if (t.equals(IngestTarget.advised())) {
        assertTrue(kinds.contains("rollup") && kinds.contains("stored column"), kinds.toString());
        mine.stream().filter(s -> s.kind().equals("rollup"))
            .forEach(s -> assertTrue(s.rows() > 0, "the rollup took the inserted rows: " + s));
      } else if (t.equals(IngestTarget.advisedColumns())) {
        assertEquals(List.of("raw table", "stored column"), kinds);
      } else {
        List<IngestBench.Stored> projections = mine.stream().filter(s -> s.kind().equals("projection")).toList();
        assertFalse(projections.isEmpty(), kinds.toString());
        projections.forEach(p -> assertEquals(inserted, p.rows(), "the projection holds every row: " + p));
      }
    }
  }
}
