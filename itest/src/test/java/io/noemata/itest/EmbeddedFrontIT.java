package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.http.HttpFrontend;

/** The embedded engine's HTTP front as the kernel sees its sockets. */
class EmbeddedFrontIT {

  /**
   * Without TCP_NODELAY, Nagle's algorithm held the body of every 16-128 KB answer until the
   * client's delayed ACK: 45 ms more per typical dashboard panel.
   */
  @Test
  void everyAcceptedConnectionHasTcpNoDelay() throws Exception {
    try (HttpFrontend front = EmbeddedClickHouse.shared().serve(0);
        Socket client = new Socket("127.0.0.1", front.port())) {
      client.getOutputStream().write("GET /ping HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      InputStream in = client.getInputStream();
      byte[] reply = new byte[12];
      assertEquals(12, in.readNBytes(reply, 0, 12));
      assertEquals("HTTP/1.1 200", new String(reply, StandardCharsets.US_ASCII));
      OptionalInt noDelay = TcpNoDelay.serverSide(front.port(), client.getLocalPort());
      assertTrue(noDelay.isPresent(), "this JVM holds the server end of the connection");
      assertNotEquals(0, noDelay.getAsInt(), "TCP_NODELAY on the front's socket");
    }
  }
}
