package io.noemata.installer.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.plan.Accelerator;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A refreshed rollup's view: REFRESH <schedule> TO target, the whole source FINAL, and its drift read back. */
class RefreshedDdlTest {

  static Accelerator.Rollup refreshed(String clause, boolean fin, long retention) {
    Accelerator.Rollup r = RollupDdlTest.rollup(null, retention);
    return new Accelerator.Rollup(r.key(), r.file(), r.table(), r.object(), r.async(), r.alias(), r.hash8(),
        r.stableView(), r.materializedView(), r.source(), r.timeColumn(), r.sourceTimeColumn(), r.grainSeconds(),
        r.retentionSeconds(), r.dimensions(), r.measures(), r.from(), r.declaration(), r.spread(), r.replicated(),
        Optional.of(new Accelerator.Refreshing(clause, fin)));
  }

  @Test
  void theViewRefreshesTheWholeSourceFinalIntoTheTarget() {
    String mv = RollupDdl.createRefreshedView(refreshed("EVERY 5 MINUTE", true, 0), Placement.SINGLE);
    assertTrue(mv.startsWith("CREATE MATERIALIZED VIEW IF NOT EXISTS `otel`.`noemata_rollup_logs_logs_1m__0123abcd_mv`"
        + " REFRESH EVERY 5 MINUTE TO `otel`.`noemata_rollup_logs_logs_1m__0123abcd`\nAS SELECT "), mv);
    assertTrue(mv.contains("FROM `otel`.`otel_logs` AS __src FINAL\nWHERE 1\nGROUP BY `ServiceName`, `bucket`"), mv);
    String plain = RollupDdl.createRefreshedView(refreshed("AFTER 1 HOUR", false, 86400), Placement.SINGLE);
    assertTrue(plain.contains("FROM `otel`.`otel_logs` AS __src\nWHERE __src.`Timestamp` >= now() - INTERVAL 86460"
        + " SECOND\n"), plain);
    assertEquals("SYSTEM REFRESH VIEW `otel`.`noemata_rollup_logs_logs_1m__0123abcd_mv`",
        RollupDdl.refreshNow(refreshed("EVERY 5 MINUTE", true, 0)));
  }

  @Test
  void driftReadsTheScheduleAndFinalBackFromTheServersStatement() {
    String server = "CREATE MATERIALIZED VIEW otel.noemata_rollup_logs_logs_1m__0123abcd_mv REFRESH EVERY 5 MINUTE TO"
        + " otel.noemata_rollup_logs_logs_1m__0123abcd (`ServiceName` String) DEFINER = default SQL SECURITY DEFINER"
        + " AS SELECT __src.ServiceName AS ServiceName FROM otel.otel_logs AS __src FINAL WHERE 1 GROUP BY ServiceName";
    assertEquals(Optional.empty(), RollupDdl.refreshDrift(refreshed("EVERY 5 MINUTE", true, 0), server));
    assertTrue(RollupDdl.refreshDrift(refreshed("EVERY 10 MINUTE", true, 0), server).isPresent());
    assertTrue(RollupDdl.refreshDrift(refreshed("EVERY 5 MINUTE", false, 0), server).isPresent());
    String insertFed = "CREATE MATERIALIZED VIEW otel.noemata_rollup_logs_logs_1m__0123abcd_mv TO"
        + " otel.noemata_rollup_logs_logs_1m__0123abcd (`ServiceName` String) AS SELECT 1";
    assertTrue(RollupDdl.refreshDrift(refreshed("EVERY 5 MINUTE", true, 0), insertFed).isPresent());
    assertTrue(RollupDdl.refreshDrift(RollupDdlTest.rollup(null, 0), server).isPresent());
    assertEquals(Optional.empty(), RollupDdl.refreshDrift(RollupDdlTest.rollup(null, 0), insertFed));
  }
}
