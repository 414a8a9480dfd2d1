package io.noemata.core.ledger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Minimal JSON for ledger declarations, object settings, {@code --json} output and the proxy's
 * header and log, and for reading what the server answers as JSON (its plans); the driver carries
 * no JSON library of its own.
 */
public final class Json {

  /** Deeper than any plan the server prints; deeper text is refused, never a stack overflow. */
  static final int MAX_DEPTH = 128;

  private Json() {}

  /**
   * {@code text} as strings, {@link Double}s, {@link Boolean}s, null, {@link Map}s (in document
   * order) and {@link List}s; throws IllegalArgumentException for text that is not one JSON value.
   */
  public static Object read(String text) {
    Reader r = new Reader(text);
    Object v = r.value(0);
    r.space();
    if (r.i != text.length()) {
      throw r.error("text after the value");
    }
    return v;
  }

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

  private static final class Reader {
    final String s;
    int i;

    Reader(String s) {
      this.s = s;
    }

    Object value(int depth) {
      if (depth > MAX_DEPTH) {
        throw error("nested deeper than " + MAX_DEPTH);
      }
      space();
      if (i >= s.length()) {
        throw error("a value expected");
      }
      char c = s.charAt(i);
      switch (c) {
        case '{' -> {
          i++;
          Map<String, Object> m = new LinkedHashMap<>();
          space();
          if (peek('}')) {
            return m;
          }
          do {
            space();
            String key = string();
            space();
            expect(':');
            m.put(key, value(depth + 1));
            space();
          } while (peek(','));
          expect('}');
          return m;
        }
        case '[' -> {
          i++;
          List<Object> l = new ArrayList<>();
          space();
          if (peek(']')) {
            return l;
          }
          do {
            l.add(value(depth + 1));
            space();
          } while (peek(','));
          expect(']');
          return l;
        }
        case '"' -> {
          return string();
        }
        default -> {
          return literal();
        }
      }
    }

    Object literal() {
      int start = i;
      while (i < s.length() && "{}[],: \t\r\n\"".indexOf(s.charAt(i)) < 0) {
        i++;
      }
      String word = s.substring(start, i);
      switch (word) {
        case "true" -> {
          return Boolean.TRUE;
        }
        case "false" -> {
          return Boolean.FALSE;
        }
        case "null" -> {
          return null;
        }
        default -> {
          try {
            return Double.valueOf(word);
          } catch (NumberFormatException e) {
            i = start;
            throw error("not a JSON value");
          }
        }
      }
    }

    String string() {
      expect('"');
      StringBuilder b = new StringBuilder();
      while (i < s.length()) {
        char c = s.charAt(i++);
        if (c == '"') {
          return b.toString();
        }
        if (c != '\\') {
          b.append(c);
          continue;
        }
        if (i >= s.length()) {
          break;
        }
        char e = s.charAt(i++);
        switch (e) {
          case 'n' -> b.append('\n');
          case 't' -> b.append('\t');
          case 'r' -> b.append('\r');
          case 'b' -> b.append('\b');
          case 'f' -> b.append('\f');
          case 'u' -> {
            if (i + 4 > s.length()) {
              throw error("a short \\u escape");
            }
            try {
              b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            } catch (NumberFormatException bad) {
              throw error("a bad \\u escape");
            }
            i += 4;
          }
          default -> b.append(e); // \" \\ \/
        }
      }
      throw error("an unterminated string");
    }

    void space() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }

    boolean peek(char c) {
      if (i < s.length() && s.charAt(i) == c) {
        i++;
        return true;
      }
      return false;
    }

    void expect(char c) {
      if (!peek(c)) {
        throw error("'" + c + "' expected");
      }
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException("not JSON at offset " + i + ": " + what);
    }
  }
}
