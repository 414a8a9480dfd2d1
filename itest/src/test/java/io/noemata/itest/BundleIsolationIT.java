package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The self-contained driver jar loads in a JVM whose class path also has other versions of
 * Jackson and Caffeine, and each side keeps its own: the host's libraries stay the host's, the
 * driver still rewrites.
 */
class BundleIsolationIT {

  @Test
  void bundleWorksBesideOlderJacksonAndCaffeine() throws Exception {
    ClickHouseTarget target = ClickHouseTarget.get();
    String db = "itest_bundle";
    try (Connection c = target.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + db);
      s.execute("CREATE DATABASE " + db);
      s.execute("CREATE TABLE " + db + ".t (m Map(String, String), k String MATERIALIZED m['k']) ENGINE = MergeTree ORDER BY tuple()");
      s.execute("INSERT INTO " + db + ".t (m) VALUES ({'k':'v1'})");
    }
    Path hostLibs = Path.of(System.getProperty("user.dir"), "target", "host-libs");
    String classPath;
    try (Stream<Path> libs = Files.list(hostLibs)) {
      classPath = Stream.concat(libs.map(Path::toString),
              Stream.of(ProcessRun.bundleJar().toString(), Path.of(System.getProperty("user.dir"), "target", "classes").toString()))
          .reduce((a, b) -> a + File.pathSeparator + b).orElseThrow();
    }
    String marker = "bundle-" + UUID.randomUUID();
    ProcessRun run = ProcessRun.run(List.of(ProcessRun.java(), "-cp", classPath, HostAppProbe.class.getName(),
        "jdbc:noemata:clickhouse://" + target.hostPort() + "/" + db, "SELECT m['k'] FROM t /* " + marker + " */"), Map.of(), 120);
    assertEquals(0, run.exitCode(), run.stdout() + run.stderr());
    assertTrue(run.stdout().contains("host caffeine from") && run.stdout().contains("caffeine-2.9.3.jar"), run.stdout());
    assertTrue(run.stdout().contains("host jackson 2.12.7"), run.stdout());
    assertTrue(run.stdout().matches("(?s).*driver io\\.noemata\\.\\S+ from \\S+noemata-jdbc-\\S+-all\\.jar answered v1.*"), run.stdout());
    List<String> arrived = target.arrivedSql(marker);
    assertEquals(1, arrived.size(), arrived.toString());
    assertTrue(arrived.get(0).contains("`k`"), "the bundle's driver rewrote the subscript to the stored column: " + arrived);
  }
}
