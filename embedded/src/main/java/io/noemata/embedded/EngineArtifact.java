package io.noemata.embedded;

import java.util.Objects;

/**
 * The pinned chDB build: an npm package, its version and the integrity string the npm registry
 * publishes for its tarball (Subresource Integrity, {@code sha512-<base64>}). Bump all three
 * together; {@code npm view @chdb/lib-linux-x64-gnu@<version> dist.integrity} prints the third.
 */
public record EngineArtifact(String packageName, String version, String integrity) {

  /** ClickHouse 26.5 (the engine reports 26.5.1.1): the build every test and the demo use. */
  public static final EngineArtifact PINNED = new EngineArtifact(
      "@chdb/lib-linux-x64-gnu",
      "26.5.3",
      "sha512-fPrLmRt5Moor9yGz4mazbrNje4t7X9KB2mTGkXFWRxRBs2iKy8yh6jx11xsa0Qr3iDFMU/yHqd+bVdYJXu3QaQ==");

  public EngineArtifact {
    Objects.requireNonNull(packageName, "packageName");
    Objects.requireNonNull(version, "version");
    if (integrity == null || !integrity.startsWith("sha512-")) {
      throw new IllegalArgumentException("integrity must be an npm sha512- string, was " + integrity);
    }
  }

  /** The name {@code npm pack} gives the tarball: {@code chdb-lib-linux-x64-gnu-26.5.3.tgz}. */
  public String tarballName() {
    return packageName.replace("@", "").replace('/', '-') + "-" + version + ".tgz";
  }

  public String spec() {
    return packageName + "@" + version;
  }
}
