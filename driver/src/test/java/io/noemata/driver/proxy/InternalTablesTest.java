package io.noemata.driver.proxy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.naming.Names;
import org.junit.jupiter.api.Test;

/** Which tables the driver's metadata hides: everything noemata installs but the stable rollup views. */
class InternalTablesTest {

  static final String TARGET = Names.rollupTarget("noemata", "logs", "logs_1h", "68dbd72c");

  @Test
  void aRollupsHashedObjectsAreHiddenItsStableViewIsNot() {
    for (String prefix : new String[] {"noemata_", null}) {
      assertTrue(ProxyDatabaseMetaData.internalTable(TARGET, prefix));
      assertTrue(ProxyDatabaseMetaData.internalTable(Names.materializedView(TARGET), prefix));
      assertTrue(ProxyDatabaseMetaData.internalTable(Names.repairTable(TARGET), prefix));
      // a Distributed rollup's local tables, and the view writing them
      assertTrue(ProxyDatabaseMetaData.internalTable(Names.localTarget(TARGET), prefix), prefix);
      assertTrue(ProxyDatabaseMetaData.internalTable(Names.materializedView(Names.localTarget(TARGET)), prefix), prefix);
      assertTrue(ProxyDatabaseMetaData.internalTable("noemata_resource_ledger", prefix));
      assertFalse(ProxyDatabaseMetaData.internalTable(Names.stableView("noemata", "logs", "logs_1h"), prefix));
      assertFalse(ProxyDatabaseMetaData.internalTable("otel_logs", prefix));
      assertFalse(ProxyDatabaseMetaData.internalTable("my_rollup_archive", prefix));
    }
    assertFalse(ProxyDatabaseMetaData.internalTable("acme_resource_ledger", "noemata_"), "another namespace's ledger");
    assertTrue(ProxyDatabaseMetaData.internalTable("acme_resource_ledger", null));
  }
}
