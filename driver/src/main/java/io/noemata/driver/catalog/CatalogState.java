package io.noemata.driver.catalog;

import io.noemata.core.catalog.CatalogSnapshot;
import java.util.Objects;

/**
 * One catalog read: the snapshot, or why it could not be read (then the snapshot is empty and
 * statements pass through unchanged with a warning).
 *
 * @param snapshot what is installed; {@link CatalogSnapshot#EMPTY} after a failure
 * @param failure a one-line reason, or null
 */
public record CatalogState(CatalogSnapshot snapshot, String failure) {

  public CatalogState {
    Objects.requireNonNull(snapshot, "snapshot");
    if (failure != null && !snapshot.tables().isEmpty()) {
      throw new IllegalArgumentException("a failed read has no tables");
    }
  }

  public static CatalogState failed(String reason) {
    return new CatalogState(CatalogSnapshot.EMPTY, Objects.requireNonNull(reason, "reason"));
  }
}
