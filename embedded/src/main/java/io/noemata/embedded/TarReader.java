package io.noemata.embedded;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Just enough of ustar to read an npm tarball: 512-byte headers, octal sizes, padded content. */
final class TarReader {

  record Entry(String name, long size) {}

  private static final int BLOCK = 512;

  private final InputStream in;

  TarReader(InputStream in) {
    this.in = in;
  }

  /** The next entry, or null at the end of the archive. */
  Entry next() throws IOException {
    byte[] header = in.readNBytes(BLOCK);
    if (header.length < BLOCK || isZero(header)) {
      return null;
    }
    String name = field(header, 0, 100);
    String prefix = field(header, 345, 155);
    long size = Long.parseLong(field(header, 124, 12).strip().isEmpty() ? "0" : field(header, 124, 12).strip(), 8);
    return new Entry(prefix.isEmpty() ? name : prefix + "/" + name, size);
  }

  void copyContent(Entry e, OutputStream out) throws IOException {
    byte[] buf = new byte[1 << 16];
    long left = e.size();
    while (left > 0) {
      int n = in.read(buf, 0, (int) Math.min(buf.length, left));
      if (n < 0) {
        throw new EOFException("archive ends inside " + e.name());
      }
      out.write(buf, 0, n);
      left -= n;
    }
    skipFully(padding(e.size()));
  }

  void skipContent(Entry e) throws IOException {
    skipFully(e.size() + padding(e.size()));
  }

  private static long padding(long size) {
    return (BLOCK - size % BLOCK) % BLOCK;
  }

  private void skipFully(long n) throws IOException {
    in.skipNBytes(n);
  }

  private static String field(byte[] header, int offset, int length) {
    int end = offset;
    while (end < offset + length && header[end] != 0) {
      end++;
    }
    return new String(header, offset, end - offset, StandardCharsets.US_ASCII);
  }

  private static boolean isZero(byte[] block) {
    for (byte b : block) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }
}
