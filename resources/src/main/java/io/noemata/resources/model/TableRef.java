package io.noemata.resources.model;

import java.util.Objects;

/**
 * The {@code table} of an entry: a view table {@code <frame id>#<alias>}, or as a shortcut a
 * physical {@code database.table}.
 */
public sealed interface TableRef {

  /** {@code @opentelemetry/views/logs#logs}. */
  record ViewTable(String frameId, String alias) implements TableRef {
    public ViewTable {
      Objects.requireNonNull(frameId, "frameId");
      Objects.requireNonNull(alias, "alias");
    }

    @Override
    public String toString() {
      return frameId + "#" + alias;
    }
  }

  /** {@code otel.otel_logs}. */
  record Physical(PhysicalName name) implements TableRef {
    public Physical {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String toString() {
      return name.toString();
    }
  }

  /** Reads the text of a {@code table} field; null when it is neither form. */
  static TableRef parse(String text) {
    int hash = text.indexOf('#');
    if (hash >= 0) {
      String frame = text.substring(0, hash);
      String alias = text.substring(hash + 1);
      if (!frame.startsWith("@") || frame.length() < 2 || alias.isEmpty() || alias.indexOf('#') >= 0) {
        return null;
      }
      return new ViewTable(frame, alias);
    }
    return PhysicalName.parse(text).<TableRef>map(Physical::new).orElse(null);
  }
}
