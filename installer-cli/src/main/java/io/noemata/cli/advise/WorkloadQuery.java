package io.noemata.cli.advise;

import java.util.Objects;

/**
 * One query of a workload.
 *
 * @param label what a person calls it: the comment written before it in a workload file (a panel's
 *     title), else {@code query N}
 * @param sql the statement as the client sends it, without the separating {@code ;}
 * @param weight how many times it ran (1 for a file; the count in {@code system.query_log})
 * @param line where it starts in its file (1-based), 0 when it came from a server
 */
public record WorkloadQuery(String label, String sql, long weight, int line) {

  public WorkloadQuery {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(sql, "sql");
    if (weight < 1) {
      throw new IllegalArgumentException("weight must be positive: " + weight);
    }
  }
}
