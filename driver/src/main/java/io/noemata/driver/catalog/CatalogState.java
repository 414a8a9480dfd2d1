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
 * @param quarantined rollups the ledger records as quarantined (never read; named in warnings)
 * @param access what its user may read, asked as statements name tables ({@link #snapshotFor})
 */
public record CatalogState(CatalogSnapshot snapshot, String failure, List<String> tableNames,
    List<QuarantinedRollup> quarantined, AccessFacts access) {

  public CatalogState {
    Objects.requireNonNull(snapshot, "snapshot");
    Objects.requireNonNull(access, "access");
    tableNames = List.copyOf(tableNames);
    quarantined = List.copyOf(quarantined);
    if (failure != null && !snapshot.tables().isEmpty()) {
      throw new IllegalArgumentException("a failed read has no tables");
    }
  }

  public CatalogState(CatalogSnapshot snapshot, String failure) {
    this(snapshot, failure, snapshot.tables().keySet().stream().map(TableName::table).distinct().toList(), List.of(),
        new AccessFacts());
  }

  /** A read snapshot with quarantined rollups; their source tables count as names a statement may read. */
  public static CatalogState of(CatalogSnapshot snapshot, List<QuarantinedRollup> quarantined) {
    List<String> names = new java.util.ArrayList<>(snapshot.tables().keySet().stream().map(TableName::table).toList());
    quarantined.forEach(q -> names.add(q.source().table()));
    return new CatalogState(snapshot, null, names.stream().distinct().toList(), quarantined, new AccessFacts());
  }

  /**
   * The snapshot a statement {@code sql} is rewritten against: this one with what its user may read
   * of every table with accelerators that the text names (by whole identifier), asked of the server
   * over {@code opener} the first time; the rest stay unknown, and their accelerators answer nobody.
   */
  public CatalogSnapshot snapshotFor(String sql, AccessFacts.Opener opener) {
    return access.snapshot(snapshot, named(sql), opener);
  }

  /** Whether {@link #snapshotFor} would answer {@code sql} without asking the server anything. */
  public boolean accessKnownFor(String sql) {
    return access.knows(named(sql));
  }

  /** The tables with accelerators whose name {@code sql} holds as a whole identifier (every one, where a backslash could spell one). */
  private List<io.noemata.core.catalog.TableInfo> named(String sql) {
    List<io.noemata.core.catalog.TableInfo> named = new java.util.ArrayList<>();
    for (io.noemata.core.catalog.TableInfo t : snapshot.tables().values()) {
      if ((!t.rollups().isEmpty() || !t.materializedColumns().isEmpty())
          && (sql.indexOf('\\') >= 0 || names(sql, t.name().table()))) {
        named.add(t);
      }
    }
    return named;
  }

  /**
   * The quarantined rollups of the tables {@code sql} names ({@code db.table}, or a bare name of a
   * table in {@code database}), by whole identifier; only for warnings, never for what is sent.
   */
  public List<QuarantinedRollup> quarantinedFor(String sql, String database) {
    if (quarantined.isEmpty()) {
      return List.of();
    }
    return quarantined.stream().filter(q -> names(sql, q.source().table())
        && (q.source().database().equals(database) || names(sql, q.source().database()))).toList();
  }

  private static boolean names(String sql, String identifier) {
    for (int i = sql.indexOf(identifier); i >= 0; i = sql.indexOf(identifier, i + 1)) {
      int end = i + identifier.length();
      if ((i == 0 || !part(sql.charAt(i - 1))) && (end == sql.length() || !part(sql.charAt(end)))) {
        return true;
      }
    }
    return false;
  }

  private static boolean part(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
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
