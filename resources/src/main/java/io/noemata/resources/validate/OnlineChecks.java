package io.noemata.resources.validate;

import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.catalog.Catalog;
import io.noemata.resources.catalog.CatalogException;
import io.noemata.resources.catalog.PhysicalColumn;
import io.noemata.resources.catalog.PhysicalTable;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.expr.Exprs;
import io.noemata.core.naming.Names;
import io.noemata.core.naming.StoredTypes;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.IndexKind;
import java.util.HashSet;
import java.util.List;

import java.util.Optional;
import java.util.Set;

/**
 * With a connection: resolve physical tables and columns and report "the database cannot install
 * the entry (with its reason)", a rollup over a source that does not keep its inserted rows included
 * ({@link io.noemata.core.catalog.SourceRows}). Also "an existing column for the same expression satisfies the
 * entry", including the OTel exporter's {@code __otel_materialized_*} columns, and "validation warns
 * when a name refers to both" a column entry and a physical column.
 */
final class OnlineChecks {


  private OnlineChecks() {}

  /** Returns the keys of column entries that an existing column already satisfies. */
  static Set<String> check(FileContext fc, Catalog catalog, List<NameChecks.NameUse> uses) throws CatalogException {
    Set<String> satisfied = new HashSet<>();
    Set<String> missingTables = new HashSet<>();
    for (FileContext.Resolved r : fc.resolved.values()) {
      Entry e = r.entry();
      Optional<PhysicalTable> table = catalog.table(r.physical());
      if (table.isEmpty()) {
        fc.error(e, "table", "physical table " + r.physical() + (r.view() == null ? "" : " (of " + r.view().ref() + ")")
            + " does not exist in the database; create it or correct the table");
        missingTables.add(e.key());
        continue;
      }
      PhysicalTable t = table.get();
      if (!t.mergeTree()) {
        fc.cannotInstall(e, null, r.physical() + " is a " + t.engine() + " table"
            + (t.distribution().isPresent() ? " over " + t.distribution().get().local() + " (" + t.storageEngine() + ")"
                : "") + ", and stored columns, indexes, projections and rollups need a MergeTree-family table"
            + " (or a Distributed table over one)");
        continue;
      }
      if (e instanceof Entry.Column c && fc.columnExpressions.containsKey(c.key())) {
        if (column(fc, c, fc.columnExpressions.get(c.key()), t)) {
          satisfied.add(c.key());
        }
      }
      Optional<String> rewrites = t.sourceRows().rewritesFor(null);
      if (e instanceof Entry.Rollup rolled && rolled.refresh().isPresent() && t.distribution().isPresent()) {
        // every shard would refresh its own target from its own rows: not built yet
        fc.cannotInstall(e, "refresh", r.physical() + " is a Distributed table, and refreshed rollups are built"
            + " only over a table that holds its rows; declare the rollup without \"refresh\" over an append-only"
            + " source, or query the table itself");
        continue;
      }
      if (e instanceof Entry.Rollup rolled && rolled.refresh().isEmpty() && rewrites.isPresent()) {
        // an insert-fed rollup over it would drift from the table: refused, not installed
        fc.cannotInstall(e, "table", r.physical() + " does not keep its inserted rows: " + rewrites.get()
            + "; an insert-fed rollup would hold rows the table no longer shows; "
            + io.noemata.core.catalog.SourceRows.REMEDY);
        continue;
      }
      if (e instanceof Entry.Rollup rollup && r.view() != null) {
        rollup(fc, rollup, r.view(), t);
      }
      if (e instanceof Entry.Index index && index.indexKind() == IndexKind.TEXT) {
        Optional<String> version = catalog.serverVersion();
        if (version.isPresent() && !atLeast(version.get(), 26, 2)) {
          fc.cannotInstall(e, "kind", "text indexes need ClickHouse 26.2 or newer, and the"
              + " server is " + version.get() + "; use bloom_filter");
        }
      }
    }
    for (NameChecks.NameUse use : uses) {
      FileContext.Resolved r = fc.resolved.get(use.entry().key());
      if (missingTables.contains(use.entry().key())) {
        continue;
      }
      Optional<PhysicalTable> t = catalog.table(r.physical());
      if (t.isEmpty() || !t.get().mergeTree()) {
        continue;
      }
      boolean physical = t.get().column(use.name()).isPresent();
      if (use.columnEntry() == null && !physical) {
        fc.sink.cannotInstall(fc.path(), use.pointer(), r.physical() + " has no column '"
            + use.name() + "' and no column entry of this file is named so");
      } else if (use.columnEntry() != null && physical) {
        fc.sink.warning(FindingCode.NAME_REFERS_TO_BOTH, fc.path(), use.pointer(), "'" + use.name() + "' refers to both column entry '"
            + use.name() + "' and the physical column of " + r.physical() + " named so; the column entry is"
            + " used; rename the entry to make the choice clear");
      }
    }
    return satisfied;
  }

  /** The time column and the columns each stored measure reads must exist. */
  private static void rollup(FileContext fc, Entry.Rollup r, Views.ViewTable view, PhysicalTable t) {
    if (view.table().time().isPresent() && t.column(view.table().time().get()).isEmpty()) {
      fc.cannotInstall(r, "table", t.name() + " has no time column '"
          + view.table().time().get() + "' (the view table's \"time\")");
    }
    for (int k = 0; k < r.measures().size(); k++) {
      String name = r.measures().get(k);
      CanonicalExpr expr = view.measures().getOrDefault(name, view.aggregateScalars().get(name));
      if (expr == null) {
        continue;
      }
      for (String column : Exprs.columns(expr)) {
        if (t.column(column).isEmpty()) {
          fc.cannotInstall(r, "measures/" + k, "measure '" + name + "' reads column '" + column
              + "', which " + t.name() + " does not have");
          break;
        }
      }
    }
  }

  /** Checks a column entry against the table; true when an existing column satisfies it. */
  private static boolean column(FileContext fc, Entry.Column c, CanonicalExpr expr, PhysicalTable t) {
    if (existing(expr, t).isPresent()) {
      return true;
    }
    for (String name : Exprs.columns(expr)) {
      if (t.column(name).isEmpty()) {
        fc.cannotInstall(c, "expression", "the expression reads column '" + name + "', which "
            + t.name() + " does not have");
        return false;
      }
    }
    Optional<String> map = Exprs.mapSubscriptColumn(expr);
    if (c.type().isEmpty() && map.isPresent()) {
      String type = t.column(map.get()).map(PhysicalColumn::type).orElse("");
      String value = mapValueType(type);
      if (value == null) {
        fc.cannotInstall(c, "expression", "'" + map.get() + "' is a " + type + ", not a Map;"
            + " declare \"type\" for this expression");
      } else if (!value.equals(StoredTypes.STRING) && !value.equals(StoredTypes.MAP_SUBSCRIPT)) {
        fc.cannotInstall(c, "expression", "'" + map.get() + "' is a map of " + value
            + " values, not strings; declare \"type\", such as \"" + value + "\"");
      }
    }
    return false;
  }

  /** The existing column holding the same expression: same canonical default, __nm_ name, or the exporter's. */
  static Optional<PhysicalColumn> existing(CanonicalExpr expr, PhysicalTable t) {
    String canonical = Canonical.text(expr);
    String stored = Names.columnName(expr);
    Optional<String> otelName = Names.exporterColumn(expr);
    for (PhysicalColumn col : t.columns()) {
      if (col.name().equals(stored) || otelName.filter(col.name()::equals).isPresent()) {
        return Optional.of(col);
      }
      if ((col.materialized() || col.defaultKind().equals("DEFAULT")) && !col.defaultExpression().isEmpty()) {
        try {
          if (Canonical.text(ExprParser.parse(col.defaultExpression(), ExprParser.Mode.ROW)).equals(canonical)) {
            return Optional.of(col);
          }
        } catch (ExprException ignored) {
          // an expression we cannot read is not the same expression
        }
      }
    }
    return Optional.empty();
  }

  /** True when {@code version} (such as {@code 26.5.1.1}) is at least {@code major.minor}. */
  static boolean atLeast(String version, int major, int minor) {
    String[] parts = version.split("\\.");
    try {
      int ma = Integer.parseInt(parts[0]);
      int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
      return ma > major || ma == major && mi >= minor;
    } catch (NumberFormatException e) {
      return true; // an unreadable version is not a reason to refuse
    }
  }

  /** {@code V} of {@code Map(K, V)}, or null when the type is not a Map. */
  static String mapValueType(String type) {
    if (!type.startsWith("Map(") || !type.endsWith(")")) {
      return null;
    }
    String inner = type.substring(4, type.length() - 1);
    int depth = 0;
    for (int k = 0; k < inner.length(); k++) {
      char ch = inner.charAt(k);
      if (ch == '(') {
        depth++;
      } else if (ch == ')') {
        depth--;
      } else if (ch == ',' && depth == 0) {
        return inner.substring(k + 1).strip();
      }
    }
    return null;
  }

}
