package io.noemata.installer.online;

import java.util.Locale;

/**
 * How one stored measure is read back and compared: "Exact measures allow a relative difference of
 * 1e-9. uniqCombined and quantileDD allow 3%. Measures that use any must have matching buckets."
 * Other sketches (uniq, uniqHLL12, the other approximate quantiles) get the 3% of their family;
 * argMax/argMin, which choose an arbitrary row on ties, are compared like any.
 */
record MeasureCheck(String name, String column, String readSql, Tolerance tolerance) {

  enum Tolerance { EXACT, SKETCH, BUCKET_ONLY }

  /** From the state column's type as system.columns reports it. */
  static MeasureCheck of(String name, String column, String quotedColumn, String stateType) {
    String inner = stateType.substring(stateType.indexOf('(') + 1, stateType.length() - 1);
    String function = topLevelHead(inner);
    if (stateType.startsWith("SimpleAggregateFunction(")) {
      return new MeasureCheck(name, column, function + "(" + quotedColumn + ")", tolerance(function));
    }
    String base = function.contains("(") ? function.substring(0, function.indexOf('(')) : function;
    String params = function.contains("(") ? function.substring(function.indexOf('(')) : "";
    return new MeasureCheck(name, column, base + "Merge" + params + "(" + quotedColumn + ")", tolerance(base));
  }

  static Tolerance tolerance(String function) {
    String f = function.toLowerCase(Locale.ROOT);
    if (f.startsWith("any") || f.startsWith("argmax") || f.startsWith("argmin")) {
      return Tolerance.BUCKET_ONLY;
    }
    if (f.startsWith("uniq") || f.startsWith("quantile") || f.startsWith("median")) {
      return Tolerance.SKETCH;
    }
    return Tolerance.EXACT;
  }

  /** {@code quantileDD(0.01, 0.99)} of {@code quantileDD(0.01, 0.99), Int64}: the text before the first top-level comma. */
  static String topLevelHead(String list) {
    int depth = 0;
    for (int i = 0; i < list.length(); i++) {
      char c = list.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        return list.substring(0, i).strip();
      }
    }
    return list.strip();
  }

  /** Whether raw and stored values agree within this measure's tolerance. */
  boolean agrees(String raw, String stored) {
    if (tolerance == Tolerance.BUCKET_ONLY) {
      return true;
    }
    if (raw == null || stored == null) {
      return raw == stored;
    }
    String[] a = raw.replace("[", "").replace("]", "").split(",", -1);
    String[] b = stored.replace("[", "").replace("]", "").split(",", -1);
    if (a.length != b.length) {
      return false;
    }
    double bound = tolerance == Tolerance.EXACT ? 1e-9 : 0.03;
    for (int i = 0; i < a.length; i++) {
      if (a[i].isBlank() && b[i].isBlank()) {
        continue;
      }
      try {
        double x = Double.parseDouble(a[i].strip());
        double y = Double.parseDouble(b[i].strip());
        if (Math.abs(x - y) > bound * Math.max(Math.abs(x), Math.abs(y)) && !(x == y)) {
          return false;
        }
      } catch (NumberFormatException e) {
        if (!a[i].strip().equals(b[i].strip())) {
          return false;
        }
      }
    }
    return true;
  }
}
