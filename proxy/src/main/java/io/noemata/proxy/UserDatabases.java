package io.noemata.proxy;

import com.github.benmanes.caffeine.cache.Cache;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * The database a request names no database for runs in: the user's own default (a user's
 * {@code default_database} on the server), which is {@code default} only when the server says so.
 * Asked of the upstream once per user and password with the request's own credentials
 * ({@code SELECT currentDatabase()} without a {@code database} parameter) and kept for the catalog's
 * time to live. Without it, an unqualified table would be looked up in {@code default} while the
 * server reads the user's own database: a rewrite onto another table's accelerator.
 */
final class UserDatabases {

  private final URI upstream;
  private final Duration timeout;
  private final Cache<Credentials, String> known;
  private final HttpClient http;

  /** {@code tls}: the https upstream's trust (null: plain HTTP). */
  UserDatabases(ProxyConfig config, javax.net.ssl.SSLContext tls) {
    this.upstream = URI.create((config.tls() ? "https" : "http") + "://" + config.upstreamAuthority()
        + "/?query=SELECT%20currentDatabase()&default_format=TabSeparatedRaw");
    this.timeout = config.connectTimeout();
    this.known = io.noemata.driver.catalog.Caches.inline().maximumSize(10_000).expireAfterWrite(config.settings().catalogTtl()).build();
    HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(timeout);
    this.http = (tls == null ? b : b.sslContext(tls)).build();
  }

  /** The user's default database when already known, without asking. */
  Optional<String> known(Credentials c) {
    return Optional.ofNullable(known.getIfPresent(c));
  }

  /** The user's default database; empty when the server cannot say (wrong password, no connection). Blocks. */
  Optional<String> of(Credentials c) {
    String db = known.getIfPresent(c);
    if (db != null || !c.readable()) {
      return Optional.ofNullable(db);
    }
    HttpRequest ask = HttpRequest.newBuilder(upstream).timeout(timeout.multipliedBy(3))
        .header("X-ClickHouse-User", c.user()).header("X-ClickHouse-Key", c.password()).GET().build();
    try {
      HttpResponse<String> r = http.send(ask, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      String answer = r.body().strip();
      if (r.statusCode() != 200 || answer.isEmpty() || answer.contains("\n")) {
        return Optional.empty();
      }
      known.put(c, answer);
      return Optional.of(answer);
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
