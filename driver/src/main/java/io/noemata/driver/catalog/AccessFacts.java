package io.noemata.driver.catalog;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.TableAccess;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.core.catalog.UserAccess;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one catalog's user may read of its tables ({@link UserAccess}), asked of the server the
 * first time a statement names a table, and kept for the catalog's life: a dashboard's tables are
 * asked about once per catalog read, the tables nobody queries never, so a server with many tables
 * costs no more than one with few. The snapshot a statement is rewritten against is the catalog's
 * with the facts known so far, the same object until a table is added (decisions are cached by
 * snapshot).
 */
public final class AccessFacts {

  /** Opens the connection the server is asked on (the catalog's own, with the user's credentials). */
  @FunctionalInterface
  public interface Opener {
    Connection open() throws SQLException;
  }

  private final Map<TableName, TableAccess> known = new HashMap<>();
  /** Sources asked about (each with its targets), also those the server did not answer for. */
  private final java.util.Set<TableName> asked = new java.util.HashSet<>();
  private CatalogSnapshot derived;

  /** Whether every one of {@code sources} was asked about already: a snapshot for them needs no round trip. */
  public synchronized boolean knows(List<TableInfo> sources) {
    return sources.stream().allMatch(t -> asked.contains(t.name()));
  }

  /**
   * {@code base} with the access of every source among {@code sources} and of its rollup targets
   * known, asking the server over a connection from {@code opener} for those not asked yet. A
   * failure to ask leaves them unknown (their accelerators then answer nobody).
   */
  public synchronized CatalogSnapshot snapshot(CatalogSnapshot base, List<TableInfo> sources, Opener opener) {
    List<TableInfo> missing = new ArrayList<>();
    for (TableInfo t : sources) {
      if (asked.add(t.name())) {
        missing.add(t);
      }
    }
    if (!missing.isEmpty()) {
      try (Connection c = opener.open()) {
        known.putAll(CatalogLoader.access(c, missing).tables());
      } catch (SQLException | RuntimeException unanswered) {
        CatalogLoader.accessUnknown(missing, unanswered);
      }
      derived = null;
    }
    if (derived == null) {
      derived = base.withAccess(new UserAccess(true, known));
    }
    return derived;
  }
}
