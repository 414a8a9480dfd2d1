package io.noemata.installer.plan;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.expr.Exprs;
import io.noemata.core.system.SystemRowPolicy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which row policies of a rollup's source are mirrored onto its target: those whose condition is a
 * row expression over the rollup's dimensions alone (the target keeps them under the source's
 * names), so it keeps or drops a target row exactly as it keeps or drops every source row summed
 * into it. The mirror has the source policy's condition as the server wrote it, its kind and its
 * users; a user under any other policy reads the source (the driver compares, per user, what the
 * server's plans filter on both tables: {@code core.system.AccessProbe}).
 */
public final class PolicyMirrors {

  /** Functions whose value differs row by row with nothing the row holds: no two tables agree on them. */
  private static final List<String> PER_CALL = List.of("rand", "generateuuid", "generatesnowflake", "generateulid",
      "randomstring", "randomprintableascii", "randomfixedstring", "fuzzbits", "rownumberinblock",
      "rownumberinallblocks", "blocknumber", "runningdifference", "runningaccumulate", "neighbor");

  /**
   * A policy to create on the target.
   *
   * @param name its name on the target, {@code <namespace>_mirror_<source policy's name>}
   * @param source the source policy it mirrors
   */
  public record Mirror(String name, SystemRowPolicy source) {}

  /** What {@link #of} decided: the mirrors, and for each other policy why it is not mirrored. */
  public record Decision(List<Mirror> mirrors, List<String> notMirrored) {
    public Decision {
      mirrors = List.copyOf(mirrors);
      notMirrored = List.copyOf(notMirrored);
    }
  }

  private PolicyMirrors() {}

  /** The name mirrors of {@code namespace} start with: prune and repair know their own by it. */
  public static String prefix(String namespace) {
    return namespace + "_mirror_";
  }

  /** The mirrors of {@code policies} (the source's) for a rollup keyed by {@code dimensions}. */
  public static Decision of(String namespace, Collection<SystemRowPolicy> policies, Collection<String> dimensions) {
    List<Mirror> mirrors = new ArrayList<>();
    List<String> not = new ArrayList<>();
    for (SystemRowPolicy p : policies) {
      Optional<String> why = unmirrorable(p, dimensions);
      if (why.isPresent()) {
        not.add("row policy " + p.shortName() + " on " + p.database() + "." + p.table() + " " + why.get()
            + ": the users it applies to read the table");
      } else {
        mirrors.add(new Mirror(prefix(namespace) + p.shortName(), p));
      }
    }
    return new Decision(mirrors, not);
  }

  private static Optional<String> unmirrorable(SystemRowPolicy p, Collection<String> dimensions) {
    if (!p.toAll() && p.to().isEmpty()) {
      return Optional.of("applies to nobody");
    }
    CanonicalExpr condition;
    try {
      condition = ExprParser.parse(p.selectFilter(), ExprParser.Mode.ROW);
    } catch (ExprException notARowExpression) {
      return Optional.of("has a condition that is not a row expression of its columns (" + notARowExpression.getMessage() + ")");
    }
    Set<String> others = new TreeSet<>(Exprs.columns(condition));
    others.removeAll(dimensions);
    if (!others.isEmpty()) {
      return Optional.of("reads " + String.join(", ", others) + ", which the rollup does not keep as a dimension");
    }
    if (callsPerRow(condition)) {
      return Optional.of("calls a function whose value differs from call to call");
    }
    return Optional.empty();
  }

  private static boolean callsPerRow(CanonicalExpr e) {
    if (e instanceof CanonicalExpr.Call c) {
      String name = c.name().toLowerCase(Locale.ROOT);
      if (PER_CALL.stream().anyMatch(name::startsWith)) {
        return true;
      }
      return (c.parameters() != null && c.parameters().stream().anyMatch(PolicyMirrors::callsPerRow))
          || c.arguments().stream().anyMatch(PolicyMirrors::callsPerRow);
    }
    return e instanceof CanonicalExpr.Lambda l && callsPerRow(l.body());
  }
}
