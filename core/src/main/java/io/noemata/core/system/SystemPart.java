package io.noemata.core.system;

import java.time.Instant;

/**
 * One active row of {@code system.parts}: a part of a table's partition, with the block numbers it
 * was built from ({@code min_block_number..max_block_number}; a merge keeps the range of the parts
 * it merged), its {@code data_version} (the last mutation applied, or its first block) and the time
 * range of the partition key's time column ({@code min_time}/{@code max_time}; both the epoch when
 * the key has none, see {@link #timeKnown}).
 */
public record SystemPart(String database, String table, String partitionId, long minBlock, long maxBlock,
    long dataVersion, Instant minTime, Instant maxTime, long rows) {

  /** The largest block number or mutation whose rows this part holds: what a watermark is compared with. */
  public long newestBlock() {
    return Math.max(maxBlock, dataVersion);
  }

  /** Whether {@code min_time}/{@code max_time} say which rows it holds (the partition key has a time column). */
  public boolean timeKnown() {
    return minTime.getEpochSecond() != 0 || maxTime.getEpochSecond() != 0;
  }
}
