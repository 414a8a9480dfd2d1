package io.noemata.core.ledger;


/**
 * The ledger, objects and lock tables (columns in {@link LedgerSchema}) as a {@link LedgerPlacement}
 * creates them: ON CLUSTER where statements run on a cluster, replicated where it replicates.
 */
public final class LedgerDdl {

  private static final String VERSION = "version";

  private LedgerDdl() {}

  public static String createLedger(String database, String namespace, LedgerPlacement p) {
    return LedgerSchema.createLedger(database, namespace, p.onCluster(database), engine(database, p));
  }

  /** Columns an older ledger lacks, added where the ledger lives. */
  public static java.util.List<String> upgradeLedger(String database, String namespace, LedgerPlacement p) {
    return LedgerSchema.upgradeLedger(database, namespace, p.onCluster(database));
  }

  public static String createObjects(String database, String namespace, LedgerPlacement p) {
    return LedgerSchema.createObjects(database, namespace, p.onCluster(database), engine(database, p));
  }

  public static String createLock(String database, String namespace, LedgerPlacement p) {
    return LedgerSchema.createLock(database, namespace, p.onCluster(database), engine(database, p));
  }

  private static String engine(String database, LedgerPlacement p) {
    return p.ledgerEngine(database, "ReplacingMergeTree", VERSION);
  }
}
