package io.noemata.cli.demo;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

import io.noemata.otel.OtelDataSpec;

/**
 * The demo's dashboard over {@code otel.otel_logs} / {@code otel.otel_traces}: time series by service
 * and severity, error counts, p99 latency by span, error rate, average duration, top pods by a Map
 * subscript, a Map-subscript filter, a list of the latest error lines (raw rows: nothing but the
 * table answers it) and an unaligned Grafana time range. Windows fall on the demo data's days.
 */
public final class Dashboard {

  private Dashboard() {}

  /**
   * The panels over the days of {@code spec}: whole days from the second day to the seventh (or the
   * last), and a 36-hour Grafana range starting at an odd second of the third day.
   */
  public static List<DashboardQuery> panels(OtelDataSpec spec) {
    LocalDate first = spec.firstDay();
    long unalignedFrom = first.plusDays(2).atStartOfDay().toEpochSecond(ZoneOffset.UTC) + 3 * 3600 + 17 * 60 + 31;
    return panels(first.plusDays(1) + " 00:00:00", first.plusDays(Math.min(7, spec.days())) + " 00:00:00",
        unalignedFrom, unalignedFrom + 36 * 3600);
  }

  /**
   * A 7-day hourly panel (errors per hour by service over the seven whole days before the last
   * midnight of the data, or as many as there are after the first): the shape whose rollup read is
   * measured against {@code SELECT 1}, the floor of a round trip.
   */
  public static DashboardQuery sevenDayHourly(OtelDataSpec spec) {
    LocalDate first = spec.firstDay();
    String window = "Timestamp >= toDateTime('" + first.plusDays(Math.max(1, spec.days() - 7)) + " 00:00:00')"
        + " AND Timestamp < toDateTime('" + first.plusDays(spec.days()) + " 00:00:00')";
    return new DashboardQuery("Error logs per hour by service, 7 days", "HyperDX chart",
        "SELECT toStartOfHour(Timestamp) AS time, ServiceName, countIf(SeverityNumber >= 17) AS errors\n"
            + "FROM otel.otel_logs WHERE " + window + "\nGROUP BY time, ServiceName ORDER BY time, ServiceName", true);
  }

  /** The panels; {@code from}/{@code to} are whole-hour instants inside the generated days. */
  static List<DashboardQuery> panels(String from, String to, long unalignedFromUnix, long unalignedToUnix) {
    String window = "Timestamp >= toDateTime('" + from + "') AND Timestamp < toDateTime('" + to + "')";
    return List.of(
        new DashboardQuery("Log volume by service and severity, 5 min", "Grafana time series",
            "SELECT toStartOfInterval(Timestamp, INTERVAL 5 MINUTE) AS time, ServiceName, SeverityText, count() AS logs\n"
                + "FROM otel.otel_logs WHERE " + window + "\n"
                + "GROUP BY time, ServiceName, SeverityText ORDER BY time, ServiceName, SeverityText", true),
        new DashboardQuery("Error logs per hour by service", "HyperDX chart",
            "SELECT toStartOfHour(Timestamp) AS time, ServiceName, countIf(SeverityNumber >= 17) AS errors\n"
                + "FROM otel.otel_logs WHERE " + window + "\n"
                + "GROUP BY time, ServiceName ORDER BY time, ServiceName", true),
        new DashboardQuery("p99 latency by server span", "Grafana table",
            // quantilesDD: a DDSketch merges exactly, so minute sketches give the window's own answer
            "SELECT SpanName, quantilesDD(0.01, 0.5, 0.9, 0.99)(Duration)[4] / 1e6 AS p99_ms\n"
                + "FROM otel.otel_traces WHERE " + window + " AND SpanKind = 'Server'\n"
                + "GROUP BY SpanName ORDER BY SpanName", true),
        new DashboardQuery("Error rate by service", "Grafana stat",
            "SELECT ServiceName, countIf(StatusCode = 'Error') / count() AS error_rate\n"
                + "FROM otel.otel_traces WHERE " + window + "\n"
                + "GROUP BY ServiceName ORDER BY ServiceName", true),
        new DashboardQuery("Average span duration per hour", "Metabase question",
            "SELECT toStartOfHour(Timestamp) AS hour, ServiceName, avg(Duration) AS avg_duration\n"
                + "FROM otel.otel_traces WHERE " + window + "\n"
                + "GROUP BY hour, ServiceName ORDER BY hour, ServiceName", true),
        new DashboardQuery("Top pods by log lines", "Grafana bar chart",
            "SELECT ResourceAttributes['k8s.pod.name'] AS pod, count() AS lines\n"
                + "FROM otel.otel_logs WHERE " + window + "\n"
                + "GROUP BY pod ORDER BY lines DESC, pod LIMIT 10", true),
        new DashboardQuery("HTTP 500 log lines by service", "HyperDX search",
            "SELECT ServiceName, count() AS lines\n"
                + "FROM otel.otel_logs WHERE " + window + " AND LogAttributes['http.status_code'] = '500'\n"
                + "GROUP BY ServiceName ORDER BY ServiceName", true),
        new DashboardQuery("Latest error lines", "Grafana logs panel",
            "SELECT Timestamp, ServiceName, SeverityText, Body\n"
                + "FROM otel.otel_logs WHERE " + window + " AND SeverityNumber >= 17\n"
                + "ORDER BY Timestamp DESC, ServiceName, Body LIMIT 100", false),
        new DashboardQuery("Log volume, unaligned Grafana range", "Grafana time series",
            "SELECT toStartOfInterval(Timestamp, INTERVAL 1 HOUR) AS time, count() AS logs\n"
                + "FROM otel.otel_logs WHERE Timestamp >= toDateTime(" + unalignedFromUnix + ") AND Timestamp <= toDateTime("
                + unalignedToUnix + ")\nGROUP BY time ORDER BY time", false));
  }
}
