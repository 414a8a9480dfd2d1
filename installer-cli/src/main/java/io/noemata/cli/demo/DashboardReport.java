package io.noemata.cli.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The demo's table on the terminal and, with {@code --report}, a self-contained HTML page. */
public final class DashboardReport {

  private DashboardReport() {}

  public static void printText(PrintStream out, List<PanelResult> results) {
    out.printf(Locale.ROOT, "%-42s %-5s %9s %9s %8s %14s %14s %s%n", "panel", "accel", "raw ms", "noemata", "speedup",
        "rows read raw", "rows noemata", "result");
    for (PanelResult r : results) {
      out.printf(Locale.ROOT, "%-42s %-5s %9.1f %9.1f %7.1fx %,14d %,14d %s%n", clip(r.query().panel(), 42),
          r.accelerated() ? "yes" : "no", r.rawMs(), r.proxiedMs(), r.speedup(), r.rawRowsRead(), r.proxiedRowsRead(),
          r.difference() == null ? "same" : "DIFFERENT: " + r.difference());
      for (String w : r.warnings()) {
        out.println("    " + w.replace("\n", "\n    "));
      }
    }
    double rawTotal = results.stream().mapToDouble(PanelResult::rawMs).sum();
    double proxiedTotal = results.stream().mapToDouble(PanelResult::proxiedMs).sum();
    long rawRows = results.stream().mapToLong(PanelResult::rawRowsRead).sum();
    long proxiedRows = results.stream().mapToLong(PanelResult::proxiedRowsRead).sum();
    out.printf(Locale.ROOT, "%-42s %-5s %9.1f %9.1f %7.1fx %,14d %,14d%n", "total", "", rawTotal, proxiedTotal,
        proxiedTotal <= 0 ? 0 : rawTotal / proxiedTotal, rawRows, proxiedRows);
  }

  private static String clip(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 1) + "…";
  }

  /** A page with one bar per panel for speedup and for rows-read reduction (log scale), and the SQL. */
  public static void writeHtml(Path file, String title, List<PanelResult> results) throws IOException {
    StringBuilder h = new StringBuilder();
    h.append("<!doctype html><html><head><meta charset=\"utf-8\"><title>").append(esc(title)).append("</title><style>")
        .append("body{font:14px system-ui,sans-serif;margin:2em;max-width:70em}td,th{padding:.2em .6em;text-align:right}")
        .append("td:first-child,th:first-child{text-align:left}pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap}")
        .append(".no{color:#888}</style></head><body><h1>").append(esc(title)).append("</h1>");
    h.append(chart("Speedup (raw ms / noemata ms), log scale", results, true));
    h.append(chart("Rows read (raw / noemata), log scale", results, false));
    h.append("<table><tr><th>panel</th><th>accelerated</th><th>raw ms</th><th>noemata ms</th><th>speedup</th>")
        .append("<th>rows read raw</th><th>rows read noemata</th><th>result</th></tr>");
    for (PanelResult r : results) {
      h.append("<tr class=\"").append(r.accelerated() ? "" : "no").append("\"><td>").append(esc(r.query().panel()))
          .append("</td><td>").append(r.accelerated() ? "yes" : "no")
          .append(String.format(Locale.ROOT, "</td><td>%.1f</td><td>%.1f</td><td>%.1fx</td><td>%,d</td><td>%,d</td><td>",
              r.rawMs(), r.proxiedMs(), r.speedup(), r.rawRowsRead(), r.proxiedRowsRead()))
          .append(r.difference() == null ? "same" : esc(r.difference())).append("</td></tr>");
    }
    h.append("</table>");
    for (PanelResult r : results) {
      h.append("<h3>").append(esc(r.query().panel())).append(" <small>(").append(esc(r.query().tool())).append(")</small></h3>")
          .append("<pre>").append(esc(r.query().sql())).append("</pre>");
      if (r.accelerated()) {
        h.append("<p>sent by noemata:</p><pre>").append(esc(r.sentSql())).append("</pre>");
      }
      for (String w : r.warnings()) {
        h.append("<p>").append(esc(w)).append("</p>");
      }
    }
    h.append("</body></html>\n");
    Files.writeString(file, h, StandardCharsets.UTF_8);
  }

  private static String chart(String title, List<PanelResult> results, boolean speed) {
    int rowHeight = 22;
    int width = 640;
    int labelWidth = 300;
    double max = 1;
    for (PanelResult r : results) {
      max = Math.max(max, speed ? r.speedup() : r.rowsReadRatio());
    }
    double scale = (width - labelWidth - 80) / Math.log10(Math.max(10, max) * 1.2);
    StringBuilder s = new StringBuilder("<h2>").append(esc(title)).append("</h2><svg width=\"").append(width)
        .append("\" height=\"").append(results.size() * rowHeight + 10).append("\" xmlns=\"http://www.w3.org/2000/svg\">");
    int y = 5;
    for (PanelResult r : results) {
      double v = Math.max(1e-9, speed ? r.speedup() : r.rowsReadRatio());
      double len = Math.max(1, Math.log10(Math.max(1, v)) * scale);
      s.append("<text x=\"0\" y=\"").append(y + 15).append("\" font-size=\"12\">").append(esc(r.query().panel())).append("</text>")
          .append("<rect x=\"").append(labelWidth).append("\" y=\"").append(y + 3).append("\" width=\"")
          .append(String.format(Locale.ROOT, "%.1f", len)).append("\" height=\"16\" fill=\"")
          .append(r.accelerated() ? "#2a7ae2" : "#bbb").append("\"/>")
          .append("<text x=\"").append(String.format(Locale.ROOT, "%.1f", labelWidth + len + 5)).append("\" y=\"").append(y + 15)
          .append("\" font-size=\"12\">").append(String.format(Locale.ROOT, "%.1fx", v)).append("</text>");
      y += rowHeight;
    }
    return s.append("</svg>").toString();
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
