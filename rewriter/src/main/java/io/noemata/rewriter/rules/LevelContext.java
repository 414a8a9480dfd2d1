package io.noemata.rewriter.rules;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.checks.Skip;
import io.noemata.rewriter.syntax.Inlined;
import io.noemata.rewriter.time.TimeKey;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One query level reading one source table: everything {@link RollupAnswers} and {@link RollupLevel}
 * read, besides the candidate rollup, to decide each candidate on it.
 *
 * @param statement what holds for every level of the statement
 * @param select the level as the rules decide it: as written, or the {@link Inlined#view} of it when the
 *     derived table it reads renames columns (the same text spans, each new name read as its column)
 * @param written the level as written, whose text names its result columns
 * @param table the source table the level reads (inside {@code inlined} when it reads a derived table)
 * @param inlined the derived table the level reads when it only filters or projects {@code table}; null when none
 * @param name {@code table} with its database resolved
 * @param info what the catalog holds about {@code table}
 * @param withValues the WITH expressions (not CTEs) the level sees, its own and its enclosing levels', by
 *     name ({@link io.noemata.rewriter.checks.WithConstants})
 */
record LevelContext(StatementFacts statement, Query.Select select, Query.Select written, TableExpr.Table table,
    Inlined inlined, TableName name, TableInfo info, Map<String, Expr> withValues) {

  /** A level decided as written. */
  LevelContext(StatementFacts statement, Query.Select select, TableExpr.Table table, Inlined inlined, TableName name,
      TableInfo info, Map<String, Expr> withValues) {
    this(statement, select, select, table, inlined, name, info, withValues);
  }

  /**
   * What holds for every level of one statement.
   *
   * @param sql the statement's text, as the rules before this one left it
   * @param snapshot what the server reports installed
   * @param values each known parameter's value by the parameter's offset
   * @param filters the statement's table-filter settings; null when it sets none
   * @param meaning the skip every level takes when a setting changes what names mean; empty when none does
   * @param defaultDatabase the session's database, for unqualified table names
   * @param cteNames the names the statement's CTEs define (an unqualified one names the CTE, not a table)
   * @param countDistinct the aggregate the statement's own settings run for {@code count(DISTINCT ...)}; empty when
   *     they name none ({@link io.noemata.rewriter.checks.CountDistinct})
   */
  record StatementFacts(String sql, CatalogSnapshot snapshot, Map<Integer, Expr> values, TableFilters filters,
      Optional<Skip> meaning, String defaultDatabase, java.util.Set<String> cteNames, Optional<String> countDistinct) {

    /** The catalog's table {@code t} names; empty for a CTE's name or a table the catalog does not hold. */
    Optional<TableInfo> table(TableExpr.Table t) {
      if (t.database() == null && cteNames.contains(t.table())) {
        return Optional.empty();
      }
      return snapshot.table(new io.noemata.core.catalog.TableName(
          t.database() != null ? t.database() : defaultDatabase, t.table()));
    }
  }

  String sql() {
    return statement.sql();
  }

  /** The database of the table the level reads, where the rollups' targets are. */
  String database() {
    return name.database();
  }

  /** The selects the level's rows depend on: the level, and the derived table it reads when inlined. */
  List<Query.Select> selects() {
    if (inlined == null) {
      return List.of(select);
    }
    List<Query.Select> out = new java.util.ArrayList<>(List.of(select));
    inlined.chain().forEach(link -> out.add(link.inner()));
    return out;
  }

  ZoneId serverZone() {
    return statement.snapshot().serverTimeZone();
  }

  Instant serverClock() {
    return statement.snapshot().serverClock();
  }

  /** The table's leading sorting key when it floors {@code rollup}'s time column. */
  Optional<TimeKey> timeKey(Rollup rollup) {
    return statement.snapshot().rows(name).flatMap(rows -> TimeKey.of(rows.leadingKey(), rollup.timeColumn()));
  }
}
