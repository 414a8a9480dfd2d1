package io.noemata.resources.validate;

import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.model.Entry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a name in an index, projection or rollup refers to. "An index, projection or rollup can name
 * a column entry from the same file and physical table, or a physical table column." Errors: "a
 * name is an entry of another kind, a column entry of another physical table, or a measure".
 * Warning: "a name is a view scalar and is read as the physical column of that name".
 */
final class NameChecks {

  /** One name as written: a column entry of the same table, or else a physical column. */
  record NameUse(Entry entry, String pointer, String name, Entry.Column columnEntry) {}

  private NameChecks() {}

  static List<NameUse> check(FileContext fc) {
    List<NameUse> uses = new ArrayList<>();
    Map<String, String> textIndexes = new HashMap<>();
    for (Entry e : fc.file.entries()) {
      FileContext.Resolved r = fc.resolved.get(e.key());
      if (r == null) {
        continue;
      }
      if (e instanceof Entry.Index i) {
        NameUse use = resolve(fc, r, FileContext.pointer(e, "column"), i.column());
        if (use != null) {
          uses.add(use);
          if (i.indexKind() == io.noemata.resources.model.IndexKind.TEXT) {
            String column = r.physical() + "\n" + (use.columnEntry() != null ? "entry:" + use.columnEntry().key() : i.column());
            String first = textIndexes.putIfAbsent(column, i.key());
            if (first != null) {
              fc.cannotInstall(e, "kind", "ClickHouse allows one text index per column, and"
                  + " entry '" + first + "' already declares one on '" + i.column() + "'");
            }
          }
        }
      } else if (e instanceof Entry.Projection p) {
        names(fc, r, "order_by", p.orderBy(), uses);
        p.columns().ifPresent(cols -> names(fc, r, "columns", cols, uses));
      } else if (e instanceof Entry.Rollup ro) {
        names(fc, r, "dimensions", ro.dimensions(), uses);
      }
    }
    return uses;
  }

  private static void names(FileContext fc, FileContext.Resolved r, String field, List<String> names, List<NameUse> uses) {
    for (int k = 0; k < names.size(); k++) {
      NameUse use = resolve(fc, r, FileContext.pointer(r.entry(), field) + "/" + k, names.get(k));
      if (use != null) {
        uses.add(use);
      }
    }
  }

  private static NameUse resolve(FileContext fc, FileContext.Resolved r, String pointer, String name) {
    Entry entry = r.entry();
    Entry named = fc.entries.get(name);
    if (named != null && !(named instanceof Entry.Column)) {
      fc.sink.error(fc.path(), pointer, "'" + name + "' is a " + named.kind() + " entry, not a column; name a"
          + " column entry of the same table or a physical column");
      return null;
    }
    if (named instanceof Entry.Column column) {
      FileContext.Resolved target = fc.resolved.get(name);
      if (target != null && !target.physical().equals(r.physical())) {
        fc.sink.error(fc.path(), pointer, "'" + name + "' is a column entry of " + target.physical()
            + ", not of " + r.physical() + "; declare a column entry on " + r.physical());
        return null;
      }
      return new NameUse(entry, pointer, name, column);
    }
    Views.ViewTable view = r.view();
    if (view != null && view.table().measures().containsKey(name)) {
      fc.sink.error(fc.path(), pointer, "'" + name + "' is a measure of " + view.ref() + ", not a column;"
          + (entry instanceof Entry.Rollup ? " list it under 'measures'" : " name a column"));
      return null;
    }
    if (view != null && (view.rowScalars().containsKey(name) || view.aggregateScalars().containsKey(name))) {
      fc.sink.warning(FindingCode.VIEW_SCALAR_READ_AS_COLUMN, fc.path(), pointer, "'" + name + "' is a view scalar of " + view.ref() + ", and a view"
          + " scalar is not a physical column: it is read as the physical column of that name; to use the"
          + " scalar, declare a column entry with its expression and name that entry");
    }
    return new NameUse(entry, pointer, name, null);
  }
}
