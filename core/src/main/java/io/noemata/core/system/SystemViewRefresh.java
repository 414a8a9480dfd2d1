package io.noemata.core.system;

import java.time.Instant;

/**
 * One row of {@code system.view_refreshes}: a refreshable materialized view and its last refresh.
 *
 * @param status {@code Scheduled}, {@code Running}, ... as the server writes it
 * @param lastSuccess when the last successful refresh started ({@code last_success_time}, whole
 *     seconds); null before the first one succeeded. Rows the source had at that second or later
 *     may be missing from it.
 * @param exception the last refresh's error; empty when it succeeded
 */
public record SystemViewRefresh(String database, String view, String status, Instant lastSuccess, String exception) {}
