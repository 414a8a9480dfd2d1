package io.noemata.rewriter.rules;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.sql.Statement;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.syntax.Parameters;
import java.util.List;
import java.util.Objects;

/**
 * One rewrite rule: reads a parsed statement and its text against the catalog and returns the
 * edits to splice into that text, with a use for every accelerator it considered. No match is a
 * value (no edits), never an exception. {@link io.noemata.rewriter.Rewriter} holds the rules in
 * the order they run; each reads the text the rules before it left, re-parsed.
 */
@FunctionalInterface
public interface Rule {

  Applied apply(Statement statement, String sql, Request request);

  /**
   * What every rule reads beside the statement.
   *
   * @param snapshot what the server reports installed
   * @param defaultDatabase the session's database, for unqualified table names
   * @param parameters the values bound to the statement's parameters, where known
   */
  record Request(CatalogSnapshot snapshot, String defaultDatabase, Parameters parameters) {
    public Request {
      Objects.requireNonNull(snapshot, "snapshot");
      Objects.requireNonNull(defaultDatabase, "defaultDatabase");
      Objects.requireNonNull(parameters, "parameters");
    }
  }

  /** The edits to splice (none when the rule does not apply) and what the rule did, in its own order. */
  record Applied(List<Edit> edits, List<ResourceUse> uses) {
    public Applied {
      edits = List.copyOf(edits);
      uses = List.copyOf(uses);
    }
  }
}
