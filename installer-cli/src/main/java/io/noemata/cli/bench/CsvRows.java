package io.noemata.cli.bench;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code rows} CSV lines {@code n,<n repeated 20 times>} for {@code n = 0, 1, ...}, made as they are
 * read (never held): about 146 bytes a row at millions of rows, for INSERT bodies larger than any heap.
 */
public final class CsvRows extends InputStream {

  private final long rows;
  private long row;
  private byte[] line = new byte[0];
  private int at;
  private long bytes;

  public CsvRows(long rows) {
    this.rows = rows;
  }

  /** Bytes handed out so far. */
  public long bytes() {
    return bytes;
  }

  @Override
  public int read() {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    if (at == line.length) {
      if (row == rows) {
        return -1;
      }
      line = (row + "," + String.valueOf(row).repeat(20) + "\n").getBytes(StandardCharsets.US_ASCII);
      at = 0;
      row++;
    }
    int n = Math.min(len, line.length - at);
    System.arraycopy(line, at, b, off, n);
    at += n;
    bytes += n;
    return n;
  }
}
