package io.noemata.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.clickhouse.client.api.internal.ClickHouseLZ4OutputStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;

class BodyTextTest {

  static final String SQL = "SELECT attrs['k8s.pod.name'] AS p, count() FROM logs GROUP BY p -- zählt";

  private static ByteBuf bytes(byte[] b) {
    return Unpooled.wrappedBuffer(b);
  }

  private static byte[] compressed(String kind, byte[] data) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OutputStream z = switch (kind) {
      case "gzip" -> new GZIPOutputStream(out);
      case "deflate" -> new DeflaterOutputStream(out);
      default -> new ClickHouseLZ4OutputStream(out, LZ4Factory.fastestInstance().fastCompressor(), 1 << 16);
    }) {
      z.write(data);
    }
    return out.toByteArray();
  }

  @Test
  void readsPlainGzipDeflateAndClickHouseLz4() throws Exception {
    byte[] plain = SQL.getBytes(StandardCharsets.UTF_8);
    assertEquals(SQL, BodyText.read(bytes(plain), "", false, 1 << 20).text());
    assertEquals(SQL, BodyText.read(bytes(compressed("gzip", plain)), "gzip", false, 1 << 20).text());
    assertEquals(SQL, BodyText.read(bytes(compressed("deflate", plain)), "deflate", false, 1 << 20).text());
    assertEquals(SQL, BodyText.read(bytes(compressed("lz4", plain)), "", true, 1 << 20).text());
    assertEquals(SQL, BodyText.read(bytes(compressed("gzip", compressed("lz4", plain))), "gzip", true, 1 << 20).text(),
        "the HTTP encoding outside, ClickHouse's framing inside, as a server reads them");
  }

  @Test
  void saysWhyWhenItCannotRead() throws Exception {
    byte[] plain = SQL.getBytes(StandardCharsets.UTF_8);
    BodyText br = BodyText.read(bytes(plain), "br", false, 1 << 20);
    assertNull(br.text());
    assertEquals("a body in Content-Encoding br is passed on unread", br.unreadable());
    assertEquals("the statement is longer than 10 bytes", BodyText.read(bytes(plain), "", false, 10).unreadable());
    assertEquals("the statement is longer than 100 bytes",
        BodyText.read(bytes(compressed("gzip", new byte[1 << 20])), "gzip", false, 100).unreadable(), "no zip bomb is inflated whole");
    assertEquals("the statement is not UTF-8", BodyText.read(bytes(new byte[] {'S', (byte) 0xff, 'x'}), "", false, 100).unreadable());
    assertEquals("the body could not be decoded (ZipException)", BodyText.read(bytes(plain), "gzip", false, 100).unreadable());
  }
}
