package io.noemata.proxy;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.Properties;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The trust of the three clients the proxy opens to an https upstream, from one place: Netty's for
 * the relayed requests, the JDK's for the user-database question, clickhouse-jdbc's for the catalog.
 * Each checks the upstream's certificate and host name against the JDK's authorities, or against
 * those of {@link ProxyConfig#upstreamCa} when given.
 */
final class UpstreamTls {

  private final SslContext netty;
  private final SSLContext jdk;
  private final Path ca;

  private UpstreamTls(SslContext netty, SSLContext jdk, Path ca) {
    this.netty = netty;
    this.jdk = jdk;
    this.ca = ca;
  }

  /** Null for a plain-HTTP upstream. Throws {@link IllegalStateException} naming the file when its certificates cannot be read. */
  static UpstreamTls of(ProxyConfig config) {
    if (!config.tls()) {
      return null;
    }
    Path ca = config.upstreamCa();
    try {
      if (ca == null) {
        return new UpstreamTls(SslContextBuilder.forClient().build(), SSLContext.getDefault(), null);
      }
      TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(authorities(ca));
      SSLContext jdk = SSLContext.getInstance("TLS");
      jdk.init(null, trust.getTrustManagers(), null);
      return new UpstreamTls(SslContextBuilder.forClient().trustManager(trust).build(), jdk, ca);
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot read the upstream's certificate authorities"
          + (ca == null ? "" : " from " + ca) + ": " + e.getMessage()
          + (ca == null ? "" : " (--upstream-ca takes a PEM file of one or more certificates)"), e);
    }
  }

  private static KeyStore authorities(Path pem) throws IOException, GeneralSecurityException {
    Collection<? extends Certificate> certs;
    try (InputStream in = Files.newInputStream(pem)) {
      certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
    }
    if (certs.isEmpty()) {
      throw new GeneralSecurityException("no certificate in the file");
    }
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    store.load(null, null);
    int n = 0;
    for (Certificate c : certs) {
      store.setCertificateEntry("upstream-ca-" + n++, c);
    }
    return store;
  }

  SslContext netty() {
    return netty;
  }

  SSLContext jdk() {
    return jdk;
  }

  /** clickhouse-jdbc's properties for the same trust ({@code ssl}, and {@code sslrootcert} when a CA file is given). */
  void addTo(Properties jdbc) {
    jdbc.setProperty("ssl", "true");
    if (ca != null) {
      jdbc.setProperty("sslrootcert", ca.toAbsolutePath().toString());
    }
  }
}
