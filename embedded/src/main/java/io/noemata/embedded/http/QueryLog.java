package io.noemata.embedded.http;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The last N statements the HTTP front end ran, as they arrived. chDB keeps no
 * {@code system.query_log}; tests and {@code noemata serve --query-log} read this instead.
 */
public final class QueryLog {

  /** One statement: its query id, the SQL text and the error code (0 when it succeeded). */
  public record Entry(String queryId, String sql, int errorCode) {}

  private final int capacity;
  private final ArrayDeque<Entry> entries = new ArrayDeque<>();

  QueryLog(int capacity) {
    this.capacity = capacity;
  }

  synchronized void add(Entry entry) {
    if (entries.size() == capacity) {
      entries.removeFirst();
    }
    entries.addLast(entry);
  }

  public synchronized List<Entry> entries() {
    return new ArrayList<>(entries);
  }

  /** True when some statement that arrived contains {@code fragment}. */
  public synchronized boolean contains(String fragment) {
    return entries.stream().anyMatch(e -> e.sql().contains(fragment));
  }
}
