package io.noemata.cli.advise;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A workload file: SQL statements separated by {@code ;} (outside quotes and comments). The
 * comments written before a statement name it ({@code -- Error logs per hour by service}); a
 * statement without one is {@code query N}. The text of each statement is kept exactly as
 * written, as a client would send it.
 */
public final class WorkloadFile {

  private WorkloadFile() {}

  /** The statements of {@code text}; an empty list when it holds none. */
  public static List<WorkloadQuery> parse(String text) {
    List<WorkloadQuery> out = new ArrayList<>();
    StringBuilder label = new StringBuilder();
    int start = -1;
    int end = -1;
    for (Token t : Lexer.tokenize(text)) {
      if (t.isSymbol(";")) {
        add(out, text, start, end, label);
        start = -1;
        label.setLength(0);
      } else if (t.kind() == TokenKind.COMMENT) {
        if (start < 0) {
          String c = commentText(t.text());
          if (!c.isEmpty()) {
            label.append(label.length() == 0 ? "" : " ").append(c);
          }
        }
      } else if (t.kind() != TokenKind.WHITESPACE) {
        if (start < 0) {
          start = t.start();
        }
        end = t.end();
      }
    }
    add(out, text, start, end, label);
    return out;
  }

  private static void add(List<WorkloadQuery> out, String text, int start, int end, StringBuilder label) {
    if (start < 0) {
      return;
    }
    String name = label.length() == 0 ? "query " + (out.size() + 1) : label.toString();
    out.add(new WorkloadQuery(name, text.substring(start, end), 1, lineOf(text, start)));
  }

  private static String commentText(String comment) {
    String c = comment;
    if (c.startsWith("--")) {
      c = c.substring(2);
    } else if (c.startsWith("#!") || c.startsWith("#")) {
      c = c.substring(c.startsWith("#!") ? 2 : 1);
    } else if (c.startsWith("/*")) {
      c = c.substring(2, Math.max(2, c.length() - 2));
    }
    return c.strip().replaceAll("\\s+", " ");
  }

  private static int lineOf(String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** A workload file's text for {@code queries}: each preceded by its label as a comment. */
  public static String write(List<WorkloadQuery> queries) {
    StringBuilder b = new StringBuilder();
    for (WorkloadQuery q : queries) {
      b.append("-- ").append(q.label().replace('\n', ' ')).append('\n').append(q.sql()).append(";\n\n");
    }
    return b.toString();
  }
}
