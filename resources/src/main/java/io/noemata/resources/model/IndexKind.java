package io.noemata.resources.model;

import java.util.Locale;

/** The skip index kinds and the ClickHouse TYPE each installs as. */
public enum IndexKind {
  BLOOM_FILTER("bloom_filter(0.01) GRANULARITY 1"),
  MINMAX("minmax GRANULARITY 1"),
  SET("set(1000) GRANULARITY 1"),
  /** ClickHouse allows one text index per column. */
  TEXT("text(tokenizer = 'splitByNonAlpha')");

  private final String clickHouseType;

  IndexKind(String clickHouseType) {
    this.clickHouseType = clickHouseType;
  }

  /** The text after {@code TYPE} in {@code ADD INDEX}. */
  public String clickHouseType() {
    return clickHouseType;
  }

  /** The spelling in a resources file. */
  public String fileName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Null for an unknown kind. */
  public static IndexKind fromFile(String text) {
    for (IndexKind k : values()) {
      if (k.fileName().equals(text)) {
        return k;
      }
    }
    return null;
  }
}
