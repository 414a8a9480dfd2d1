package io.noemata.core.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * How many rows one table holds, part by part, with the time range each part's rows span ({@code
 * system.parts}: active parts, {@code min_time}/{@code max_time} of the partition key's time column;
 * the engine skips a part whose range misses a window). The rewriter estimates from it how many rows
 * a window reads; it is read with the catalog, never per query.
 *
 * @param partitions every part that holds rows, in any order (a test may give whole partitions)
 * @param leadingKey the first expression of the table's sorting key ({@code system.tables.sorting_key}),
 *     empty when it has none or it is not known: whether a time range can skip granules inside a part
 */
public record TableRows(List<Partition> partitions, String leadingKey) {

  /** One part (or partition): {@code rows} rows stamped from {@code first} to {@code last}, both inclusive. */
  public record Partition(Instant first, Instant last, long rows) {
    public Partition {
      Objects.requireNonNull(first, "first");
      Objects.requireNonNull(last, "last");
      if (last.isBefore(first) || rows < 0) {
        throw new IllegalArgumentException("a partition spans " + first + " to " + last + " with " + rows + " rows");
      }
    }
  }

  public TableRows {
    partitions = List.copyOf(partitions);
    leadingKey = leadingKey == null ? "" : leadingKey.strip();
  }

  /** Rows without a known sorting key. */
  public TableRows(List<Partition> partitions) {
    this(partitions, "");
  }

  /** Rows of the whole table. */
  public long total() {
    return partitions.stream().mapToLong(Partition::rows).sum();
  }
}
