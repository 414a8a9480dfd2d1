package io.noemata.rewriter;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.sql.Nesting;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.Statement;
import io.noemata.rewriter.checks.KnownFunctions;
import io.noemata.rewriter.provenance.Provenance;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.rules.RollupAnswers;
import io.noemata.rewriter.rules.Rule;
import io.noemata.rewriter.rules.StoredColumns;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.syntax.Parameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Rewrites a statement so it reads the accelerators a snapshot lists. The output is the input with
 * replacements spliced in; a statement that is not fully understood comes back identical.
 */
public final class Rewriter {

  /**
   * The rules, in the order they run. Stored columns come first: the rollup rule then reads a Map
   * subscript stored as a column as the plain column a rollup may keep as a dimension.
   */
  private static final List<Rule> RULES = List.of(StoredColumns.RULE, RollupAnswers.RULE);

  private Rewriter() {}

  /**
   * @param sql the statement as the application sent it
   * @param snapshot what the server reports installed
   * @param defaultDatabase the session's database, for unqualified table names
   */
  public static RewriteResult rewrite(String sql, CatalogSnapshot snapshot, String defaultDatabase) {
    return rewrite(sql, snapshot, defaultDatabase, List.of());
  }

  /**
   * @param parameters values bound to the statement's {@code ?}s, in order, as the SQL text they
   *     are sent as; a rule whose decision depends on one decides from it (the text keeps the {@code ?})
   */
  public static RewriteResult rewrite(String sql, CatalogSnapshot snapshot, String defaultDatabase,
      List<String> parameters) {
    return rewrite(sql, snapshot, defaultDatabase, Parameters.positional(parameters));
  }

  /** The same, with the values of {@code ?} and {@code {name:Type}} parameters where known. */
  public static RewriteResult rewrite(String sql, CatalogSnapshot snapshot, String defaultDatabase,
      Parameters parameters) {
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(sql, "sql");
    Objects.requireNonNull(snapshot, "snapshot");
    Objects.requireNonNull(defaultDatabase, "defaultDatabase");
    // the rules walk the tree as deep as the parser read it: all of it runs where the stack holds that
    return Nesting.run(() -> rewriteHere(sql, snapshot, defaultDatabase, parameters),
        () -> new RewriteResult(sql, false, Provenance.refused("nesting too deep")));
  }

  private static RewriteResult rewriteHere(String sql, CatalogSnapshot snapshot, String defaultDatabase,
      Parameters parameters) {
    // a table named by {name:Identifier} parameters is read as the server reads it, with their values
    // written in; unless a rule rewrites it, the statement is sent as written
    Optional<String> named = io.noemata.rewriter.syntax.IdentifierParameters.inline(sql, parameters);
    if (named.isPresent()) {
      RewriteResult r = rewriteText(named.get(), snapshot, defaultDatabase, parameters);
      return r.changed() ? r : new RewriteResult(sql, false, r.provenance());
    }
    return rewriteText(sql, snapshot, defaultDatabase, parameters);
  }

  private static RewriteResult rewriteText(String sql, CatalogSnapshot snapshot, String defaultDatabase,
      Parameters parameters) {
    ParseResult<Statement> parsed = SqlParser.parse(sql);
    if (!parsed.understood()) {
      return new RewriteResult(sql, false, Provenance.refused(parsed.refusal()));
    }
    Optional<io.noemata.core.sql.Expr.Call> unknown = KnownFunctions.firstUnknown(parsed.node(), snapshot.functions());
    if (unknown.isPresent()) {
      return new RewriteResult(sql, false, Provenance.refused("the server knows no function `" + unknown.get().name()
          + "` as spelled at offset " + unknown.get().start() + " (function names are case-sensitive unless the server"
          + " declares them otherwise); sent as written"));
    }
    Rule.Request request = new Rule.Request(snapshot, defaultDatabase, parameters);
    String text = sql;
    Statement statement = parsed.node();
    List<ResourceUse> uses = new ArrayList<>();
    boolean changed = false;
    for (Rule rule : RULES) {
      Rule.Applied applied = rule.apply(statement, text, request);
      uses.addAll(applied.uses());
      if (applied.edits().isEmpty()) {
        continue;
      }
      Optional<String> spliced = splice(text, applied.edits());
      if (spliced.isEmpty()) {
        return new RewriteResult(sql, false, Provenance.refused("rules edited overlapping text; sent as written"));
      }
      ParseResult<Statement> reparsed = SqlParser.parse(spliced.get());
      if (!reparsed.understood()) {
        // a splice that breaks the statement is a bug here, never the user's problem: send the original
        return new RewriteResult(sql, false, Provenance.refused("rewritten text not understood; sent as written"));
      }
      text = spliced.get();
      statement = reparsed.node();
      changed = true;
    }
    return new RewriteResult(text, changed, Provenance.of(uses));
  }

  /** {@code sql} with {@code edits} spliced in; empty when two edit overlapping text (a bug here, never the user's). */
  private static Optional<String> splice(String sql, List<Edit> edits) {
    try {
      return Optional.of(Edit.apply(sql, edits));
    } catch (IllegalArgumentException overlapping) {
      return Optional.empty();
    }
  }
}
