package io.noemata.core.expr;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Function names as a ClickHouse server resolves them. A name is found as written, or in any case
 * when the server declares the function case-insensitive ({@code system.functions.case_insensitive});
 * an aggregate may end in combinators ({@code system.aggregate_function_combinators}), matched
 * case-sensitively, longest first, the rest resolved again as an aggregate. So {@code COUNTIf} is
 * {@code count} + {@code If}, while {@code countIF}, {@code countif}, {@code UNIQ}, {@code ANY},
 * {@code QUANTILE} and {@code toStartOfHOUR} are refused: measured on ClickHouse 26.5, with code 46
 * (UNKNOWN_FUNCTION) or 63 (UNKNOWN_AGGREGATE_FUNCTION).
 *
 * <p>The rewriter compares names the server accepts by their lower-case spelling, so a name is also
 * refused here when two different functions (after {@code alias_to}) share its lower-case spelling:
 * the server's own functions never do (only spellings of one function such as {@code toTimeZone} /
 * {@code toTimezone}), a user's function named {@code UNIQ} would.
 *
 * <p>{@link #builtIn()} is ClickHouse 26.5's own list (the resource {@code clickhouse-functions.tsv},
 * made by {@link #FUNCTIONS_QUERY} and {@link #COMBINATORS_QUERY}, which an integration test compares
 * with the engine), for when a server's {@code system.functions} cannot be read.
 */
public final class FunctionNames {

  /** One row of {@code system.functions}; {@code aliasTo} empty when the name is no alias. */
  public record Function(String name, boolean caseInsensitive, String aliasTo, boolean aggregate) {
    public Function {
      Objects.requireNonNull(name, "name");
      aliasTo = aliasTo == null ? "" : aliasTo;
    }
  }

  /** The server's own functions (user-defined ones are left out: a statement naming one is sent as written). */
  public static final String FUNCTIONS_QUERY = "SELECT name, case_insensitive, alias_to, is_aggregate"
      + " FROM system.functions WHERE origin = 'System'";
  /** The combinators a statement may write (the internal ones are the server's own). */
  public static final String COMBINATORS_QUERY = "SELECT name FROM system.aggregate_function_combinators"
      + " WHERE NOT is_internal";

  /**
   * Names ClickHouse's parser turns into other functions before any lookup, in any case
   * ({@code DATE_ADD(HOUR, 1, t)} is {@code plus(t, toIntervalHour(1))}, {@code TRIM(x)} is
   * {@code trimBoth(x)}, {@code EXTRACT(...)}, {@code EXISTS(SELECT ...)}); most are in no
   * {@code system.functions} row. Measured on ClickHouse 26.5 (FunctionNamesIT). {@code grouping(k)}
   * of ROLLUP, CUBE and GROUPING SETS is the analyzer's, in any case, in no row either.
   */
  public static final Set<String> PARSER_FORMS = Set.of("date_add", "dateadd", "timestamp_add", "timestampadd",
      "date_sub", "datesub", "timestamp_sub", "timestampsub", "date_diff", "datediff", "timestamp_diff",
      "timestampdiff", "extract", "position", "substring", "trim", "ltrim", "rtrim", "cast", "exists", "grouping");

  /** The server's functions whose value may change between two runs of one statement (now(), rand(), ...). */
  public static final String NONDETERMINISTIC_QUERY = "SELECT name FROM system.functions"
      + " WHERE origin = 'System' AND NOT ifNull(deterministic, is_aggregate)";

  private static final class BuiltIn {
    static final FunctionNames NAMES = load();
  }

  private final Map<String, Function> exact = new HashMap<>();
  private final Map<String, Function> folded = new HashMap<>();
  /** Lower-case spellings shared by two different functions: never resolved. */
  private final Set<String> ambiguous = new HashSet<>();
  private final List<String> combinators;
  private final long fingerprint;
  /** Names whose value may change between runs; empty when not known. */
  private final Set<String> nondeterministic = new HashSet<>();

  private FunctionNames(Collection<Function> functions, Collection<String> combinators) {
    for (Function f : functions) {
      exact.put(f.name(), f);
      if (f.caseInsensitive()) {
        folded.put(lower(f.name()), f);
      }
    }
    Map<String, String> targets = new HashMap<>();
    for (Function f : functions) {
      String before = targets.putIfAbsent(lower(f.name()), target(f));
      if (before != null && !before.equals(target(f))) {
        ambiguous.add(lower(f.name()));
      }
    }
    List<String> sorted = new ArrayList<>(combinators);
    sorted.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
    this.combinators = List.copyOf(sorted);
    List<String> all = new ArrayList<>();
    functions.forEach(f -> all.add(f.toString()));
    all.sort(null);
    this.fingerprint = ((long) all.hashCode() << 32) ^ this.combinators.hashCode();
  }

  /** The names a server listed. */
  public static FunctionNames of(Collection<Function> functions, Collection<String> combinators) {
    return new FunctionNames(functions, combinators);
  }

  /** ClickHouse 26.5's functions and combinators, for a server whose own cannot be read. */
  public static FunctionNames builtIn() {
    return BuiltIn.NAMES;
  }

  /**
   * The function {@code written} names, in the server's spelling (combinators appended as written:
   * {@code COUNTIf} is {@code countIf}); empty when the server would refuse the name.
   */
  public Optional<String> resolve(String written) {
    return resolve(written, false);
  }

  /** True when the server resolves {@code written} to a function. */
  public boolean knows(String written) {
    return resolve(written, false).isPresent();
  }

  /**
   * True when ClickHouse 26.5 lists {@code written} and calls it deterministic: a call whose value
   * never depends on when or where it runs ({@code now()}, {@code rand()}, {@code today()} do).
   * Known only for the built-in list; a name it does not know is not deterministic.
   */
  public boolean deterministic(String written) {
    if (this != builtIn() || resolve(written, false).isEmpty()) {
      return false;
    }
    if (PARSER_FORMS.contains(lower(written))) {
      return true; // plus, minus, dateDiff, toHour, position, substring, trim*, CAST, EXISTS
    }
    String name = written;
    while (true) {
      Function f = exact.containsKey(name) ? exact.get(name) : folded.get(lower(name));
      if (f != null) {
        return !nondeterministic.contains(f.name());
      }
      String stripped = null;
      for (String c : combinators) {
        if (name.length() > c.length() && name.endsWith(c)) {
          stripped = name.substring(0, name.length() - c.length());
          break;
        }
      }
      if (stripped == null) {
        return false;
      }
      name = stripped;
    }
  }

  /** True when {@code written} resolves to an aggregate function, combinators included ({@code countIf}). */
  public boolean aggregate(String written) {
    return resolve(written, true).isPresent();
  }

  /** Equal for equal lists: a snapshot's version changes with it. */
  public long fingerprint() {
    return fingerprint;
  }

  /** How many functions are listed (aliases counted). */
  public int size() {
    return exact.size();
  }

  private Optional<String> resolve(String written, boolean aggregateOnly) {
    if (!aggregateOnly && PARSER_FORMS.contains(lower(written))) {
      return Optional.of(written);
    }
    Function f = exact.get(written);
    if (f == null) {
      f = folded.get(lower(written));
    }
    if (f != null) {
      if (ambiguous.contains(lower(written)) || aggregateOnly && !f.aggregate()) {
        return Optional.empty();
      }
      return Optional.of(f.name());
    }
    for (String c : combinators) { // the server tries only the longest suffix that matches
      if (written.length() > c.length() && written.endsWith(c)) {
        return resolve(written.substring(0, written.length() - c.length()), true).map(base -> base + c);
      }
    }
    return Optional.empty();
  }

  /** The function {@code f} finally names, through aliases of aliases. */
  private String target(Function f) {
    for (int hops = 0; !f.aliasTo().isEmpty() && exact.containsKey(f.aliasTo()) && hops < 8; hops++) {
      f = exact.get(f.aliasTo());
    }
    return f.aliasTo().isEmpty() ? f.name() : f.aliasTo();
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  private static FunctionNames load() {
    List<Function> functions = new ArrayList<>();
    List<String> combinators = new ArrayList<>();
    List<String> nondeterministic = new ArrayList<>();
    try (InputStream in = FunctionNames.class.getResourceAsStream("clickhouse-functions.tsv")) {
      if (in == null) {
        throw new IllegalStateException("clickhouse-functions.tsv is missing from the class path");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t", -1);
        if (f[0].equals("f")) {
          functions.add(new Function(f[1], f[2].equals("1"), f[3], f[4].equals("1")));
        } else if (f[0].equals("c")) {
          combinators.add(f[1]);
        } else {
          nondeterministic.add(f[1]);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    FunctionNames names = new FunctionNames(functions, combinators);
    names.nondeterministic.addAll(nondeterministic);
    return names;
  }
}
