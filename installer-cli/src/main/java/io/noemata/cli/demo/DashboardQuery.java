package io.noemata.cli.demo;

import java.util.Objects;

/**
 * One dashboard panel's query, shaped like what Grafana, HyperDX or Metabase send.
 *
 * @param panel what a person sees the panel as
 * @param tool the tool whose SQL shape this copies
 * @param sql the query as the tool sends it
 * @param expectAccelerated whether an installed accelerator is meant to answer it; the demo reports
 *     honestly either way and says why a query was not accelerated
 */
public record DashboardQuery(String panel, String tool, String sql, boolean expectAccelerated) {

  public DashboardQuery {
    Objects.requireNonNull(panel, "panel");
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(sql, "sql");
  }
}
