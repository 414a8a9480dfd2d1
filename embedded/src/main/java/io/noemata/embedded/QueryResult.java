package io.noemata.embedded;

/**
 * What one query gave: the output bytes in the requested format and the engine's statistics.
 * {@code error} is null on success; on failure it holds ClickHouse's own message
 * ({@code Code: 60. DB::Exception: ...}) and the other fields are zero.
 */
public record QueryResult(
    byte[] data,
    String error,
    long rowsRead,
    long bytesRead,
    long rowsWritten,
    long bytesWritten,
    double elapsedSeconds) {

  public QueryResult {
    data = data == null ? new byte[0] : data;
  }

  public static QueryResult failure(String error) {
    return new QueryResult(new byte[0], error, 0, 0, 0, 0, 0);
  }

  public boolean ok() {
    return error == null;
  }

  /** The ClickHouse error code in {@code error} ("Code: N. ..."), or 1000 (POCO_EXCEPTION) when none. */
  public int errorCode() {
    return ErrorCodes.of(error);
  }
}
