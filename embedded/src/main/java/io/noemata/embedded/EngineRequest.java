package io.noemata.embedded;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One query for the engine: the database it runs in, the settings that apply to it alone, its
 * text, the output format and the user who sent it. Setting names are checked here because they
 * are written into a {@code SET} statement. The user matters only to an engine started with a
 * users config (see {@link EmbeddedClickHouse#start(java.nio.file.Path, java.nio.file.Path)}).
 */
public record EngineRequest(String database, Map<String, String> settings, String sql, String format, String user) {

  /** The engine's own user. */
  public static final String DEFAULT_USER = "default";

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  public EngineRequest {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(sql, "sql");
    user = user == null || user.isEmpty() ? DEFAULT_USER : user;
    settings = Map.copyOf(settings);
    for (String name : settings.keySet()) {
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException("not a setting name: " + name);
      }
    }
    if (format == null || !NAME.matcher(format).matches()) {
      throw new IllegalArgumentException("not a format name: " + format);
    }
  }

  /** A request of the engine's own user. */
  public EngineRequest(String database, Map<String, String> settings, String sql, String format) {
    this(database, settings, sql, format, DEFAULT_USER);
  }

  /** The same request with another text (an insert rewritten to read its spooled rows). */
  EngineRequest withSql(String newSql) {
    return new EngineRequest(database, settings, newSql, format, user);
  }
}
