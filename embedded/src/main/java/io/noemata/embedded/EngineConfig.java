package io.noemata.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The main config handed to the engine with {@code --config-file}, always: without one,
 * clickhouse-local reads a {@code config.xml} from the working folder (measured: its macros
 * apply), so the engine would depend on where it was started. With a users config it names it
 * ({@code users_config}), the only place clickhouse-local reads users from. The file lives in the
 * data folder because the engine reads it at start only. With a {@link LocalCluster} it also
 * holds that cluster's {@code tcp_port} and {@code remote_servers}.
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

  /**
   * Writes the main config into {@code dataDir}: naming {@code usersConfig} (a {@link #checked} path)
   * unless null, with {@code cluster} unless null.
   */
  static Path write(Path dataDir, Path usersConfig, LocalCluster cluster) {
    String xml = "<clickhouse>\n"
        + (usersConfig == null ? "" : "  <users_config>" + escape(usersConfig.toString()) + "</users_config>\n")
        + (cluster == null ? "" : cluster.configXml())
        + "</clickhouse>\n";
    Path file = dataDir.resolve(FILE_NAME);
    try {
      Files.writeString(file, xml, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new EngineException("cannot write " + file + ": " + e.getMessage());
    }
    return file;
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
