/**
 * Writing the resource ledger and objects tables whose format {@code io.noemata.core.ledger}
 * defines: every change is a new row with a larger version, never a mutation; and reading back the
 * statements the objects table recorded ({@link io.noemata.installer.ledger.RecordedStatements}).
 */
package io.noemata.installer.ledger;
