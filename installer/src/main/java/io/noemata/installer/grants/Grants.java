package io.noemata.installer.grants;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "The ClickHouse user needs SELECT, INSERT, ALTER TABLE, CREATE TABLE, CREATE VIEW, DROP TABLE, and
 * DROP VIEW on each database in the plan." Decides from the text of {@code SHOW GRANTS} (the user's
 * and its roles'), which every ClickHouse answers, and lists every missing grant.
 */
public final class Grants {

  /** The seed's list, in its order. */
  public static final List<String> REQUIRED = List.of(
      "SELECT", "INSERT", "ALTER TABLE", "CREATE TABLE", "CREATE VIEW", "DROP TABLE", "DROP VIEW");

  /** Privileges that include others (ClickHouse's hierarchy, as far as the required ones go). */
  private static final Map<String, List<String>> IMPLIED_BY = Map.of(
      "ALTER TABLE", List.of("ALTER", "ALL"),
      "CREATE TABLE", List.of("CREATE", "ALL"),
      "CREATE VIEW", List.of("CREATE", "ALL"),
      "DROP TABLE", List.of("DROP", "ALL"),
      "DROP VIEW", List.of("DROP", "ALL"),
      "SELECT", List.of("ALL"),
      "INSERT", List.of("ALL"));

  private static final Pattern LINE = Pattern.compile(
      "^(GRANT|REVOKE)\\s+(.+?)\\s+ON\\s+(\\S+)\\s+(?:TO|FROM)\\s+.*$", Pattern.CASE_INSENSITIVE);

  private Grants() {}

  /**
   * The grants missing for {@code databases}, as {@code GRANT <privilege> ON <db>.* TO <user>}
   * lines, in database then seed order; empty when the user may install.
   */
  public static List<String> missing(List<String> showGrantsLines, Set<String> databases, String user) {
    List<String> out = new ArrayList<>();
    for (String db : new java.util.TreeSet<>(databases)) {
      for (String privilege : REQUIRED) {
        if (!allowed(showGrantsLines, db, privilege)) {
          out.add("GRANT " + privilege + " ON " + db + ".* TO " + user);
        }
      }
    }
    return out;
  }

  static boolean allowed(List<String> lines, String db, String privilege) {
    Set<String> names = new LinkedHashSet<>();
    names.add(privilege);
    names.addAll(IMPLIED_BY.getOrDefault(privilege, List.of()));
    boolean granted = false;
    for (String line : lines) {
      Matcher m = LINE.matcher(line.strip());
      if (!m.matches() || !covers(m.group(3), db)) {
        continue;
      }
      boolean mentions = false;
      for (String p : privileges(m.group(2))) {
        mentions |= names.contains(p);
      }
      if (mentions) {
        // a REVOKE (partial revoke) on the database or any table of it takes the privilege away
        granted = m.group(1).equalsIgnoreCase("GRANT") ? granted || isDatabaseWide(m.group(3)) : false;
      }
    }
    return granted;
  }

  /** Privilege names of a grant, upper case, column lists dropped: {@code SELECT(a, b)} is SELECT. */
  static List<String> privileges(String list) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    int depth = 0;
    for (char c : list.toCharArray()) {
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(cur.toString().strip().toUpperCase(Locale.ROOT));
        cur.setLength(0);
      } else if (depth == 0) {
        cur.append(c);
      }
    }
    out.add(cur.toString().strip().toUpperCase(Locale.ROOT));
    return out;
  }

  private static boolean covers(String target, String db) {
    String t = unquote(target);
    return t.equals("*.*") || t.equals("*") || t.equals(db + ".*") || t.equals(db) || t.startsWith(db + ".");
  }

  private static boolean isDatabaseWide(String target) {
    String t = unquote(target);
    return t.endsWith(".*") || t.equals("*") || !t.contains(".");
  }

  private static String unquote(String target) {
    return target.replace("`", "").replace("\"", "");
  }
}
