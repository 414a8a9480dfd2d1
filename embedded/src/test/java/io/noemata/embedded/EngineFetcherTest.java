package io.noemata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineFetcherTest {

  @TempDir Path temp;

  @Test
  void integrityIsNpmsSha512Form() throws Exception {
    Path f = Files.writeString(temp.resolve("x"), "abc");
    // sha512("abc") in base64, as `npm view ... dist.integrity` prints such digests.
    assertEquals("sha512-3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj/uu9RU1EI2Q86A4qmslPpUyknw==",
        EngineFetcher.integrityOf(f));
  }

  @Test
  void pinnedArtifactNamesTheTarballNpmPackWrites() {
    assertEquals("chdb-lib-linux-x64-gnu-26.5.3.tgz", EngineArtifact.PINNED.tarballName());
    assertThrows(IllegalArgumentException.class, () -> new EngineArtifact("p", "1", "sha1-abc"));
  }

  @Test
  void tarReaderFindsMembersAndSkipsPadding() throws Exception {
    ByteArrayOutputStream tar = new ByteArrayOutputStream();
    entry(tar, "package/package.json", "{\"name\":\"x\"}".getBytes(StandardCharsets.UTF_8));
    entry(tar, "package/libchdb.so", new byte[1000]);
    tar.write(new byte[1024]);
    TarReader reader = new TarReader(new ByteArrayInputStream(tar.toByteArray()));
    TarReader.Entry first = reader.next();
    assertEquals(new TarReader.Entry("package/package.json", 12), first);
    reader.skipContent(first);
    TarReader.Entry second = reader.next();
    assertEquals(new TarReader.Entry("package/libchdb.so", 1000), second);
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    reader.copyContent(second, content);
    assertEquals(1000, content.size());
    assertTrue(reader.next() == null, "two zero blocks end the archive");
  }

  private static void entry(ByteArrayOutputStream tar, String name, byte[] content) {
    byte[] header = new byte[512];
    byte[] n = name.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(n, 0, header, 0, n.length);
    byte[] size = String.format("%011o", content.length).getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(size, 0, header, 124, size.length);
    header[156] = '0';
    tar.writeBytes(header);
    tar.writeBytes(content);
    tar.writeBytes(new byte[(512 - content.length % 512) % 512]);
  }
}
