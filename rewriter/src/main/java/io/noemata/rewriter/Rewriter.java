package io.noemata.rewriter;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.rewriter.rules.StoredColumns;
import io.noemata.rewriter.sql.ParseResult;
import io.noemata.rewriter.sql.SqlParser;
import io.noemata.rewriter.sql.Statement;
import java.util.Objects;

/**
 * Rewrites a statement so it reads the accelerators a snapshot lists. The output is the input with
 * replacements spliced in; a statement that is not fully understood comes back identical.
 */
public final class Rewriter {

  private Rewriter() {}

  /**
   * @param sql the statement as the application sent it
   * @param snapshot what the server reports installed
   * @param defaultDatabase the session's database, for unqualified table names
   */
  public static RewriteResult rewrite(String sql, CatalogSnapshot snapshot, String defaultDatabase) {
    Objects.requireNonNull(sql, "sql");
    Objects.requireNonNull(snapshot, "snapshot");
    Objects.requireNonNull(defaultDatabase, "defaultDatabase");
    ParseResult<Statement> parsed = SqlParser.parse(sql);
    if (!parsed.understood()) {
      return new RewriteResult(sql, false, Provenance.refused(parsed.refusal()));
    }
    StoredColumns.Result stored = StoredColumns.apply(parsed.node(), sql, snapshot, defaultDatabase);
    Provenance provenance = new Provenance(null, stored.uses());
    if (stored.edits().isEmpty()) {
      return new RewriteResult(sql, false, provenance);
    }
    String out = Edit.apply(sql, stored.edits());
    if (!SqlParser.parse(out).understood()) {
      // a splice that breaks the statement is a bug here, never the user's problem: send the original
      return new RewriteResult(sql, false, Provenance.refused("rewritten text not understood; sent as written"));
    }
    return new RewriteResult(out, true, provenance);
  }
}
