package io.noemata.otel;

import java.time.LocalDate;
import java.util.Objects;

/**
 * How much demo data to make and where: row counts per table, the first day and the number of
 * days the timestamps spread over. The defaults put the data on the days the query corpus
 * (corpus/queries.sql) was written for (2024-06-03 to 2024-06-11 UTC), in the exporter's v0.151
 * layout ({@link OtelLayout}).
 */
public record OtelDataSpec(String database, long logRows, long spanRows, LocalDate firstDay, int days,
    OtelLayout layout) {

  /** The data in the exporter's v0.151 layout. */
  public OtelDataSpec(String database, long logRows, long spanRows, LocalDate firstDay, int days) {
    this(database, logRows, spanRows, firstDay, days, OtelLayout.V0_151);
  }

  /** The same data in {@code other}'s layout. */
  public OtelDataSpec withLayout(OtelLayout other) {
    return new OtelDataSpec(database, logRows, spanRows, firstDay, days, other);
  }

  public static final LocalDate CORPUS_FIRST_DAY = LocalDate.of(2024, 6, 3);
  public static final int CORPUS_DAYS = 8;

  public OtelDataSpec {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(firstDay, "firstDay");
    Objects.requireNonNull(layout, "layout");
    if (logRows < 0 || spanRows < 0) {
      throw new IllegalArgumentException("row counts must not be negative");
    }
    if (days < 1 || days > 3650) {
      throw new IllegalArgumentException("days must be 1..3650, was " + days);
    }
    // intDiv(n * periodMs, rows) must stay inside Int64.
    if (Math.max(logRows, spanRows) > Long.MAX_VALUE / (days * 86_400_000L)) {
      throw new IllegalArgumentException("too many rows for " + days + " days");
    }
  }

  /** {@code rows} of each table over the corpus days, in database {@code otel}. */
  public static OtelDataSpec corpusDays(long rows) {
    return new OtelDataSpec("otel", rows, rows, CORPUS_FIRST_DAY, CORPUS_DAYS);
  }
}
