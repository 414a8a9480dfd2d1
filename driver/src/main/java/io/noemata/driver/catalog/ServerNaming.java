package io.noemata.driver.catalog;

import io.noemata.core.catalog.ResultNaming;
import io.noemata.core.system.SystemSetting;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which analyzer names this user's result columns ({@code system.settings}): {@code enable_analyzer},
 * or before 24.3 {@code allow_experimental_analyzer}. A server with neither setting, or whose
 * settings cannot be read, is taken to name them the old way: the rewriter then changes only the
 * unaliased items both analyzers name alike.
 */
final class ServerNaming {

  /** The names {@link #of} reads. */
  static final Set<String> NAMES = Set.of("enable_analyzer", "allow_experimental_analyzer");

  private ServerNaming() {}

  /** From the rows of the two settings: the newer name wins where both exist (24.3 on: aliases of one setting). */
  static ResultNaming of(List<SystemSetting> settings) {
    Optional<SystemSetting> current = settings.stream().filter(s -> s.name().equals("enable_analyzer")).findFirst();
    Optional<SystemSetting> setting = current.or(() -> settings.stream()
        .filter(s -> s.name().equals("allow_experimental_analyzer")).findFirst());
    return setting.map(s -> on(s.value()) ? ResultNaming.ANALYZER : ResultNaming.OLD_ANALYZER)
        .orElse(ResultNaming.OLD_ANALYZER);
  }

  private static boolean on(String value) {
    return value != null && (value.trim().equals("1") || value.trim().equalsIgnoreCase("true"));
  }
}
