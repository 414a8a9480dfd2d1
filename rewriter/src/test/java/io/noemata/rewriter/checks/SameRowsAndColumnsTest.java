package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.RowFilter;
import io.noemata.core.catalog.TableAccess;
import io.noemata.core.catalog.TableName;
import io.noemata.core.catalog.UserAccess;
import io.noemata.rewriter.OtelCatalog;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.KeptReason;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupDecision;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.RollupAnswersTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An accelerator answers a user only where it shows that user the source's rows and columns. */
class SameRowsAndColumnsTest {

  static final TableName LOGS = new TableName("otel", "otel_logs");
  static final TableName TARGET = new TableName("otel", RollupCatalog.LOGS_VIEW + "__" + RollupCatalog.LOGS_HASH);
  static final String PER_SERVICE = "SELECT ServiceName, count() AS n FROM otel.otel_logs"
      + RollupAnswersTest.WINDOW + " GROUP BY ServiceName";
  static final RowFilter CHECKOUT = new RowFilter.Condition("equals(ServiceName, 'checkout'_String)", Set.of("ServiceName"));

  static CatalogSnapshot as(TableAccess source, TableAccess target) {
    Map<TableName, TableAccess> access = new HashMap<>();
    access.put(LOGS, source);
    if (target != null) {
      access.put(TARGET, target);
    }
    return RollupCatalog.snapshot().withAccess(new UserAccess(true, access));
  }

  static RollupDecision decision(String sql, CatalogSnapshot snapshot) {
    RewriteResult r = Rewriter.rewrite(sql, snapshot, "otel");
    List<RollupDecision> uses = RollupDecision.rollups(r.provenance()).stream().filter(u -> u.rollup().equals("r_logs")).toList();
    assertEquals(1, uses.size(), uses.toString());
    assertEquals(uses.get(0).read(), r.changed(), r.sql());
    return uses.get(0);
  }

  static void skipped(String sql, CatalogSnapshot snapshot, RollupSkip code) {
    RollupDecision d = decision(sql, snapshot);
    assertFalse(d.read());
    assertEquals(code, d.code(), d.reason());
    assertEquals(code.remedy, d.remedy());
  }

  @Test
  void noFilterOnEitherReadsTheRollup() {
    assertTrue(decision(PER_SERVICE, as(TableAccess.FULL, TableAccess.FULL)).read());
  }

  @Test
  void aCatalogThatNobodyProbedDecidesAsBefore() {
    assertTrue(decision(PER_SERVICE, RollupCatalog.snapshot()).read());
  }

  @Test
  void aFilterOnTheSourceAloneMakesTheLevelReadTheTable() {
    skipped(PER_SERVICE, as(new TableAccess(true, Set.of(), CHECKOUT), TableAccess.FULL), RollupSkip.ROW_POLICY);
  }

  @Test
  void aFilterOnTheTargetAloneMakesTheLevelReadTheTable() {
    skipped(PER_SERVICE, as(TableAccess.FULL, new TableAccess(true, Set.of(), CHECKOUT)), RollupSkip.ROW_POLICY);
  }

  @Test
  void theSameConditionOverADimensionOnBothReadsTheRollup() {
    TableAccess filtered = new TableAccess(true, Set.of(), CHECKOUT);
    assertTrue(decision(PER_SERVICE, as(filtered, filtered)).read());
  }

  @Test
  void theSameConditionOverAColumnThatIsNoDimensionReadsTheTable() {
    TableAccess filtered = new TableAccess(true, Set.of(),
        new RowFilter.Condition("greaterOrEquals(SeverityNumber, 13_UInt8)", Set.of("SeverityNumber")));
    RollupDecision d = decision(PER_SERVICE, as(filtered, filtered));
    assertEquals(RollupSkip.ROW_POLICY, d.code());
    assertTrue(d.reason().contains("SeverityNumber") && !d.reason().contains("13"), "names the column, never the condition: "
        + d.reason());
  }

  @Test
  void anUnknownFilterOrATargetTheCatalogCouldNotAskAboutReadsTheTable() {
    skipped(PER_SERVICE, as(new TableAccess(true, Set.of(), new RowFilter.Unknown("the plan says nothing")),
        TableAccess.FULL), RollupSkip.ROW_POLICY);
    skipped(PER_SERVICE, as(TableAccess.FULL, null), RollupSkip.ROW_POLICY);
  }

  @Test
  void aSourceTheUserMayNotReadIsLeftForTheServerToRefuse() {
    skipped(PER_SERVICE, as(TableAccess.refused(), TableAccess.FULL), RollupSkip.TABLE_GRANT);
  }

  @Test
  void aTargetTheUserMayNotReadIsNotRead() {
    skipped(PER_SERVICE, as(TableAccess.FULL, TableAccess.refused()), RollupSkip.TABLE_GRANT);
  }

  @Test
  void aRefusedColumnTheLevelNamesIsLeftForTheServerToRefuseAndOneItDoesNotNameIsNoMatter() {
    TableAccess noSeverity = new TableAccess(true, Set.of("SeverityText"), RowFilter.NONE);
    skipped("SELECT ServiceName, SeverityText, count() AS n FROM otel.otel_logs" + RollupAnswersTest.WINDOW
        + " GROUP BY ServiceName, SeverityText", as(noSeverity, TableAccess.FULL), RollupSkip.COLUMN_GRANT);
    skipped("SELECT ServiceName, count() AS n FROM otel.otel_logs" + RollupAnswersTest.WINDOW
        + " AND SeverityText = 'ERROR' GROUP BY ServiceName", as(noSeverity, TableAccess.FULL), RollupSkip.COLUMN_GRANT);
    assertTrue(decision(PER_SERVICE, as(noSeverity, TableAccess.FULL)).read());
  }

  @Test
  void aStoredColumnIsNotReadForAUserWhoMayNotReadItsMapOrItself() {
    String sql = "SELECT count() FROM otel.otel_logs WHERE ResourceAttributes['k8s.pod.name'] = 'p'";
    CatalogSnapshot free = OtelCatalog.snapshot();
    assertTrue(Rewriter.rewrite(sql, free, "otel").changed(), "the stored column is read for a user who may read all");
    for (String refused : List.of("ResourceAttributes", "__otel_materialized_k8s.pod.name")) {
      CatalogSnapshot limited = free.withAccess(new UserAccess(true,
          Map.of(LOGS, new TableAccess(true, Set.of(refused), RowFilter.NONE))));
      RewriteResult r = Rewriter.rewrite(sql, limited, "otel");
      assertFalse(r.changed(), r.sql());
      assertTrue(r.provenance().storedColumns().stream().allMatch(u -> u instanceof ResourceUse.Kept k
          && k.reason() == KeptReason.COLUMN_GRANT), r.provenance().toString());
    }
  }
}
