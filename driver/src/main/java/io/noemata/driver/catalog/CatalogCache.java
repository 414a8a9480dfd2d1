package io.noemata.driver.catalog;

import com.github.benmanes.caffeine.cache.AsyncCacheLoader;
import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Cache;
import io.noemata.core.catalog.CatalogSnapshot;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Catalogs by {@link CatalogKey}, shared by every connection with the same TTL settings. An entry
 * older than the refresh age is reloaded in the background on its next use while the old one keeps
 * serving; one older than the TTL is reloaded before use.
 *
 * <p>A read that fails is cached like a success (as a {@link CatalogState#failed} state), so a
 * broken catalog costs one attempt per refresh period, not one per query; a background refresh
 * that fails keeps the last good catalog instead (a dropped accelerator is caught by the fallback).
 * A statement waits at most {@link #WAIT} for a read: a server that hangs on system tables must not
 * hang queries, which then pass through with a warning while the read goes on.
 *
 * <p>A rollup the server refused to a user ({@link #deny}) is left out of that user's catalogs
 * for one TTL: the catalog lists what a user may see, not what it may read, and without this
 * memory every statement would fail once and reload the catalog before running as written.
 */
public final class CatalogCache {

  /** How long a statement waits for a catalog read before it passes through. */
  static final Duration WAIT = Duration.ofSeconds(10);

  private static final Logger LOG = LoggerFactory.getLogger(CatalogCache.class);
  private static final Map<String, CatalogCache> BY_SETTINGS = new ConcurrentHashMap<>();

  private final AsyncLoadingCache<CatalogKey, CatalogState> cache;
  /** Null: the ledgers of every namespace. */
  private final String namespace;
  private final AtomicLong loads = new AtomicLong();
  /** By user and endpoint: rollups ({@link CatalogLoader#rollupId}) the server refused to read. */
  private final Cache<CatalogKey, Set<String>> denied;
  /**
   * Where catalogs are read: threads of their own, so that the caches' bookkeeping can run on the
   * caller ({@link Caches#inline}) and a statement served from the cache wakes no other thread.
   */
  private static final Executor READERS = java.util.concurrent.Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "noemata-catalog-reader");
    t.setDaemon(true);
    return t;
  });

  CatalogCache(Duration ttl, Duration refresh, String namespace) {
    this.namespace = namespace;
    this.denied = Caches.inline().expireAfterWrite(ttl).maximumSize(10_000).build();
    Caffeine<Object, Object> builder = Caches.inline().expireAfterWrite(ttl).maximumSize(10_000);
    if (refresh.compareTo(ttl) < 0) {
      builder.refreshAfterWrite(refresh);
    }
    this.cache = builder.buildAsync(new AsyncCacheLoader<CatalogKey, CatalogState>() {
      @Override
      public CompletableFuture<CatalogState> asyncLoad(CatalogKey key, Executor executor) {
        return CompletableFuture.supplyAsync(() -> load(key), READERS);
      }

      @Override
      public CompletableFuture<CatalogState> asyncReload(CatalogKey key, CatalogState old, Executor executor) {
        return CompletableFuture.supplyAsync(() -> {
          CatalogState fresh = load(key);
          return fresh.failure() != null && old.failure() == null ? old : fresh;
        }, READERS);
      }
    });
  }

  /** The cache shared by connections with these settings. */
  public static CatalogCache shared(Duration ttl, Duration refresh, String namespace) {
    // a key of "any" namespace cannot meet a real one: "*" is no identifier
    return BY_SETTINGS.computeIfAbsent(ttl + "/" + refresh + "/" + (namespace == null ? "*" : namespace), k -> new CatalogCache(ttl, refresh, namespace));
  }

  /** The catalog for {@code key}, read now if none is cached. Never throws for a failed or slow read. */
  public CatalogState get(CatalogKey key) {
    CompletableFuture<CatalogState> f = cache.get(key);
    CatalogState done = f.getNow(null);
    if (done != null) {
      return done;
    }
    try {
      return f.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return CatalogState.failed("reading the catalog takes longer than " + WAIT.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CatalogState.failed("interrupted while reading the catalog");
    } catch (ExecutionException e) {
      return CatalogState.failed(firstLine(e.getCause() == null ? e : e.getCause()));
    }
  }

  /**
   * The snapshot {@code sql} is rewritten against: {@code state}'s with what {@code key}'s user may
   * read of the tables the text names, asked over the catalog's own connection the first time
   * ({@link CatalogState#snapshotFor}).
   */
  public CatalogSnapshot snapshotFor(CatalogKey key, CatalogState state, String sql) {
    return state.snapshotFor(sql, key.opener()::open);
  }

  /**
   * Whether a statement {@code sql} of {@code key}'s user can be planned without waiting on the
   * server: its catalog is read and what the user may read of the tables it names is known.
   */
  public boolean ready(CatalogKey key, String sql) {
    CompletableFuture<CatalogState> f = cache.getIfPresent(key);
    CatalogState s = f == null ? null : f.getNow(null);
    return s != null && (s.failure() != null || s.accessKnownFor(sql));
  }

  /** Forgets every catalog of {@code endpoint} (DDL changed the server, or a rewrite failed). */
  public void invalidate(String endpoint) {
    cache.synchronous().asMap().keySet().removeIf(k -> k.endpoint().equals(endpoint));
  }

  /**
   * The server refused {@code key}'s user the rollups {@code ids} ({@link CatalogLoader#rollupId}):
   * its catalogs leave them out for one TTL, and the cached ones are dropped now.
   */
  public void deny(CatalogKey key, Collection<String> ids) {
    denied.asMap().merge(key, Set.copyOf(ids), (a, b) -> {
      Set<String> both = new HashSet<>(a);
      both.addAll(b);
      return Set.copyOf(both);
    });
    invalidate(key.endpoint());
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
      Set<String> refused = denied.getIfPresent(key);
      return CatalogLoader.loadState(c, namespace, refused == null ? Set.of() : refused);
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
