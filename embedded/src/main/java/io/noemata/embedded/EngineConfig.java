package io.noemata.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The main config handed to the engine with {@code --config-file}, always: without one,
 * clickhouse-local reads a {@code config.xml} from the working folder (measured: its macros
 * apply), so the engine would depend on where it was started. With a users config it names it
 * ({@code users_config}), the only place clickhouse-local reads users from. The file lives in the
 * data folder because the engine reads it at start only.
 *
 * <p>It also names the server time zone ({@code <timezone>}): left to itself the engine takes the
 * name {@code /etc/localtime} links to ({@code Etc/UTC} on most Linux hosts), where a ClickHouse
 * server started as its image starts it ({@code TZ=UTC}) reports {@code UTC} in {@code timezone()}
 * and {@code X-ClickHouse-Timezone}. Clients compare and convert by that name.
 */
final class EngineConfig {

  static final String FILE_NAME = "noemata-engine-config.xml";

  private EngineConfig() {}

  /** {@code usersConfig} as an absolute path, checked readable before anything is created. */
  static Path checked(Path usersConfig) {
    Path users = usersConfig.toAbsolutePath().normalize();
    if (!Files.isRegularFile(users) || !Files.isReadable(users)) {
      throw new EngineException("users config " + users + " is not a readable file");
    }
    return users;
  }

  /** Writes the main config (naming {@code usersConfig}, a {@link #checked} path, unless null) into {@code dataDir}. */
  static Path write(Path dataDir, Path usersConfig) {
    String xml = "<clickhouse>\n  <timezone>" + escape(timezone(ZoneId.systemDefault())) + "</timezone>\n"
        + (usersConfig == null ? "" : "  <users_config>" + escape(usersConfig.toString()) + "</users_config>\n")
        + "</clickhouse>\n";
    Path file = dataDir.resolve(FILE_NAME);
    try {
      Files.writeString(file, xml, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new EngineException("cannot write " + file + ": " + e.getMessage());
    }
    return file;
  }

  /** The server time zone for a process in {@code zone}: every name of UTC ({@code Etc/UTC}, {@code Zulu}, ...) is {@code UTC}. */
  static String timezone(ZoneId zone) {
    return zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
