package io.noemata.otel;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The OpenTelemetry ClickHouse exporter's two {@code otel_logs} layouts deployments have.
 * {@link #V0_151}: sorted by {@code (toStartOfFiveMinutes(Timestamp), ServiceName, Timestamp)},
 * partitioned by {@code toDate(Timestamp)}, with the {@code __otel_materialized_*} columns.
 * {@link #TIMESTAMP_TIME}: the layout before it (and ClickStack's), {@code TimestampTime DateTime
 * DEFAULT toDateTime(Timestamp)}, partitioned by {@code toDate(TimestampTime)}, primary key {@code
 * (ServiceName, TimestampTime)}, sorted by {@code (ServiceName, TimestampTime, Timestamp)}, no
 * materialized columns. The exporter does not write {@code TimestampTime}: its DEFAULT fills it, so
 * the data generator leaves it to the DEFAULT too. {@code otel_traces} is the same in both.
 */
public enum OtelLayout {
  V0_151("v0.151"),
  TIMESTAMP_TIME("timestamp-time");

  /** The name {@code --layout} takes. */
  public final String id;

  OtelLayout(String id) {
    this.id = id;
  }

  /** The layout named {@code id} (case-insensitive), if there is one. */
  public static Optional<OtelLayout> of(String id) {
    return Arrays.stream(values()).filter(l -> l.id.equals(id.toLowerCase(Locale.ROOT))).findFirst();
  }
}
