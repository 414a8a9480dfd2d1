package io.noemata.installer.ddl;

import io.noemata.core.sql.Literals;
import io.noemata.core.system.SystemRowPolicy;
import io.noemata.installer.plan.PolicyMirrors;
import java.util.List;

/** The one place that spells row policy statements: a source's policy mirrored onto a rollup's target. */
public final class RowPolicyDdl {

  private RowPolicyDdl() {}

  /**
   * Creates (or replaces) {@code m} on {@code database.table}: the source policy's condition as the
   * server wrote it (checked a row expression over dimensions by {@link PolicyMirrors}), its kind,
   * and the same users and roles.
   */
  public static String create(PolicyMirrors.Mirror m, String database, String table, Placement p) {
    SystemRowPolicy s = m.source();
    return "CREATE ROW POLICY OR REPLACE " + Literals.identifier(m.name()) + p.onCluster(database) + " ON "
        + Literals.qualified(database, table) + " FOR SELECT USING " + s.selectFilter() + " AS "
        + (s.restrictive() ? "RESTRICTIVE" : "PERMISSIVE") + " TO " + to(s);
  }

  public static String drop(String name, String database, String table, Placement p) {
    return "DROP ROW POLICY IF EXISTS " + Literals.identifier(name) + p.onCluster(database) + " ON "
        + Literals.qualified(database, table);
  }

  private static String to(SystemRowPolicy s) {
    if (s.toAll()) {
      return s.except().isEmpty() ? "ALL" : "ALL EXCEPT " + names(s.except());
    }
    return names(s.to());
  }

  private static String names(List<String> names) {
    return String.join(", ", names.stream().map(Literals::identifier).toList());
  }
}
