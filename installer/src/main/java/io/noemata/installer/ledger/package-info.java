/**
 * The first ledger row of a declaration ({@link io.noemata.installer.ledger.Rows}); the ledger itself
 * (reading, writing, the objects and lock tables) is {@code io.noemata.core.ledger}.
 */
package io.noemata.installer.ledger;
