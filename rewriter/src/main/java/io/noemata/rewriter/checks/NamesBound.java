package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A name the rewritten level reads must mean what it means on the rollup: an alias (or a joined
 * subquery's column) named like a column the rollup adds would hide that column.
 */
public final class NamesBound {

  private NamesBound() {}

  /** The columns the rollup's view adds to what the level can name: the bucket and every stored state. */
  public static List<String> generated(Rollup rollup) {
    List<String> out = new ArrayList<>();
    out.add(rollup.bucketColumn());
    rollup.measures().forEach(m -> out.add(m.stateColumn()));
    return out;
  }

  /** No name the level binds hides a column the rollup adds. */
  public static Optional<Skip> check(Rollup rollup, Set<String> aliases, Set<String> joinedColumns) {
    for (String generated : generated(rollup)) {
      if (aliases.contains(generated) || joinedColumns.contains(generated)) {
        return Optional.of(new Skip(RollupSkip.NAME_BOUND, "the alias " + generated + " would hide the rollup's column "
            + generated));
      }
    }
    return Optional.empty();
  }
}
