package io.noemata.driver.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.MaterializedColumn;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.rewriter.syntax.Parameters;
import io.noemata.rewriter.RewriteResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RewriteCacheTest {

  private static final String SQL = "SELECT count() FROM t WHERE m['k'] = 'v'";

  private static CatalogSnapshot snapshot(boolean stored) {
    Map<String, String> types = new LinkedHashMap<>();
    types.put("m", "Map(String, String)");
    List<MaterializedColumn> columns = List.of();
    if (stored) {
      types.put("c", "String");
      columns = List.of(new MaterializedColumn("c", "String", "m['k']"));
    }
    return CatalogSnapshot.of(stored ? 2 : 1,
        List.of(new TableInfo(new TableName("db", "t"), types, columns, List.of(), List.of(), List.of())));
  }

  @Test
  void aDecisionIsReusedForItsSnapshotOnly() {
    CatalogSnapshot with = snapshot(true);
    RewriteResult first = RewriteCache.rewrite(SQL, with, "db", Parameters.NONE);
    assertTrue(first.changed());
    assertSame(first, RewriteCache.rewrite(new String(SQL), with, "db", Parameters.NONE), "the same text, database and snapshot");
    RewriteResult after = RewriteCache.rewrite(SQL, snapshot(false), "db", Parameters.NONE);
    assertFalse(after.changed(), "a reloaded catalog without the column decides anew");
    assertEquals(SQL, RewriteCache.rewrite(SQL, with, "other", Parameters.NONE).sql(), "another database is another key");
    Parameters named = new Parameters(List.of(), java.util.Map.of("from", "2024-06-10 08:00:00"));
    assertTrue(RewriteCache.rewrite(SQL, with, "db", named) != first, "other parameter values are another key");
  }
}
