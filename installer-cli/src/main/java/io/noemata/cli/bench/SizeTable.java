package io.noemata.cli.bench;

import io.noemata.cli.demo.PanelResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The dashboard's panels at several data sizes, one column per size: each panel's speedup over raw,
 * and per size the slowest accelerated panel against the goal (no accelerated panel below 1.0x: a
 * reader noemata chose must never lose to the table it replaced). Mutable while the sizes run, one
 * {@link #add} per size in order; {@link #lines} renders what was added.
 */
public final class SizeTable {

  /** The goal: an accelerated panel is at least as fast as raw. */
  public static final double FLOOR = 1.0;

  private final List<Long> sizes = new ArrayList<>();
  private final Map<String, Map<Long, PanelResult>> panels = new LinkedHashMap<>();

  public void add(long rows, List<PanelResult> results) {
    sizes.add(rows);
    for (PanelResult r : results) {
      panels.computeIfAbsent(r.query().panel(), k -> new LinkedHashMap<>()).put(rows, r);
    }
  }

  /** The slowest accelerated panel at {@code rows}, if any panel was accelerated there. */
  public Optional<PanelResult> slowest(long rows) {
    return panels.values().stream().map(m -> m.get(rows)).filter(r -> r != null && r.accelerated())
        .min(java.util.Comparator.comparingDouble(PanelResult::speedup));
  }

  /** Every size whose slowest accelerated panel is below {@link #FLOOR}, or whose answer differed from raw. */
  public List<String> misses() {
    List<String> out = new ArrayList<>();
    for (long rows : sizes) {
      slowest(rows).filter(r -> r.speedup() < FLOOR).ifPresent(r -> out.add(String.format(Locale.ROOT,
          "%,d rows: panel %s %.2fx (raw %.1f ms, noemata %.1f ms)", rows, r.query().panel(), r.speedup(), r.rawMs(),
          r.proxiedMs())));
      panels.forEach((name, m) -> {
        PanelResult r = m.get(rows);
        if (r != null && r.difference() != null) {
          out.add(String.format(Locale.ROOT, "%,d rows: panel %s answered differently from raw: %s", rows, name,
              r.difference()));
        }
      });
    }
    return out;
  }

  /** The Markdown table: a row per panel, a column per size; "raw" where noemata read the table. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    StringBuilder head = new StringBuilder("| panel (speedup over raw; raw ms / noemata ms; rows read raw / noemata) |");
    StringBuilder rule = new StringBuilder("|---|");
    for (long rows : sizes) {
      head.append(String.format(Locale.ROOT, " %,d rows |", rows));
      rule.append("---|");
    }
    out.add(head.toString());
    out.add(rule.toString());
    panels.forEach((name, m) -> {
      StringBuilder line = new StringBuilder("| ").append(name).append(" |");
      for (long rows : sizes) {
        line.append(' ').append(cell(m.get(rows))).append(" |");
      }
      out.add(line.toString());
    });
    StringBuilder slowest = new StringBuilder("| slowest accelerated panel (goal >= 1.0) |");
    for (long rows : sizes) {
      slowest.append(' ').append(slowest(rows).map(r -> String.format(Locale.ROOT, "%.2fx %s", r.speedup(),
          r.speedup() < FLOOR ? "MISS" : "ok")).orElse("none accelerated")).append(" |");
    }
    out.add(slowest.toString());
    return out;
  }

  private static String cell(PanelResult r) {
    if (r == null) {
      return "";
    }
    String speed = String.format(Locale.ROOT, "%.2fx (%.1f / %.1f ms; rows %s)", r.speedup(), r.rawMs(), r.proxiedMs(),
        rowsRatio(r));
    if (!r.accelerated()) {
      return "raw" + (r.rawIsCheaper() ? ", raw is cheaper" : "") + " " + speed;
    }
    return speed + (r.difference() == null ? "" : " DIFFERENT");
  }

  /** Rows read raw over rows read through noemata, as the engine counted them ("?" when it did not say). */
  private static String rowsRatio(PanelResult r) {
    if (r.rawRowsRead() <= 0) {
      return "?";
    }
    return r.proxiedRowsRead() <= 0 ? "none read" : String.format(Locale.ROOT, "%,.0fx", r.rowsReadRatio());
  }
}
