package io.noemata.itest;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.EngineRequest;
import io.noemata.embedded.QueryResult;

/**
 * Runs in a JVM of its own (started by {@code EngineProcessIT}) so that what it checks, a JVM that
 * neither hangs nor crashes, can be observed from outside:
 * <ul>
 *   <li>{@code npe}: after the engine started, hot compiled code that throws and catches
 *       NullPointerExceptions (implicit null checks, i.e. SIGSEGV inside the JVM) keeps running;
 *   <li>{@code heavy-insert}: after millions of inserted rows, returning from main exits cleanly
 *       (the engine's shutdown hook closes the connection).
 * </ul>
 * Prints one result line and exits 0 when the check passed.
 */
public final class EngineProbe {

  private EngineProbe() {}

  public static void main(String[] args) {
    EmbeddedClickHouse engine = EmbeddedClickHouse.shared();
    check(engine.query("SELECT 1", "TabSeparated"));
    switch (args[0]) {
      case "npe" -> npe();
      case "heavy-insert" -> heavyInsert(engine);
      default -> throw new IllegalArgumentException("unknown probe " + args[0]);
    }
  }

  private static void npe() {
    String[] values = new String[1024];
    for (int i = 0; i < values.length; i++) {
      values[i] = "v" + i;
    }
    long sum = 0;
    // Warm up without nulls so the JIT compiles length() with an implicit (signal-based) null check.
    for (int round = 0; round < 200; round++) {
      sum += lengths(values);
    }
    long caught = 0;
    for (int i = 0; i < values.length; i += 16) {
      values[i] = null;
    }
    for (int round = 0; round < 20_000; round++) {
      try {
        sum += lengths(values);
      } catch (NullPointerException e) {
        caught++;
      }
    }
    System.out.println("npe-ok caught=" + caught + " sum=" + sum);
  }

  private static long lengths(String[] values) {
    long total = 0;
    for (String v : values) {
      total += v.length();
    }
    return total;
  }

  private static void heavyInsert(EmbeddedClickHouse engine) {
    check(engine.query("CREATE TABLE heavy (id UInt64, s String, m Map(String, String)) ENGINE = MergeTree ORDER BY id", "TabSeparated"));
    for (int i = 0; i < 5; i++) {
      check(engine.query("INSERT INTO heavy SELECT number, toString(number), map('k', toString(number % 7))"
          + " FROM numbers(" + (i * 1_000_000) + ", 1000000)", "TabSeparated"));
    }
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      rows.append(5_000_000 + i).append("\tline\\n\\nbreak\t{'k':'v'}\n");
    }
    check(engine.insert(new EngineRequest("default", Map.of(), "INSERT INTO heavy FORMAT TabSeparated", "TabSeparated"),
        new ByteArrayInputStream(rows.toString().getBytes(StandardCharsets.UTF_8))));
    QueryResult count = engine.query("SELECT count() FROM heavy", "TabSeparated");
    check(count);
    System.out.println("inserted " + new String(count.data(), StandardCharsets.UTF_8).strip());
  }

  private static void check(QueryResult r) {
    if (!r.ok()) {
      throw new IllegalStateException(r.error());
    }
  }
}
