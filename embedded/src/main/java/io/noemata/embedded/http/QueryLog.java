package io.noemata.embedded.http;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * The last N statements the HTTP front end ran, as they arrived. chDB keeps no
 * {@code system.query_log}; tests and {@code noemata serve --query-log} read this instead.
 */
public final class QueryLog {

  /**
   * One statement: its query id, the SQL text, the error code (0 when it succeeded) and what the
   * engine reported reading (the figures {@code X-ClickHouse-Summary} carries).
   */
  public record Entry(String queryId, String sql, int errorCode, long rowsRead, long bytesRead, double elapsedSeconds) {}

  private final int capacity;
  private final ArrayDeque<Entry> entries = new ArrayDeque<>();
  private long added;

  QueryLog(int capacity) {
    this.capacity = capacity;
  }

  /** Longer texts (a batch's VALUES) are kept cut to this many chars, so the log stays small. */
  static final int MAX_SQL_CHARS = 65_536;

  synchronized void add(Entry entry) {
    if (entry.sql().length() > MAX_SQL_CHARS) {
      entry = new Entry(entry.queryId(), entry.sql().substring(0, MAX_SQL_CHARS), entry.errorCode(), entry.rowsRead(),
          entry.bytesRead(), entry.elapsedSeconds());
    }
    if (entries.size() == capacity) {
      entries.removeFirst();
    }
    entries.addLast(entry);
    added++;
  }

  /** How many statements arrived so far (not capped by the capacity): a mark for {@link #since}. */
  public synchronized long mark() {
    return added;
  }

  /** The statements that arrived after {@code mark} was taken, oldest first (as many as are kept). */
  public synchronized List<Entry> since(long mark) {
    int newer = (int) Math.min(entries.size(), Math.max(0, added - mark));
    List<Entry> all = new ArrayList<>(entries);
    return all.subList(all.size() - newer, all.size());
  }

  public synchronized List<Entry> entries() {
    return new ArrayList<>(entries);
  }

  /** The entry of {@code queryId}, newest first, if it is still in the log. */
  public synchronized Optional<Entry> byQueryId(String queryId) {
    Iterator<Entry> it = entries.descendingIterator();
    while (it.hasNext()) {
      Entry e = it.next();
      if (e.queryId().equals(queryId)) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  /** True when some statement that arrived contains {@code fragment}. */
  public synchronized boolean contains(String fragment) {
    return entries.stream().anyMatch(e -> e.sql().contains(fragment));
  }
}
