package io.noemata.itest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statement with one function name in another case (issue 26): {@code uniq} as {@code UNIQ},
 * {@code countIf} as {@code countIF}, {@code toStartOfHour} as {@code tostartofhour}. The server
 * accepts some (count, sum, avg, min, max, DATE_TRUNC...) and refuses the rest; through noemata
 * each must give what it gives without.
 */
public final class NameCase {

  /** A bare word right before {@code (}, outside quotes: a function name (or a keyword such as IN, harmless). */
  private static final Pattern CALL = Pattern.compile("'(?:[^'\\\\]|\\\\.)*'|\"[^\"]*\"|`[^`]*`|\\b([A-Za-z_][A-Za-z0-9_]*)(?=\\()");

  private NameCase() {}

  /** {@code sql} with one function name re-cased, or {@code sql} itself when it calls none. */
  public static String mutate(String sql, Random r) {
    List<int[]> names = new ArrayList<>();
    Matcher m = CALL.matcher(sql);
    while (m.find()) {
      if (m.group(1) != null) {
        names.add(new int[] {m.start(1), m.end(1)});
      }
    }
    if (names.isEmpty()) {
      return sql;
    }
    int[] n = names.get(r.nextInt(names.size()));
    String name = sql.substring(n[0], n[1]);
    String recased = switch (r.nextInt(4)) {
      case 0 -> name.toUpperCase(Locale.ROOT);
      case 1 -> name.toLowerCase(Locale.ROOT);
      case 2 -> flip(name, 0);
      default -> flip(name, r.nextInt(name.length()));
    };
    return sql.substring(0, n[0]) + recased + sql.substring(n[1]);
  }

  private static String flip(String s, int i) {
    char c = s.charAt(i);
    char f = Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
    return s.substring(0, i) + f + s.substring(i + 1);
  }
}
