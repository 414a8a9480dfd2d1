package io.noemata.driver.proxy;

import com.github.benmanes.caffeine.cache.Cache;
import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.expr.FunctionNames;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.Statement;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.provenance.RollupSkip;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The server's own reading of a statement the local path could not read (issue 26): {@code EXPLAIN
 * SYNTAX run_query_tree_passes = 1 <statement>} returns it analysed, constants folded
 * ({@code parseDateTimeBestEffort('...')} is {@code _CAST('2024-06-10 00:00:00', 'DateTime')},
 * {@code Body IS NOT NULL} on a column that is never NULL is {@code _CAST(1, 'UInt8')}), names
 * resolved ({@code __table1.ServiceName}) and every select item aliased to its result name
 * ({@code count() AS `COUNT()`}). When the rewriter reads an accelerator for that form, the form is
 * sent: it is the server's own equivalent of the statement, so names and types stay (DriverAnalysisIT
 * compares {@code DESCRIBE} of both).
 *
 * <p>Asked only when the local path said "not understood" (the parser refused the text) or a rule
 * named a reading limit ({@link RollupSkip#NOT_UNDERSTOOD}, {@link RollupSkip#WINDOW_NOT_ON_BOUNDARIES}), never
 * for what it decides; once per
 * statement text, database and catalog snapshot (cached like the decision cache, the answer "no"
 * too). Never for a statement whose value may depend on when it runs, since the analysis folds
 * {@code now()}, {@code today()} and {@code rand()} into constants: every function it calls must be
 * one ClickHouse 26.5 calls deterministic ({@link FunctionNames#deterministic}); nor with bound or
 * named parameters, nor with a FORMAT clause.
 */
final class ServerAnalysis {

  static final String PREFIX = "EXPLAIN SYNTAX run_query_tree_passes = 1 ";
  /**
   * The skips that say the rule could not read something the analysis writes as a constant or a
   * plain function: an expression it does not know, a bound it does not read as a time constant.
   */
  private static final java.util.Set<RollupSkip> READING_LIMITS = java.util.EnumSet.of(RollupSkip.NOT_UNDERSTOOD,
      RollupSkip.WINDOW_NOT_ON_BOUNDARIES);

  private static final Cache<Key, Optional<RewriteResult>> CACHE = io.noemata.driver.catalog.Caches.inline()
      .maximumSize(10_000)
      .expireAfterAccess(Duration.ofHours(1))
      .build();
  private static final AtomicLong ROUND_TRIPS = new AtomicLong();

  private ServerAnalysis() {}

  /** How many analyses this process asked a server for. */
  static long roundTrips() {
    return ROUND_TRIPS.get();
  }

  /** True when {@code local}'s "no" is one the analysis may turn into a read, and the analysis is safe to send. */
  static boolean asks(String sql, RewriteResult local, List<String> parameters) {
    return !local.changed() && parameters.isEmpty() && asks(sql, local.provenance());
  }

  /** True when the rewriter's "no" for {@code sql}, reported as {@code p}, is one the analysis may turn into a read. */
  static boolean asks(String sql, io.noemata.rewriter.provenance.Provenance p) {
    boolean limit = p.skippedRollups().stream().anyMatch(u -> READING_LIMITS.contains(u.code()))
        || p.notUnderstood() != null && !SqlParser.parse(sql).understood();
    return limit && timeless(sql);
  }

  /** No parameter, no FORMAT, and every function called is deterministic: the analysed form means the same at any time. */
  static boolean timeless(String sql) {
    List<Token> tokens = Lexer.significant(sql);
    FunctionNames names = FunctionNames.builtIn();
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.kind() == TokenKind.PARAMETER || t.kind() == TokenKind.ERROR || t.isWord("FORMAT")) {
        return false;
      }
      boolean call = i + 1 < tokens.size() && tokens.get(i + 1).isSymbol("(")
          && (t.kind() == TokenKind.WORD || t.kind() == TokenKind.QUOTED_IDENTIFIER);
      if (call && !names.deterministic(t.kind() == TokenKind.WORD ? t.text() : t.identifier()) && !keywordBeforeParens(t)) {
        return false;
      }
    }
    return true;
  }

  /** Words a parenthesis follows that are no function: IN (...), AS (...), OVER (...), FROM (...), ... */
  private static boolean keywordBeforeParens(Token t) {
    if (t.kind() != TokenKind.WORD) {
      return false;
    }
    return switch (t.text().toUpperCase(java.util.Locale.ROOT)) {
      case "IN", "AS", "FROM", "JOIN", "ON", "USING", "WHERE", "PREWHERE", "AND", "OR", "NOT", "SELECT", "BY", "OVER",
          "FILTER", "WITH", "VALUES", "HAVING", "THEN", "ELSE", "WHEN", "CASE", "INTERVAL", "ALL", "ANY", "DISTINCT",
          "EXISTS", "LIKE", "ILIKE", "IS", "BETWEEN", "UNION", "EXCEPT", "INTERSECT", "LIMIT", "OFFSET", "QUALIFY",
          "WINDOW", "ARRAY", "GLOBAL", "SETTINGS" -> true;
      default -> false;
    };
  }

  /**
   * What to send for {@code sql} after the local path decided {@code local}: the rewrite of the
   * server's analysed form when {@link #asks} and it reads an accelerator, else {@code local}. The
   * outcome is cached, "no" included, so a statement sent again costs one lookup.
   */
  static RewriteResult second(String sql, RewriteResult local, List<String> parameters, CatalogSnapshot snapshot,
      String database, ServerExplainer explainer) {
    if (local.changed() || !parameters.isEmpty()) {
      return local;
    }
    Key key = new Key(sql, snapshot, database);
    Optional<RewriteResult> cached = CACHE.getIfPresent(key);
    if (cached == null) {
      cached = asks(sql, local, parameters) ? reread(sql, snapshot, database, explainer) : Optional.empty();
      CACHE.put(key, cached);
    }
    return cached.orElse(local);
  }

  /**
   * The rewrite of the server's analysed form of {@code sql}, when it reads an accelerator; empty
   * when the server refuses the analysis or the rewriter reads nothing from it.
   */
  private static Optional<RewriteResult> reread(String sql, CatalogSnapshot snapshot, String database,
      ServerExplainer explainer) {
    ROUND_TRIPS.incrementAndGet();
    return explainer.explain(sql).flatMap(analysed -> decide(analysed, snapshot, database));
  }

  /** The rewrite of an analysed form, when every result column of it is named by an alias and it reads an accelerator. */
  static Optional<RewriteResult> decide(String analysed, CatalogSnapshot snapshot, String database) {
    ParseResult<Statement> parsed = SqlParser.parse(analysed);
    if (!parsed.understood() || !everyItemNamed(parsed.node().query())) {
      return Optional.empty();
    }
    RewriteResult r = Rewriter.rewrite(analysed, snapshot, database);
    return r.changed() ? Optional.of(r) : Optional.empty();
  }

  private static boolean everyItemNamed(Query q) {
    List<Query.Select> selects = q instanceof Query.Union u ? u.selects() : List.of((Query.Select) q);
    return selects.stream().allMatch(s -> s.items().stream().allMatch(Expr.Aliased.class::isInstance));
  }

  private record Key(String sql, CatalogSnapshot snapshot, String database) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.snapshot == snapshot && k.sql.equals(sql) && k.database.equals(database);
    }

    @Override
    public int hashCode() {
      return Objects.hash(sql, System.identityHashCode(snapshot), database);
    }
  }
}
