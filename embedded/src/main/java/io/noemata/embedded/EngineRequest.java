package io.noemata.embedded;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One query for the engine: the database it runs in, the settings that apply to it alone, its
 * text and the output format. Setting names are checked here because they are written into a
 * {@code SET} statement.
 */
public record EngineRequest(String database, Map<String, String> settings, String sql, String format) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  public EngineRequest {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(sql, "sql");
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
}
