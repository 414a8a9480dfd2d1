package io.noemata.rewriter.union;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Node;
import io.noemata.rewriter.syntax.Edit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.noemata.rewriter.time.TimeConstant;

/**
 * A window bound that falls on a bucket boundary, read on the rollup as a comparison of the bare
 * bucket ({@code `bucket` >= toDateTime(1718006400)}) instead of the bucket cast back to the time
 * column's type: the engine then prunes and compares the column itself (measured ~0.6-1 ms of a
 * 9 ms read of seven day parts). Exact: the ledger's bucket is {@code DateTime('UTC')}, a bound on a
 * boundary selects whole buckets, and {@code t >= B} holds for a row exactly when its bucket does.
 * Only constant instants, written without parameters; a conjunct holding two bounds ({@code
 * BETWEEN}) gets both, or none when one is not such a bound.
 */
public final class BareBucketBounds {

  private BareBucketBounds() {}

  public static List<Edit> edits(List<RawEdges.Bound> bounds, String bucketColumn) {
    Map<Expr, List<RawEdges.Bound>> byConjunct = new LinkedHashMap<>();
    bounds.forEach(b -> byConjunct.computeIfAbsent(b.conjunct(), k -> new ArrayList<>()).add(b));
    List<Edit> out = new ArrayList<>();
    String bucket = Literals.identifier(bucketColumn);
    byConjunct.forEach((conjunct, own) -> {
      if (holdsParameter(conjunct) || !own.stream().allMatch(BareBucketBounds::onBoundary)) {
        return;
      }
      List<String> parts = own.stream().map(b -> bucket + (b.lower() ? " >= " : " < ")
          + TimeConstant.dateTime(b.exact().nanos() / TimeConstant.NANOS).orElseThrow()).toList();
      out.add(new Edit(conjunct.start(), conjunct.end(), parts.size() == 1 ? parts.get(0)
          : "(" + String.join(" AND ", parts) + ")"));
    });
    return out;
  }

  private static boolean onBoundary(RawEdges.Bound b) {
    if (b.exact() == null || !b.aligned() || !b.exact().zoneKnown()
        || Math.floorMod(b.exact().nanos(), TimeConstant.NANOS) != 0) {
      return false;
    }
    return TimeConstant.dateTime(b.exact().nanos() / TimeConstant.NANOS).isPresent();
  }

  private static boolean holdsParameter(Node n) {
    return n instanceof Expr.Parameter || n.children().stream().anyMatch(BareBucketBounds::holdsParameter);
  }
}
