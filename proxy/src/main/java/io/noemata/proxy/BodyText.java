package io.noemata.proxy;

import com.clickhouse.client.api.internal.ClickHouseLZ4InputStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import net.jpountz.lz4.LZ4Factory;

/**
 * The text of a held request body, decoded as the server would: the HTTP {@code Content-Encoding}
 * first (gzip or deflate; the others pass through unread), then ClickHouse's LZ4 framing when
 * {@code decompress=1}, then UTF-8. Either the text or why it could not be read.
 */
record BodyText(String text, String unreadable) {

  private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();

  static BodyText read(ByteBuf body, String contentEncoding, boolean framed, int maxBytes) {
    try (InputStream in = decoded(new ByteBufInputStream(body.duplicate()), contentEncoding, framed)) {
      if (in == null) {
        return new BodyText(null, "a body in Content-Encoding " + contentEncoding + " is passed on unread");
      }
      byte[] bytes = in.readNBytes(maxBytes + 1);
      if (bytes.length > maxBytes) {
        return new BodyText(null, "the statement is longer than " + maxBytes + " bytes");
      }
      return new BodyText(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString(), null);
    } catch (CharacterCodingException e) {
      return new BodyText(null, "the statement is not UTF-8");
    } catch (IOException | RuntimeException e) {
      // a broken compressed body: the server says what is wrong with it
      return new BodyText(null, "the body could not be decoded (" + e.getClass().getSimpleName() + ")");
    }
  }

  private static InputStream decoded(InputStream in, String contentEncoding, boolean framed) throws IOException {
    InputStream out;
    switch (contentEncoding) {
      case "", "identity" -> out = in;
      case "gzip", "x-gzip" -> out = new GZIPInputStream(in);
      case "deflate" -> out = new InflaterInputStream(in);
      default -> {
        return null;
      }
    }
    return framed ? new ClickHouseLZ4InputStream(out, LZ4.fastDecompressor(), 1 << 16) : out;
  }
}
