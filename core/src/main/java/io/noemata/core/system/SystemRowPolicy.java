package io.noemata.core.system;

import java.util.List;

/**
 * One row of {@code system.row_policies} (readable with {@code SHOW ROW POLICIES}): a policy's
 * condition on one table and whom it applies to.
 *
 * @param shortName its name on the table ({@code name} is {@code <shortName> ON <db>.<table>})
 * @param selectFilter the condition, as the server formats it
 * @param restrictive AS RESTRICTIVE (ANDed with the others) rather than PERMISSIVE (ORed)
 * @param toAll TO ALL, less {@code except}
 * @param to the users and roles it applies to when not {@code toAll}
 * @param except the users and roles {@code toAll} leaves out
 */
public record SystemRowPolicy(String database, String table, String shortName, String selectFilter,
    boolean restrictive, boolean toAll, List<String> to, List<String> except) {

  public SystemRowPolicy {
    to = List.copyOf(to);
    except = List.copyOf(except);
  }
}
