/**
 * Writing the resource ledger and objects tables whose format {@code io.noemata.core.ledger}
 * defines: every change is a new row with a larger version, never a mutation.
 */
package io.noemata.installer.ledger;
