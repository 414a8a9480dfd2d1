package io.noemata.proxy;

import io.noemata.driver.NoemataSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * How a proxy runs.
 *
 * @param upstream the ClickHouse server's HTTP interface, {@code http://host:port} or {@code https://...}
 * @param bindHost the address to listen on (loopback unless told otherwise)
 * @param port the port to listen on; 0 picks a free one
 * @param settings the rewriting mode and catalog cache settings, as the driver's {@code noemata.*} properties
 * @param maxStatementBytes the longest query text held to be rewritten; a longer one passes through as written
 * @param maxHeaderBytes the largest request head (request line and headers) accepted
 * @param headTimeout how long a request head may take from its first byte (slow clients are cut off)
 * @param idleTimeout how long a kept-alive connection may wait for its next request
 * @param bodyTimeout how long a request body may pause between two reads
 * @param connectTimeout how long connecting to the upstream may take
 * @param maxConnections client connections served at once; more are refused with a ClickHouse error
 * @param upstreamCa PEM certificates of the authorities an https upstream's certificate is checked
 *     against instead of the JDK's (a private CA, a self-signed server); null: the JDK's
 */
public record ProxyConfig(URI upstream, String bindHost, int port, NoemataSettings settings, int maxStatementBytes,
    int maxHeaderBytes, Duration headTimeout, Duration idleTimeout, Duration bodyTimeout, Duration connectTimeout,
    int maxConnections, java.nio.file.Path upstreamCa) {

  public ProxyConfig {
    Objects.requireNonNull(upstream, "upstream");
    Objects.requireNonNull(bindHost, "bindHost");
    Objects.requireNonNull(settings, "settings");
    String scheme = upstream.getScheme() == null ? "" : upstream.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || upstream.getHost() == null) {
      throw new IllegalArgumentException("the upstream must be an http:// or https:// URL with a host, was " + upstream);
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port " + port + " is not a port number (0-65535)");
    }
    if (upstreamCa != null && !scheme.equals("https")) {
      throw new IllegalArgumentException("--upstream-ca is for an https:// upstream; " + upstream + " is plain HTTP");
    }
  }

  /** The defaults: 8124 on 127.0.0.1, the driver's settings, limits near ClickHouse's own. */
  public static ProxyConfig of(URI upstream) {
    return new ProxyConfig(upstream, "127.0.0.1", 8124, NoemataSettings.DEFAULTS, 1 << 20, 64 << 10,
        Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(30), Duration.ofSeconds(10), 1024, null);
  }

  public ProxyConfig withBind(String host, int port) {
    return new ProxyConfig(upstream, host, port, settings, maxStatementBytes, maxHeaderBytes, headTimeout, idleTimeout,
        bodyTimeout, connectTimeout, maxConnections, upstreamCa);
  }

  public ProxyConfig withSettings(NoemataSettings settings) {
    return new ProxyConfig(upstream, bindHost, port, settings, maxStatementBytes, maxHeaderBytes, headTimeout, idleTimeout,
        bodyTimeout, connectTimeout, maxConnections, upstreamCa);
  }

  public ProxyConfig withTimeouts(Duration head, Duration idle, Duration body) {
    return new ProxyConfig(upstream, bindHost, port, settings, maxStatementBytes, maxHeaderBytes, head, idle, body,
        connectTimeout, maxConnections, upstreamCa);
  }

  public ProxyConfig withMaxConnections(int max) {
    return new ProxyConfig(upstream, bindHost, port, settings, maxStatementBytes, maxHeaderBytes, headTimeout, idleTimeout,
        bodyTimeout, connectTimeout, max, upstreamCa);
  }

  /** Trusts the authorities in the PEM file {@code ca} for the https upstream (null: the JDK's). */
  public ProxyConfig withUpstreamCa(java.nio.file.Path ca) {
    return new ProxyConfig(upstream, bindHost, port, settings, maxStatementBytes, maxHeaderBytes, headTimeout, idleTimeout,
        bodyTimeout, connectTimeout, maxConnections, ca);
  }

  boolean tls() {
    return upstream.getScheme().equalsIgnoreCase("https");
  }

  String upstreamHost() {
    return upstream.getHost();
  }

  int upstreamPort() {
    return upstream.getPort() > 0 ? upstream.getPort() : tls() ? 8443 : 8123;
  }

  /** {@code host:port} of the upstream: the Host header sent and the catalog's endpoint. */
  String upstreamAuthority() {
    String host = upstreamHost();
    return (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + upstreamPort();
  }
}
