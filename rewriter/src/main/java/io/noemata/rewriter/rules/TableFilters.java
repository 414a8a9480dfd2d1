package io.noemata.rewriter.rules;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.SqlParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import io.noemata.rewriter.syntax.RollupFunctions;

/**
 * The {@code additional_table_filters} setting: a map from table name to a condition ClickHouse
 * adds whenever the query reads that table. A key that names no table read is ignored by the
 * server, so a level moved to a rollup's target would silently lose its filter. The rule
 * carries the filter over by adding the same condition keyed to the target (the original key stays
 * for levels still reading the table), when the condition reads only dimensions.
 */
final class TableFilters {

  /** One map entry: the key unquoted, the condition's literal as written and its end in the statement. */
  private record Entry(String key, String literal, String condition) {}

  private final int mapEnd;
  private final List<Entry> entries;

  private TableFilters(int mapEnd, List<Entry> entries) {
    this.mapEnd = mapEnd;
    this.entries = entries;
  }

  /** Null when the statement has no such setting; empty entries when its value is not a plain map. */
  static TableFilters of(List<Clause.Setting> settings, String sql) {
    Clause.Setting found = null;
    for (Clause.Setting s : settings) {
      if (s.name().toLowerCase(Locale.ROOT).equals("additional_table_filters")) {
        if (found != null) {
          return new TableFilters(-1, null);
        }
        found = s;
      }
    }
    if (found == null) {
      return null;
    }
    List<Token> tokens = Lexer.significant(found.value());
    List<Entry> entries = new ArrayList<>();
    int valueStart = found.end() - found.value().length();
    boolean ok = sql.startsWith(found.value(), valueStart) && tokens.size() >= 2
        && tokens.get(0).isSymbol("{") && tokens.get(tokens.size() - 1).isSymbol("}");
    for (int i = 1; ok && i < tokens.size() - 1; i += 4) {
      ok = i + 2 < tokens.size() - 1 && tokens.get(i).kind() == TokenKind.STRING && tokens.get(i + 1).isSymbol(":")
          && tokens.get(i + 2).kind() == TokenKind.STRING && tokens.get(i).text().startsWith("'")
          && tokens.get(i + 2).text().startsWith("'")
          && (i + 3 == tokens.size() - 1 || tokens.get(i + 3).isSymbol(","));
      if (ok) {
        entries.add(new Entry(Literals.unquote(tokens.get(i).text()), tokens.get(i + 2).text(),
            Literals.unquote(tokens.get(i + 2).text())));
      }
    }
    int closing = valueStart + (tokens.isEmpty() ? 0 : tokens.get(tokens.size() - 1).start());
    return ok ? new TableFilters(closing, List.copyOf(entries)) : new TableFilters(-1, null);
  }

  private static boolean names(String key, TableName table) {
    return key.equals(table.toString()) || key.equals(table.table());
  }

  /** Null when the level may read {@code rollup}; else why not. */
  String blocks(TableName table, Rollup rollup) {
    if (entries == null) {
      return "the additional_table_filters setting is not a map this rule reads";
    }
    List<Entry> mine = entries.stream().filter(e -> names(e.key(), table)).toList();
    if (mine.isEmpty()) {
      return null;
    }
    String target = table.database() + "." + rollup.target();
    if (mine.size() > 1 || entries.stream().anyMatch(e -> e.key().equals(target) || e.key().equals(rollup.target()))) {
      return "additional_table_filters names " + table + " more than once, or names the rollup's target already";
    }
    var parsed = SqlParser.parseExpression(mine.get(0).condition());
    if (!parsed.understood() || !dimensionsOnly(parsed.node(), rollup)) {
      return "the additional_table_filters condition for " + table + " reads more than the dimensions of "
          + rollup.key();
    }
    return null;
  }

  /** The edit that keys the table's condition to the target as well; empty when no key names the table. */
  Optional<Edit> carry(TableName table, Rollup rollup) {
    return entries.stream().filter(e -> names(e.key(), table)).findFirst()
        .map(e -> new Edit(mapEnd, mapEnd, ", " + Literals.string(table.database() + "." + rollup.target())
            + " : " + e.literal()));
  }

  private static boolean dimensionsOnly(Node n, Rollup rollup) {
    if (n instanceof Expr.Identifier id) {
      return id.parts().size() == 1 && rollup.dimensions().contains(id.name());
    }
    if (n instanceof Expr.Call c && !RollupFunctions.isScalar(c) || n instanceof Expr.Subquery
        || n instanceof Expr.Star || n instanceof Expr.Lambda || n instanceof Expr.Aliased) {
      return false;
    }
    return n.children().stream().allMatch(c -> dimensionsOnly(c, rollup));
  }
}
