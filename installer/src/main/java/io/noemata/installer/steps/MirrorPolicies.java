package io.noemata.installer.steps;

import io.noemata.core.catalog.TableName;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemRowPolicy;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.ddl.RowPolicyDdl;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.PolicyMirrors;
import io.noemata.resources.model.PhysicalName;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The row policies of each rollup's source, mirrored onto its target before it is served (see
 * {@link PolicyMirrors}: a policy over dimensions alone), and the mirrors of policies that are gone
 * or changed dropped: each publish puts the targets' mirrors back in step with the sources' policies.
 * Reading the policies needs {@code SHOW ROW POLICIES}, creating mirrors {@code CREATE ROW POLICY}
 * (and an access storage that takes them: the embedded engine has none); without either, the step
 * says so and goes on, and the users under a policy read the source, where the server filters
 * their rows. Over a Distributed source the policies of its local table go onto the local target.
 */
final class MirrorPolicies {

  private MirrorPolicies() {}

  /** What one pair of source and target needs: the mirrors to make, the stale ones to drop, what is not mirrored. */
  record Actions(TableName from, TableName to, List<PolicyMirrors.Mirror> create, List<String> drop,
      List<String> notes) {
    boolean any() {
      return !create.isEmpty() || !drop.isEmpty();
    }
  }

  static void run(Session s, Accelerator.Rollup r) throws SQLException {
    for (Actions a : actions(s.connection, s.plan.namespace(), r, s.options.progress())) {
      apply(s, r, a);
    }
  }

  /** Whether some declared rollup's target lacks a mirror or keeps a stale one: a publish then has work. */
  static boolean pending(java.sql.Connection c, io.noemata.installer.plan.Plan plan) throws SQLException {
    for (Accelerator a : plan.declared()) {
      if (a instanceof Accelerator.Rollup r) {
        for (Actions x : actions(c, plan.namespace(), r, Progress.QUIET)) {
          if (x.any()) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static List<Actions> actions(java.sql.Connection c, String namespace, Accelerator.Rollup r, Progress progress)
      throws SQLException {
    List<Actions> out = new ArrayList<>();
    actions(c, namespace, r, r.source(), r.object(), progress).ifPresent(out::add);
    if (r.spread().isPresent()) {
      actions(c, namespace, r, r.viewSource(), r.storageTarget(), progress).ifPresent(out::add);
    }
    return out;
  }

  private static java.util.Optional<Actions> actions(java.sql.Connection c, String namespace, Accelerator.Rollup r,
      PhysicalName source, String target, Progress progress) throws SQLException {
    TableName from = new TableName(source.database(), source.table());
    TableName to = new TableName(source.database(), target);
    if (SystemTables.table(c, to.database(), to.table()).isEmpty()) {
      return java.util.Optional.empty(); // not installed (an entry the plan left out)
    }
    List<SystemRowPolicy> policies;
    try {
      policies = SystemTables.rowPolicies(c, new Scope.Tables(Set.of(from, to)));
    } catch (SQLException refused) {
      progress.step("warning: cannot list the row policies of " + from + " (" + firstLine(refused)
          + "): none is mirrored onto " + to + "; users under a policy read the table");
      return java.util.Optional.empty();
    }
    List<SystemRowPolicy> ofSource = policies.stream().filter(p -> p.table().equals(from.table())).toList();
    Map<String, SystemRowPolicy> mirrorsNow = new LinkedHashMap<>();
    String prefix = PolicyMirrors.prefix(namespace);
    policies.stream().filter(p -> p.table().equals(target) && p.shortName().startsWith(prefix))
        .forEach(p -> mirrorsNow.put(p.shortName(), p));
    PolicyMirrors.Decision d = PolicyMirrors.of(namespace, ofSource,
        r.dimensions().stream().map(Accelerator.Dimension::column).toList());
    List<PolicyMirrors.Mirror> create = new ArrayList<>();
    List<String> wanted = new ArrayList<>();
    for (PolicyMirrors.Mirror m : d.mirrors()) {
      wanted.add(m.name());
      SystemRowPolicy now = mirrorsNow.get(m.name());
      if (now == null || !same(now, m.source())) {
        create.add(m);
      }
    }
    List<String> drop = mirrorsNow.keySet().stream().filter(n -> !wanted.contains(n)).toList();
    return java.util.Optional.of(new Actions(from, to, create, drop, d.notMirrored()));
  }

  private static void apply(Session s, Accelerator.Rollup r, Actions a) throws SQLException {
    a.notes().forEach(w -> s.options.progress().step("note: " + w));
    for (PolicyMirrors.Mirror m : a.create()) {
      s.options.progress().step("mirror row policy " + m.source().shortName() + " of " + a.from() + " onto " + a.to());
      try {
        s.execute(RowPolicyDdl.create(m, a.to().database(), a.to().table(), s.placement()));
      } catch (SQLException refused) {
        s.options.progress().step("warning: row policy " + m.source().shortName() + " of " + a.from()
            + " cannot be mirrored onto " + a.to() + " (" + firstLine(refused) + "): the users it applies to read the table");
        continue;
      }
      s.writer.recordObject(a.to().database(), a.to().table(), m.name(), "row_policy", r.key(), settings(m), false);
    }
    for (String stale : a.drop()) {
      s.options.progress().step("drop row policy " + stale + " on " + a.to() + ": its source policy is gone or changed");
      s.execute(RowPolicyDdl.drop(stale, a.to().database(), a.to().table(), s.placement()));
      s.writer.recordObject(a.to().database(), a.to().table(), stale, "row_policy", r.key(), Map.of(), true);
    }
  }

  /** Whether a mirror on the target says what the source policy says (drift otherwise). */
  private static boolean same(SystemRowPolicy mirror, SystemRowPolicy source) {
    return mirror.selectFilter().equals(source.selectFilter()) && mirror.restrictive() == source.restrictive()
        && mirror.toAll() == source.toAll() && Set.copyOf(mirror.to()).equals(Set.copyOf(source.to()))
        && Set.copyOf(mirror.except()).equals(Set.copyOf(source.except()));
  }

  private static Map<String, Object> settings(PolicyMirrors.Mirror m) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("source_policy", m.source().shortName() + " ON " + m.source().database() + "." + m.source().table());
    out.put("restrictive", m.source().restrictive());
    out.put("to_all", m.source().toAll());
    out.put("to", m.source().to());
    out.put("except", m.source().except());
    return out;
  }

  /** Drops the mirrors on {@code database.target} (its rollup is pruned); a server that will not list them keeps none to drop. */
  static void dropAll(Session s, String database, String target) throws SQLException {
    List<SystemRowPolicy> on;
    try {
      on = SystemTables.rowPolicies(s.connection, new Scope.Tables(Set.of(new TableName(database, target))));
    } catch (SQLException refused) {
      return;
    }
    String prefix = PolicyMirrors.prefix(s.plan.namespace());
    for (SystemRowPolicy p : on) {
      if (p.shortName().startsWith(prefix)) {
        s.execute(RowPolicyDdl.drop(p.shortName(), database, target, s.placement()));
      }
    }
  }

  private static String firstLine(SQLException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
