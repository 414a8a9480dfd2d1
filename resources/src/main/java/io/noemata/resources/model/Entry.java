package io.noemata.resources.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One entry under {@code resources}: a key and exactly one kind. Every kind has {@code table} and
 * {@code async}.
 */
public sealed interface Entry {

  /** Keys start with a letter or {@code _} and contain letters, digits, {@code _} or {@code -}. */
  Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

  String key();

  TableRef table();

  boolean async();

  /** The kind's name as written in the file: column, index, projection or rollup. */
  String kind();

  private static void checkCommon(String key, TableRef table) {
    Objects.requireNonNull(table, "table");
    if (!KEY.matcher(Objects.requireNonNull(key, "key")).matches()) {
      throw new IllegalArgumentException("bad entry key: " + key);
    }
  }

  /** A stored (MATERIALIZED) column for a row expression. */
  record Column(String key, TableRef table, boolean async, String expression, Optional<String> type)
      implements Entry {
    public Column {
      checkCommon(key, table);
      Objects.requireNonNull(expression, "expression");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String kind() {
      return "column";
    }
  }

  /** A skip index on one column. */
  record Index(String key, TableRef table, boolean async, String column, IndexKind indexKind)
      implements Entry {
    public Index {
      checkCommon(key, table);
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(indexKind, "indexKind");
    }

    @Override
    public String kind() {
      return "index";
    }
  }

  /** A projection sorted by {@code orderBy}; {@code columns} empty means it stores the table's columns. */
  record Projection(String key, TableRef table, boolean async, List<String> orderBy,
      Optional<List<String>> columns) implements Entry {
    public Projection {
      checkCommon(key, table);
      orderBy = List.copyOf(orderBy);
      columns = columns.map(List::copyOf);
    }

    @Override
    public String kind() {
      return "projection";
    }
  }

  /**
   * Aggregated buckets of {@code grain} keyed by {@code dimensions}; fed by inserts, or with {@code
   * refresh} recomputed by the server on a schedule.
   */
  record Rollup(String key, TableRef table, boolean async, Interval grain, List<String> dimensions,
      List<String> measures, Optional<Interval> retention, Optional<String> from, Optional<Refresh> refresh)
      implements Entry {

    /** An insert-fed rollup. */
    public Rollup(String key, TableRef table, boolean async, Interval grain, List<String> dimensions,
        List<String> measures, Optional<Interval> retention, Optional<String> from) {
      this(key, table, async, grain, dimensions, measures, retention, from, Optional.empty());
    }

    public Rollup {
      Objects.requireNonNull(refresh, "refresh");
      checkCommon(key, table);
      Objects.requireNonNull(grain, "grain");
      dimensions = List.copyOf(dimensions);
      measures = List.copyOf(measures);
      Objects.requireNonNull(retention, "retention");
      Objects.requireNonNull(from, "from");
    }

    @Override
    public String kind() {
      return "rollup";
    }
  }
}
