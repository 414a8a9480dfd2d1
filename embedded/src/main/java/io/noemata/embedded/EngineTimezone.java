package io.noemata.embedded;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The server time zone the engine reports ({@code timezone()}, {@code X-ClickHouse-Timezone}).
 * ClickHouse takes it from {@code TZ} when set, else from the name {@code /etc/localtime} links to:
 * {@code Etc/UTC} on most Linux hosts, where a server started as its image starts it ({@code TZ=UTC})
 * reports {@code UTC}, and clients compare and convert by that name. So without {@code TZ} the engine
 * is given the JVM's zone, every name of UTC spelled {@code UTC}. clickhouse-local ignores a
 * {@code <timezone>} in its config (measured), so it is {@code TZ}, set before the library loads.
 */
final class EngineTimezone {

  private EngineTimezone() {}

  /** The server time zone for a process in {@code zone}: every name of UTC ({@code Etc/UTC}, {@code Zulu}, ...) is {@code UTC}. */
  static String name(ZoneId zone) {
    return zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
  }

  /** Sets {@code TZ} for this process unless it is set: the engine reads it once, at its first date. */
  static void apply() {
    if (System.getenv("TZ") != null) {
      return;
    }
    Linker linker = Linker.nativeLinker();
    MethodHandle setenv = linker.downcallHandle(linker.defaultLookup().find("setenv").orElseThrow(),
        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    try (Arena arena = Arena.ofConfined()) {
      int rc = (int) setenv.invokeExact(arena.allocateFrom("TZ"), arena.allocateFrom(name(ZoneId.systemDefault())), 0);
      if (rc != 0) {
        throw new EngineException("cannot set TZ for the engine (setenv returned " + rc + ")");
      }
    } catch (EngineException e) {
      throw e;
    } catch (Throwable t) {
      throw new EngineException("cannot set TZ for the engine: " + t);
    }
  }
}
