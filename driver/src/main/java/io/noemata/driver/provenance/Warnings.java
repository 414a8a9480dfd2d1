package io.noemata.driver.provenance;

import io.noemata.driver.catalog.QuarantinedRollup;
import io.noemata.rewriter.provenance.KeptReason;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupUse;
import io.noemata.rewriter.provenance.StoredColumnUse;
import java.sql.SQLWarning;
import java.util.List;

/** Turns a {@link QueryProvenance} into the SQLWarning chain a person reads in a SQL client. */
public final class Warnings {

  /** Longest SQL text quoted in a message; tools show warnings on one line. */
  static final int MAX_SQL = 2000;

  private Warnings() {}

  /** The chain for {@code p}, or null when there is nothing to say. */
  public static SQLWarning of(QueryProvenance p) {
    return of(p, List.of());
  }

  /** The same, naming the quarantined rollups of the statement's tables too. */
  public static SQLWarning of(QueryProvenance p, List<QuarantinedRollup> quarantined) {
    Chain chain = new Chain();
    boolean fellBack = p instanceof QueryProvenance.FellBack;
    boolean dryRun = p instanceof QueryProvenance.DryRun;
    if (p instanceof QueryProvenance.FellBack f) {
      chain.add(WarningCode.FALLBACK, "noemata: the rewritten statement failed (Code " + f.failure().errorCode()
          + ": " + f.failure().message() + "); ran the statement as written instead and reloaded the accelerator catalog");
    } else if (p instanceof QueryProvenance.CatalogFailure c) {
      chain.add(WarningCode.CATALOG_UNAVAILABLE, "noemata: the accelerator catalog could not be read ("
          + c.failure() + "); sent as written");
    } else if (p instanceof QueryProvenance.RewriterError e) {
      chain.add(WarningCode.REWRITER_ERROR, "noemata: internal rewriter error (" + e.error() + "); sent as written");
    } else if (p instanceof QueryProvenance.NotUnderstood n) {
      chain.add(WarningCode.NOT_UNDERSTOOD, "noemata: sent as written; the statement was not understood: " + n.reason());
    } else if (p instanceof QueryProvenance.DryRun d) {
      chain.add(WarningCode.DRY_RUN, "noemata dry-run: sent as written; rewriting would have sent: " + clip(d.rewritten()));
    }
    for (RollupUse use : p.rollups()) {
      if (use instanceof ResourceUse.Rollup read && fellBack) {
        chain.add(WarningCode.SKIPPED_ROLLUP, "noemata: did not read rollup " + read.rollup() + " for " + read.table()
            + level(read.level()) + ": the statement reading it failed, so the statement ran as written");
      } else if (use instanceof ResourceUse.Rollup read) {
        chain.add(WarningCode.ROLLUP, "noemata: " + (dryRun ? "would read" : "read") + " rollup " + read.rollup()
            + " (" + read.stableView() + ") for " + read.table() + level(read.level())
            + (read.rawEdges() ? ", and raw rows for the parts of the window it does not hold whole" : ""));
      } else if (use instanceof ResourceUse.SkippedRollup skipped) {
        chain.add(skipped.code() == io.noemata.rewriter.provenance.RollupSkip.LATE_ROWS ? WarningCode.ROLLUP_LATE_ROWS
            : WarningCode.SKIPPED_ROLLUP, "noemata: skipped rollup " + skipped.rollup() + " for "
            + skipped.table() + level(skipped.level()) + ": " + skipped.reason() + "; to use it: " + skipped.remedy());
      }
    }
    for (QuarantinedRollup q : quarantined) {
      chain.add(WarningCode.ROLLUP_QUARANTINED, "noemata: did not read rollup " + q.key() + " (" + q.stableView()
          + ") for " + q.source() + ": it is quarantined, its buckets differ from the raw rows (" + q.reason()
          + "); the raw table answers until `noemata publish` repairs it");
    }
    for (StoredColumnUse use : p.storedColumns()) {
      if (use instanceof ResourceUse.Substituted && fellBack) {
        chain.add(WarningCode.KEPT, "noemata: kept " + use.expression() + " on " + use.table()
            + " (stored column " + quote(use.column()) + " not read): the statement reading it failed");
      } else if (use instanceof ResourceUse.Substituted) {
        chain.add(WarningCode.SUBSTITUTED, "noemata: " + (dryRun ? "would read" : "read") + " stored column "
            + quote(use.column()) + " for " + use.expression() + " on " + use.table());
      } else if (use instanceof ResourceUse.Kept kept) {
        chain.add(WarningCode.KEPT, "noemata: kept " + kept.expression() + " on " + kept.table()
            + " (stored column " + quote(kept.column()) + " not read): " + reason(kept.reason()));
      }
    }
    return chain.head;
  }

  /** Levels are only worth naming when there are several: level 1 is the statement itself. */
  private static String level(int level) {
    return level == 1 ? "" : " (query level " + level + ")";
  }

  static String reason(KeptReason reason) {
    switch (reason) {
      case TABLE_NOT_ALONE:
        return "the query level reads more than this table (a join or ARRAY JOIN)";
      case BOUND_NAME:
        return "the map's name is bound by the query (an alias or WITH name)";
      case COLUMN_NAME_BOUND:
        return "the stored column's name is bound by the query";
      case WITH_EXPRESSION:
        return "a WITH expression reads the map";
      case MAP_GROUPED:
        return "the query groups by the map itself";
      case TYPE_DIFFERS:
        return "the stored column's type differs from the map's value type";
      case RESULT_NAME:
        return "the result column's name would change";
      case PROJECTION:
        return "reading the column would lose the only projection that serves the query";
      default:
        return reason.name();
    }
  }

  private static String quote(String identifier) {
    return "`" + identifier.replace("`", "\\`") + "`";
  }

  private static String clip(String sql) {
    return sql.length() <= MAX_SQL ? sql : sql.substring(0, MAX_SQL) + "... (" + sql.length() + " characters)";
  }

  private static final class Chain {
    SQLWarning head;

    void add(WarningCode code, String message) {
      SQLWarning w = new SQLWarning(message, code.sqlState(), code.vendorCode());
      if (head == null) {
        head = w;
      } else {
        head.setNextWarning(w);
      }
    }
  }
}
