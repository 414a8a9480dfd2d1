package io.noemata.installer.plan;

import io.noemata.core.ledger.LedgerKind;
import io.noemata.resources.model.PhysicalName;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
  LedgerKind kind();

  boolean async();

  /** The ledger's {@code content_hash}. */
  String contentHash();

  /** The entry as JSON for the ledger's {@code declaration}. */
  String declaration();

  /** For a Distributed {@link #table()}, the cluster it spreads over and the local table holding its rows. */
  Optional<Spread> spread();

  /** The table that holds the rows: the local table of a Distributed one, else the table itself. */
  default PhysicalName storage() {
    return spread().map(Spread::local).orElse(table());
  }

  /**
   * A Distributed table's rows (the seed's {@code distributed_over}): {@code local} on every server
   * of {@code cluster}, the cluster its engine names.
   */
  record Spread(String cluster, PhysicalName local) {
    public Spread {
      Objects.requireNonNull(cluster, "cluster");
      Objects.requireNonNull(local, "local");
    }
  }

  /**
   * A MATERIALIZED column; {@code existing} when a column the server already has satisfies the
   * entry (then nothing is installed and prune never drops it).
   */
  record StoredColumn(String key, String file, PhysicalName table, String object, boolean async, String expression,
      String type, boolean existing, String declaration, Optional<Spread> spread) implements Accelerator {
    public StoredColumn {
      Objects.requireNonNull(spread, "spread");
      Objects.requireNonNull(expression, "expression");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public LedgerKind kind() {
      return LedgerKind.COLUMN;
    }

    @Override
    public String contentHash() {
      return object;
    }
  }

  /** A skip index: {@code typeSql} as the seed installs the kind, e.g. {@code bloom_filter(0.01)}. */
  record SkipIndex(String key, String file, PhysicalName table, String object, boolean async, String column,
      String typeSql, String declaration, Optional<Spread> spread) implements Accelerator {
    public SkipIndex {
      Objects.requireNonNull(spread, "spread");
    }

    @Override
    public LedgerKind kind() {
      return LedgerKind.INDEX;
    }

    @Override
    public String contentHash() {
      return object;
    }
  }

  /** A projection: its stored columns and sort columns (physical names). */
  record Projection(String key, String file, PhysicalName table, String object, boolean async,
      List<String> columns, List<String> orderBy, String declaration, Optional<Spread> spread)
      implements Accelerator {
    public Projection {
      Objects.requireNonNull(spread, "spread");
      columns = List.copyOf(columns);
      orderBy = List.copyOf(orderBy);
    }

    @Override
    public LedgerKind kind() {
      return LedgerKind.PROJECTION;
    }

    @Override
    public String contentHash() {
      return object;
    }
  }

  /**
   * A rollup. {@code source} is the table its view reads: the physical table, or for a {@code from}
   * rollup the finer rollup's target (then {@code timeColumn} is that target's bucket). Over a
   * Distributed table, {@code spread} names the local source (the local table, or the finer
   * target's local table), {@code object} is a Distributed table over the local targets
   * {@link #storageTarget()} on every server, and the view writes from the local source into them.
   *
   * @param replicated whether the source's rows are in a Replicated MergeTree (then so is the target)
   */
  record Rollup(String key, String file, PhysicalName table, String object, boolean async, String alias,
      String hash8, String stableView, String materializedView, PhysicalName source, String timeColumn,
      String sourceTimeColumn, long grainSeconds, long retentionSeconds, List<Dimension> dimensions,
      List<StoredMeasure> measures, String from, String declaration, Optional<Spread> spread, boolean replicated,
      Optional<Refreshing> refresh)
      implements Accelerator {

    /** An insert-fed rollup. */
    public Rollup(String key, String file, PhysicalName table, String object, boolean async, String alias,
        String hash8, String stableView, String materializedView, PhysicalName source, String timeColumn,
        String sourceTimeColumn, long grainSeconds, long retentionSeconds, List<Dimension> dimensions,
        List<StoredMeasure> measures, String from, String declaration, Optional<Spread> spread, boolean replicated) {
      this(key, file, table, object, async, alias, hash8, stableView, materializedView, source, timeColumn,
          sourceTimeColumn, grainSeconds, retentionSeconds, dimensions, measures, from, declaration, spread, replicated,
          Optional.empty());
    }

    public Rollup {
      Objects.requireNonNull(spread, "spread");
      Objects.requireNonNull(refresh, "refresh");
      dimensions = List.copyOf(dimensions);
      measures = List.copyOf(measures);
      if (grainSeconds <= 0) {
        throw new IllegalArgumentException("grain must be positive: " + key);
      }
    }

    @Override
    public LedgerKind kind() {
      return LedgerKind.ROLLUP;
    }

    /** The table the view writes into and the backfill fills: the local target, or {@link #object()} itself. */
    public String storageTarget() {
      return spread.isPresent() ? io.noemata.core.naming.Names.localTarget(object) : object;
    }

    /** The table the view reads: the local source, or {@link #source()} itself. */
    public PhysicalName viewSource() {
      return spread.map(Spread::local).orElse(source);
    }

    @Override
    public String contentHash() {
      return hash8;
    }
  }

  /**
   * How a refreshed rollup is kept: its view is a refreshable materialized view ({@code REFRESH
   * <clause> TO target}) aggregating the whole source at each refresh, read {@code FINAL} when the
   * source's engine merges rows (so the target holds what {@code SELECT ... FINAL} shows).
   *
   * @param clause the server's schedule, e.g. {@code EVERY 5 MINUTE}
   * @param fin whether the aggregation reads the source {@code FINAL}
   */
  record Refreshing(String clause, boolean fin) {
    public Refreshing {
      Objects.requireNonNull(clause, "clause");
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
