package io.noemata.embedded;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * A snapshot of the process's signal dispositions (signals 1..31), taken with libc's
 * {@code sigaction} and put back by {@link #restore()}. The JVM relies on its SIGSEGV/SIGBUS/...
 * handlers for implicit null checks; libchdb replaces them when it connects.
 */
final class SignalHandlers implements AutoCloseable {

  /** {@code sizeof(struct sigaction)} is 152 on x86-64 glibc; a larger buffer is harmless. */
  private static final long SIGACTION_SIZE = 256;
  private static final int LAST_SIGNAL = 31;

  private final Arena arena = Arena.ofConfined();
  private final MethodHandle sigaction;
  private final MemorySegment[] saved = new MemorySegment[LAST_SIGNAL + 1];

  private SignalHandlers(Linker linker) throws Throwable {
    sigaction = linker.downcallHandle(
        linker.defaultLookup().find("sigaction").orElseThrow(),
        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    for (int sig = 1; sig <= LAST_SIGNAL; sig++) {
      MemorySegment old = arena.allocate(SIGACTION_SIZE);
      int rc = (int) sigaction.invokeExact(sig, MemorySegment.NULL, old);
      saved[sig] = rc == 0 ? old : null;
    }
  }

  static SignalHandlers save(Linker linker) throws Throwable {
    return new SignalHandlers(linker);
  }

  void restore() throws Throwable {
    for (int sig = 1; sig <= LAST_SIGNAL; sig++) {
      if (saved[sig] != null && sig != 9 && sig != 19) { // SIGKILL and SIGSTOP cannot be set
        int rc = (int) sigaction.invokeExact(sig, saved[sig], MemorySegment.NULL);
        if (rc != 0) {
          throw new EngineException("could not restore the JVM's handler for signal " + sig);
        }
      }
    }
  }

  @Override
  public void close() {
    arena.close();
  }
}
