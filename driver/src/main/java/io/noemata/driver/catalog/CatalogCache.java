package io.noemata.driver.catalog;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Catalogs by {@link CatalogKey}, shared by every connection with the same TTL settings. An entry
 * older than the refresh age is reloaded in the background on its next use while the old one keeps
 * serving; one older than the TTL is reloaded before use. A read that fails is cached like a
 * success (as a {@link CatalogState#failed} state), so a broken catalog costs one attempt per
 * refresh period, not one per query.
 */
public final class CatalogCache {

  private static final Logger LOG = LoggerFactory.getLogger(CatalogCache.class);
  private static final Map<String, CatalogCache> BY_SETTINGS = new ConcurrentHashMap<>();

  private final LoadingCache<CatalogKey, CatalogState> cache;
  private final String namespace;
  private final AtomicLong loads = new AtomicLong();

  CatalogCache(Duration ttl, Duration refresh, String namespace) {
    this.namespace = namespace;
    Caffeine<Object, Object> builder = Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(10_000);
    if (refresh.compareTo(ttl) < 0) {
      builder.refreshAfterWrite(refresh);
    }
    this.cache = builder.build(this::load);
  }

  /** The cache shared by connections with these settings. */
  public static CatalogCache shared(Duration ttl, Duration refresh, String namespace) {
    return BY_SETTINGS.computeIfAbsent(ttl + "/" + refresh + "/" + namespace, k -> new CatalogCache(ttl, refresh, namespace));
  }

  /** The catalog for {@code key}, read now if none is cached. Never throws for a failed read. */
  public CatalogState get(CatalogKey key) {
    return cache.get(key);
  }

  /** Forgets every catalog of {@code endpoint} (DDL changed the server, or a rewrite failed). */
  public void invalidate(String endpoint) {
    cache.asMap().keySet().removeIf(k -> k.endpoint().equals(endpoint));
  }

  /** How many catalog reads this cache made; tests use it to see caching and invalidation. */
  public long loads() {
    return loads.get();
  }

  private CatalogState load(CatalogKey key) {
    loads.incrementAndGet();
    try (Connection c = key.opener().open()) {
      if (c == null) {
        return CatalogState.failed("clickhouse-jdbc returned no connection");
      }
      return new CatalogState(CatalogLoader.load(c, namespace), null);
    } catch (SQLException | RuntimeException e) {
      String reason = firstLine(e);
      LOG.warn("noemata: cannot read the accelerator catalog of {}: {}", key, reason);
      return CatalogState.failed(reason);
    }
  }

  static String firstLine(Throwable e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int nl = m.indexOf('\n');
    m = nl < 0 ? m : m.substring(0, nl);
    return m.length() > 300 ? m.substring(0, 300) + "..." : m;
  }
}
