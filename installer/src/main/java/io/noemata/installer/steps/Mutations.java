package io.noemata.installer.steps;

import io.noemata.core.sql.Literals;
import io.noemata.resources.model.PhysicalName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;

/**
 * "It waits for mutations that write columns and indexes into existing parts": polls
 * {@code system.mutations} until the table has none left, with a bound, reporting parts to do. On a
 * cluster the statements run ON, every server's ({@code clusterAllReplicas}): each runs its own.
 */
final class Mutations {

  private static final Duration POLL = Duration.ofMillis(200);

  private Mutations() {}

  static void await(Session s, PhysicalName table, String task) throws SQLException, InstallException {
    String mutations = s.placement().onCluster(table.database()).isEmpty() ? "system.mutations"
        : "clusterAllReplicas(" + Literals.string(s.placement().cluster().orElseThrow()) + ", system.mutations)";
    String where = " FROM " + mutations + " WHERE database = " + Literals.string(table.database()) + " AND table = "
        + Literals.string(table.table()) + " AND is_done = 0";
    // real time, not the options' clock: a timeout of real waiting for the server, which a test's
    // fixed or fast clock must neither stretch forever nor cut short
    Instant deadline = Instant.now().plus(s.options.mutationTimeout());
    long first = -1;
    while (true) {
      s.lock.renew();
      long partsToDo;
      String failure;
      try (Statement st = s.connection.createStatement();
          ResultSet rs = st.executeQuery("SELECT count(), sum(parts_to_do), anyIf(latest_fail_reason,"
              + " latest_fail_reason != '')" + where)) {
        rs.next();
        if (rs.getLong(1) == 0) {
          s.options.progress().advance(task, Math.max(first, 0), Math.max(first, 0));
          return;
        }
        partsToDo = rs.getLong(2);
        failure = rs.getString(3);
      }
      if (failure != null && !failure.isEmpty()) {
        throw new InstallException("a mutation on " + table + " fails: " + failure.lines().findFirst().orElse("")
            + "; fix the cause and run publish again");
      }
      first = Math.max(first, partsToDo);
      s.options.progress().advance(task, first - partsToDo, first);
      if (Instant.now().isAfter(deadline)) {
        throw new InstallException("mutations on " + table + " did not finish within " + s.options.mutationTimeout()
            + "; they keep running on the server: run publish again to wait for them and finish");
      }
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InstallException("interrupted while waiting for mutations on " + table);
      }
    }
  }
}
