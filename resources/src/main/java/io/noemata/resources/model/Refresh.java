package io.noemata.resources.model;

import java.util.Objects;

/**
 * A rollup's {@code "refresh"}: the server runs the rollup's whole aggregation again on a schedule
 * (a refreshable materialized view, {@code REFRESH EVERY|AFTER <interval>}) and replaces the
 * target's rows with its result, instead of a materialized view fed by each insert. It is how a
 * rollup follows a source that replaces, collapses or deletes rows after insert: the refresh reads
 * the table as it is then ({@code FINAL} where the engine merges rows).
 *
 * @param schedule {@link Schedule#EVERY} a period aligned to the clock, or {@link Schedule#AFTER}
 *     the interval after the last refresh
 * @param interval the period
 * @param append whether a refresh adds its rows instead of replacing them; always false for a
 *     rollup (validation refuses true: each refresh aggregates every bucket again)
 */
public record Refresh(Schedule schedule, Interval interval, boolean append) {

  public enum Schedule {
    EVERY,
    AFTER
  }

  public Refresh {
    Objects.requireNonNull(schedule, "schedule");
    Objects.requireNonNull(interval, "interval");
  }

  /**
   * The server's clause, {@code EVERY 5 MINUTE}: the unit as written (ClickHouse aligns an EVERY
   * schedule to its unit, so {@code 1h} is {@code EVERY 1 HOUR}, not 3600 seconds).
   */
  public String clause() {
    String text = interval.text();
    String count = text.substring(0, text.length() - 1);
    String unit = switch (text.charAt(text.length() - 1)) {
      case 's' -> "SECOND";
      case 'm' -> "MINUTE";
      case 'h' -> "HOUR";
      case 'd' -> "DAY";
      default -> "WEEK";
    };
    return schedule + " " + count + " " + unit + (append ? " APPEND" : "");
  }

  /** As written in a resources file: {@code {"every": "5m"}}. */
  @Override
  public String toString() {
    return schedule.name().toLowerCase(java.util.Locale.ROOT) + " " + interval.text();
  }
}
