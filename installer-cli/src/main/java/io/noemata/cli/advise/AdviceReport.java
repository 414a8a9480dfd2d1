package io.noemata.cli.advise;

import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.core.ledger.Json;
import io.noemata.resources.finding.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** An {@link Advice} for a person (text) and for tools ({@code --json}). */
public final class AdviceReport {

  private AdviceReport() {}

  /** Totals over the workload, each query counted by its weight. */
  public record Summary(long queries, long accelerated, long byRollup, long rawRows, long projectedRows,
      long rollupBytes, long columnBytes) {

    public double hitRate() {
      return queries == 0 ? 0 : (double) accelerated / queries;
    }
  }

  public static Summary summary(Advice a) {
    long queries = 0;
    long accelerated = 0;
    long byRollup = 0;
    long raw = 0;
    long projected = 0;
    for (int i = 0; i < a.replays().size(); i++) {
      Replay r = a.replays().get(i);
      long w = r.query().weight();
      queries += w;
      accelerated += r.accelerated() ? w : 0;
      byRollup += r.rollupsRead().isEmpty() ? 0 : w;
      RowsRead p = a.rowsRead().get(i);
      if (p.rawRows().isPresent() && p.projectedRows().isPresent()) {
        raw += w * p.rawRows().getAsLong();
        projected += w * p.projectedRows().getAsLong();
      }
    }
    long rollupBytes = a.rollupSizes().values().stream().mapToLong(s -> (long) (s.rows() * s.bytesPerRow())).sum();
    long columnBytes = a.columnBytes().values().stream().mapToLong(Long::longValue).sum();
    return new Summary(queries, accelerated, byRollup, raw, projected, rollupBytes, columnBytes);
  }

  public static String text(Advice a, String workloadName) {
    StringBuilder b = new StringBuilder();
    Proposal p = a.proposal();
    b.append(String.format("noemata advise: %d queries of %s replayed against %d rollups, %d stored columns and %d"
        + " indexes as if installed and backfilled (nothing was installed)%n%n", a.replays().size(), workloadName,
        p.rollups().size(), p.columns().size(), p.indexes().size()));
    for (int i = 0; i < a.replays().size(); i++) {
      Replay r = a.replays().get(i);
      RowsRead pr = a.rowsRead().get(i);
      b.append(String.format("%2d. %s%s%n", i + 1, r.query().label(), r.query().weight() > 1 ? " (x" + r.query().weight() + ")" : ""));
      b.append("    ").append(answer(r, a.needs().get(i))).append('\n');
      b.append("    rows read ").append(rows(pr.rawRows())).append(" raw -> ").append(rows(pr.projectedRows()))
          .append(ratio(pr)).append('\n');
      for (ResourceUse.SkippedRollup u : r.skipped()) {
        b.append("    not ").append(u.rollup()).append(": ").append(u.code()).append(", ").append(u.reason()).append('\n');
      }
    }
    b.append("\nproposed, and why:\n");
    for (Proposal.Column c : p.columns()) {
      long bytes = a.columnBytes().getOrDefault(c.key(), 0L);
      b.append(String.format("  column %-22s %s: %s; %s%n", c.key(), c.subscript(), bytes == 0 ? "the table already stores it"
          : "~" + size(bytes) + " uncompressed", "for " + String.join("; ", c.why())));
    }
    for (Proposal.Index x : p.indexes()) {
      b.append(String.format("  index  %-22s bloom_filter on %s: point filters no rollup answers; for %s%n", x.key(),
          x.column(), String.join("; ", x.why())));
    }
    if (p.indexes().isEmpty()) {
      b.append("  no index: every point filter is answered by a rollup, or leads the table's sorting key\n");
    }
    for (Proposal.Rollup r : p.rollups()) {
      Estimates.RollupSize s = a.rollupSizes().get(r.key());
      b.append(String.format("  rollup %-22s %s by %s of %s%s: %s; for %s%n", r.key(), Proposal.grainText(r.grainSeconds()),
          r.dimensions().isEmpty() ? "nothing" : String.join(", ", r.dimensions()), String.join(", ", r.measures()),
          r.from() == null ? "" : ", fed from " + r.from(),
          s == null ? "size unknown" : String.format("~%,d rows, ~%s", s.rows(), size((long) (s.rows() * s.bytesPerRow()))),
          r.why().isEmpty() ? "the rollups fed from it" : String.join("; ", r.why())));
    }
    a.dropped().forEach((k, why) -> b.append("  left out rollup ").append(k).append(": the rewriter would not read it (")
        .append(why).append(")\n"));
    for (String k : a.fedFromTable()) {
      b.append("  ").append(k).append(" is fed from the table, not from a finer rollup: a finer rollup storing its measures"
          + " would answer its queries from whole buckets and be read instead (WHOLE_BUCKETS_PREFERRED)\n");
    }
    Summary s = summary(a);
    b.append(String.format("%nhit rate: %d of %d queries accelerated (%.0f%%), %d by a rollup%n", s.accelerated(), s.queries(),
        s.hitRate() * 100, s.byRollup()));
    b.append(String.format("rows read: %,d raw -> %,d projected (%,d saved, %s)%n", s.rawRows(), s.projectedRows(),
        s.rawRows() - s.projectedRows(), s.projectedRows() == 0 ? "all" : String.format("%.0fx fewer", (double) s.rawRows() / s.projectedRows())));
    b.append(String.format("storage: ~%s uncompressed (rollups %s, stored columns %s)%n", size(s.rollupBytes() + s.columnBytes()),
        size(s.rollupBytes()), size(s.columnBytes())));
    b.append("validation of the proposed file: ").append(a.valid() ? "valid" : "INVALID")
        .append(a.hypothesis().report().warnings() > 0 ? " (" + a.hypothesis().report().warnings() + " warnings)" : "").append('\n');
    for (Finding f : a.hypothesis().report().findings()) {
      b.append("  ").append(f.toLine()).append('\n');
    }
    return b.toString();
  }

  private static String answer(Replay r, QueryNeeds n) {
    List<String> parts = new ArrayList<>();
    if (!r.rollupsRead().isEmpty()) {
      parts.add("reads rollup " + String.join(", ", r.rollupsRead()) + (r.rawEdges() ? " (whole buckets; raw rows for the window's edges)" : ""));
    }
    if (!r.columnsRead().isEmpty()) {
      parts.add("reads stored column " + String.join(", ", r.columnsRead()));
    }
    if (parts.isEmpty()) {
      List<String> why = new ArrayList<>();
      if (r.notUnderstood() != null) {
        why.add("not understood (" + r.notUnderstood() + ")");
      }
      n.levels().stream().filter(l -> !l.rollup()).forEach(l -> why.add(l.noRollup()));
      why.addAll(n.notes());
      return "reads the table" + (why.isEmpty() ? "" : ": " + String.join("; ", why));
    }
    return String.join("; ", parts);
  }

  private static String rows(OptionalLong rows) {
    return rows.isPresent() ? String.format("%,d", rows.getAsLong()) : "unknown";
  }

  private static String ratio(RowsRead p) {
    if (p.rawRows().isEmpty() || p.projectedRows().isEmpty() || p.projectedRows().getAsLong() == p.rawRows().getAsLong()) {
      return "";
    }
    long proj = Math.max(1, p.projectedRows().getAsLong());
    return String.format(" (%,.0fx fewer)", (double) p.rawRows().getAsLong() / proj);
  }

  static String size(long bytes) {
    if (bytes >= 1L << 30) {
      return String.format("%.1f GiB", bytes / (double) (1L << 30));
    }
    if (bytes >= 1L << 20) {
      return String.format("%.1f MiB", bytes / (double) (1L << 20));
    }
    return String.format("%.1f KiB", bytes / 1024.0);
  }

  public static String json(Advice a, String outFile) {
    Map<String, Object> root = new LinkedHashMap<>();
    List<Object> queries = new ArrayList<>();
    for (int i = 0; i < a.replays().size(); i++) {
      Replay r = a.replays().get(i);
      RowsRead p = a.rowsRead().get(i);
      Map<String, Object> q = new LinkedHashMap<>();
      q.put("label", r.query().label());
      q.put("line", r.query().line());
      q.put("weight", r.query().weight());
      q.put("accelerated", r.accelerated());
      q.put("rewritten", r.rewritten());
      q.put("rollups_read", r.rollupsRead());
      q.put("raw_edges", r.rawEdges());
      q.put("columns_read", r.columnsRead());
      List<Object> skipped = new ArrayList<>();
      for (ResourceUse.SkippedRollup u : r.skipped()) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("rollup", u.rollup());
        s.put("code", u.code().name());
        s.put("reason", u.reason());
        s.put("remedy", u.remedy());
        skipped.add(s);
      }
      q.put("skipped", skipped);
      q.put("not_understood", r.notUnderstood());
      List<String> notes = new ArrayList<>(a.needs().get(i).notes());
      a.needs().get(i).levels().stream().filter(l -> !l.rollup()).forEach(l -> notes.add(l.noRollup()));
      q.put("notes", notes);
      q.put("raw_rows", p.rawRows().isPresent() ? p.rawRows().getAsLong() : null);
      q.put("projected_rows", p.projectedRows().isPresent() ? p.projectedRows().getAsLong() : null);
      queries.add(q);
    }
    root.put("queries", queries);
    Map<String, Object> proposal = new LinkedHashMap<>();
    List<Object> columns = new ArrayList<>();
    for (Proposal.Column c : a.proposal().columns()) {
      columns.add(ordered("key", c.key(), "table", c.view().ref(), "expression", c.subscript().toString(), "why", c.why(),
          "bytes", a.columnBytes().get(c.key())));
    }
    List<Object> indexes = new ArrayList<>();
    for (Proposal.Index x : a.proposal().indexes()) {
      indexes.add(ordered("key", x.key(), "table", x.view().ref(), "column", x.column(), "kind", "bloom_filter", "why", x.why()));
    }
    List<Object> rollups = new ArrayList<>();
    for (Proposal.Rollup r : a.proposal().rollups()) {
      Estimates.RollupSize s = a.rollupSizes().get(r.key());
      rollups.add(ordered("key", r.key(), "table", r.view().ref(), "grain", Proposal.grainText(r.grainSeconds()),
          "dimensions", r.dimensions(), "measures", r.measures(), "from", r.from(), "why", r.why(),
          "rows", s == null ? null : s.rows(), "bytes", s == null ? null : (long) (s.rows() * s.bytesPerRow())));
    }
    proposal.put("columns", columns);
    proposal.put("indexes", indexes);
    proposal.put("rollups", rollups);
    root.put("proposal", proposal);
    Summary s = summary(a);
    root.put("summary", ordered("queries", s.queries(), "accelerated", s.accelerated(), "by_rollup", s.byRollup(),
        "hit_rate", s.hitRate(), "raw_rows", s.rawRows(), "projected_rows", s.projectedRows(),
        "rows_saved", s.rawRows() - s.projectedRows(), "storage_bytes", s.rollupBytes() + s.columnBytes(),
        "rollup_bytes", s.rollupBytes(), "column_bytes", s.columnBytes()));
    root.put("fed_from_table", List.copyOf(a.fedFromTable()));
    root.put("left_out", a.dropped());
    root.put("valid", a.valid());
    root.put("findings", a.hypothesis().report().findings().stream().map(Finding::toLine).toList());
    root.put("out", outFile);
    root.put("resources_file", a.resourcesFile());
    return Json.write(root);
  }

  private static Map<String, Object> ordered(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }
}
