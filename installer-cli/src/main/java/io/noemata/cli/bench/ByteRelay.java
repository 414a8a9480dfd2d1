package io.noemata.cli.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;

/**
 * The floor under any proxy: a process that copies TCP bytes both ways and understands nothing.
 * {@code noemata bench} times it beside the proxy, so the proxy's figures split into what any hop
 * between client and server costs on this machine and what the proxy adds of its own. One thread
 * per direction, blocking copies, a half close passed on (an HTTP client may end its body so).
 */
public final class ByteRelay {

  private ByteRelay() {}

  /** {@code ByteRelay http://HOST:PORT}: listens on a free loopback port and prints {@code ready http://127.0.0.1:PORT}. */
  public static void main(String[] args) throws IOException {
    URI upstream = URI.create(args[0]);
    InetSocketAddress target = new InetSocketAddress(upstream.getHost(), upstream.getPort());
    try (ServerSocket server = new ServerSocket(0, 128, InetAddress.getLoopbackAddress())) {
      System.out.println("ready http://127.0.0.1:" + server.getLocalPort());
      System.out.flush();
      while (true) {
        Socket client = server.accept();
        daemon(() -> relay(client, target));
      }
    }
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "relay");
    t.setDaemon(true);
    t.start();
    return t;
  }

  static void relay(Socket client, InetSocketAddress target) {
    try (client; Socket up = new Socket()) {
      client.setTcpNoDelay(true);
      up.setTcpNoDelay(true);
      up.connect(target);
      Thread back = daemon(() -> copy(up, client));
      copy(client, up);
      back.join();
    } catch (IOException | InterruptedException e) {
      // One connection ends; the relay goes on.
    }
  }

  private static void copy(Socket from, Socket to) {
    byte[] buffer = new byte[64 << 10];
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      for (int n; (n = in.read(buffer)) >= 0; ) {
        out.write(buffer, 0, n);
      }
      to.shutdownOutput();
    } catch (IOException e) {
      try {
        to.close();
        from.close();
      } catch (IOException ignored) {
        // already closed
      }
    }
  }
}
