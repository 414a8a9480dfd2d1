package io.noemata.core.ledger;

/**
 * Where the ledger, objects and lock tables are created: on this server, ON CLUSTER, or in a
 * Replicated database. The installer's placement answers it; the ledger needs only these two facts.
 */
public interface LedgerPlacement {

  /** On this server only: no ON CLUSTER, the plain engine. */
  LedgerPlacement HERE = new LedgerPlacement() {
    @Override
    public String onCluster(String database) {
      return "";
    }

    @Override
    public String ledgerEngine(String database, String family, String args) {
      return family + "(" + args + ")";
    }
  };

  /** {@code " ON CLUSTER `name`"} for a statement on {@code database}, or "" where it runs only here. */
  String onCluster(String database);

  /** The engine of a ledger, objects or lock table in {@code database}: {@code family(args)} or its Replicated variant. */
  String ledgerEngine(String database, String family, String args);
}
