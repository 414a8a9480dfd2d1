package io.noemata.resources.finding;

import java.util.Objects;

/**
 * One problem in one file.
 *
 * @param code    what it is (and so its severity); decides behaviour, where the message only explains
 * @param file    path relative to the project root, with {@code /}
 * @param pointer RFC 6901 JSON pointer of the value at fault ({@code ""} for the whole file)
 * @param line    1-based line of that value, 0 when the file could not be read at all
 * @param column  1-based column of that value, 0 when unknown
 */
public record Finding(FindingCode code, String file, String pointer, int line, int column, String message)
    implements Comparable<Finding> {

  public Finding {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(pointer, "pointer");
    Objects.requireNonNull(message, "message");
    if (line < 0 || column < 0) {
      throw new IllegalArgumentException("negative position");
    }
  }

  public Severity severity() {
    return code.severity();
  }

  /** {@code error: file:12:9: /resources/x/column/expression: message}, one line. */
  public String toLine() {
    String where = line > 0 ? file + ":" + line + ":" + column : file;
    String at = pointer.isEmpty() ? "" : " " + pointer + ":";
    return oneLine(severity().word() + ": " + where + ":" + at + " " + message);
  }

  /** Control characters (a key may hold a newline) written as escapes, so a finding stays one line. */
  private static String oneLine(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029' || c == '\u0085') {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  @Override
  public int compareTo(Finding o) {
    int c = file.compareTo(o.file);
    if (c != 0) {
      return c;
    }
    c = Integer.compare(line, o.line);
    if (c != 0) {
      return c;
    }
    c = Integer.compare(column, o.column);
    return c != 0 ? c : message.compareTo(o.message);
  }
}
