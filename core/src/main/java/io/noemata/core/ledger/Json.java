package io.noemata.core.ledger;

import java.util.Collection;
import java.util.Map;

/** Minimal JSON writing for ledger declarations, object settings and {@code --json} output. */
public final class Json {

  private Json() {}

  /** {@code value} as JSON: strings, numbers, booleans, null, maps (ordered as given) and collections. */
  public static String write(Object value) {
    StringBuilder b = new StringBuilder();
    write(value, b);
    return b.toString();
  }

  private static void write(Object v, StringBuilder b) {
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
        string(String.valueOf(e.getKey()), b);
        b.append(':');
        write(e.getValue(), b);
      }
      b.append('}');
    } else if (v instanceof Collection<?> c) {
      b.append('[');
      boolean first = true;
      for (Object o : c) {
        b.append(first ? "" : ",");
        first = false;
        write(o, b);
      }
      b.append(']');
    } else {
      string(v.toString(), b);
    }
  }

  private static void string(String s, StringBuilder b) {
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
          if (c < 0x20) {
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
