package io.noemata.driver.catalog;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.TableName;
import java.util.List;
import java.util.Objects;

/**
 * One catalog read: the snapshot, or why it could not be read (then the snapshot is empty and
 * statements pass through unchanged with a warning).
 *
 * @param snapshot what is installed; {@link CatalogSnapshot#EMPTY} after a failure
 * @param failure a one-line reason, or null
 * @param tableNames the snapshot's table names, distinct: a statement whose text names none of
 *     them cannot be changed by the rewriter, which then need not parse it
 */
public record CatalogState(CatalogSnapshot snapshot, String failure, List<String> tableNames) {

  public CatalogState {
    Objects.requireNonNull(snapshot, "snapshot");
    tableNames = List.copyOf(tableNames);
    if (failure != null && !snapshot.tables().isEmpty()) {
      throw new IllegalArgumentException("a failed read has no tables");
    }
  }

  public CatalogState(CatalogSnapshot snapshot, String failure) {
    this(snapshot, failure, snapshot.tables().keySet().stream().map(TableName::table).distinct().toList());
  }

  public static CatalogState failed(String reason) {
    return new CatalogState(CatalogSnapshot.EMPTY, Objects.requireNonNull(reason, "reason"));
  }

  /**
   * False when {@code sql} cannot read any table of the snapshot: no table name occurs in it.
   * A backslash could spell a name with escapes inside quotes, so such text always counts.
   */
  public boolean mayRead(String sql) {
    if (sql.indexOf('\\') >= 0) {
      return true;
    }
    for (String name : tableNames) {
      if (sql.contains(name)) {
        return true;
      }
    }
    return false;
  }
}
