package io.noemata.itest;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random queries shaped like what dashboards send over the OTel tables, within the corpus days:
 * a bucket (or none), a window, filters, aggregates. Roughly half are answerable from the corpus
 * rollups; the rest miss one condition (an unaligned or inclusive bound, a finer bucket, a
 * non-dimension filter, an unstored aggregate, an unaliased expression). One in five groups by
 * every dimension of the corpus rollups at their minute, in any key order, with a total ORDER BY
 * and sometimes a LIMIT: its groups are rollup rows (read with FINAL when small). Some bind values to
 * {@code ?} parameters (window bounds, a service name), some write the window relative to
 * {@code now()} (reaching back to the corpus days), and some wrap the query in a second level (a
 * subquery, a CTE, or a UNION ALL of two branches).
 */
final class DashboardQueries {

  /**
   * A drawn query: its text, the values bound to its {@code ?}s (sent as strings), and whether its
   * window moves with the server's clock (then two runs a moment apart may differ at the edges).
   */
  record Drawn(String sql, List<String> params, boolean moving) {}

  private static final long DAY0 = Instant.parse("2024-06-03T00:00:00Z").getEpochSecond();
  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

  private DashboardQueries() {}

  private static <T> T pick(Random r, List<T> values) {
    return values.get(r.nextInt(values.size()));
  }

  /** A query; {@code nowSecond} is the server's clock, from which now()-relative windows reach the corpus days. */
  static Drawn next(Random r, long nowSecond) {
    List<String> params = new ArrayList<>();
    boolean[] moving = {false};
    String sql = level(r, nowSecond, params, moving);
    switch (r.nextInt(10)) {
      case 0 -> sql = "SELECT * FROM (" + sql + ") AS sub";
      case 1 -> sql = "WITH q AS (" + sql + ") SELECT * FROM q";
      case 2 -> {
        List<String> more = new ArrayList<>(params);
        sql = sql + " UNION ALL " + sql; // both branches are levels of their own, each bound anew
        params.addAll(more);
      }
      default -> { }
    }
    return new Drawn(sql, params, moving[0]);
  }

  private static String level(Random r, long nowSecond, List<String> params, boolean[] moving) {
    boolean logs = r.nextBoolean();
    String dim = logs ? "SeverityText" : "StatusCode";
    // one in five groups by every dimension of the corpus rollups at their minute: its groups are rollup rows
    boolean rows = r.nextInt(5) == 0;
    List<String> items = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    String bucket = rows ? pick(r, MINUTE_BUCKETS) : pick(r, List.of("", "toStartOfMinute(Timestamp)", "toStartOfFiveMinutes(Timestamp)",
        "toStartOfHour(Timestamp)", "toStartOfDay(Timestamp)", "toStartOfInterval(Timestamp, INTERVAL 2 minute)",
        "toStartOfInterval(toDateTime(Timestamp), INTERVAL 30 second)",
        "toStartOfInterval(toDateTime(Timestamp), INTERVAL 120 second)",
        "toStartOfInterval(Timestamp, INTERVAL 3 hour)", "toStartOfInterval(Timestamp, INTERVAL 90 second)",
        "date_trunc('hour', Timestamp)", "toDateTime(intDiv(toUInt32(toDateTime(Timestamp)), 600) * 600)",
        "toStartOfDay(toTimeZone(Timestamp, 'Asia/Kolkata'))", "toMonday(Timestamp)", "Timestamp",
        "toStartOfHour(Timestamp)", "toStartOfFiveMinutes(Timestamp)", "toStartOfInterval(Timestamp, INTERVAL 15 minute)"));
    if (!bucket.isEmpty()) {
      items.add(bucket + " AS t");
      groups.add("t");
    }
    if (rows || r.nextBoolean()) {
      items.add(rows && r.nextBoolean() ? "ServiceName AS svc" : "ServiceName");
      groups.add(items.get(items.size() - 1).endsWith(" AS svc") ? "svc" : "ServiceName");
    }
    if (rows || r.nextInt(4) == 0) {
      items.add(rows && r.nextBoolean() ? dim : dim + " AS d");
      groups.add(items.get(items.size() - 1).endsWith(" AS d") ? "d" : dim);
    }
    List<String> aggregates = new ArrayList<>(List.of("count() AS c", "count(*) AS c", "count()",
        "countIf(" + dim + " IN ('ERROR', 'Error')) AS ce", "uniq(TraceId) AS u", "count() / 60 AS per_s",
        "toFloat64(count())", "count() AS c", "uniq(TraceId) AS u"));
    if (!logs) {
      aggregates.addAll(List.of("avg(Duration) AS a", "sum(Duration) AS s", "quantile(0.99)(Duration) AS p",
          "avg(Duration) AS a", "quantile(0.99)(Duration) AS p"));
    }
    if (r.nextInt(5) == 0) { // an aggregate or an item no rollup answers
      items.add(pick(r, List.of("uniqExact(TraceId) AS ux", "count() / 60", "max(Timestamp) AS latest")));
    }
    if (rows && r.nextInt(4) > 0) { // mostly what a rollup row holds as a value: no uniq or quantile states
      aggregates.removeIf(a -> a.startsWith("uniq") || a.startsWith("quantile"));
    }
    int n = 1 + r.nextInt(3);
    for (int i = 0; i < n; i++) {
      String a = pick(r, aggregates);
      if (!items.contains(a) && items.stream().noneMatch(x -> x.endsWith(" AS c") && a.endsWith(" AS c"))) {
        items.add(a);
      }
    }
    List<String> where = new ArrayList<>();
    if (r.nextInt(4) == 0) {
      moving[0] = true;
      movingWindow(r, nowSecond, where);
      items.add("count() AS n"); // the row count tells whether the moving edge passed a row between two runs
    } else {
      window(r, where, params);
    }
    switch (r.nextInt(8)) {
      case 0 -> {
        if (r.nextBoolean()) {
          where.add("ServiceName = ?");
          params.add("checkout");
        } else {
          where.add("ServiceName = 'checkout'");
        }
      }
      case 1 -> where.add(dim + " != ''");
      case 2 -> where.add(logs ? "Body LIKE '%timeout%'" : "SpanKind = 'Server'");
      case 3 -> where.add("ServiceName IN ('cart', 'frontend')");
      default -> { }
    }
    StringBuilder sql = new StringBuilder("SELECT ").append(String.join(", ", items))
        .append(" FROM otel.").append(logs ? "otel_logs" : "otel_traces");
    if (!where.isEmpty()) {
      sql.append(" WHERE ").append(String.join(" AND ", where));
    }
    if (!groups.isEmpty() && rows) {
      sql.append(" GROUP BY ").append(String.join(", ", shuffled(r, groups))).append(" ORDER BY ").append(rowsOrder(r, groups));
    } else if (!groups.isEmpty()) {
      sql.append(" GROUP BY ").append(String.join(", ", groups)).append(" ORDER BY ").append(String.join(", ", groups));
    }
    return sql.toString();
  }

  /** The rollups' one-minute bucket as tools spell it. */
  private static final List<String> MINUTE_BUCKETS = List.of("toStartOfMinute(Timestamp)",
      "toStartOfInterval(Timestamp, INTERVAL 1 minute)", "toStartOfInterval(Timestamp, INTERVAL 60 second)",
      "date_trunc('minute', Timestamp)", "toDateTime(intDiv(toUInt32(toDateTime(Timestamp)), 60) * 60)",
      "toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 MINUTE)");

  private static List<String> shuffled(Random r, List<String> values) {
    List<String> copy = new ArrayList<>(values);
    java.util.Collections.shuffle(copy, r);
    return copy;
  }

  /**
   * A total order over the keys (so a LIMIT cuts the same rows from both answers): the keys in any
   * order, each ascending or descending, some with a LIMIT.
   */
  private static String rowsOrder(Random r, List<String> groups) {
    List<String> keys = new ArrayList<>();
    for (String k : shuffled(r, groups)) {
      keys.add(r.nextInt(3) == 0 ? k + " DESC" : k);
    }
    return String.join(", ", keys) + (r.nextInt(3) == 0 ? " LIMIT " + (5 + r.nextInt(100)) : "");
  }

  /** A time window: whole minutes or not, half-open or inclusive, in the spellings tools use. */
  private static void window(Random r, List<String> where, List<String> params) {
    if (r.nextInt(10) == 0) {
      return;
    }
    long start = DAY0 + r.nextInt(7 * 24 * 60) * 60L + (r.nextInt(6) == 0 ? r.nextInt(60) : 0);
    long end = start + (1 + r.nextInt(48 * 60)) * 60L + (r.nextInt(6) == 0 ? r.nextInt(60) : 0);
    String low = time(r, start);
    String high = time(r, end);
    if (r.nextInt(5) == 0) { // bound values, as a prepared statement's wall-clock strings
      low = "?";
      high = "?";
      params.add(WALL.format(Instant.ofEpochSecond(start)));
    }
    boolean highBound = false;
    switch (r.nextInt(8)) {
      case 0 -> {
        where.add("Timestamp BETWEEN " + low + " AND " + high);
        highBound = true;
      }
      case 1 -> {
        where.add("Timestamp >= " + low);
        where.add("Timestamp <= " + high);
        highBound = true;
      }
      case 2 -> where.add("Timestamp >= " + low);
      default -> {
        where.add("Timestamp >= " + low);
        where.add("Timestamp < " + high);
        highBound = true;
      }
    }
    if (highBound && high.equals("?")) {
      params.add(WALL.format(Instant.ofEpochSecond(end)));
    }
  }

  /**
   * A window written relative to the server's clock, as Grafana's and Metabase's relative ranges
   * are: its start reaches back into the corpus days; its end is open, a constant, or also relative.
   * Some starts are whole minutes whatever the clock says (floored), most are not.
   */
  private static void movingWindow(Random r, long nowSecond, List<String> where) {
    long start = DAY0 + r.nextInt(7 * 24 * 60) * 60L + r.nextInt(60);
    long minutes = (nowSecond - start) / 60;
    long hours = (nowSecond - start) / 3600;
    String low = pick(r, List.of("now() - INTERVAL " + (nowSecond - start) + " SECOND",
        "now() - INTERVAL " + minutes + " MINUTE", "now64(3) - INTERVAL " + minutes + " MINUTE",
        "toStartOfMinute(now() - INTERVAL " + minutes + " MINUTE)",
        "toStartOfInterval(now(), INTERVAL 1 minute) - INTERVAL " + minutes + " MINUTE",
        "toStartOfHour(now()) - INTERVAL " + hours + " HOUR", "today() - INTERVAL " + (hours / 24) + " DAY",
        "toStartOfFiveMinutes(now()) + INTERVAL -" + minutes + " minute"));
    long span = (1 + r.nextInt(24 * 60)) * 60L;
    // one bound moves, so the window only shrinks (or only grows) while the clock runs
    if (r.nextInt(3) > 0) {
      where.add("Timestamp " + pick(r, List.of(">=", ">=", ">=", ">")) + " " + low);
      if (r.nextBoolean()) {
        where.add("Timestamp < toDateTime(" + (start + span) + ")");
      }
    } else {
      where.add("Timestamp >= toDateTime(" + start + ")");
      where.add("Timestamp " + pick(r, List.of("<", "<=")) + " "
          + pick(r, List.of("now() - INTERVAL ", "toStartOfMinute(now()) - INTERVAL "))
          + (nowSecond - start - span) / 60 + " MINUTE");
    }
  }

  private static String time(Random r, long epochSecond) {
    return switch (r.nextInt(4)) {
      case 0 -> "toDateTime(" + epochSecond + ")";
      case 1 -> "'" + WALL.format(Instant.ofEpochSecond(epochSecond)) + "'";
      case 2 -> "fromUnixTimestamp64Milli(" + epochSecond * 1000 + ")";
      default -> "parseDateTimeBestEffort('" + WALL.format(Instant.ofEpochSecond(epochSecond)) + "', 'UTC')";
    };
  }
}
