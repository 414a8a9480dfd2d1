package io.noemata.embedded;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The part of chDB's C API ({@code chdb.h}) noemata uses, bound with {@code java.lang.foreign}.
 * Not thread-safe: one connection, one caller at a time ({@link EmbeddedClickHouse} serializes).
 */
final class Chdb implements AutoCloseable {

  private static final ValueLayout.OfLong SIZE_T = ValueLayout.JAVA_LONG;
  private static final AddressLayout ADDRESS = ValueLayout.ADDRESS;

  private final MethodHandle queryN;
  private final MethodHandle resultBuffer;
  private final MethodHandle resultLength;
  private final MethodHandle resultError;
  private final MethodHandle rowsRead;
  private final MethodHandle bytesRead;
  private final MethodHandle rowsWritten;
  private final MethodHandle bytesWritten;
  private final MethodHandle elapsed;
  private final MethodHandle destroyResult;
  private final MethodHandle closeConn;
  private final MemorySegment connection;
  private final MemorySegment handle;
  private boolean closed;
  private long drains;

  private Chdb(SymbolLookup lib, List<String> args) throws Throwable {
    Linker linker = Linker.nativeLinker();
    queryN = bind(linker, lib, "chdb_query_n", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, SIZE_T, ADDRESS, SIZE_T));
    resultBuffer = bind(linker, lib, "chdb_result_buffer", FunctionDescriptor.of(ADDRESS, ADDRESS));
    resultLength = bind(linker, lib, "chdb_result_length", FunctionDescriptor.of(SIZE_T, ADDRESS));
    resultError = bind(linker, lib, "chdb_result_error", FunctionDescriptor.of(ADDRESS, ADDRESS));
    rowsRead = bind(linker, lib, "chdb_result_rows_read", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ADDRESS));
    bytesRead = bind(linker, lib, "chdb_result_bytes_read", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ADDRESS));
    rowsWritten = bind(linker, lib, "chdb_result_rows_written", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ADDRESS));
    bytesWritten = bind(linker, lib, "chdb_result_bytes_written", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ADDRESS));
    elapsed = bind(linker, lib, "chdb_result_elapsed", FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE, ADDRESS));
    destroyResult = bind(linker, lib, "chdb_destroy_query_result", FunctionDescriptor.ofVoid(ADDRESS));
    closeConn = bind(linker, lib, "chdb_close_conn", FunctionDescriptor.ofVoid(ADDRESS));
    MethodHandle connect = bind(linker, lib, "chdb_connect", FunctionDescriptor.of(ADDRESS, ValueLayout.JAVA_INT, ADDRESS));

    Arena arena = Arena.ofAuto();
    MemorySegment argv = arena.allocate(ADDRESS, args.size());
    for (int i = 0; i < args.size(); i++) {
      argv.setAtIndex(ADDRESS, i, arena.allocateFrom(args.get(i)));
    }
    // Pitfall 1: chdb_connect installs signal handlers that break the JVM's own; keep the JVM's.
    try (SignalHandlers saved = SignalHandlers.save(linker)) {
      connection = (MemorySegment) connect.invokeExact(args.size(), argv);
      saved.restore();
    }
    if (connection.equals(MemorySegment.NULL)) {
      throw new EngineException("the engine refused to start with " + args
          + " (is the data folder used by another process? each process needs its own;"
          + " with --config-file, the engine printed on stderr what it could not read)");
    }
    handle = connection.reinterpret(ADDRESS.byteSize()).get(ADDRESS, 0);
  }

  /** Loads {@code library} and connects with clickhouse-local arguments (e.g. {@code --path=DIR}). */
  static Chdb open(Path library, List<String> args) {
    SymbolLookup lib;
    try {
      lib = SymbolLookup.libraryLookup(library, Arena.global());
    } catch (IllegalArgumentException e) {
      throw new EngineException("cannot load " + library + ": " + e.getMessage()
          + " (delete it to fetch it again, or check the platform is Linux x86-64 with glibc)", e);
    }
    try {
      return new Chdb(lib, args);
    } catch (EngineException e) {
      throw e;
    } catch (Throwable t) {
      throw new EngineException("cannot start the engine: " + t, t);
    }
  }

  private static MethodHandle bind(Linker linker, SymbolLookup lib, String name, FunctionDescriptor fd) {
    MemorySegment symbol = lib.find(name).orElseThrow(
        () -> new EngineException("libchdb.so lacks " + name + "; the pinned chDB version does not match this binding"));
    return linker.downcallHandle(symbol, fd);
  }

  /**
   * Runs one query (or several separated by ';') and returns its output in {@code format}.
   * After a failure the engine is drained ({@link #drain}) before anything else runs.
   */
  QueryResult query(String sql, String format) {
    QueryResult result = run(sql, format);
    if (!result.ok()) {
      drain();
    }
    return result;
  }

  /**
   * chDB keeps what a failed query had already written (a format header, whole blocks: measured up
   * to megabytes) in the connection's output buffer and hands it out in front of the next query's
   * output, so a later {@code SELECT count()} read in RowBinary returned two rows. Running a query
   * whose exact output is known takes that leftover; a second run proves the buffer is empty.
   */
  private void drain() {
    String marker = "noemata-drain-" + (++drains);
    byte[] expected = (marker + "\n").getBytes(StandardCharsets.US_ASCII);
    for (int attempt = 0; attempt < 3; attempt++) {
      QueryResult probe = run("SELECT '" + marker + "'", "TabSeparated");
      if (probe.ok() && Arrays.equals(probe.data(), expected)) {
        return;
      }
    }
    throw new EngineException("the engine's output buffer still holds a failed query's output after three drains;"
        + " restart the engine");
  }

  private QueryResult run(String sql, String format) {
    if (closed) {
      throw new EngineException("the engine is closed");
    }
    try (Arena arena = Arena.ofConfined()) {
      byte[] q = sql.getBytes(StandardCharsets.UTF_8);
      byte[] f = format.getBytes(StandardCharsets.US_ASCII);
      MemorySegment qs = arena.allocate(q.length + 1L);
      MemorySegment.copy(q, 0, qs, ValueLayout.JAVA_BYTE, 0, q.length);
      MemorySegment fs = arena.allocateFrom(format);
      MemorySegment r = (MemorySegment) queryN.invokeExact(handle, qs, (long) q.length, fs, (long) f.length);
      if (r.equals(MemorySegment.NULL)) {
        return QueryResult.failure("Code: 1000. DB::Exception: the engine returned no result");
      }
      try {
        MemorySegment err = (MemorySegment) resultError.invokeExact(r);
        if (!err.equals(MemorySegment.NULL)) {
          return QueryResult.failure(err.reinterpret(Integer.MAX_VALUE).getString(0).strip());
        }
        long length = (long) resultLength.invokeExact(r);
        MemorySegment buf = (MemorySegment) resultBuffer.invokeExact(r);
        byte[] data = length == 0 || buf.equals(MemorySegment.NULL)
            ? new byte[0]
            : buf.reinterpret(length).toArray(ValueLayout.JAVA_BYTE);
        return new QueryResult(data, null,
            (long) rowsRead.invokeExact(r), (long) bytesRead.invokeExact(r),
            (long) rowsWritten.invokeExact(r), (long) bytesWritten.invokeExact(r),
            (double) elapsed.invokeExact(r));
      } finally {
        destroyResult.invokeExact(r);
      }
    } catch (EngineException e) {
      throw e;
    } catch (Throwable t) {
      throw new EngineException("engine call failed: " + t, t);
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      closeConn.invokeExact(connection);
    } catch (Throwable t) {
      throw new EngineException("closing the engine failed: " + t, t);
    }
  }
}
