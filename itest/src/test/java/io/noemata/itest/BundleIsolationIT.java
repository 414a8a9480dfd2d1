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

import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * The self-contained driver jar loads in a JVM whose class path also has other versions of
 * Jackson and Caffeine, and each side keeps its own: the host's libraries stay the host's, the
 * driver still rewrites. What the jar relocates it ships, so clickhouse-jdbc's optional JSON
 * parsers (Jackson, Gson) are the host's own and read JSONEachRow results.
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

  @ParameterizedTest
  @CsvSource({
      "jackson, com.clickhouse.client.api.data_formats.JacksonJsonParserFactory, com.fasterxml.jackson.databind.ObjectMapper, jackson-databind-",
      "gson, com.clickhouse.client.api.data_formats.GsonJsonParserFactory, com.google.gson.Gson, gson-"})
  void jsonEachRowIsReadWithTheHostsJsonLibraryAndOnlyTheBundle(String library, String factory, String libraryClass, String jar)
      throws Exception {
    ClickHouseTarget target = ClickHouseTarget.get();
    Path libs = Path.of(System.getProperty("user.dir"), "target", "json-libs", library);
    String classPath;
    try (Stream<Path> jars = Files.list(libs)) {
      classPath = Stream.concat(jars.map(Path::toString),
              Stream.of(ProcessRun.bundleJar().toString(), Path.of(System.getProperty("user.dir"), "target", "classes").toString()))
          .reduce((a, b) -> a + File.pathSeparator + b).orElseThrow();
    }
    ProcessRun run = ProcessRun.run(List.of(ProcessRun.java(), "-cp", classPath, JsonEachRowProbe.class.getName(),
        "jdbc:noemata:clickhouse://" + target.hostPort() + "/default", factory, libraryClass), Map.of(), 120);
    assertEquals(0, run.exitCode(), run.stdout() + run.stderr());
    assertTrue(run.stdout().contains("row num=1 str=test"), run.stdout());
    assertTrue(run.stdout().matches("(?s).*json library from \\S+/" + jar + "[0-9.]+\\.jar.*"), run.stdout());
  }

  @Test
  void everyRelocatedReferenceIsAClassTheBundleShips() throws Exception {
    Set<String> shipped = new TreeSet<>();
    Set<String> referenced = new TreeSet<>();
    try (JarFile jar = new JarFile(ProcessRun.bundleJar().toFile())) {
      for (JarEntry e : java.util.Collections.list(jar.entries())) {
        String name = e.getName();
        if (!name.endsWith(".class") || name.startsWith("META-INF/")) {
          continue;
        }
        shipped.add(name.substring(0, name.length() - ".class".length()));
        try (var in = jar.getInputStream(e)) {
          new ClassReader(in).accept(new ClassRemapper(new ClassWriter(0), new Remapper() {
            @Override
            public String map(String internalName) {
              if (internalName.startsWith("io/noemata/shaded/")) {
                referenced.add(internalName);
              }
              return internalName;
            }
          }), 0);
        }
      }
    }
    referenced.removeAll(shipped);
    assertEquals(Set.of(), referenced, "relocated names the bundle does not ship: no host copy could ever satisfy them");
  }
}
