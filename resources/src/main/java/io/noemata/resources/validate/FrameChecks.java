package io.noemata.resources.validate;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.expr.Exprs;
import io.noemata.resources.model.Frame;
import io.noemata.resources.model.FrameTable;
import io.noemata.resources.model.Project;
import io.noemata.resources.parse.JsonDoc;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * "The frame's view does not compile": each scalar parses, each measure parses and aggregates, a
 * name is not both a scalar and a measure. Findings are reported under the frame file; entries
 * that use a frame that does not compile get their own error under the resources file.
 */
final class FrameChecks {

  private FrameChecks() {}

  static Views check(Project project, Sink sink) {
    Map<String, Views.FrameView> out = new LinkedHashMap<>();
    for (Frame frame : project.frames().values()) {
      boolean compiles = true;
      Map<String, Views.ViewTable> tables = new LinkedHashMap<>();
      for (FrameTable t : frame.tables().values()) {
        String base = JsonDoc.child("/tables", t.alias());
        Map<String, CanonicalExpr> rows = new LinkedHashMap<>();
        Map<String, CanonicalExpr> aggregates = new LinkedHashMap<>();
        Map<String, CanonicalExpr> measures = new LinkedHashMap<>();
        if (t.time().isPresent() && !t.time().get().matches("[^\\s'\"`()]+")) {
          sink.error(frame.file(), JsonDoc.child(base, "time"), "'time' names a column, such as \"Timestamp\"; '"
              + t.time().get() + "' is not a column name");
          compiles = false;
        }
        for (Map.Entry<String, String> s : t.scalars().entrySet()) {
          String at = JsonDoc.child(JsonDoc.child(base, "scalars"), s.getKey());
          try {
            CanonicalExpr e = ExprParser.parse(s.getValue(), ExprParser.Mode.AGGREGATE);
            (Exprs.aggregates(e) ? aggregates : rows).put(s.getKey(), e);
          } catch (ExprException ex) {
            sink.errorInString(frame.file(), at, s.getValue(), ex.offset(), "scalar '" + s.getKey()
                + (ex.refusal() ? "' is not allowed: " : "' does not parse: ") + ex.getMessage() + " (character " + (ex.offset() + 1) + ")");
            compiles = false;
          }
        }
        for (FrameTable.Measure m : t.measures().values()) {
          String at = JsonDoc.child(JsonDoc.child(base, "measures"), m.name());
          try {
            CanonicalExpr e = ExprParser.parse(m.expression(), ExprParser.Mode.AGGREGATE);
            if (!Exprs.aggregates(e)) {
              sink.error(frame.file(), at, "measure '" + m.name() + "' does not aggregate; a measure is an"
                  + " aggregate expression such as count() or avg(Duration); declare a row expression as a scalar");
              compiles = false;
            } else {
              measures.put(m.name(), e);
            }
          } catch (ExprException ex) {
            sink.errorInString(frame.file(), at, m.expression(), ex.offset(), "measure '" + m.name()
                + (ex.refusal() ? "' is not allowed: " : "' does not parse: ") + ex.getMessage() + " (character " + (ex.offset() + 1) + ")");
            compiles = false;
          }
          if (t.scalars().containsKey(m.name())) {
            sink.error(frame.file(), at, "'" + m.name() + "' is both a scalar and a measure of '"
                + t.alias() + "'; rename one of them");
            compiles = false;
          }
        }
        tables.put(t.alias(), new Views.ViewTable(frame.id(), t, rows, aggregates, measures));
      }
      out.put(frame.id(), new Views.FrameView(frame, compiles, tables));
    }
    return new Views(out);
  }
}
