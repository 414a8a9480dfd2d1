package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.online.OnlineRollupCheck;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** validate --online: passes on correct rollups, fails naming bucket and measure on tampered rows. */
class InstallerValidateOnlineIT {

  @TempDir Path dir;

  @Test
  void correctRollupsPassAndATamperedBucketFailsNamingBucketAndMeasure() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_online", dir, 2_000);
    String db = fx.db;
    // rows in the last hour's buckets, there before the publish (so backfilled), then some through the views
    fx.execute("INSERT INTO " + db + ".otel_logs (Timestamp, TraceId, ServiceName, SeverityText, SeverityNumber, Body)"
        + " SELECT now64(9) - toIntervalSecond(360 + number * 37), toString(number % 7), ['cart', 'checkout'][number % 2 + 1],"
        + " 'INFO', 9 + (number % 3) * 4, 'recent' FROM numbers(80)");
    fx.execute("INSERT INTO " + db + ".otel_traces (Timestamp, TraceId, SpanId, SpanName, SpanKind, ServiceName, Duration,"
        + " StatusCode) SELECT now64(9) - toIntervalSecond(360 + number * 29), toString(number % 5), toString(number),"
        + " 'GET /a', 'Server', 'cart', 1000 + number * 13, 'Ok' FROM numbers(90)");
    fx.publish();
    fx.execute("INSERT INTO " + db + ".otel_logs (Timestamp, TraceId, ServiceName, SeverityText, SeverityNumber, Body)"
        + " SELECT now64(9) + toIntervalSecond(5 + number), 'after', 'cart', 'INFO', 9, 'view' FROM numbers(20)");
    // the check looks at buckets ending five minutes before now: pretend now is 40 minutes later
    Instant now;
    try (Connection c = fx.connect()) {
      now = InstallerFixture.serverNow(c).plus(Duration.ofMinutes(40));
    }
    OnlineRollupCheck.Result ok = check(fx, now);
    assertTrue(ok.passed(), ok.toString());
    assertEquals(3, ok.checked().size(), ok.toString());

    String target = InstallerRetireIT.target(fx, "logs_1m");
    String bucket = fx.rows("SELECT toString(max(bucket)) FROM " + db + "." + target + " WHERE ServiceName = 'cart'").get(0);
    fx.execute("INSERT INTO " + db + "." + target + " (ServiceName, SeverityText, bucket, LogCount, ErrorCount)"
        + " VALUES ('cart', 'INFO', '" + bucket + "', 5, 0)");
    OnlineRollupCheck.Result bad = check(fx, now);
    assertFalse(bad.passed());
    assertTrue(bad.mismatches().stream().anyMatch(m -> m.startsWith("logs_1m bucket " + bucket)
        && m.contains("measure LogCount")), bad.toString());
  }

  static OnlineRollupCheck.Result check(InstallerFixture fx, Instant now) throws Exception {
    try (Connection c = fx.connect()) {
      return OnlineRollupCheck.run(c, "noemata", Set.of(fx.db), Duration.ofHours(1), now);
    }
  }
}
