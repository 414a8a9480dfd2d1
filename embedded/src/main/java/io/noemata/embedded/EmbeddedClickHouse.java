package io.noemata.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.noemata.core.sql.Literals;
import io.noemata.embedded.http.HttpFrontend;

/**
 * One ClickHouse engine in this process (chDB), with the pitfalls of the library handled:
 * a lock on the data folder, a shutdown hook that closes the connection, inserts spooled to files,
 * and per-request database and settings on the single shared session, reset after each request.
 * Every call is serialized: the library runs one query at a time.
 */
public final class EmbeddedClickHouse implements AutoCloseable {

  private static EmbeddedClickHouse instance;

  private final Chdb chdb;
  private final Path dataDir;
  private final boolean deleteOnClose;
  private final FileChannel lockChannel;
  private final FileLock lock;
  private final Path spoolDir;
  private final Thread shutdownHook;
  private final String version;
  private final String timezone;
  private final boolean usersAsRoles;
  private final LocalCluster cluster;
  private String currentDatabase = "default";
  private long spoolCounter;
  private boolean closed;

  private EmbeddedClickHouse(Chdb chdb, Path dataDir, boolean deleteOnClose, FileChannel lockChannel, FileLock lock,
      boolean usersAsRoles, LocalCluster cluster) {
    this.chdb = chdb;
    this.cluster = cluster;
    this.usersAsRoles = usersAsRoles;
    this.dataDir = dataDir;
    this.deleteOnClose = deleteOnClose;
    this.lockChannel = lockChannel;
    this.lock = lock;
    this.spoolDir = dataDir.resolve("noemata-spool");
    this.shutdownHook = new Thread(this::closeQuietly, "noemata-engine-close");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    QueryResult v = chdb.query("SELECT version(), timezone()", "TabSeparated");
    String[] facts = v.ok() ? new String(v.data(), StandardCharsets.UTF_8).strip().split("\t") : new String[0];
    this.version = facts.length > 0 ? facts[0] : "unknown";
    this.timezone = facts.length > 1 ? facts[1] : "UTC";
  }

  /**
   * Starts the engine on {@code dataDir} (created if missing), or on a fresh temporary folder that
   * is deleted on close when {@code dataDir} is null. Only one engine runs per process.
   */
  public static synchronized EmbeddedClickHouse start(Path dataDir) {
    return start(dataDir, null);
  }

  /**
   * Starts the engine as {@link #start(Path)} does, with the users, roles and grants of
   * {@code usersConfig} (ClickHouse's users.xml format) when it is not null. chDB's session always
   * runs as the config's {@code default} user and has no writable access storage (no
   * {@code CREATE USER}) nor {@code EXECUTE AS} (clickhouse-local never reads
   * {@code access_control_improvements}), so a request of another user runs under
   * {@code SET ROLE <user>}: declare each such user as a role granted to {@code default}, and give
   * {@code default} its own rights through another role (its direct grants would stay active).
   * The engine then enforces the role's grants and answers ACCESS_DENIED itself. A test device,
   * not a security boundary: passwords are not checked and a client may send {@code SET ROLE}.
   */
  public static synchronized EmbeddedClickHouse start(Path dataDir, Path usersConfig) {
    return start(dataDir, usersConfig, null);
  }

  /**
   * Starts the engine as {@link #start(Path, Path)} does and, unless {@code cluster} is null, with
   * that cluster of two shards that are both this engine (see {@link LocalCluster}).
   */
  public static synchronized EmbeddedClickHouse start(Path dataDir, Path usersConfig, LocalCluster cluster) {
    if (instance != null && !instance.closed) {
      throw new EngineException("an embedded engine already runs in this process on " + instance.dataDir
          + "; chDB allows one per process");
    }
    Path users = usersConfig == null ? null : EngineConfig.checked(usersConfig); // before anything is created
    Path library = EngineFetcher.standard().library();
    boolean temporary = dataDir == null;
    Path dir = temporary ? createTempDir() : prepareDataDir(dataDir);
    FileChannel channel = null;
    FileLock lock;
    try {
      channel = FileChannel.open(dir.resolve(".noemata.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      lock = channel.tryLock();
    } catch (IOException | OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      closeChannel(channel);
      throw new EngineException("data folder " + dir + " is in use by another process; each engine needs its own (choose another with --data)");
    }
    try {
      // always our own config: without one, clickhouse-local reads any config.xml in the working folder
      List<String> args = new ArrayList<>(List.of("clickhouse", "--path=" + dir,
          "--config-file=" + EngineConfig.write(dir, users, cluster)));
      EngineTimezone.apply(); // as a server started with TZ=UTC names its zone
      Chdb chdb = Chdb.open(library, args);
      instance = new EmbeddedClickHouse(chdb, dir, temporary, channel, lock, usersConfig != null, cluster);
      return instance;
    } catch (RuntimeException e) {
      releaseLock(lock, channel);
      if (temporary) {
        deleteTree(dir); // nothing was kept in it; a failed start leaves no folder behind
      }
      throw e;
    }
  }

  /** The engine of this process, started on a temporary folder at first use (tests, the demo). */
  public static synchronized EmbeddedClickHouse shared() {
    if (instance == null || instance.closed) {
      start(null);
    }
    return instance;
  }

  private static Path createTempDir() {
    try {
      return Files.createTempDirectory("noemata-engine-");
    } catch (IOException e) {
      throw new EngineException("cannot create a temporary data folder: " + e.getMessage() + " (set java.io.tmpdir to a writable folder)");
    }
  }

  private static Path prepareDataDir(Path dir) {
    try {
      Files.createDirectories(dir);
      Path probe = Files.createTempFile(dir, ".write-check", "");
      Files.delete(probe);
      return dir.toAbsolutePath();
    } catch (IOException | SecurityException e) {
      throw new EngineException("data folder " + dir + " is not writable (" + e.getClass().getSimpleName() + ": "
          + e.getMessage() + "); choose another with --data");
    }
  }

  /** The cluster of two local shards this engine was started with, if any. */
  public java.util.Optional<LocalCluster> cluster() {
    return java.util.Optional.ofNullable(cluster);
  }

  public String version() {
    return version;
  }

  /** The server time zone, sent to clients in {@code X-ClickHouse-Timezone}. */
  public String timezone() {
    return timezone;
  }

  public Path dataDir() {
    return dataDir;
  }

  /** Runs {@code sql} on the default database with no extra settings. */
  public QueryResult query(String sql, String format) {
    return execute(new EngineRequest("default", Map.of(), sql, format));
  }

  /**
   * Runs a request: takes its user's role (engines with a users config), switches database,
   * applies its settings, runs, resets the settings and the role.
   */
  public synchronized QueryResult execute(EngineRequest request) {
    ensureOpen();
    if (!usersAsRoles || request.user().equals(EngineRequest.DEFAULT_USER)) {
      return executeInSession(request);
    }
    QueryResult role = chdb.query("SET ROLE " + Literals.identifier(request.user()), "TabSeparated");
    if (!role.ok()) {
      // UNKNOWN_ROLE or not granted: to the client this is a user the server does not know
      return QueryResult.failure("Code: 516. DB::Exception: " + request.user() + ": Authentication failed: the embedded"
          + " engine's users config has no role " + request.user() + " granted to default. (AUTHENTICATION_FAILED)");
    }
    try {
      return executeInSession(request);
    } finally {
      QueryResult reset = chdb.query("SET ROLE DEFAULT", "TabSeparated");
      if (!reset.ok()) {
        // the next request of default would run with this user's grants: say so rather than answer wrongly
        throw new EngineException("cannot leave the role of " + request.user() + ": " + reset.error());
      }
    }
  }

  private QueryResult executeInSession(EngineRequest request) {
    RequestScope scope = RequestScope.of(request.sql());
    if (scope.refusal().isPresent()) {
      return QueryResult.failure(scope.refusal().get());
    }
    if (!request.database().equals(currentDatabase)) {
      QueryResult use = chdb.query("USE " + Literals.identifier(request.database()), "TabSeparated");
      if (!use.ok()) {
        return use;
      }
      currentDatabase = request.database();
    }
    String set = settingsStatement(request.settings(), false);
    if (set != null) {
      QueryResult applied = chdb.query(set, "TabSeparated");
      if (!applied.ok()) {
        return applied;
      }
    }
    try {
      return chdb.query(request.sql(), request.format());
    } finally {
      String reset = settingsStatement(request.settings(), true);
      if (reset != null) {
        chdb.query(reset, "TabSeparated");
      }
      endStatementScope(scope);
    }
  }

  /** Undoes what the statement itself changed in the shared session (see {@link RequestScope}). */
  private void endStatementScope(RequestScope scope) {
    List<String> set = scope.settingsSet();
    if (!set.isEmpty()) {
      List<String> parts = new ArrayList<>();
      set.forEach(name -> parts.add(Literals.identifier(name) + " = DEFAULT"));
      QueryResult reset = chdb.query("SET " + String.join(", ", parts), "TabSeparated");
      if (!reset.ok()) {
        // e.g. a name the SET itself refused: put back each name that is a setting
        set.forEach(name -> chdb.query("SET " + Literals.identifier(name) + " = DEFAULT", "TabSeparated"));
      }
    }
    if (scope.setsRole()) {
      chdb.query("SET ROLE DEFAULT", "TabSeparated");
    }
    if (scope.changesDatabase()) {
      currentDatabase = null; // the next request switches to its own database again
    }
  }

  /**
   * Runs {@code INSERT ... FORMAT X} with its rows read from {@code data}. The rows go to a file
   * first and the engine reads them {@code FROM INFILE}: data inline in the query text would be cut
   * at its first blank line.
   */
  public QueryResult insert(EngineRequest request, InputStream data) {
    InsertStatement insert = InsertStatement.parse(request.sql());
    if (insert == null) {
      return QueryResult.failure("Code: 62. DB::Exception: expected INSERT INTO ... FORMAT <name> before the insert data, got: "
          + abbreviate(request.sql()));
    }
    Path file = spool(data);
    try {
      return execute(request.withSql(insert.fromInfile(file.toString())));
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // a leftover spool file is removed with the data folder
      }
    }
  }

  private synchronized Path spool(InputStream data) {
    ensureOpen();
    try {
      Files.createDirectories(spoolDir);
      Path file = spoolDir.resolve("insert-" + ProcessHandle.current().pid() + "-" + (++spoolCounter) + ".bin");
      Files.copy(data, file);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot spool insert data to " + spoolDir, e);
    }
  }

  /** Serves this engine over ClickHouse's HTTP interface on 127.0.0.1:{@code port} (0: any free port). */
  public HttpFrontend serve(int port) {
    return HttpFrontend.start(this, port);
  }

  private static String settingsStatement(Map<String, String> settings, boolean reset) {
    if (settings.isEmpty()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, String> e : settings.entrySet()) {
      String value = e.getValue();
      boolean isParameter = e.getKey().startsWith("param_");
      if (reset && isParameter) {
        continue; // query parameters have no DEFAULT; the next request that uses one sets it again
      }
      String literal = reset ? "DEFAULT" : value.matches("-?\\d+(\\.\\d+)?") && !isParameter ? value : Literals.string(value);
      parts.add(Literals.identifier(e.getKey()) + " = " + literal);
    }
    return parts.isEmpty() ? null : "SET " + String.join(", ", parts);
  }

  private void ensureOpen() {
    if (closed) {
      throw new EngineException("the embedded engine is closed");
    }
  }

  private static String abbreviate(String sql) {
    return sql.length() <= 200 ? sql : sql.substring(0, 200) + "...";
  }

  /** Closes the connection (pitfall 3), releases the folder, deletes it when it was temporary. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      chdb.close();
    } finally {
      releaseLock(lock, lockChannel);
      if (deleteOnClose) {
        deleteTree(dataDir);
      }
      if (Thread.currentThread() != shutdownHook) {
        try {
          Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
          // the hook is running or ran
        }
      }
    }
  }

  private void closeQuietly() {
    try {
      close();
    } catch (RuntimeException e) {
      System.err.println("noemata: closing the engine at exit failed: " + e.getMessage());
    }
  }

  private static void releaseLock(FileLock lock, FileChannel channel) {
    try {
      lock.release();
    } catch (IOException ignored) {
      // the lock goes with the process anyway
    }
    closeChannel(channel);
  }

  private static void closeChannel(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // nothing to do
      }
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary folder left behind is harmless
    }
  }
}
