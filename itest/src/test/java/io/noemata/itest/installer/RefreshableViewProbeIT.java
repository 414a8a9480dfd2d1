package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.itest.ClickHouseTarget;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Probe: what the engine does with refreshable materialized views (facts printed for the notes). */
class RefreshableViewProbeIT {

  @Test
  void probe() throws Exception {
    try (Connection c = ClickHouseTarget.get().connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS it_refresh_probe");
      s.execute("CREATE DATABASE it_refresh_probe");
      s.execute("CREATE TABLE it_refresh_probe.src (k UInt32, t DateTime, v UInt64) ENGINE = ReplacingMergeTree"
          + " PARTITION BY toDate(t) ORDER BY (k, t)");
      s.execute("INSERT INTO it_refresh_probe.src VALUES (1, '2026-01-01 00:00:00', 1), (2, '2026-01-01 00:01:00', 2)");
      s.execute("INSERT INTO it_refresh_probe.src VALUES (1, '2026-01-01 00:00:00', 5)");
      s.execute("CREATE TABLE it_refresh_probe.dst (b DateTime, n UInt64, s UInt64) ENGINE = MergeTree ORDER BY b");
      for (String q : List.of(
          "CREATE MATERIALIZED VIEW it_refresh_probe.mv REFRESH EVERY 1 HOUR TO it_refresh_probe.dst AS SELECT"
              + " toStartOfHour(t) AS b, count() AS n, sum(v) AS s FROM it_refresh_probe.src FINAL GROUP BY b",
          "SYSTEM WAIT VIEW it_refresh_probe.mv",
          "SYSTEM REFRESH VIEW it_refresh_probe.mv",
          "SYSTEM WAIT VIEW it_refresh_probe.mv")) {
        try {
          s.execute(q);
          System.out.println("PROBE ok: " + q);
        } catch (Exception e) {
          System.out.println("PROBE failed: " + q + ": " + e.getMessage());
        }
      }
      print(s, "SELECT * FROM it_refresh_probe.dst");
      print(s, "SELECT name, type FROM system.columns WHERE database = 'system' AND table = 'view_refreshes'");
      print(s, "SELECT * FROM system.view_refreshes WHERE database = 'it_refresh_probe'");
      print(s, "SELECT name, modification_time, level FROM system.parts WHERE database = 'it_refresh_probe' AND active");
      print(s, "SELECT create_table_query, engine FROM system.tables WHERE database = 'it_refresh_probe' AND name = 'mv'");
      print(s, "SELECT now64(6)");
      s.execute("DROP DATABASE it_refresh_probe");
    }
  }

  static void print(Statement s, String sql) {
    try (ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder("PROBE ");
        for (int i = 1; i <= n; i++) {
          b.append(rs.getMetaData().getColumnName(i)).append('=').append(rs.getString(i)).append("; ");
        }
        System.out.println(b);
      }
    } catch (Exception e) {
      System.out.println("PROBE failed: " + sql + ": " + e.getMessage());
    }
  }
}
