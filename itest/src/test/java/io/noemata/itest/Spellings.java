package io.noemata.itest;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * One dashboard query ({@link Base}) written in many spellings that mean the same to ClickHouse:
 * every time-constant form, interval form and bucket form of the same value, the window on the
 * bucket's alias (where the bounds are whole buckets), aliases or repeated expressions, conjuncts
 * in any order and flipped, PREWHERE for WHERE on dimensions, a derived table that only renames
 * the table, -If or FILTER, COUNT(*) or count(1), keywords in any case, qualified names, quoted
 * names, comments and whitespace; and (issue 26) typed literals, ISO bounds with an offset, IS NOT NULL
 * on columns that are never NULL, a derived table that only projects, qualified items unaliased,
 * combinators after a base in another case. Every spelling of one base must get the same decision and the
 * rows raw ClickHouse returns for it.
 */
final class Spellings {

  private static final long DAY0 = Instant.parse("2024-06-03T00:00:00Z").getEpochSecond();
  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

  /**
   * @param logs otel_logs (else otel_traces)
   * @param widthSeconds the bucket width (0: no bucket)
   * @param byService grouped by ServiceName too
   * @param aggregates indexes into {@link #aggregates}
   * @param from window start (epoch seconds)
   * @param until window end, exclusive (epoch seconds)
   * @param filter 0 none, 1 a dimension, 2 a column that is no dimension, 3 the condition the
   *     logs rollup stores a count of (SeverityNumber >= 17: RowCondition, IntegerBounds)
   */
  record Base(boolean logs, long widthSeconds, boolean byService, List<Integer> aggregates, long from, long until,
      int filter) {}

  private Spellings() {}

  static Base base(Random r) {
    boolean logs = r.nextBoolean();
    long width = List.of(0L, 60L, 60L, 300L, 900L, 3600L, 3600L, 86400L, 30L, 120L).get(r.nextInt(10));
    List<Integer> aggs = new ArrayList<>();
    int n = 1 + r.nextInt(2);
    for (int i = 0; i < n; i++) {
      int a = r.nextInt(AGGREGATES);
      if (!aggs.contains(a)) {
        aggs.add(a);
      }
    }
    long align = width >= 3600 && r.nextBoolean() ? width : 60;
    long from = DAY0 + r.nextInt(6 * 24 * 3600 / (int) align) * align + (r.nextInt(8) == 0 ? 1 + r.nextInt(59) : 0);
    long until = from + (1 + r.nextInt(36 * 3600 / (int) align)) * align;
    int filter = r.nextInt(4) == 0 ? 2 : r.nextInt(2);
    if (logs && filter == 0 && r.nextInt(3) == 0) {
      filter = 3;
    }
    return new Base(logs, width, r.nextInt(3) > 0, aggs, from, until, filter);
  }

  /** How many aggregates {@link #aggregates} spells for either table. */
  private static final int AGGREGATES = 4;

  /** Spellings of aggregate {@code i}; {@code q} qualifies a column (empty or {@code "t."}). */
  private static List<String> aggregates(boolean logs, int i, String q) {
    String dim = logs ? "SeverityText" : "StatusCode";
    String value = logs ? "'ERROR'" : "'Error'";
    return switch (i) {
      case 0 -> List.of("count()", "COUNT(*)", "count(1)", "Count()", "count(*)");
      case 1 -> List.of("countIf(" + q + dim + " = " + value + ")", "COUNTIf(" + q + dim + " = " + value + ")", "count() FILTER (WHERE " + q + dim + " = " + value + ")",
          "COUNT(*) FILTER (WHERE " + value + " = " + q + dim + ")", "countIf(" + q + dim + " == " + value + ")",
          "sum(if(" + q + dim + " = " + value + ", 1, 0))", "sum(" + q + dim + " = " + value + ")");
      case 2 -> logs ? List.of("uniq(" + q + "TraceId)", "uniq(TraceId)")
          : List.of("avg(" + q + "Duration)", "AVG(Duration)", "avg(" + q + "Duration)");
      default -> logs ? List.of("uniqIf(TraceId, " + q + dim + " != " + value + ")",
          "uniq(TraceId) FILTER (WHERE " + q + dim + " != " + value + ")", "uniq(TraceId) FILTER (WHERE NOT " + q + dim
          + " = " + value + ")")
          : List.of("sumIf(Duration, " + q + dim + " = " + value + ")", "SumIf(" + q + "Duration, " + q + dim + " = "
              + value + ")", "sum(Duration) FILTER (WHERE " + q + dim + " = "
              + value + ")", "SUM(" + q + "Duration) FILTER (WHERE " + value + " = " + dim + ")");
    };
  }

  private static <T> T pick(Random r, List<T> values) {
    return values.get(r.nextInt(values.size()));
  }

  /** A time constant for {@code epoch} in one of the spellings clients send. */
  static String time(Random r, long epoch) {
    String wall = WALL.format(Instant.ofEpochSecond(epoch));
    String iso = wall.replace(' ', 'T');
    return switch (r.nextInt(20)) {
      // Grafana's $__from / 1000 (a Float64 toDateTime truncates: 999 ms later is the same second),
      // a constant moved by seconds
      case 17 -> "toDateTime(" + (epoch * 1000 + r.nextInt(1000)) + " / 1000)";
      case 18 -> "toDateTime64(" + epoch * 1000 + "/1000, 3)";
      case 19 -> "toDateTime(" + (epoch + 60) + ") - 60";
      // issue 26: typed literals (jOOQ, Spark), ISO instants with an offset (Cube, Metabase)
      case 13 -> pick(r, List.of("timestamp '" + wall + "'", "TIMESTAMP '" + wall + ".0'"));
      case 14 -> "parseDateTimeBestEffort('" + iso + pick(r, List.of("Z", ".000Z", "+00:00")) + "')";
      case 15 -> "parseDateTime64BestEffort('" + iso + ".000Z', 3)";
      case 16 -> "toDateTime('" + wall + ".0')";
      case 0 -> "toDateTime(" + epoch + ")";
      case 1 -> "'" + wall + "'";
      case 2 -> "toDateTime('" + wall + "')";
      case 3 -> "fromUnixTimestamp64Milli(" + epoch * 1000 + ")";
      case 4 -> "fromUnixTimestamp64Micro(" + epoch * 1_000_000 + ")";
      case 5 -> "fromUnixTimestamp64Nano(" + epoch * 1_000_000_000L + ")";
      case 6 -> "parseDateTimeBestEffort('" + wall + "', 'UTC')";
      case 7 -> "toDateTime64('" + wall + ".000', 3)";
      case 8 -> "toDateTime(" + (epoch - 3600) + ") + INTERVAL 1 HOUR";
      case 9 -> "toDateTime(" + (epoch + 120) + ") - toIntervalMinute(2)";
      case 10 -> "toDateTime(" + (epoch - 7200) + " + 2 * 3600)";
      case 11 -> "date_add(MINUTE, 30, toDateTime(" + (epoch - 1800) + "))";
      default -> "toDateTime('" + wall + "', 'UTC')";
    };
  }

  /** An interval of {@code seconds} in one of its spellings. */
  static String interval(Random r, long seconds) {
    List<String> forms = new ArrayList<>(List.of("INTERVAL " + seconds + " second", "INTERVAL " + seconds + " SECONDS",
        "toIntervalSecond(" + seconds + ")", "INTERVAL '" + seconds + " seconds'", "INTERVAL " + seconds * 1000
        + " millisecond"));
    if (seconds % 60 == 0) {
      long m = seconds / 60;
      forms.addAll(List.of("INTERVAL " + m + " minute", "INTERVAL " + m + " MINUTES", "toIntervalMinute(" + m + ")",
          "INTERVAL '" + m + " minute'", "INTERVAL (" + m + " * 60) second"));
    }
    if (seconds % 3600 == 0 && seconds < 86400) {
      long h = seconds / 3600;
      forms.addAll(List.of("INTERVAL " + h + " HOUR", "toIntervalHour(" + h + ")", "INTERVAL '" + h + " hours'"));
    }
    if (seconds == 86400) {
      forms.addAll(List.of("INTERVAL 1 DAY", "toIntervalDay(1)"));
    }
    return pick(r, forms);
  }

  /** A bucket of width {@code seconds} over the time column {@code t}. */
  static String bucket(Random r, long seconds, String t) {
    List<String> forms = new ArrayList<>(List.of("toStartOfInterval(" + t + ", " + interval(r, seconds) + ")"));
    if (seconds % 60 == 0 && seconds < 86400) {
      forms.add("toStartOfInterval(toDateTime(" + t + "), INTERVAL " + seconds + " second)");
      forms.add("toStartOfInterval(toDateTime64(" + t + ", 3), INTERVAL " + seconds * 1000 + " millisecond)");
    }
    switch ((int) seconds) {
      case 60 -> forms.addAll(List.of("toStartOfMinute(" + t + ")", "date_trunc('minute', " + t + ")",
          "DATE_TRUNC('minute', " + t + ")"));
      case 300 -> forms.add("toStartOfFiveMinutes(" + t + ")");
      case 900 -> forms.add("toStartOfFifteenMinutes(" + t + ")");
      case 3600 -> forms.addAll(List.of("toStartOfHour(" + t + ")", "date_trunc('hour', " + t + ")"));
      case 86400 -> forms.addAll(List.of("toStartOfDay(" + t + ")", "date_trunc('day', " + t + ")"));
      default -> { }
    }
    return pick(r, forms);
  }

  private static String kw(Random r, String keyword) {
    return switch (r.nextInt(3)) {
      case 0 -> keyword.toLowerCase(java.util.Locale.ROOT);
      default -> keyword;
    };
  }

  private static String space(Random r) {
    return pick(r, List.of(" ", " ", " ", "\n", "  ", "\n\t", " /* panel */ ", "\n-- by noemata's generator\n"));
  }

  /** One spelling of {@code b}. */
  static String spell(Base b, Random r) {
    String table = b.logs() ? "otel_logs" : "otel_traces";
    String dim = b.logs() ? "SeverityText" : "StatusCode";
    boolean derived = r.nextInt(5) == 0;
    String q = derived ? pick(r, List.of("", "v.")) : pick(r, List.of("", "", table + ".", "`" + table + "`."));
    // a derived table that selects everything, or (issue 26, query engines) only projects what the level reads
    String projected = b.logs() ? "ServiceName, Timestamp, SeverityText, SeverityNumber, TraceId, Body"
        : "\"ServiceName\", \"Timestamp\", \"StatusCode\", \"Duration\", \"SpanKind\"";
    String from = derived ? "(SELECT " + pick(r, List.of("*", projected)) + " FROM otel." + table + ") AS v"
        : pick(r, List.of("otel." + table, "`otel`.`" + table + "`", "\"otel\".\"" + table + "\"", "otel." + table));
    String time = q + pick(r, List.of("Timestamp", "Timestamp", "`Timestamp`"));
    List<String> items = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    String bucket = b.widthSeconds() > 0 ? bucket(r, b.widthSeconds(), time) : null;
    boolean aliasBucket = bucket != null && r.nextBoolean();
    if (bucket != null) {
      items.add(bucket + " " + kw(r, "AS") + " t");
      groups.add(aliasBucket ? "t" : bucket);
    }
    if (b.byService()) {
      String service = q + "ServiceName";
      // a qualified name unaliased is named by its column, as the bare name is (both analyzers, 26.5)
      boolean aliased = r.nextBoolean();
      items.add(aliased ? service + " AS svc" : service);
      groups.add(aliased && r.nextBoolean() ? "svc" : service);
    }
    for (int a : b.aggregates()) {
      items.add(pick(r, aggregates(b.logs(), a, q)) + " AS a" + a);
    }
    List<String> where = new ArrayList<>();
    // the window on the bucket's alias means the same only when its bounds are whole buckets
    boolean onAlias = bucket != null && b.from() % b.widthSeconds() == 0 && b.until() % b.widthSeconds() == 0
        && b.widthSeconds() % 60 == 0 && r.nextInt(4) == 0;
    String lowCol = onAlias ? "t" : time;
    // the second the row lies in, compared with a whole second: the same bound
    String lowBound = onAlias || r.nextInt(5) > 0 ? lowCol + " >= " + time(r, b.from())
        : r.nextBoolean() ? "toDateTime(" + time + ") >= " + time(r, b.from()) : "toUnixTimestamp(" + time + ") >= " + b.from();
    where.add(r.nextBoolean() || !lowBound.startsWith(lowCol) ? lowBound : time(r, b.from()) + " <= " + lowCol);
    where.add(onAlias ? "t < " + time(r, b.until())
        : r.nextInt(6) == 0 ? "toUnixTimestamp(" + time + ") < " + b.until()
        : r.nextBoolean() ? time + " < " + time(r, b.until()) : time(r, b.until()) + " > " + time);
    if (r.nextInt(4) == 0) {
      // what query engines add to every filter: true on the non-Nullable time column and dimension
      where.add(pick(r, List.of(time + " IS NOT NULL", q + "ServiceName IS NOT NULL", "isNotNull(" + time + ")")));
    }
    List<String> prewhere = new ArrayList<>();
    if (b.filter() == 1) {
      String f = pick(r, List.of(q + "ServiceName = 'checkout'", "'checkout' = " + q + "ServiceName",
          q + "ServiceName IN ('checkout')", q + "ServiceName == 'checkout'", "NOT " + q + "ServiceName != 'checkout'"));
      (derived || r.nextBoolean() ? where : prewhere).add(f);
    } else if (b.filter() == 2) {
      where.add(b.logs() ? q + "Body LIKE '%timeout%'" : q + "SpanKind = 'Server'");
    } else if (b.filter() == 3) {
      where.add(pick(r, List.of(q + "SeverityNumber >= 17", q + "SeverityNumber > 16", "16 < " + q + "SeverityNumber",
          "(" + q + "SeverityNumber >= 17.0)", "17 <= " + q + "SeverityNumber")));
    }
    Collections.shuffle(where, r);
    StringBuilder sql = new StringBuilder();
    if (r.nextInt(4) == 0) {
      sql.append(pick(r, List.of("/* grafana */ ", "-- Metabase:: userID: 1\n", "\n")));
    }
    sql.append(kw(r, "SELECT")).append(space(r)).append(String.join("," + space(r), items)).append(space(r))
        .append(kw(r, "FROM")).append(space(r)).append(from);
    if (!prewhere.isEmpty()) {
      sql.append(space(r)).append(kw(r, "PREWHERE")).append(' ').append(String.join(" AND ", prewhere));
    }
    sql.append(space(r)).append(kw(r, "WHERE")).append(' ');
    for (int i = 0; i < where.size(); i++) {
      sql.append(i > 0 ? " " + kw(r, "AND") + space(r) : "").append(r.nextInt(3) == 0 ? "(" + where.get(i) + ")" : where.get(i));
    }
    if (!groups.isEmpty()) {
      Collections.shuffle(groups, r);
      sql.append(space(r)).append(kw(r, "GROUP BY")).append(' ').append(String.join(", ", groups));
      sql.append(space(r)).append(kw(r, "ORDER BY")).append(' ').append(String.join(", ", groups));
    }
    return sql.toString();
  }
}
