package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.embedded.http.QueryLog;
import io.noemata.installer.steps.Publish;
import io.noemata.itest.ClickHouseTarget;
import io.noemata.itest.ProcessRun;
import io.noemata.resources.parse.ProjectReader;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Apache Spark 4.0 in local mode reads a table with an hourly rollup installed, through plain
 * clickhouse-jdbc, through the bundle ({@code jdbc:noemata:clickhouse://...?noemata.namespace=...})
 * and through the agent (the same {@code noemata.*} URL property on a {@code jdbc:clickhouse://}
 * URL): the JDBC data source (a table in four partitions, a query it wraps) and the JDBC catalog
 * (which pushes an aggregate down and sends it itself). Every read has the same schema and rows
 * as plain, and through noemata every aggregate Spark sent read the rollup.
 *
 * <p>Spark runs in a JVM of its own on a JDK 17 or 21 (Spark 4.0 stops on 25: Hadoop calls
 * {@code Subject.getSubject}); its libraries are resolved by Maven apart from this build's own
 * (Spark pins its own Jackson and Scala), so the first run downloads them (~270 MB). Under
 * {@code -Psoak} only; {@code -Dnoemata.spark.jdk=DIR} names the JDK.
 */
class SparkIT {

  private static final ClickHouseTarget TARGET = ClickHouseTarget.get();
  private static final String DB = "itest_spark";
  private static final String TABLE = DB + ".spans";
  private static final String SPARK = "4.0.1";
  private static final String NAMESPACE = "spark";
  /** What Spark 4.0's own launcher opens to it on Java 17 (its JavaModuleOptions). */
  private static final List<String> SPARK_JVM_OPTIONS = List.of("--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED", "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED", "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED", "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED", "-Djdk.reflect.useDirectMethodHandle=false",
      "-Dio.netty.tryReflectionSetAccessible=true", "-Xmx1g");

  private static Path work;
  private static Path jdk;
  private static String sparkClassPath;
  private static String sparkAndJdbcClassPath;
  private static Path probeClasses;

  @BeforeAll
  static void tableRollupAndSpark() throws Exception {
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      s.execute("CREATE DATABASE " + DB);
      s.execute("CREATE TABLE " + TABLE + " (Timestamp DateTime64(3), ServiceName LowCardinality(String), Duration UInt64)"
          + " ENGINE = MergeTree PARTITION BY toDate(Timestamp) ORDER BY (ServiceName, Timestamp)");
      // two days of rows, enough that the hourly rollup is estimated cheaper than the table
      s.execute("INSERT INTO " + TABLE + " SELECT toDateTime64(today() - 2, 3) + toIntervalMillisecond(number * 86),"
          + " concat('svc-', toString(number % 3)), number % 1000 FROM numbers(2000000)");
    }
    work = Files.createDirectories(ProcessRun.repositoryRoot().resolve("itest/target/spark-it"));
    Path project = project(Files.createTempDirectory(work, "project-"));
    try (Connection c = TARGET.connect(DB)) {
      Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@spark"), false);
    }
    jdk = sparkJdk();
    sparkClassPath = resolve("spark", "<dependency><groupId>org.apache.spark</groupId><artifactId>spark-sql_2.13</artifactId>"
        + "<version>" + SPARK + "</version></dependency>");
    sparkAndJdbcClassPath = resolve("spark-jdbc", "<dependency><groupId>org.apache.spark</groupId><artifactId>spark-sql_2.13</artifactId>"
        + "<version>" + SPARK + "</version></dependency><dependency><groupId>com.clickhouse</groupId>"
        + "<artifactId>clickhouse-jdbc</artifactId><version>0.10.0</version></dependency>");
    probeClasses = Files.createDirectories(work.resolve("probe-classes"));
    Path source = ProcessRun.repositoryRoot().resolve("itest/src/test/resources/spark/SparkProbe.java");
    ProcessRun javac = ProcessRun.run(List.of(jdk.resolve("bin/javac").toString(), "-cp", sparkClassPath, "-d",
        probeClasses.toString(), source.toString()), Map.of(), 300);
    assertEquals(0, javac.exitCode(), javac.stderr());
  }

  /** A project of one frame and an hourly rollup by service of the table, in namespace {@value #NAMESPACE}. */
  private static Path project(Path dir) throws Exception {
    Files.writeString(dir.resolve("noemata.json"), "{\"namespace\": \"" + NAMESPACE + "\", \"resources\": {\"install_on_publish\": true}}");
    Path views = Files.createDirectories(dir.resolve("@frames/spark/views"));
    Files.writeString(views.resolve("spans.frame.json"), "{\"frame\": \"@spark/views/spans\", \"tables\": {\"spans\": {"
        + "\"table\": \"" + TABLE + "\", \"time\": \"Timestamp\","
        + " \"measures\": {\"SpanCount\": \"count()\", \"LongestSpan\": \"max(Duration)\"}}}}");
    Files.writeString(views.resolve("spark.resources.json"), "{\"resources\": {\"spans_1h\": {\"rollup\": {"
        + "\"table\": \"@spark/views/spans#spans\", \"grain\": \"1h\", \"dimensions\": [\"ServiceName\"],"
        + " \"measures\": [\"SpanCount\", \"LongestSpan\"], \"retention\": \"30d\"}}}}");
    return dir;
  }

  /** The class path of {@code dependencies}, resolved by Maven in a project of their own (Spark's versions, not this build's). */
  private static String resolve(String name, String dependencies) throws Exception {
    Path dir = Files.createDirectories(work.resolve("resolve-" + name));
    Files.writeString(dir.resolve("pom.xml"), "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
        + "<groupId>io.noemata.itest</groupId><artifactId>spark-it-" + name + "</artifactId><version>0</version>"
        + "<dependencies>" + dependencies + "</dependencies></project>");
    Path out = dir.resolve("classpath.txt");
    ProcessRun mvn = ProcessRun.run(List.of(ProcessRun.repositoryRoot().resolve("mvnw").toString(), "-q", "-B", "-ntp", "-f",
        dir.resolve("pom.xml").toString(), "dependency:build-classpath", "-Dmdep.outputFile=" + out), Map.of(), 1200);
    assertEquals(0, mvn.exitCode(), mvn.stdout() + mvn.stderr());
    return Files.readString(out).strip();
  }

  /** A JDK 17 or 21: {@code -Dnoemata.spark.jdk}, else the first under /usr/lib/jvm. */
  private static Path sparkJdk() throws Exception {
    String named = System.getProperty("noemata.spark.jdk");
    if (named != null && !named.isBlank()) {
      return Path.of(named);
    }
    try (Stream<Path> dirs = Files.list(Path.of("/usr/lib/jvm"))) {
      return dirs.filter(d -> d.getFileName().toString().matches(".*\\b(17|21)\\b.*") && Files.isExecutable(d.resolve("bin/javac")))
          .sorted().findFirst()
          .orElseThrow(() -> new AssertionError("Spark 4.0 needs a JDK 17 or 21: none under /usr/lib/jvm; name one with -Dnoemata.spark.jdk=DIR"));
    }
  }

  /** One run of the probe: its reads by name (schema, then rows) and the statements that reached the server meanwhile. */
  private record SparkRun(Map<String, List<String>> reads, List<String> arrived) {}

  private static SparkRun spark(String classPath, List<String> jvmOptions, String url, String driver) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/java").toString()));
    cmd.addAll(SPARK_JVM_OPTIONS);
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", probeClasses + File.pathSeparator + classPath, "SparkProbe", url, driver, TABLE));
    QueryLog log = TARGET.embeddedQueryLog();
    long mark = log == null ? 0 : log.mark();
    ProcessRun run = ProcessRun.run(cmd, Map.of(), 900);
    assertEquals(0, run.exitCode(), run.stderr());
    Map<String, List<String>> reads = new LinkedHashMap<>();
    List<String> current = null;
    for (String line : run.stdout().split("\n")) {
      if (line.startsWith("== ")) {
        current = new ArrayList<>();
        reads.put(line.substring(3), current);
      } else if (current != null && !line.isEmpty()) {
        current.add(line);
      }
    }
    List<String> arrived = log == null ? List.of() : log.since(mark).stream().map(QueryLog.Entry::sql).toList();
    return new SparkRun(reads, arrived);
  }

  /** What Spark sent that aggregates the table (noemata's catalog reads name system tables, not it). */
  private static List<String> aggregatesOfTheTable(SparkRun run) {
    return run.arrived().stream().filter(sql -> sql.contains("spans") && sql.toUpperCase().contains("GROUP BY")
        && !sql.contains("system.")).toList();
  }

  @Test
  void sparkReadsTheSameThroughTheBundleAndTheAgentAndItsAggregatesReadTheRollup() throws Exception {
    String plainUrl = "jdbc:clickhouse://" + TARGET.hostPort() + "/" + DB;
    SparkRun plain = spark(sparkAndJdbcClassPath, List.of(), plainUrl, "com.clickhouse.jdbc.ClickHouseDriver");
    assertEquals(List.of("table", "query", "catalog aggregate", "catalog filter"), List.copyOf(plain.reads().keySet()));
    assertEquals(List.of("struct<Timestamp:timestamp,ServiceName:string,Duration:decimal(20,0)>"),
        plain.reads().get("table").subList(0, 1));
    assertTrue(plain.reads().get("table").get(1).startsWith("rows 2000000,"), plain.reads().get("table").toString());

    SparkRun bundle = spark(sparkClassPath + File.pathSeparator + ProcessRun.bundleJar(), List.of(),
        "jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + DB + "?noemata.namespace=" + NAMESPACE,
        "io.noemata.driver.NoemataDriver");
    SparkRun agent = spark(sparkAndJdbcClassPath, List.of("-javaagent:" + ProcessRun.agentJar()),
        plainUrl + "?noemata.namespace=" + NAMESPACE, "com.clickhouse.jdbc.ClickHouseDriver");
    for (String read : plain.reads().keySet()) {
      assertEquals(plain.reads().get(read), bundle.reads().get(read), "through the bundle: " + read);
      assertEquals(plain.reads().get(read), agent.reads().get(read), "through the agent: " + read);
    }

    if (TARGET.embeddedQueryLog() == null) {
      return; // a server of yours: what arrived is in its own query log
    }
    // Spark sends the same statements every way: the rest is noemata's (its catalog read)
    System.out.printf("spark: %d requests plain; through the bundle %d (noemata's %d), through the agent %d (noemata's %d)%n",
        plain.arrived().size(), bundle.arrived().size(), bundle.arrived().size() - plain.arrived().size(),
        agent.arrived().size(), agent.arrived().size() - plain.arrived().size());
    List<String> sent = aggregatesOfTheTable(plain);
    assertTrue(sent.stream().anyMatch(sql -> sql.contains("COUNT(*)") && sql.contains("GROUP BY `ServiceName`")),
        "the JDBC catalog pushed the aggregate down: " + sent);
    sent.forEach(sql -> assertFalse(sql.contains("_rollup_"), "plain reads the table: " + sql));
    for (SparkRun through : List.of(bundle, agent)) {
      List<String> aggregates = aggregatesOfTheTable(through);
      assertTrue(aggregates.size() >= 2, "the query and the pushed-down aggregate: " + aggregates);
      for (String sql : aggregates) {
        assertTrue(sql.contains(NAMESPACE + "_rollup_"), "read the rollup: " + sql);
      }
    }
  }
}
