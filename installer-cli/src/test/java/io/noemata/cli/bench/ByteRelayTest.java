package io.noemata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class ByteRelayTest {

  /** An echo server behind the relay: what the client sends comes back whole, after the client half-closes. */
  @Test
  void copiesBothWaysAndPassesTheHalfCloseOn() throws Exception {
    byte[] sent = new byte[3 << 20];
    new Random(7).nextBytes(sent);
    // Own threads: the common pool may have one thread on a 2-core machine, and the three block on each other.
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try (ServerSocket echo = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
         ServerSocket relay = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Void> echoing = CompletableFuture.runAsync(() -> {
        try (Socket s = echo.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
          in.transferTo(out); // ends only when the relay passes the client's half close on
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, threads);
      CompletableFuture<Void> relaying = CompletableFuture.runAsync(() -> {
        try {
          ByteRelay.relay(relay.accept(), new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.getLocalPort()));
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, threads);
      try (Socket client = new Socket(InetAddress.getLoopbackAddress(), relay.getLocalPort())) {
        CompletableFuture<byte[]> back = CompletableFuture.supplyAsync(() -> {
          try {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            client.getInputStream().transferTo(b);
            return b.toByteArray();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }, threads);
        client.getOutputStream().write(sent);
        client.shutdownOutput();
        assertArrayEquals(sent, back.get(60, TimeUnit.SECONDS));
      }
      echoing.get(60, TimeUnit.SECONDS);
      relaying.get(60, TimeUnit.SECONDS);
    } finally {
      threads.shutdownNow();
    }
  }
}
