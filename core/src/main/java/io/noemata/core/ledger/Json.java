package io.noemata.core.ledger;

import java.util.Collection;
import java.util.Map;

/** Minimal JSON writing for ledger declarations, object settings, {@code --json} output and the proxy's header and log. */
public final class Json {

  private Json() {}

  /** {@code value} as JSON: strings, numbers, booleans, null, maps (ordered as given) and collections. */
  public static String write(Object value) {
    StringBuilder b = new StringBuilder();
    write(value, b, false);
    return b.toString();
  }

  /**
   * The same, ASCII only: every character outside printable ASCII escaped as a backslash-u escape, for
   * where bytes above 0x7e are refused or mangled (an HTTP header, a log line of unknown encoding).
   */
  public static String writeAscii(Object value) {
    StringBuilder b = new StringBuilder();
    write(value, b, true);
    return b.toString();
  }

  private static void write(Object v, StringBuilder b, boolean ascii) {
    if (v == null) {
      b.append("null");
    } else if (v instanceof Number || v instanceof Boolean) {
      b.append(v);
    } else if (v instanceof Map<?, ?> m) {
      b.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        b.append(first ? "" : ",");
        first = false;
        string(String.valueOf(e.getKey()), b, ascii);
        b.append(':');
        write(e.getValue(), b, ascii);
      }
      b.append('}');
    } else if (v instanceof Collection<?> c) {
      b.append('[');
      boolean first = true;
      for (Object o : c) {
        b.append(first ? "" : ",");
        first = false;
        write(o, b, ascii);
      }
      b.append(']');
    } else {
      string(v.toString(), b, ascii);
    }
  }

  private static void string(String s, StringBuilder b, boolean ascii) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20 || ascii && c > 0x7e) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }
}
