package io.noemata.rewriter.rules;

import io.noemata.core.catalog.MaterializedColumn;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.SqlParser;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import io.noemata.rewriter.syntax.MapSubscript;

/**
 * The stored columns of one table that hold a Map subscript, by map column and key. Built from the
 * expressions the server reports, so {@code arrayElement(m, 'k')} and {@code m['k']} both count,
 * whoever installed the column.
 */
final class StoredColumnIndex {

  record Key(String map, String key) {}

  private final Map<Key, MaterializedColumn> columns = new HashMap<>();

  StoredColumnIndex(TableInfo table) {
    for (MaterializedColumn c : table.materializedColumns()) {
      ParseResult<Expr> parsed = SqlParser.parseExpression(c.expression());
      if (!parsed.understood()) {
        continue;
      }
      Optional<MapSubscript> s = MapSubscript.of(parsed.node());
      if (s.isPresent() && s.get().map().parts().size() == 1) {
        // two columns for one subscript: keep the first the server lists, deterministically
        columns.putIfAbsent(new Key(s.get().map().name(), s.get().key()), c);
      }
    }
  }

  Optional<MaterializedColumn> column(String map, String key) {
    return Optional.ofNullable(columns.get(new Key(map, key)));
  }

  boolean isEmpty() {
    return columns.isEmpty();
  }
}
