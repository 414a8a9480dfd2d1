package io.noemata.driver.catalog;

import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * The one way the driver and the proxy build their in-memory caches: Caffeine with its bookkeeping
 * (eviction, expiry, draining the read buffers) run on the calling thread. Caffeine's default hands
 * it to the common fork-join pool, which wakes a thread every few reads: on a statement that costs
 * a hash lookup, that wake-up is most of what the statement adds.
 */
public final class Caches {

  private Caches() {}

  public static Caffeine<Object, Object> inline() {
    return Caffeine.newBuilder().executor(Runnable::run);
  }
}
