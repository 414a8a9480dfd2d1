package io.noemata.itest;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * Reads TCP_NODELAY of the socket this JVM holds at the server end of a loopback connection, the
 * way the kernel sees it: the connection's inode from {@code /proc/net/tcp}, the descriptor from
 * {@code /proc/self/fd}, the option from {@code getsockopt}. Linux only; needs no seam in the server.
 */
final class TcpNoDelay {

  private static final int IPPROTO_TCP = 6;
  private static final int TCP_NODELAY = 1;

  private TcpNoDelay() {}

  /**
   * TCP_NODELAY of the socket whose local port is {@code serverPort} and remote port
   * {@code clientPort}; empty when this process holds no such socket.
   */
  static OptionalInt serverSide(int serverPort, int clientPort) throws IOException {
    String inode = inode(serverPort, clientPort);
    if (inode == null) {
      return OptionalInt.empty();
    }
    String target = "socket:[" + inode + "]";
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : fds.toList()) {
        try {
          if (Files.readSymbolicLink(fd).toString().equals(target)) {
            return OptionalInt.of(getsockopt(Integer.parseInt(fd.getFileName().toString())));
          }
        } catch (IOException gone) {
          // a descriptor closed while listing
        }
      }
    }
    return OptionalInt.empty();
  }

  private static String inode(int localPort, int remotePort) throws IOException {
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      List<String> lines = Files.readAllLines(Path.of(table));
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.trim().split("\\s+");
        // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
        if (port(f[1]) == localPort && port(f[2]) == remotePort) {
          return f[9];
        }
      }
    }
    return null;
  }

  private static int port(String hexAddress) {
    return Integer.parseInt(hexAddress.substring(hexAddress.indexOf(':') + 1).toUpperCase(Locale.ROOT), 16);
  }

  private static int getsockopt(int fd) {
    Linker linker = Linker.nativeLinker();
    MethodHandle getsockopt = linker.downcallHandle(linker.defaultLookup().find("getsockopt").orElseThrow(),
        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment value = arena.allocate(ValueLayout.JAVA_INT);
      MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
      length.set(ValueLayout.JAVA_INT, 0, 4);
      int rc = (int) getsockopt.invokeExact(fd, IPPROTO_TCP, TCP_NODELAY, value, length);
      if (rc != 0) {
        throw new IllegalStateException("getsockopt(" + fd + ", TCP_NODELAY) failed");
      }
      return value.get(ValueLayout.JAVA_INT, 0);
    } catch (Throwable t) {
      throw t instanceof RuntimeException r ? r : new IllegalStateException(t);
    }
  }
}
