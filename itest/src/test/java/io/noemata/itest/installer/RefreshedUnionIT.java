package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.driver.catalog.CatalogLoader;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupSkip;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refreshed rollup over a source that changed since its refresh only in rows from some instant
 * on (issue 31: "rows newer than the last refresh read raw through the union"): the window's
 * buckets before that instant are read from the rollup, the rest from the table, and the answer is
 * the table's. A ReplacingMergeTree source partitioned by its time column, which its sorting key
 * holds (so a replacing row keeps the time of the row it replaces). The server checks again what
 * the catalog decided: rows reaching an earlier day behind the driver's back make the statement
 * fail its guard and run as written.
 */
class RefreshedUnionIT {

  @TempDir Path dir;

  static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);

  static String at(LocalDate day) {
    return "toDateTime('" + day + " 00:00:00', 'UTC')";
  }

  /** Log counts per service and severity over the two days before today, read FINAL. */
  static String twoDays(String db) {
    return "SELECT ServiceName, SeverityText, count() AS n, countIf(SeverityNumber >= 17) AS errors FROM " + db
        + ".otel_logs FINAL WHERE Timestamp >= " + at(TODAY.minusDays(2)) + " AND Timestamp < " + at(TODAY)
        + " GROUP BY ServiceName, SeverityText ORDER BY ServiceName, SeverityText";
  }

  /** Rows of {@code day}'s errors again, each with another body: new rows under the source's sorting key. */
  static String againOn(String db, LocalDate day) {
    return "INSERT INTO " + db + ".otel_logs SELECT * REPLACE (concat(Body, ' again') AS Body) FROM " + db
        + ".otel_logs WHERE Timestamp >= " + at(day) + " AND Timestamp < " + at(day.plusDays(1))
        + " AND SeverityNumber >= 17";
  }

  /**
   * The union as the rewriter writes it where it is chosen: decided by grain alone (a catalog
   * without row counts), since on the fixture's few rows the driver's cost model reads the table.
   */
  static RewriteResult union(InstallerFixture fx, String sql) throws Exception {
    try (Connection c = fx.connect()) {
      CatalogSnapshot loaded = CatalogLoader.load(c, "noemata");
      RewriteResult r = Rewriter.rewrite(sql, loaded.withRows(java.util.Map.of(), loaded.version() + 1), fx.db);
      assertTrue(r.provenance().rollups().stream().anyMatch(u -> u instanceof ResourceUse.Rollup read && read.rawEdges()),
          r.provenance().toString());
      return r;
    }
  }

  @Test
  void rowsNewerThanTheRefreshAreReadFromTheTableAndTheRestFromTheRollup() throws Exception {
    String db = "it_refreshed_union";
    var fx = RefreshedRollupIT.published(db, dir, "ReplacingMergeTree", "SELECT *", "SELECT * FROM " + db
        + ".otel_logs_new WHERE ServiceName IN (SELECT ServiceName FROM " + db + ".otel_logs_new GROUP BY ServiceName"
        + " ORDER BY ServiceName LIMIT 2)");
    String sql = twoDays(db);
    RefreshedRollupIT.refreshUntilCovered(fx);
    RefreshedRollupIT.readsTheRollup(fx, sql);
    List<String> refreshed = fx.rows(sql);

    fx.execute(againOn(db, TODAY.minusDays(1)));
    assertNotEquals(refreshed, fx.rows(sql), "the inserted rows change the answer");
    assertEquals(fx.rows(sql), SourceEnginesIT.noemata(fx, sql).rows(), "through the driver, whichever it reads");
    RewriteResult union = union(fx, sql);
    assertEquals(fx.rows(sql), fx.rows(union.sql()), union.sql());

    // behind the union's back, rows of the day it reads raw: the server's guard lets it run
    fx.execute(againOn(db, TODAY.minusDays(1)).replace("' again'", "' and again'"));
    assertEquals(fx.rows(sql), fx.rows(union.sql()), union.sql());
    // and rows of the day it reads from the rollup: the guard fails it with the code the driver falls back on
    fx.execute(againOn(db, TODAY.minusDays(2)));
    SQLException stale = assertThrows(SQLException.class, () -> fx.rows(union.sql()));
    assertEquals(395, stale.getErrorCode(), stale.toString());
    assertEquals(fx.rows(sql), SourceEnginesIT.noemata(fx, sql).rows());

    // a window wholly after where the rollup stops holding the source: the table, and why
    String lastDay = sql.replace(at(TODAY.minusDays(2)), at(TODAY.minusDays(1)));
    fx.execute(againOn(db, TODAY.minusDays(3)));
    RefreshedRollupIT.readsTheTable(fx, lastDay, RollupSkip.REFRESH_BEHIND);

    RefreshedRollupIT.refreshUntilCovered(fx);
    RefreshedRollupIT.readsTheRollup(fx, sql);
  }
}
