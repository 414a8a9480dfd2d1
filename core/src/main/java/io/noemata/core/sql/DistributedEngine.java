package io.noemata.core.sql;

import java.util.Optional;

/**
 * The arguments of a Distributed engine as {@code system.tables.engine_full} writes them
 * ({@code Distributed('cluster', 'db', 'table'[, sharding_key[, policy]])}): the one reader of that
 * clause, for the installer (which cluster a table spreads over) and the catalog (which local table
 * stores and merges its rows).
 */
public record DistributedEngine(String cluster, String database, String table) {

  /**
   * The engine's cluster and local table, the database defaulting to {@code database} (the
   * Distributed table's own) when written as {@code currentDatabase()}; empty when it is not a
   * Distributed engine or its arguments are not plain names.
   */
  public static Optional<DistributedEngine> parse(String engineFull, String database) {
    ParseResult<Expr> parsed = SqlParser.parseExpression(engineFull == null ? "" : engineFull);
    if (!parsed.understood() || !(parsed.node() instanceof Expr.Call call) || !call.name().equals("Distributed")
        || call.args().size() < 3) {
      return Optional.empty();
    }
    Optional<String> cluster = name(call.args().get(0));
    Optional<String> db = call.args().get(1) instanceof Expr.Call c && c.name().equals("currentDatabase")
        && c.args().isEmpty() ? Optional.of(database) : name(call.args().get(1));
    Optional<String> table = name(call.args().get(2));
    if (cluster.isEmpty() || db.isEmpty() || table.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new DistributedEngine(cluster.get(), db.get(), table.get()));
  }

  private static Optional<String> name(Expr e) {
    if (e instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.STRING) {
      return Optional.of(Literals.unquote(l.text()));
    }
    if (e instanceof Expr.Identifier i && i.parts().size() == 1) {
      return Optional.of(i.parts().get(0));
    }
    return Optional.empty();
  }
}
