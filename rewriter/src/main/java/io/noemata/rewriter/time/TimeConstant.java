package io.noemata.rewriter.time;

import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Expr;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import io.noemata.rewriter.syntax.RollupFunctions;
import io.noemata.rewriter.syntax.TypeSpelling;

/**
 * A constant point in time written in a query, in nanoseconds since the epoch.
 *
 * @param nanos the instant; for a wall-clock string without a time zone, that wall clock read as UTC
 * @param zoneKnown false for a wall-clock string the server reads in its own time zone, when the
 *     rewriter does not know it: then alignment to whole minutes still holds (every zone in use is
 *     offset by whole quarter hours), but the instant is only known to within -14h..+12h
 */
public record TimeConstant(long nanos, boolean zoneKnown) {

  public static final long NANOS = 1_000_000_000L;
  /** How far a server-zone wall clock can be from the same wall clock read as UTC. */
  static final long EARLIEST_OFFSET = 14 * 3600 * NANOS;
  static final long LATEST_OFFSET = 12 * 3600 * NANOS;

  private static final Pattern COLUMN_ZONE = Pattern.compile("^DateTime(?:64)?\\((?:\\s*[0-9]\\s*,)?\\s*'([^']+)'\\s*\\)$");
  /**
   * An ISO instant with its offset, as BI tools and semantic layers write bounds (Cube, Metabase:
   * {@code '2024-06-10T08:00:00.000Z'}); the best-effort parsers read it as that instant in any zone
   * (measured on ClickHouse 26.5, also with a zone argument).
   */
  private static final Pattern OFFSET_INSTANT =
      Pattern.compile("(\\d{4}-\\d{2}-\\d{2})[ T](\\d{2}:\\d{2}:\\d{2})(?:\\.(\\d{1,9}))?(Z|[+-]\\d{2}:?\\d{2})");
  /** {@code DateTime('zone')}, {@code DateTime64(p)}, {@code DateTime64(p, 'zone')}: group 1 the digits, group 2 or 3 the zone. */
  private static final Pattern CAST_ZONED =
      Pattern.compile("DateTime(?:64\\(\\s*([0-9])\\s*(?:,\\s*'([^']+)'\\s*)?\\)|\\(\\s*'([^']+)'\\s*\\))");

  /**
   * A time type as written in a cast: {@code DateTime} (0 digits), {@code DateTime('zone')},
   * {@code DateTime64(p)}, {@code DateTime64(p, 'zone')}.
   *
   * @param zone the zone it names, if it names one
   */
  public record TimeType(int digits, Optional<String> zone) {

    /** The type {@code text} spells, when it is one of those. */
    public static Optional<TimeType> of(String text) {
      String t = TypeSpelling.canonical(text);
      if (t.equals("DateTime")) {
        return Optional.of(new TimeType(0, Optional.empty()));
      }
      Matcher m = CAST_ZONED.matcher(t);
      if (!m.matches()) {
        return Optional.empty();
      }
      return Optional.of(new TimeType(m.group(1) == null ? 0 : Integer.parseInt(m.group(1)),
          Optional.ofNullable(m.group(2) != null ? m.group(2) : m.group(3))));
    }

    /** What a value of this type truncates a time to, in nanoseconds. */
    public long unitNanos() {
      return pow10(9 - digits);
    }
  }
  private static final Pattern WALL =
      Pattern.compile("(\\d{4}-\\d{2}-\\d{2})(?:[ T](\\d{2}:\\d{2}:\\d{2})(?:\\.(\\d{1,9}))?)?");

  /**
   * The instants DateTime64(9) holds (1900-01-01 to 2262-04-11): the server saturates a value out
   * of a type's range instead of failing, so a constant outside it is not the instant it spells.
   */
  static final long DATETIME64_MIN = -2208988800L * NANOS;
  static final long DATETIME64_MAX = 9223372036L * NANOS;

  /** The last second a DateTime (UInt32 seconds) holds; the server saturates later ones to it. */
  static final long DATETIME_MAX_SECONDS = 4294967295L;

  /** True when a DateTime holds this instant; the server saturates others. */
  boolean fitsDateTime() {
    return earliest() >= 0 && latest() <= DATETIME_MAX_SECONDS * NANOS;
  }

  /** {@code toDateTime(seconds)} for a second a DateTime holds; outside it the server saturates, so none. */
  public static Optional<String> dateTime(long seconds) {
    return seconds < 0 || seconds > DATETIME_MAX_SECONDS ? Optional.empty() : Optional.of("toDateTime(" + seconds + ")");
  }

  /**
   * {@link #dateTime} for a bound on an expression that holds fractions of a second (a DateTime64
   * column, or a key that is that column itself): then the DateTime64 constant of {@code
   * Literals.instant}, which the engine's index analysis keeps open ({@code t < toDateTime(n)} is
   * read as {@code t <= n - 1} and skips a part whose rows all lie in the second before {@code n}).
   */
  public static Optional<String> bound(long seconds, boolean fractional) {
    return dateTime(seconds).map(t -> fractional ? io.noemata.core.sql.Literals.instant(seconds) : t);
  }

  /** This constant with its fraction of a second dropped, as a DateTime holds it. */
  private TimeConstant wholeSecond() {
    return new TimeConstant(Math.floorDiv(nanos, NANOS) * NANOS, zoneKnown);
  }

  /** The earliest instant this constant can be. */
  public long earliest() {
    return zoneKnown ? nanos : nanos - EARLIEST_OFFSET;
  }

  /** The latest instant this constant can be. */
  public long latest() {
    return zoneKnown ? nanos : nanos + LATEST_OFFSET;
  }

  /** The value of {@code e} when it is a time constant in one of the spellings tools send; zones unknown. */
  public static Optional<TimeConstant> of(Expr e) {
    return of(e, null, null);
  }

  /**
   * The same, reading a wall clock in the zone the server reads it in: {@code literalZone} for a
   * bare string compared with the time column (the column's zone, else the server's), {@code
   * serverZone} for a function without a zone argument; null when not known.
   */
  public static Optional<TimeConstant> of(Expr e, ZoneId serverZone, ZoneId literalZone) {
    try {
      return written(e, serverZone, literalZone).filter(t -> t.nanos >= DATETIME64_MIN && t.nanos <= DATETIME64_MAX);
    } catch (ArithmeticException overflow) {
      return Optional.empty();
    }
  }

  private static Optional<TimeConstant> written(Expr e, ZoneId serverZone, ZoneId literalZone) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.STRING) {
      return wall(l, true, literalZone);
    }
    if (e instanceof Expr.Cast k && k.operand() instanceof Expr.Literal l) {
      return cast(l, TypeSpelling.canonical(k.type()), serverZone, literalZone);
    }
    Optional<TimeShift> shift = TimeShift.of(e);
    if (shift.isPresent()) {
      return shifted(shift.get(), serverZone);
    }
    if (e instanceof Expr.Binary b && (b.op().equals("-") || b.op().equals("+")) && !(b.left() instanceof Expr.Literal)) {
      return plusInteger(b, serverZone, literalZone);
    }
    if (!(e instanceof Expr.Call c) || c.params() != null || c.distinct() || c.args().isEmpty()) {
      return Optional.empty();
    }
    List<Expr> args = c.args();
    String name = RollupFunctions.lower(c.name());
    switch (name) {
      case "todatetime" -> {
        if (args.size() > 2) {
          return Optional.empty();
        }
        Optional<ZoneId> zone = args.size() == 2 ? zone(args.get(1)) : Optional.empty();
        if (args.size() == 2 && zone.isEmpty()) {
          return Optional.empty();
        }
        // toDateTime(1717912834567 / 1000), Grafana's $__from in seconds: a Float64 the server truncates
        Optional<Long> n = integer(args.get(0)).or(() -> Constants.truncatedQuotient(args.get(0)));
        if (n.isPresent()) {
          return Optional.of(new TimeConstant(Math.multiplyExact(n.get(), NANOS), true)).filter(TimeConstant::fitsDateTime);
        }
        // a DateTime keeps whole seconds: the server drops a written fraction ('... 08:00:00.0', as jOOQ
        // and Spark print timestamps; '... 23:59:59.999' is 23:59:59, measured on 26.5)
        return args.get(0) instanceof Expr.Literal l ? wall(l, true, zone.orElse(serverZone))
            .map(TimeConstant::wholeSecond).filter(TimeConstant::fitsDateTime) : Optional.empty();
      }
      case "todatetime64", "parsedatetime64besteffort" -> {
        // (string, precision [, zone]); precision must keep every digit written. parseDateTime64BestEffort
        // may leave it out (Rill, analysts): then it is 3, as the server's default
        boolean defaultPrecision = args.size() == 1 && name.equals("parsedatetime64besteffort");
        if (!defaultPrecision && (args.size() < 2 || args.size() > 3)) {
          return Optional.empty();
        }
        Optional<Long> precision = defaultPrecision ? Optional.of(3L) : integer(args.get(1));
        Optional<ZoneId> zone = args.size() == 3 ? zone(args.get(2)) : Optional.empty();
        if (precision.isEmpty() || precision.get() < 0 || precision.get() > 9 || args.size() == 3 && zone.isEmpty()) {
          return Optional.empty();
        }
        // a quotient only when whole: the server converts the Float64's binary fraction, not the decimal one
        Optional<Long> seconds = name.equals("todatetime64")
            ? integer(args.get(0)).or(() -> Constants.wholeQuotient(args.get(0))) : Optional.empty();
        if (seconds.isPresent()) {
          // an integer is seconds since the epoch whatever the zone (HyperDX, Grafana: toDateTime64(1717912800, 3))
          return Optional.of(new TimeConstant(Math.multiplyExact(seconds.get(), NANOS), true));
        }
        if (!(args.get(0) instanceof Expr.Literal l)) {
          return Optional.empty();
        }
        Optional<TimeConstant> t = name.equals("parsedatetime64besteffort") ? offsetInstant(l) : Optional.empty();
        t = t.isPresent() ? t : wall(l, true, zone.orElse(serverZone));
        return t.filter(v -> Math.floorMod(v.nanos, pow10(9 - Math.min(9, precision.get()))) == 0);
      }
      case "todate", "todate32", "date" -> {
        // DATE '...' too (the parser's toDate): midnight, compared in the column's zone like a bare
        // string (measured on 26.5); a day outside Date's range saturates, so it is no constant
        return args.size() == 1 && args.get(0) instanceof Expr.Literal l
            ? cast(l, "Date", serverZone, literalZone) : Optional.empty();
      }
      case "parsedatetimebesteffort" -> {
        if (args.size() > 2 || !(args.get(0) instanceof Expr.Literal l)) {
          return Optional.empty();
        }
        Optional<ZoneId> zone = args.size() == 2 ? zone(args.get(1)) : Optional.empty();
        if (args.size() == 2 && zone.isEmpty()) {
          return Optional.empty();
        }
        // DateTime keeps whole seconds: the server drops a written fraction (Cube's inclusive end
        // parseDateTimeBestEffort('2024-06-09T23:59:59.999') is 23:59:59, measured on 26.5)
        return offsetInstant(l).or(() -> wall(l, true, zone.orElse(serverZone))).map(TimeConstant::wholeSecond)
            .filter(TimeConstant::fitsDateTime);
      }
      case "_cast", "cast" -> {
        // the server's analysed form prints every folded time constant so: _CAST('2024-06-10 00:00:00', 'DateTime')
        if (args.size() != 2 || !(args.get(0) instanceof Expr.Literal l) || !(args.get(1) instanceof Expr.Literal t)
            || t.kind() != Expr.Literal.Kind.STRING) {
          return Optional.empty();
        }
        return cast(l, TypeSpelling.canonical(Literals.unquote(t.text())), serverZone, literalZone);
      }      case "fromunixtimestamp64milli", "fromunixtimestamp64micro", "fromunixtimestamp64nano", "fromunixtimestamp" -> {
        if (args.size() > 2 || args.size() == 2 && zone(args.get(1)).isEmpty()) {
          return Optional.empty();
        }
        long unit = switch (name) {
          case "fromunixtimestamp64milli" -> 1_000_000L;
          case "fromunixtimestamp64micro" -> 1_000L;
          case "fromunixtimestamp64nano" -> 1L;
          default -> NANOS;
        };
        return integer(args.get(0)).map(n -> new TimeConstant(Math.multiplyExact(n, unit), true))
            .filter(t -> !name.equals("fromunixtimestamp") || t.fitsDateTime());
      }
      case "tostartofminute", "tostartoffiveminutes", "tostartoffiveminute", "tostartoffifteenminutes", "tostartofhour",
          "tostartofday", "tostartofinterval" -> {
        return floored(name, args, serverZone, literalZone);
      }
      default -> {
        return Optional.empty();
      }
    }
  }

  /**
   * The start of the bucket a constant lies in ({@code toStartOfDay(toDateTime('2024-06-10 13:00:00'))},
   * HyperDX's {@code toStartOfInterval(fromUnixTimestamp64Milli(n), INTERVAL 1 minute)}). A width
   * that divides 15 minutes starts at the same instant in every zone in use (whole quarter-hour
   * offsets); an hour or a day starts where the floor's zone says: its zone argument, else the
   * constant's type's, else the server's; unknown, the floor is not read.
   */
  private static Optional<TimeConstant> floored(String name, List<Expr> args, ZoneId serverZone, ZoneId literalZone) {
    boolean interval = name.equals("tostartofinterval");
    int zoneAt = interval ? 2 : 1;
    if (args.size() < zoneAt || args.size() > zoneAt + 1 || args.size() == zoneAt + 1 && zone(args.get(zoneAt)).isEmpty()) {
      return Optional.empty();
    }
    long width;
    if (interval) {
      Optional<IntervalValue> iv = IntervalValue.of(args.get(1)).filter(v -> v.amount() > 0
          && java.util.Set.of("second", "minute", "hour", "day").contains(v.unit()));
      if (iv.isEmpty() || !iv.get().unit().matches("second|minute") && iv.get().amount() != 1) {
        return Optional.empty(); // n hours or days count from a zone's own origin: not read
      }
      width = iv.get().fixedNanos().orElseThrow() / NANOS;
    } else {
      width = switch (name) {
        case "tostartofminute" -> 60;
        case "tostartofhour" -> 3600;
        case "tostartofday" -> 86400;
        case "tostartoffifteenminutes" -> 900;
        default -> 300;
      };
    }
    Optional<TimeConstant> inner = written(args.get(0), serverZone, literalZone);
    if (inner.isEmpty()) {
      return Optional.empty();
    }
    TimeConstant t = inner.get();
    if (900 % width == 0) {
      long w = width * NANOS;
      return Optional.of(new TimeConstant(Math.floorDiv(t.nanos(), w) * w, t.zoneKnown()));
    }
    if (width != 3600 && width != 86400) {
      return Optional.empty(); // 10 minutes, 2 hours: starts a zone's offset may move
    }
    ZoneId zone = args.size() == zoneAt + 1 ? zone(args.get(zoneAt)).orElseThrow() : typeZone(args.get(0), serverZone);
    if (zone == null || !t.zoneKnown()) {
      return Optional.empty();
    }
    java.time.ZonedDateTime at = java.time.Instant.ofEpochSecond(Math.floorDiv(t.nanos(), NANOS)).atZone(zone)
        .truncatedTo(width == 3600 ? java.time.temporal.ChronoUnit.HOURS : java.time.temporal.ChronoUnit.DAYS);
    return Optional.of(new TimeConstant(at.toEpochSecond() * NANOS, true));
  }

  /** The zone a constant's type carries: its function's zone argument or its cast's, else the server's. */
  private static ZoneId typeZone(Expr e, ZoneId serverZone) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Cast k) {
      Optional<String> z = TimeType.of(k.type()).flatMap(TimeType::zone);
      try {
        return z.isEmpty() ? serverZone : ZoneId.of(z.get());
      } catch (DateTimeException unknown) {
        return null;
      }
    }
    if (e instanceof Expr.Call c && !c.args().isEmpty() && c.args().size() > 1) {
      Optional<ZoneId> z = zone(c.args().get(c.args().size() - 1));
      if (z.isPresent()) {
        return z.get();
      }
    }
    return serverZone;
  }

  /**
   * A string cast to a time type, in any of ClickHouse's spellings ({@code CAST(s AS T)}, {@code
   * s::T}, {@code CAST(s, 'T')}): a DateTime read in the type's zone, else the server's; a Date,
   * like {@code toDate}, is midnight in the zone the column compares it in.
   */
  private static Optional<TimeConstant> cast(Expr.Literal l, String type, ZoneId serverZone, ZoneId literalZone) {
    if (type.equals("Date") || type.equals("Date32")) {
      return l.kind() == Expr.Literal.Kind.STRING && Literals.unquote(l.text()).matches("\\d{4}-\\d{2}-\\d{2}")
          ? wall(l, false, literalZone).filter(v -> inDateRange(Literals.unquote(l.text()))) : Optional.empty();
    }
    if (type.equals("DateTime")) {
      return wall(l, false, serverZone).filter(TimeConstant::fitsDateTime);
    }
    Optional<TimeType> zoned = TimeType.of(type);
    if (zoned.isEmpty()) {
      return Optional.empty();
    }
    ZoneId zone;
    try {
      zone = zoned.get().zone().isEmpty() ? serverZone : ZoneId.of(zoned.get().zone().get());
    } catch (DateTimeException unknown) {
      return Optional.empty();
    }
    int digits = zoned.get().digits();
    return wall(l, digits > 0, zone).filter(v -> Math.floorMod(v.nanos, pow10(9 - Math.min(9, digits))) == 0)
        .filter(v -> digits > 0 || v.fitsDateTime());
  }

  /**
   * A constant moved by a fixed interval: the server adds hours or less as a number of (sub)seconds
   * whatever the zone; days and weeks follow the calendar of the constant's zone, which is a fixed
   * number of seconds only where that zone has no daylight saving: the server's zone with fixed
   * rules (UTC, as most servers run) and no zone named in the constant (analysts' {@code
   * toDateTime('2024-06-10 00:00:00') + INTERVAL 2 DAY}). Months and years are never fixed.
   */
  private static Optional<TimeConstant> shifted(TimeShift s, ZoneId serverZone) {
    if (s.base() instanceof Expr.Literal) {
      return Optional.empty(); // a string plus an interval is no DateTime arithmetic
    }
    boolean calendar = s.by().unit().equals("day") || s.by().unit().equals("week");
    if (calendar && (serverZone == null || !serverZone.getRules().isFixedOffset() || namesAZone(s.base()))) {
      return Optional.empty();
    }
    Optional<Long> by = s.by().fixedNanos();
    if (by.isEmpty()) {
      return Optional.empty();
    }
    try {
      return of(s.base(), serverZone, null).map(t -> new TimeConstant(Math.addExact(t.nanos, by.get()), t.zoneKnown));
    } catch (ArithmeticException overflow) {
      return Optional.empty();
    }
  }

  /**
   * A constant plus or minus an integer: seconds for a DateTime or DateTime64, days for a Date
   * (measured on 26.5: {@code toDateTime(n) - 1} is a second earlier, {@code toDate('...') - 1} the
   * day before). A Date's days are fixed lengths only in a zone without daylight saving.
   */
  private static Optional<TimeConstant> plusInteger(Expr.Binary b, ZoneId serverZone, ZoneId literalZone) {
    Optional<Long> n = integer(b.right());
    if (n.isEmpty()) {
      return Optional.empty();
    }
    boolean date = dateConstant(b.left());
    if (date && literalZone != null && !literalZone.getRules().isFixedOffset()) {
      return Optional.empty();
    }
    long unit = date ? 86400 * NANOS : NANOS;
    long by = Math.multiplyExact(b.op().equals("-") ? -n.get() : n.get(), unit);
    // a Date's day number wraps outside 0..65535, a DateTime's seconds outside UInt32 (DateTime64's
    // wider range is not needed by any bound a tool writes): the result must stay inside
    long offset = literalZone == null ? 0 : literalZone.getRules().getOffset(Instant.EPOCH).getTotalSeconds() * NANOS;
    return of(b.left(), serverZone, literalZone).map(t -> new TimeConstant(Math.addExact(t.nanos, by), t.zoneKnown))
        .filter(t -> date ? Math.floorDiv(t.nanos + offset, 86400 * NANOS) >= 0
            && Math.floorDiv(t.nanos + offset, 86400 * NANOS) <= 65535 : t.fitsDateTime());
  }

  /** {@code toDate('...')}, {@code toDate32}, a cast to Date: a constant whose integer arithmetic counts days. */
  private static boolean dateConstant(Expr e) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Cast k) {
      String type = TypeSpelling.canonical(k.type());
      return type.equals("Date") || type.equals("Date32");
    }
    if (e instanceof Expr.Call c && c.params() == null) {
      String name = RollupFunctions.lower(c.name());
      return (name.equals("todate") || name.equals("todate32")) && c.args().size() == 1
          || (name.equals("_cast") || name.equals("cast")) && c.args().size() == 2 && c.args().get(1) instanceof Expr.Literal t
          && TypeSpelling.canonical(Literals.unquote(t.text())).matches("Date(32)?");
    }
    return false;
  }

  /**
   * Whether a time constant names a zone of its own (a zone argument, a zoned CAST type): its
   * calendar is then not the server's. Shifts are looked through to the constant they move.
   */
  private static boolean namesAZone(Expr e) {
    e = Expr.unparenthesized(e);
    Optional<TimeShift> shift = TimeShift.of(e);
    if (shift.isPresent()) {
      return namesAZone(shift.get().base());
    }
    if (!(e instanceof Expr.Call c)) {
      return true;
    }
    String name = RollupFunctions.lower(c.name());
    int plain = switch (name) {
      case "todatetime64", "parsedatetime64besteffort" -> 2;
      case "_cast", "cast" -> c.args().size() == 2 && c.args().get(1) instanceof Expr.Literal t
          && TypeSpelling.canonical(Literals.unquote(t.text())).matches("DateTime(64\\(\\s*[0-9]\\s*\\))?") ? 2 : 0;
      default -> 1;
    };
    return c.args().size() > plain;
  }

  /** The days a Date holds: 1970-01-01 to 2149-06-06 (UInt16 days). */
  private static boolean inDateRange(String day) {
    try {
      long epochDay = java.time.LocalDate.parse(day).toEpochDay();
      return epochDay >= 0 && epochDay <= 65535;
    } catch (DateTimeException e) {
      return false;
    }
  }

  /** A string literal holding {@code YYYY-MM-DD[T ]hh:mm:ss[.fraction]} and an offset ({@code Z}, {@code +02:00}, {@code -0130}). */
  private static Optional<TimeConstant> offsetInstant(Expr.Literal l) {
    if (l.kind() != Expr.Literal.Kind.STRING || !l.text().startsWith("'")) {
      return Optional.empty();
    }
    Matcher m = OFFSET_INSTANT.matcher(Literals.unquote(l.text()));
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      String offset = m.group(4).equals("Z") ? "Z" : m.group(4).length() == 5
          ? m.group(4).substring(0, 3) + ":" + m.group(4).substring(3) : m.group(4);
      long seconds = LocalDateTime.parse(m.group(1) + "T" + m.group(2), DateTimeFormatter.ISO_LOCAL_DATE_TIME)
          .toEpochSecond(ZoneOffset.of(offset));
      long fraction = m.group(3) == null ? 0 : Long.parseLong((m.group(3) + "000000000").substring(0, 9));
      return Optional.of(new TimeConstant(Math.addExact(Math.multiplyExact(seconds, NANOS), fraction), true));
    } catch (DateTimeException | ArithmeticException e) {
      return Optional.empty();
    }
  }

  /** A string literal holding {@code YYYY-MM-DD[ hh:mm:ss[.fraction]]}. */
  private static Optional<TimeConstant> wall(Expr.Literal l, boolean fractionAllowed, ZoneId zone) {
    if (l.kind() != Expr.Literal.Kind.STRING || !l.text().startsWith("'")) {
      return Optional.empty();
    }
    Matcher m = WALL.matcher(Literals.unquote(l.text()));
    if (!m.matches() || m.group(3) != null && !fractionAllowed) {
      return Optional.empty();
    }
    try {
      LocalDateTime wall = LocalDateTime.parse(m.group(1) + "T" + (m.group(2) == null ? "00:00:00" : m.group(2)),
          DateTimeFormatter.ISO_LOCAL_DATE_TIME);
      long seconds = zone == null ? wall.toEpochSecond(ZoneOffset.UTC) : wall.atZone(zone).toEpochSecond();
      if (zone != null && zone.getRules().getValidOffsets(wall).size() != 1) {
        return Optional.empty(); // a wall clock skipped by a DST gap, or repeated by an overlap: which instant is unsure
      }
      long fraction = m.group(3) == null ? 0 : Long.parseLong((m.group(3) + "000000000").substring(0, 9));
      return Optional.of(new TimeConstant(Math.addExact(Math.multiplyExact(seconds, NANOS), fraction), zone != null));
    } catch (DateTimeException | ArithmeticException e) {
      return Optional.empty();
    }
  }

  /** The zone a {@code DateTime('zone')} or {@code DateTime64(p, 'zone')} column names, else {@code otherwise}. */
  public static ZoneId columnZone(String type, ZoneId otherwise) {
    Matcher m = COLUMN_ZONE.matcher(type == null ? "" : type);
    if (!m.find()) {
      return otherwise;
    }
    try {
      return ZoneId.of(m.group(1));
    } catch (DateTimeException unknown) {
      return null; // a zone Java does not know: its wall clocks stay unknown
    }
  }

  public static Optional<ZoneId> zone(Expr e) {
    if (!(e instanceof Expr.Literal l) || l.kind() != Expr.Literal.Kind.STRING || !l.text().startsWith("'")) {
      return Optional.empty();
    }
    try {
      return Optional.of(ZoneId.of(Literals.unquote(l.text())));
    } catch (DateTimeException e2) {
      return Optional.empty();
    }
  }

  /** A constant integer expression ({@link Constants#integer}). */
  public static Optional<Long> integer(Expr e) {
    return Constants.integer(e);
  }

  public static long pow10(long n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }
}
