package io.noemata.cli.demo;

import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.rewriter.provenance.RollupUse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** The rollups the driver's levels read for a query, from its structured provenance (not its warnings' text). */
public final class RollupsRead {

  private RollupsRead() {}

  public static List<String> of(Connection noemata, String sql) throws SQLException {
    try (Statement s = noemata.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        // the provenance is complete once the statement ran; the rows are not needed
      }
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      return p == null ? List.of() : p.rollups().stream().filter(RollupUse::read).map(RollupUse::rollup).toList();
    }
  }
}
