package io.noemata.rewriter.checks;

import io.noemata.core.expr.FunctionNames;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.TableExpr;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Every function a statement calls is one the server resolves as spelled ({@link FunctionNames}),
 * or no rule reads the statement: the rules compare names by their lower-case spelling, so
 * {@code UNIQ(TraceId)}, {@code countIF(...)} or {@code toStartOfHOUR(t)} would otherwise match
 * {@code uniq}, {@code countIf} and {@code toStartOfHour}, and a read from a rollup would answer a
 * statement the server refuses. Sent as written, the server's own error comes back. Table functions
 * ({@code FROM numbers(10)}) are the server's other list and are not looked at (no rule reads them).
 */
public final class KnownFunctions {

  private KnownFunctions() {}

  /** The first function name (in text order) {@code names} does not resolve, if any. */
  public static Optional<Expr.Call> firstUnknown(Node root, FunctionNames names) {
    Deque<Node> todo = new ArrayDeque<>();
    todo.push(root);
    Expr.Call first = null;
    while (!todo.isEmpty()) {
      Node n = todo.pop();
      if (n instanceof TableExpr.Function f) {
        f.call().children().forEach(todo::push);
        continue;
      }
      if (n instanceof Expr.Call c && !names.knows(c.name()) && (first == null || c.start() < first.start())) {
        first = c;
      }
      n.children().forEach(todo::push);
    }
    return Optional.ofNullable(first);
  }
}
