package io.noemata.resources.validate;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.FrameTable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Rollup entries. Errors: "a rollup measure is missing or is a row scalar"; "a rollup from is not a
 * rollup of the file, forms a cycle, or does not divide the grain" (and, from the rollup section,
 * the finer rollup must store each dimension and measure this one uses). Warnings (cannot be
 * installed): "a measure cannot be stored (such as uniqExact or an exact quantile), the grain does
 * not divide the bucket ladder, or a per-series measure needs dimensions the rollup lacks".
 */
final class RollupChecks {

  private RollupChecks() {}

  static void check(FileContext fc) {
    for (Entry e : fc.file.entries()) {
      if (e instanceof Entry.Rollup r) {
        checkGrain(fc, r);
        checkFrom(fc, r);
        FileContext.Resolved res = fc.resolved.get(r.key());
        if (res != null) {
          checkMeasures(fc, r, res);
        }
      }
    }
  }

  private static void checkGrain(FileContext fc, Entry.Rollup r) {
    if (!BucketLadder.divides(r.grain().seconds())) {
      fc.cannotInstall(r, "grain", "the grain " + r.grain() + " does not divide the bucket"
          + " ladder (" + BucketLadder.text() + "); use a grain that divides it, such as 1m, 5m or 1h");
    }
  }

  private static void checkMeasures(FileContext fc, Entry.Rollup r, FileContext.Resolved res) {
    Views.ViewTable view = res.view();
    if (view == null) {
      fc.error(r, "table", "a rollup stores measures of a view table, and " + r.table() + " is a physical"
          + " table; name the view table as <frame id>#<alias>");
      return;
    }
    if (view.table().time().isEmpty()) {
      fc.error(r, "table", "view table " + view.ref() + " has no time column, and a rollup buckets by it;"
          + " add \"time\" to the view table");
    }
    for (int k = 0; k < r.measures().size(); k++) {
      String name = r.measures().get(k);
      String field = "measures/" + k;
      CanonicalExpr expr = view.measures().get(name);
      if (expr == null) {
        expr = view.aggregateScalars().get(name);
      }
      if (expr == null) {
        if (view.rowScalars().containsKey(name)) {
          fc.error(r, field, "'" + name + "' is a row scalar of " + view.ref() + "; a rollup stores measures"
              + " and aggregate scalars, so list it under 'dimensions' through a column entry instead");
        } else {
          fc.error(r, field, "'" + name + "' is not a measure of " + view.ref() + known(view));
        }
        continue;
      }
      for (RollupMeasures.Problem p : RollupMeasures.check(expr)) {
        if (p.refused()) {
          fc.error(r, field, "measure '" + name + "': " + p.message());
        } else {
          fc.cannotInstall(r, field, "measure '" + name + "': " + p.message());
        }
      }
      FrameTable.Measure declared = view.table().measures().get(name);
      if (declared != null && !r.dimensions().containsAll(declared.series())) {
        List<String> missing = new ArrayList<>(declared.series());
        missing.removeAll(r.dimensions());
        fc.cannotInstall(r, field, "measure '" + name + "' is computed per series of "
            + String.join(", ", declared.series()) + ", and the rollup lacks the dimensions "
            + String.join(", ", missing) + "; add them to 'dimensions'");
      }
    }
  }

  private static void checkFrom(FileContext fc, Entry.Rollup r) {
    if (r.from().isEmpty()) {
      return;
    }
    String from = r.from().get();
    Entry source = fc.entries.get(from);
    if (!(source instanceof Entry.Rollup finer)) {
      fc.error(r, "from", "'" + from + "' is not a rollup of this file; 'from' names a finer rollup entry"
          + " in the same file" + (source == null ? "" : " ('" + from + "' is a " + source.kind() + " entry)"));
      return;
    }
    if (r.refresh().isPresent()) {
      // a refresh aggregates the table itself; refreshed ladders (DEPENDS ON) are not built
      fc.error(r, "refresh", "a refreshed rollup aggregates its table again at each refresh and is fed from"
          + " no other rollup; remove 'from' (or 'refresh')");
      return;
    }
    if (finer.refresh().isPresent()) {
      // a refresh replaces the finer target's rows wholesale: no insert reaches a view over it
      fc.error(r, "from", "rollup '" + from + "' is refreshed, and a refresh replaces its rows without the inserts"
          + " that would feed this rollup; declare this rollup with the same \"refresh\" and without 'from'");
      return;
    }
    if (cycle(fc, r)) {
      fc.error(r, "from", "'from' forms a cycle (" + cyclePath(fc, r) + "); a rollup reads only from a finer one");
      return;
    }
    if (r.grain().seconds() % finer.grain().seconds() != 0 || finer.grain().seconds() >= r.grain().seconds()) {
      fc.error(r, "from", "rollup '" + from + "' has grain " + finer.grain() + ", which does not divide this"
          + " grain " + r.grain() + "; 'from' must name a finer rollup whose grain divides this one");
      return;
    }
    if (!finer.table().equals(r.table())) {
      fc.error(r, "from", "rollup '" + from + "' is over " + finer.table() + ", not " + r.table()
          + "; 'from' must name a rollup of the same table");
      return;
    }
    Set<String> missing = new TreeSet<>(r.dimensions());
    missing.removeAll(finer.dimensions());
    Set<String> missingMeasures = new TreeSet<>(r.measures());
    missingMeasures.removeAll(finer.measures());
    if (!missing.isEmpty() || !missingMeasures.isEmpty()) {
      fc.error(r, "from", "rollup '" + from + "' must store each dimension and measure this rollup uses;"
          + " it lacks " + String.join(", ", union(missing, missingMeasures)) + "; add them to '" + from + "'");
    }
  }

  private static boolean cycle(FileContext fc, Entry.Rollup start) {
    Set<String> seen = new HashSet<>();
    Entry e = start;
    while (e instanceof Entry.Rollup r && r.from().isPresent()) {
      if (!seen.add(r.key())) {
        return true;
      }
      e = fc.entries.get(r.from().get());
      if (e == start) {
        return true;
      }
    }
    return false;
  }

  private static String cyclePath(FileContext fc, Entry.Rollup start) {
    List<String> path = new ArrayList<>(List.of(start.key()));
    Entry e = fc.entries.get(start.from().get());
    while (e instanceof Entry.Rollup r && !path.contains(r.key())) {
      path.add(r.key());
      e = r.from().map(fc.entries::get).orElse(null);
    }
    if (e != null) {
      path.add(e.key());
    }
    return String.join(" -> ", path);
  }

  private static List<String> union(Set<String> a, Set<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private static String known(Views.ViewTable view) {
    Set<String> names = new TreeSet<>(view.table().measures().keySet());
    names.addAll(view.aggregateScalars().keySet());
    return names.isEmpty() ? "; it has no measures" : " (measures: " + String.join(", ", names) + ")";
  }
}
