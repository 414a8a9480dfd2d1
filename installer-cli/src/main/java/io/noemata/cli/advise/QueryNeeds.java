package io.noemata.cli.advise;

import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.Statement;
import io.noemata.core.sql.TableExpr;
import io.noemata.resources.model.PhysicalName;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * What each level of one workload query needs ({@link LevelNeed}), and why levels that need
 * nothing the proposal can give were left out (not parsed, no view table for the table read).
 *
 * @param levels the levels that read one table with a view table, in text order
 * @param notes why other levels are not part of the proposal
 */
public record QueryNeeds(List<LevelNeed> levels, List<String> notes) {

  public QueryNeeds {
    levels = List.copyOf(levels);
    notes = List.copyOf(notes);
  }

  /**
   * @param columns the column names of a physical table (empty when it does not exist)
   */
  public static QueryNeeds read(String sql, String defaultDatabase, FrameIndex frames,
      Function<PhysicalName, Set<String>> columns, TimeBounds bounds) {
    ParseResult<Statement> parsed = SqlParser.parse(sql);
    List<LevelNeed> levels = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    if (!parsed.understood()) {
      notes.add("not understood: " + parsed.refusal());
      return new QueryNeeds(levels, notes);
    }
    walk(parsed.node().query(), sql, defaultDatabase, frames, columns, bounds, levels, notes);
    return new QueryNeeds(levels, notes);
  }

  private static void walk(Node n, String sql, String db, FrameIndex frames, Function<PhysicalName, Set<String>> columns,
      TimeBounds bounds, List<LevelNeed> levels, List<String> notes) {
    if (n instanceof Query.Select s && s.from() instanceof TableExpr.Table t && s.arrayJoins().isEmpty()) {
      PhysicalName table = new PhysicalName(t.database() != null ? t.database() : db, t.table());
      Set<String> cols = columns.apply(table);
      if (cols.isEmpty()) {
        notes.add(table + " is not a table of the server");
      } else {
        LevelReader.read(s, sql, table, frames, cols, bounds).ifPresentOrElse(levels::add,
            () -> notes.add("no view table of the project stands for " + table + " (add a frame for it)"));
      }
    } else if (n instanceof Query.Select s && s.from() instanceof TableExpr.Join) {
      notes.add("a level joins tables: rollups answer a table read alone");
    }
    for (Node child : n.children()) {
      if (child instanceof Query || child instanceof Expr || child instanceof TableExpr || child instanceof Clause) {
        walk(child, sql, db, frames, columns, bounds, levels, notes);
      }
    }
  }
}
