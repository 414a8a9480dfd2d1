package io.noemata.installer.plan;

import io.noemata.resources.model.PhysicalName;
import java.util.List;
import java.util.Objects;

/**
 * One declared accelerator, resolved against the server: the physical table, the object's name and
 * everything the DDL needs. Built by {@link Planner}; {@code io.noemata.installer.ddl} turns it into
 * statements.
 */
public sealed interface Accelerator {

  String key();

  String file();

  PhysicalName table();

  /** The installed object's name (column, index, projection, rollup target). */
  String object();

  /** The ledger's {@code kind}. */
  String kind();

  boolean async();

  /** The ledger's {@code content_hash}. */
  String contentHash();

  /** The entry as JSON for the ledger's {@code declaration}. */
  String declaration();

  /**
   * A MATERIALIZED column; {@code existing} when a column the server already has satisfies the
   * entry (then nothing is installed and prune never drops it).
   */
  record StoredColumn(String key, String file, PhysicalName table, String object, boolean async, String expression,
      String type, boolean existing, String declaration) implements Accelerator {
    public StoredColumn {
      Objects.requireNonNull(expression, "expression");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String kind() {
      return "column";
    }

    @Override
    public String contentHash() {
      return object;
    }
  }

  /** A skip index: {@code typeSql} as the seed installs the kind, e.g. {@code bloom_filter(0.01)}. */
  record SkipIndex(String key, String file, PhysicalName table, String object, boolean async, String column,
      String typeSql, String declaration) implements Accelerator {
    @Override
    public String kind() {
      return "index";
    }

    @Override
    public String contentHash() {
      return object;
    }
  }

  /** A projection: its stored columns and sort columns (physical names). */
  record Projection(String key, String file, PhysicalName table, String object, boolean async,
      List<String> columns, List<String> orderBy, String declaration) implements Accelerator {
    public Projection {
      columns = List.copyOf(columns);
      orderBy = List.copyOf(orderBy);
    }

    @Override
    public String kind() {
      return "projection";
    }

    @Override
    public String contentHash() {
      return object;
    }
  }

  /**
   * A rollup. {@code source} is the table its view reads: the physical table, or for a {@code from}
   * rollup the finer rollup's target (then {@code timeColumn} is that target's bucket).
   */
  record Rollup(String key, String file, PhysicalName table, String object, boolean async, String alias,
      String hash8, String stableView, String materializedView, PhysicalName source, String timeColumn,
      String sourceTimeColumn, long grainSeconds, long retentionSeconds, List<Dimension> dimensions,
      List<StoredMeasure> measures, String from, String declaration) implements Accelerator {
    public Rollup {
      dimensions = List.copyOf(dimensions);
      measures = List.copyOf(measures);
      if (grainSeconds <= 0) {
        throw new IllegalArgumentException("grain must be positive: " + key);
      }
    }

    @Override
    public String kind() {
      return "rollup";
    }

    @Override
    public String contentHash() {
      return hash8;
    }
  }

  /** A rollup dimension: a source column stored under its own name, with its type. */
  record Dimension(String column, String type) {
    public Dimension {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(type, "type");
    }
  }
}
