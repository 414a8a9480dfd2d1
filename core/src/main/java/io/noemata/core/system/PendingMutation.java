package io.noemata.core.system;

import java.util.List;

/**
 * One unfinished row of {@code system.mutations}: the block number it was given in each partition
 * ({@code block_numbers}; one with an empty partition on a plain MergeTree, whose numbers are the
 * table's). Parts it has not reached yet still show their old rows under a lower {@code data_version}.
 */
public record PendingMutation(String database, String table, List<String> partitionIds, List<Long> numbers) {
  public PendingMutation {
    partitionIds = List.copyOf(partitionIds);
    numbers = List.copyOf(numbers);
  }
}
