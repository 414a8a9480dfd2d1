package io.noemata.core.expr;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What noemata knows about ClickHouse function names: which ones aggregate, which are window or
 * table functions, which return strings, and how ClickHouse spells the case-insensitive ones.
 */
public final class Functions {

  private Functions() {}

  /** Combinator suffixes ClickHouse accepts after an aggregate name; longest first for stripping. */
  static final List<String> COMBINATORS = List.of(
      "SimpleState", "MergeState", "OrDefault", "Resample", "Distinct", "ForEach", "OrNull",
      "ArgMin", "ArgMax", "State", "Merge", "Array", "Map", "If");

  private static final Set<String> AGGREGATES = Set.of(
      "count", "sum", "min", "max", "avg", "any", "anyLast", "anyHeavy", "argMin", "argMax",
      "avgWeighted", "sumMap", "minMap", "maxMap", "sumWithOverflow", "sumKahan", "sumCount",
      "groupArray", "groupUniqArray", "groupConcat", "groupArrayInsertAt", "groupArrayMovingSum",
      "groupArrayMovingAvg", "groupArraySample", "groupArraySorted", "groupArrayLast",
      "groupBitAnd", "groupBitOr", "groupBitXor", "groupBitmap", "groupBitmapAnd", "groupBitmapOr",
      "groupBitmapXor", "topK", "topKWeighted", "approx_top_k", "approx_top_sum", "histogram",
      "entropy", "skewPop", "skewSamp", "kurtPop", "kurtSamp", "stddevPop", "stddevSamp",
      "stddevPopStable", "stddevSampStable", "varPop", "varSamp", "varPopStable", "varSampStable",
      "covarPop", "covarSamp", "covarPopStable", "covarSampStable", "corr", "corrStable",
      "simpleLinearRegression", "stochasticLinearRegression", "stochasticLogisticRegression",
      "categoricalInformationValue", "retention", "sequenceMatch", "sequenceCount",
      "sequenceNextNode", "windowFunnel", "uniqUpTo", "deltaSum", "deltaSumTimestamp",
      "exponentialMovingAverage", "intervalLengthSum", "maxIntersections",
      "maxIntersectionsPosition", "meanZTest", "studentTTest", "welchTTest", "mannWhitneyUTest",
      "rankCorr", "sparkbar", "contingency", "cramersV", "cramersVBiasCorrected", "theilsU",
      "boundingRatio", "largestTriangleThreeBuckets", "analysisOfVariance", "flameGraph",
      "singleValueOrNull", "first_value", "last_value", "any_value", "anyRespectNulls",
      "kolmogorovSmirnovTest", "uniqTheta", "array_agg", "stddev");

  private static final List<String> AGGREGATE_PREFIXES = List.of(
      "quantile", "median", "uniq");

  private static final Set<String> WINDOW_ONLY = Set.of(
      "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
      "lagInFrame", "leadInFrame", "nth_value", "nonNegativeDerivative");

  /** Table functions: they read other tables, files or hosts and never belong in a row expression. */
  private static final Set<String> TABLE_FUNCTIONS = Set.of(
      "url", "urlcluster", "file", "filecluster", "remote", "remotesecure", "s3", "s3cluster",
      "gcs", "oss", "cosn", "hdfs", "hdfscluster", "azureblobstorage", "azureblobstoragecluster",
      "mysql", "postgresql", "mongodb", "redis", "sqlite", "jdbc", "odbc", "input", "numbers",
      "numbers_mt", "zeros", "zeros_mt", "generaterandom", "cluster", "clusterallreplicas",
      "merge", "view", "viewifpermitted", "executable", "iceberg", "icebergs3", "deltalake",
      "hudi", "null", "values", "dictionary", "generate_series", "loop", "fuzzjson",
      "primes", "arrowflight", "ytsaurus", "timeseriesdata", "prometheusquery");

  /** Functions that read another object or change the row count: not a row expression either. */
  private static final Set<String> NOT_ROW_WISE = Set.of("joinGet", "joinGetOrNull", "arrayJoin");

  /** Functions whose result is a String whatever their arguments. */
  private static final Set<String> STRING_FUNCTIONS = Set.of(
      "lower", "upper", "lowerUTF8", "upperUTF8", "concat", "concatWithSeparator", "toString",
      "replaceAll", "replaceOne", "replace", "replaceRegexpAll", "replaceRegexpOne", "substring",
      "substringUTF8", "left", "right", "leftUTF8", "rightUTF8", "trim", "trimBoth", "trimLeft",
      "trimRight", "reverse", "reverseUTF8", "leftPad", "rightPad", "leftPadUTF8", "rightPadUTF8",
      "extract", "regexpExtract", "domain", "domainWithoutWWW", "topLevelDomain", "protocol",
      "path", "pathFull", "queryString", "fragment", "cutQueryString", "cutFragment",
      "decodeURLComponent", "encodeURLComponent", "base64Encode", "base64Decode", "hex",
      "formatDateTime", "repeat", "format", "initcap", "initcapUTF8", "normalizeQuery",
      "JSONExtractString", "JSONExtractRaw", "visitParamExtractString",
      "toValidUTF8", "appendTrailingCharIfAbsent", "IPv4NumToString", "IPv6NumToString",
      "lcase", "ucase", "ltrim", "rtrim", "substr", "mid");

  /**
   * Case-insensitive ClickHouse functions, by lower-case spelling, to the spelling content hashes
   * are taken over (kept as first written here, so stored objects keep their names). Every one is
   * case-insensitive on the server ({@code system.functions.case_insensitive}, or, for {@code trim},
   * {@code ltrim} and {@code rtrim}, the parser's own keyword forms); FunctionNamesIT checks that on
   * the engine. Names the server resolves only as spelled ({@code uniq}, {@code any}, {@code median},
   * {@code toDate}, {@code stddevPop}, ...) are not here: {@code UNIQ(x)} is refused, never {@code uniq(x)}.
   */
  static final Map<String, String> CASE_INSENSITIVE = List.of(
      "count", "sum", "min", "max", "avg", "lower", "upper", "length", "concat",
      "substring", "substr", "trim", "ltrim", "rtrim", "lcase", "ucase", "coalesce", "if",
      "nullIf", "ifNull", "isNull", "abs", "round", "floor", "ceil", "ceiling",
      "greatest", "least", "position", "reverse", "replace", "left", "right", "repeat", "mid",
      "now", "today", "year", "month", "quarter", "hour", "minute", "second",
      "dayOfMonth", "dayOfWeek", "dayOfYear", "date_trunc", "exp", "ln", "log", "log2", "log10",
      "sqrt", "pow", "power", "sign", "pi", "sin", "cos", "tan", "corr", "first_value", "last_value",
      "row_number", "rank", "dense_rank", "lag", "lead")
      .stream().collect(Collectors.toUnmodifiableMap(n -> n.toLowerCase(Locale.ROOT), n -> n, (a, b) -> a));

  /**
   * The server's case-insensitive aliases of case-sensitive aggregates ({@code system.functions}
   * rows with {@code alias_to}, ClickHouse 26.5), by lower-case spelling, to the function each names:
   * {@code VAR_POP(x)}, {@code var_pop(x)} and {@code varPop(x)} are one aggregate, while
   * {@code VARPOP(x)} is refused by the server and stays as written. Note {@code STDDEV} is the
   * sample deviation and {@code STD} the population's.
   */
  static final Map<String, String> ALIASES = Map.of(
      "var_pop", "varPop", "var_samp", "varSamp", "stddev_pop", "stddevPop", "stddev_samp", "stddevSamp",
      "std", "stddevPop", "stddev", "stddevSamp", "covar_pop", "covarPop", "covar_samp", "covarSamp");

  /** {@link #ALIASES} as alias to function, for the test that checks them against the server's list. */
  public static Map<String, String> aggregateAliases() {
    return ALIASES;
  }

  /** The names {@link #isAggregate} knows, for the test that checks them against a server. */
  public static Set<String> aggregateNames() {
    return AGGREGATES;
  }

  /** The spellings of {@link #CASE_INSENSITIVE}, for the test that checks them against a server. */
  public static java.util.Collection<String> caseInsensitiveSpellings() {
    return CASE_INSENSITIVE.values();
  }

  /**
   * The spelling ClickHouse resolves {@code name} to, so COUNT() and count() hash the same; an
   * aggregate's combinators stay as written after its base's spelling ({@code COUNTIf} is {@code countIf}).
   */
  public static String canonicalName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    String spelled = CASE_INSENSITIVE.get(lower);
    if (spelled != null) {
      return spelled;
    }
    String aliased = ALIASES.get(lower);
    if (aliased != null) {
      return aliased;
    }
    for (String c : COMBINATORS) {
      if (name.length() > c.length() && name.endsWith(c)) {
        String base = canonicalName(name.substring(0, name.length() - c.length()));
        return aggregateBase(base) != null ? base + c : name;
      }
    }
    return name;
  }

  /** The aggregate at the root of {@code name} once combinators are stripped, or null. */
  public static String aggregateBase(String name) {
    String n = canonicalName(name);
    while (true) {
      if (isAggregateName(n)) {
        return n;
      }
      String stripped = stripOneCombinator(n);
      if (stripped == null) {
        return null;
      }
      n = canonicalName(stripped);
    }
  }

  /** The combinators of {@code name} after its aggregate base, in written order; null if not an aggregate. */
  public static List<String> combinators(String name) {
    String base = aggregateBase(name);
    if (base == null) {
      return null;
    }
    String rest = canonicalName(name);
    java.util.ArrayList<String> found = new java.util.ArrayList<>();
    while (!isAggregateName(canonicalName(rest))) {
      String stripped = stripOneCombinator(rest);
      if (stripped == null) {
        break;
      }
      found.add(0, rest.substring(stripped.length()));
      rest = stripped;
    }
    return List.copyOf(found);
  }

  public static boolean isAggregate(String name) {
    return aggregateBase(name) != null;
  }

  public static boolean isWindowOnly(String name) {
    return WINDOW_ONLY.contains(canonicalName(name));
  }

  public static boolean isTableFunction(String name) {
    return TABLE_FUNCTIONS.contains(name.toLowerCase(Locale.ROOT));
  }

  public static boolean isNotRowWise(String name) {
    return NOT_ROW_WISE.contains(name);
  }

  public static boolean returnsString(String name) {
    return STRING_FUNCTIONS.contains(canonicalName(name));
  }

  private static boolean isAggregateName(String n) {
    if (AGGREGATES.contains(n)) {
      return true;
    }
    for (String p : AGGREGATE_PREFIXES) {
      if (n.startsWith(p) && noCombinatorTail(n)) {
        return true;
      }
    }
    return false;
  }

  /** quantileExactWeighted is a name of its own; quantileIf is quantile + If. */
  private static boolean noCombinatorTail(String n) {
    for (String c : COMBINATORS) {
      if (n.endsWith(c) && !n.endsWith("Weighted") && !n.endsWith("Exact")) {
        return false;
      }
    }
    return true;
  }

  private static String stripOneCombinator(String n) {
    for (String c : COMBINATORS) {
      if (n.endsWith(c) && n.length() > c.length()) {
        return n.substring(0, n.length() - c.length());
      }
    }
    return null;
  }
}
