package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.expr.FunctionNames;
import io.noemata.core.expr.Functions;
import io.noemata.core.system.SystemFunctions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * noemata's knowledge of function names is the engine's: the built-in list the driver falls back
 * to is the engine's {@code system.functions} row for row, every spelling the canonical form
 * folds case for is case-insensitive on the engine, and every name the engine refuses for its case
 * is refused by {@link FunctionNames} read from the engine (and accepted where the engine accepts it).
 */
class FunctionNamesIT {

  private static final ClickHouseTarget TARGET = DriverFixture.TARGET;
  /** The parser reads these keyword forms in any case, whatever system.functions says. */
  private static final Set<String> PARSER_KEYWORDS = Set.of("trim", "ltrim", "rtrim");

  private static List<String> rows(Statement s, String sql, String kind) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder(kind);
        for (int i = 1; i <= n; i++) {
          b.append('\t').append(rs.getString(i));
        }
        if (kind.equals("c")) {
          b.append("\t0\t\t1"); // the resource's shape for a combinator: not case-insensitive, no alias, an aggregate's
        }
        out.add(b.toString());
      }
    }
    return out;
  }

  @Test
  void theBuiltInListIsTheEnginesOwn() throws Exception {
    List<String> engine = new ArrayList<>();
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      engine.addAll(rows(s, FunctionNames.FUNCTIONS_QUERY + " ORDER BY name", "f"));
      engine.addAll(rows(s, FunctionNames.COMBINATORS_QUERY + " ORDER BY name", "c"));
      engine.addAll(rows(s, FunctionNames.NONDETERMINISTIC_QUERY + " ORDER BY name", "n"));
    }
    List<String> builtIn = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        FunctionNames.class.getResourceAsStream("clickhouse-functions.tsv"), StandardCharsets.UTF_8))) {
      r.lines().filter(l -> !l.startsWith("#") && !l.isEmpty()).forEach(builtIn::add);
    }
    engine.sort(null);
    builtIn.sort(null);
    assertEquals(engine, builtIn, "regenerate core/src/main/resources/io/noemata/core/expr/clickhouse-functions.tsv");
  }

  @Test
  void everySpellingTheCanonicalFormFoldsIsCaseInsensitiveOnTheEngine() throws Exception {
    Map<String, Boolean> insensitive = new HashMap<>();
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name, case_insensitive FROM system.functions")) {
      while (rs.next()) {
        if (rs.getInt(2) == 1) { // DATE_TRUNC is the engine's spelling of date_trunc
          insensitive.put(rs.getString(1).toLowerCase(Locale.ROOT), true);
        }
      }
      for (String name : Functions.caseInsensitiveSpellings()) {
        if (PARSER_KEYWORDS.contains(name)) {
          try (ResultSet t = s.executeQuery("SELECT " + name.toUpperCase(Locale.ROOT) + "(' a ')")) {
            assertTrue(t.next(), name);
          }
        } else {
          assertEquals(Boolean.TRUE, insensitive.get(name.toLowerCase(Locale.ROOT)), name + " is not case-insensitive on the engine");
        }
      }
    }
  }

  /** Each class of name, in spellings the engine accepts and refuses; FunctionNames says the same. */
  @Test
  void theEngineRefusesExactlyTheNamesFunctionNamesRefuses() throws Exception {
    List<String[]> calls = List.of(
        // case-insensitive functions
        new String[] {"count()", "COUNT()", "Count()", "sum(number)", "SUM(number)", "avg(number)", "AVG(number)",
            "max(number)", "MAX(number)", "lower('a')", "LOWER('a')", "coalesce(1)", "COALESCE(1)"},
        // case-sensitive functions
        new String[] {"toStartOfHour(now())", "toStartOfHOUR(now())", "TOSTARTOFHOUR(now())", "toDate(now())",
            "TODATE(now())", "toDateTime(0)", "TODATETIME(0)", "isNotNull(1)", "ISNOTNULL(1)"},
        // aggregates
        new String[] {"uniq(number)", "UNIQ(number)", "Uniq(number)", "any(number)", "ANY(number)",
            "quantile(0.5)(number)", "QUANTILE(0.5)(number)", "uniqExact(number)", "uniqexact(number)",
            "stddevPop(number)", "STDDEVPOP(number)"},
        // combinators
        new String[] {"countIf(number > 1)", "COUNTIf(number > 1)", "countIF(number > 1)", "countif(number > 1)",
            "COUNTIF(number > 1)", "sumIf(number, 1)", "SUMIf(number, 1)", "sumif(number, 1)", "uniqIf(number, 1)",
            "UNIQIf(number, 1)", "avgOrNull(number)", "AVGOrNull(number)", "avgornull(number)", "countStateIf(1)",
            "COUNTSTATE()", "sumDistinct(number)", "SUMDISTINCT(number)", "quantileIf(0.5)(number, 1)"},
        // the parser's keyword forms, in any case
        new String[] {"DATE_ADD(HOUR, 1, now())", "DaTeAdD(HOUR, 1, now())", "TIMESTAMPADD(HOUR, 1, now())",
            "timestamp_add(now(), INTERVAL 1 HOUR)", "DATE_SUB(HOUR, 1, now())", "datesub(HOUR, 1, now())",
            "TIMESTAMPSUB(HOUR, 1, now())", "timestamp_sub(HOUR, 1, now())", "DATEDIFF('hour', now(), now())",
            "TIMESTAMPDIFF(HOUR, now(), now())", "date_diff('hour', now(), now())", "SUBSTRING('abc', 2)",
            "Position('abc', 'b')", "CAST(1, 'UInt8')", "EXTRACT('abc', 'b')", "RTRIM(' a ')", "LTRIM(' a ')",
            "Trim(' a ')"},
        // aliases
        new String[] {"date_trunc('hour', now())", "DATE_TRUNC('hour', now())", "Date_Trunc('hour', now())",
            "dateTrunc('hour', now())", "DATETRUNC('hour', now())", "median(number)", "MEDIAN(number)",
            "first_value(number)", "FIRST_VALUE(number)", "lcase('A')", "LCASE('A')", "toTimeZone(now(), 'UTC')",
            "toTimezone(now(), 'UTC')", "TOTIMEZONE(now(), 'UTC')"});
    FunctionNames names;
    try (Connection c = TARGET.connect("default")) {
      names = SystemFunctions.read(c);
    }
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      for (String[] group : calls) {
        for (String call : group) {
          boolean accepted;
          try (ResultSet rs = s.executeQuery("SELECT toTypeName(" + call + ") FROM numbers(3)")) {
            accepted = rs.next();
          } catch (SQLException refused) {
            assertTrue(refused.getErrorCode() == 46 || refused.getErrorCode() == 63, call + ": " + refused.getMessage());
            accepted = false;
          }
          String name = call.substring(0, call.indexOf('('));
          assertEquals(accepted, names.knows(name), call);
          assertEquals(accepted, FunctionNames.builtIn().knows(name), call);
        }
      }
    }
  }

  /**
   * Every name the canonical form takes for an aggregate is one the engine aggregates with: by its
   * own name, case-insensitively where the engine allows it, or as an aggregate and a combinator
   * ({@code sumMap} is {@code sum} + {@code Map}); {@code uniqTheta} only in builds with DataSketches.
   */
  @Test
  void everyAggregateNameIsAnAggregateOfTheEngine() throws Exception {
    Set<String> exact = new java.util.HashSet<>();
    Set<String> anyCase = new java.util.HashSet<>();
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name, case_insensitive FROM system.functions WHERE is_aggregate")) {
      while (rs.next()) {
        exact.add(rs.getString(1));
        if (rs.getInt(2) == 1) {
          anyCase.add(rs.getString(1).toLowerCase(Locale.ROOT));
        }
      }
    }
    for (String name : Functions.aggregateNames()) {
      boolean combined = name.endsWith("Map") && exact.contains(name.substring(0, name.length() - 3));
      assertTrue(exact.contains(name) || anyCase.contains(name.toLowerCase(Locale.ROOT)) || combined
          || name.equals("uniqTheta"), name + " is no aggregate of the engine");
    }
  }
}
