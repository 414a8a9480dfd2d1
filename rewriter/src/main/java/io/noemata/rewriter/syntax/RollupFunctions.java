package io.noemata.rewriter.syntax;

import io.noemata.core.expr.FunctionNames;
import io.noemata.core.sql.Expr;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which calls are aggregates and which are plain functions the rollup rule may evaluate over
 * rollup rows. A function that is neither stops the rule: an unknown aggregate (say
 * {@code groupArray}) over dimensions would silently return something else on rollup rows.
 */
public final class RollupFunctions {

  /** Aggregate bases, lower case; combinator suffixes are stripped before looking here. */
  private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "any", "anylast",
      "anyheavy", "uniq", "uniqexact", "uniqcombined", "uniqcombined64", "uniqhll12", "uniqtheta", "argmin",
      "argmax", "grouparray", "groupuniqarray", "groupbitmap", "topk", "topkweighted", "stddevpop", "stddevsamp",
      "varpop", "varsamp", "covarpop", "covarsamp", "corr", "stddevpopstable", "stddevsampstable", "varpopstable",
      "varsampstable", "covarpopstable", "covarsampstable", "corrstable", "var_pop", "var_samp", "stddev_pop",
      "stddev_samp", "std", "stddev", "covar_pop", "covar_samp", "sumwithoverflow", "summap", "minmap", "maxmap",
      "avgweighted", "entropy", "histogram", "sequencematch", "sequencecount", "windowfunnel", "retention",
      "simplelinearregression", "deltasum", "first_value", "last_value", "sumkahan", "groupconcat",
      "groupbitand", "groupbitor", "groupbitxor", "counteqquals", "approx_top_k", "singlevalueornull",
      "kurtpop", "kurtsamp", "skewpop", "skewsamp", "mannwhitneyutest", "studentttest", "welchttest",
      "grouparraysample", "grouparraymovingsum", "grouparraymovingavg", "boundingratio", "rankcorr",
      "exponentialmovingaverage", "intervallengthsum", "maxintersections", "sparkbar", "distinctdynamictypes");
  private static final List<String> COMBINATORS = List.of("If", "Array", "Merge", "State", "OrNull", "OrDefault",
      "Distinct", "ForEach", "SimpleState", "Resample", "ArgMin", "ArgMax", "Map");

  /**
   * Plain functions, lower case, that are deterministic and read nothing but their arguments. Their
   * value on a rollup row equals their value on every source row of that row's group whenever
   * their arguments do.
   */
  static final Set<String> SCALARS = Set.of(
      // time
      "tostartofminute", "tostartoffiveminutes", "tostartoffiveminute", "tostartoftenminutes",
      "tostartoffifteenminutes", "tostartofhour", "tostartofday", "tostartofweek", "tostartofmonth",
      "tostartofquarter", "tostartofyear", "tomonday", "todate", "todate32", "date", "tostartofinterval", "date_trunc",
      "datetrunc", "todatetime", "todatetime64", "totimezone", "touint32", "tounixtimestamp", "fromunixtimestamp",
      "fromunixtimestamp64milli", "fromunixtimestamp64micro", "fromunixtimestamp64nano", "parsedatetimebesteffort",
      "parsedatetime64besteffort", "toyear", "tomonth", "todayofmonth", "todayofweek", "tohour", "toyyyymm",
      "toyyyymmdd", "formatdatetime", "tointervalnanosecond", "tointervalmicrosecond", "tointervalmillisecond",
      "tointervalsecond", "tointervalminute", "tointervalhour", "tointervalday", "tointervalweek", "tointervalmonth",
      "tointervalquarter", "tointervalyear",
      // casts, strings, arithmetic, logic
      "cast", "_cast", "tostring", "tofloat64", "tofloat32", "toint64", "toint32", "touint64", "touint8", "tolowcardinality",
      "intdiv", "plus", "minus", "multiply", "divide", "modulo", "abs", "round", "floor", "ceil", "greatest", "least",
      "coalesce", "nullif", "ifnull", "isnull", "isnotnull", "if", "multiif", "and", "or", "not", "equals",
      "notequals", "less", "greater", "lessorequals", "greaterorequals", "in", "notin", "concat", "lower", "upper",
      "length", "empty", "notempty", "position", "positioncaseinsensitive", "like", "ilike", "notlike", "match",
      "multisearchany", "startswith", "endswith", "substring", "trim", "tuple", "array", "has", "hasany", "lowercase",
      "uppercase", "replaceall", "replaceone", "splitbychar", "arrayelement",
      // which keys a group's grouping set leaves out (ROLLUP, CUBE, GROUPING SETS): its arguments are keys
      "grouping");

  private RollupFunctions() {}

  public static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  /** True for an aggregate call: a parametric call, or a known aggregate with any combinators. */
  public static boolean isAggregate(Expr.Call c) {
    if (c.params() != null) {
      return true;
    }
    String name = c.name();
    boolean stripped = true;
    while (stripped) {
      String l = lower(name);
      if (AGGREGATES.contains(l) || l.startsWith("quantile") || l.startsWith("median")) {
        return true;
      }
      stripped = false;
      for (String suffix : COMBINATORS) {
        if (name.length() > suffix.length() && name.endsWith(suffix)) {
          name = name.substring(0, name.length() - suffix.length());
          stripped = true;
          break;
        }
      }
    }
    return false;
  }

  /**
   * True for a plain function the rule may evaluate over rollup rows: one of {@link #SCALARS}, or
   * any other that ClickHouse 26.5 calls deterministic ({@link FunctionNames#deterministic}: not
   * {@code now()}, {@code rand()}, {@code neighbor()} or {@code runningDifference()}, whose values
   * depend on when or on which rows run together) and no aggregate, save {@link #NOT_OF_VALUES}.
   * Such a function's value on a rollup row equals its value on each source row of the row's group
   * whenever its arguments' values and types do, and a dimension keeps its source type. What it
   * does with the time column is {@link io.noemata.rewriter.checks.GrainDividesBucket}'s to decide.
   */
  public static boolean isScalar(Expr.Call c) {
    if (c.params() != null) {
      return false;
    }
    String l = lower(c.name());
    if (SCALARS.contains(l)) {
      return true;
    }
    // the parser's own forms (date_add(MINUTE, ...), EXTRACT, EXISTS) have arguments that are no values: SCALARS or nothing;
    // a difference with its unit written as a string (dateDiff('minute', a, b[, zone])) takes values only
    if (DIFFERENCES.contains(l) && (c.args().size() == 3 || c.args().size() == 4)
        && c.args().get(0) instanceof Expr.Literal unit && unit.kind() == Expr.Literal.Kind.STRING) {
      return true;
    }
    FunctionNames known = FunctionNames.builtIn();
    return !NOT_OF_VALUES.contains(l) && !FunctionNames.PARSER_FORMS.contains(l) && !isAggregate(c)
        && known.deterministic(c.name()) && !known.aggregate(c.name());
  }

  /** The parser forms of a difference of two times, which take a unit first. */
  private static final Set<String> DIFFERENCES = Set.of("datediff", "date_diff", "timestampdiff", "timestamp_diff");

  /**
   * Deterministic functions whose value is not one of their arguments' values alone: the column's
   * type or layout ({@code toTypeName}, {@code byteSize}), how the query runs ({@code indexHint},
   * {@code sleep}), other rows ({@code runningConcurrency}), or more than one column ({@code untuple});
   * {@code globalIn} reads a subquery elsewhere.
   */
  static final Set<String> NOT_OF_VALUES = Set.of("totypename", "tocolumntypename", "dumpcolumnstructure", "bytesize",
      "defaultvalueofargumenttype", "defaultvalueoftypename", "getsizeofenumtype", "blockserializedsize",
      "gettypeserializationstreams", "indexhint", "sleep", "sleepeachrow", "runningconcurrency", "untuple",
      "globalin", "globalnotin", "globalnullin", "globalnotnullin", "globalinignoreset", "globalnotinignoreset",
      "globalnullinignoreset", "globalnotnullinignoreset", "arrayjoin");
}
