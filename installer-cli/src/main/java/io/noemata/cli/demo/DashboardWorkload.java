package io.noemata.cli.demo;

import io.noemata.cli.advise.WorkloadFile;
import io.noemata.cli.advise.WorkloadQuery;
import java.util.List;

/** The dashboard's panels as a workload file for {@code noemata advise}: each query under its panel's title. */
public final class DashboardWorkload {

  private DashboardWorkload() {}

  public static String text(List<DashboardQuery> panels) {
    return WorkloadFile.write(panels.stream().map(p -> new WorkloadQuery(p.panel(), p.sql(), 1, 0)).toList());
  }
}
