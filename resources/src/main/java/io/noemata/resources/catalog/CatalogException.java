package io.noemata.resources.catalog;

/** The database could not be asked (connection, permission): a usage failure, not a finding. */
public final class CatalogException extends Exception {

  private static final long serialVersionUID = 1L;

  public CatalogException(String message, Throwable cause) {
    super(message, cause);
  }
}
