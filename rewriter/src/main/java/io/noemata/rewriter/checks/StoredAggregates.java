package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Expr;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The seed's "every inline aggregate can read the states stored by the rollup" and "every measure
 * the query reads is stored with the definition the query reads": the read of one aggregate from
 * the stored states, or {@link RollupSkip#MEASURE_NOT_STORED}. An aggregate is first read in the
 * spelling the definitions use ({@code count(x)} of a column without NULL is {@code count()}, {@code
 * sum(if(c, 1, 0))} is {@code countIf(c)}: {@link CountIfForms}). In order: a measure stored with this
 * very definition (the seed's ErrorCount: {@code countIf(SeverityNumber >= 17)} over a rollup
 * without SeverityNumber); an -If (or FILTER) whose condition reads dimensions only, as the stored
 * state merged where it holds; the stored states themselves ({@code sum(Duration)} from an avg's
 * sum); an aggregate over dimensions alone, from the stored count per group.
 */
public final class StoredAggregates {

  /** How the level reads an expression inside an aggregate (a condition, an argument over dimensions). */
  public interface Inside {
    /** Reads {@code e} as the level does (dimensions and buckets only); the condition it fails, if one. */
    Optional<Skip> read(Expr e);

    /** The text of {@code e} as the rollup reads it, once {@link #read} held. */
    String text(Expr e);
  }

  private final String sql;
  private final Rollup rollup;
  private final TableInfo info;
  private final StoredStates states;
  private final Optional<String> countDistinct;

  /** @param countDistinct the aggregate the statement's settings run for {@code count(DISTINCT ...)} ({@link CountDistinct}) */
  public StoredAggregates(String sql, Rollup rollup, TableInfo info, Optional<String> countDistinct) {
    this.sql = sql;
    this.rollup = rollup;
    this.info = info;
    this.states = new StoredStates(rollup);
    this.countDistinct = countDistinct;
  }

  /**
   * The read of {@code c}, over the rows where {@code filter} holds when it is written {@code c
   * FILTER (WHERE filter)} (else null); {@code whole} is what the read replaces.
   *
   * @param column the column each name reads, empty for a name that reads none of the table's
   * @param dimension true for a name that reads a dimension of the rollup
   * @param inside how the level reads the aggregate's condition or arguments; a condition it fails
   *     is returned as is
   */
  public Checked<String> read(Expr.Call c, Expr filter, Expr whole, Function<Expr.Identifier, Optional<String>> column,
      Predicate<Expr.Identifier> dimension, Inside inside) {
    c = AggregateForms.rowsOfColumn(c, column, info).orElse(c);
    if (filter == null) {
      c = CountDistinct.asImplementation(c, countDistinct).orElse(c);
      c = CountIfForms.asCountIf(c, column, info).orElse(c);
    }
    Expr.Call asWritten = filter == null ? c : AggregateForms.withIf(c, filter);
    Optional<String> read = StoredStates.canonical(sql, asWritten, column).flatMap(k -> states.read(k, info))
        .or(() -> StoredStates.halfOpenKey(sql, asWritten, column, info).flatMap(k -> states.readHalfOpen(k, info)));
    if (read.isEmpty()) {
      Optional<AggregateForms.Conditional> conditional = filter != null
          ? Optional.of(new AggregateForms.Conditional(c, filter)) : AggregateForms.conditional(c);
      if (conditional.isPresent()) {
        Expr condition = conditional.get().condition();
        Optional<Skip> unread = inside.read(condition);
        if (unread.isPresent()) {
          return Checked.fails(unread.get());
        }
        String text = inside.text(condition);
        read = StoredStates.canonical(sql, conditional.get().base(), column).flatMap(k -> states.read(k, info, text));
        if (read.isEmpty() && AggregateForms.countsEveryRow(conditional.get().base())) {
          read = states.countIf(text);
          if (read.isEmpty()) {
            return Checked.fails(RollupSkip.MEASURE_NOT_STORED, rollup.key() + " stores no count() as a summable count"
                + " for " + text(whole));
          }
        }
        if (read.isEmpty()) {
          // sumIf(1, c), sumIf(d = 'x', c): the aggregate over dimensions from the counts where c holds
          Checked<Optional<String>> counted = overDimensions(conditional.get().base(), dimension, inside, text);
          if (counted instanceof Checked.Fails<Optional<String>> f) {
            return Checked.fails(f.skip());
          }
          read = ((Checked.Holds<Optional<String>>) counted).value();
        }
      } else {
        Checked<Optional<String>> counted = overDimensions(c, dimension, inside, null);
        if (counted instanceof Checked.Fails<Optional<String>> f) {
          return Checked.fails(f.skip());
        }
        read = ((Checked.Holds<Optional<String>>) counted).value();
      }
    }
    return read.isPresent() ? Checked.holds(read.get())
        : Checked.fails(RollupSkip.MEASURE_NOT_STORED, rollup.key() + " stores no state for " + text(whole));
  }

  /**
   * The read of the stored {@code countIf(condition)} itself ({@link RowCondition}), with no
   * other form tried: empty when the rollup stores no count with this very condition.
   */
  public Optional<String> storedCount(Expr condition, Function<Expr.Identifier, Optional<String>> column) {
    Expr.Call count = new Expr.Call("count", null, List.of(), false, condition.start(), condition.end());
    Expr.Call asWritten = AggregateForms.withIf(count, condition);
    return StoredStates.canonical(sql, asWritten, column).flatMap(k -> states.read(k, info))
        .or(() -> StoredStates.halfOpenKey(sql, asWritten, column, info).flatMap(k -> states.readHalfOpen(k, info)));
  }

  /**
   * The value of {@code c} (with {@code filter} as in {@link #read}) in the one rollup row a group is
   * ({@link GroupsAreRows}): only a measure stored with this very definition, or an avg of two
   * stored sums, has one; conditions over dimensions and aggregates over dimensions need the GROUP BY.
   */
  public Optional<String> rowRead(Expr.Call c, Expr filter, Function<Expr.Identifier, Optional<String>> column) {
    if (filter == null) {
      c = CountDistinct.asImplementation(c, countDistinct).orElse(c);
      c = CountIfForms.asCountIf(c, column, info).orElse(c);
    }
    Expr.Call asWritten = filter == null ? c : AggregateForms.withIf(c, filter);
    return StoredStates.canonical(sql, asWritten, column).flatMap(k -> states.rowRead(k, info));
  }

  /**
   * An aggregate whose arguments read dimensions alone, answered from the stored count per group;
   * over the rows where {@code condition} (the rollup's text of it) holds, when not null.
   */
  private Checked<Optional<String>> overDimensions(Expr.Call c, Predicate<Expr.Identifier> dimension, Inside inside,
      String condition) {
    Optional<AggregateForms.FromCounts> how = AggregateForms.fromCounts(c, dimension, info);
    if (how.isEmpty()) {
      return Checked.holds(Optional.empty());
    }
    for (Expr a : c.args()) {
      Optional<Skip> unread = inside.read(a); // records the edits of qualified dimensions
      if (unread.isPresent()) {
        return Checked.fails(unread.get());
      }
    }
    String sum = condition == null ? "sum(" : "sumIf(";
    String where = condition == null ? ")" : ", " + condition + ")";
    return Checked.holds(switch (how.get()) {
      case SUM_OF_INTEGERS -> states.summableCount().map(n -> sum + n + " * (" + inside.text(c.args().get(0)) + ")" + where);
      case COUNT_OF_VALUES -> states.summableCount().map(n -> sum + n + where);
      case DISTINCT_VALUES -> condition == null ? Optional.of(inside.text(c)) : Optional.empty();
    });
  }

  private String text(Expr e) {
    return sql.substring(e.start(), e.end());
  }
}
