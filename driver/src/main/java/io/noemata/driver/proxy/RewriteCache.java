package io.noemata.driver.proxy;

import com.github.benmanes.caffeine.cache.Cache;
import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.rewriter.syntax.Parameters;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import java.time.Duration;
import java.util.Objects;

/**
 * Rewrite decisions by statement text, database, bound values and catalog snapshot. The rewriter
 * is a pure function of these (it reads no clock), and dashboards send the same texts again and
 * again: a hit costs a hash lookup instead of a parse, which matters most before the JIT has warmed
 * the parser (a BI tool's first hundred queries). A new snapshot is a new key, so a reload never
 * serves an old decision.
 */
final class RewriteCache {

  private static final Cache<Key, RewriteResult> CACHE = io.noemata.driver.catalog.Caches.inline()
      .maximumSize(10_000)
      .expireAfterAccess(Duration.ofHours(1))
      .build();

  private RewriteCache() {}

  static RewriteResult rewrite(String sql, CatalogSnapshot snapshot, String database, Parameters parameters) {
    Key key = new Key(sql, snapshot, database, parameters);
    RewriteResult cached = CACHE.getIfPresent(key);
    if (cached != null) {
      return cached;
    }
    RewriteResult r = Rewriter.rewrite(sql, snapshot, database, parameters);
    CACHE.put(key, r);
    return r;
  }

  /** The snapshot is compared by identity: snapshots are immutable and replaced, never changed. */
  private static final class Key {
    private final String sql;
    private final CatalogSnapshot snapshot;
    private final String database;
    private final Parameters parameters;
    private final int hash;

    Key(String sql, CatalogSnapshot snapshot, String database, Parameters parameters) {
      this.sql = sql;
      this.snapshot = snapshot;
      this.database = database;
      this.parameters = parameters;
      this.hash = Objects.hash(sql, System.identityHashCode(snapshot), database, parameters);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.hash == hash && k.snapshot == snapshot && k.sql.equals(sql)
          && k.database.equals(database) && k.parameters.equals(parameters);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
