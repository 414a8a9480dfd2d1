package io.noemata.embedded.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;

import org.junit.jupiter.api.Test;

import com.clickhouse.client.api.internal.ClickHouseLZ4InputStream;

import net.jpountz.lz4.LZ4Factory;

/** The reply framing clickhouse-jdbc reads with {@code compress=1}, for answers of every size. */
class QueryHandlerLz4Test {

  @Test
  void everyAnswerSizeReadsBackThroughClickHouseJdbcsDecompressor() throws IOException {
    Random random = new Random(7);
    for (int size : new int[] {1, 13, 35_000, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 17}) {
      byte[] answer = new byte[size];
      for (int i = 0; i < size; i++) {
        answer[i] = (byte) (random.nextInt(16) + 'a'); // compressible, like row data
      }
      byte[] framed = QueryHandler.lz4(answer);
      try (InputStream in = new ClickHouseLZ4InputStream(new ByteArrayInputStream(framed),
          LZ4Factory.fastestInstance().fastDecompressor(), 1 << 20)) {
        assertArrayEquals(answer, in.readAllBytes(), "answer of " + size + " bytes");
      }
    }
  }
}
