/**
 * Plan, the seed's first installing step: {@link io.noemata.installer.plan.Declarations} validates the
 * project online and resolves each entry into an {@link io.noemata.installer.plan.Accelerator}
 * (entries the database cannot install are warned about and omitted, and so are entries that refer to
 * them); {@link io.noemata.installer.plan.Planner} compares them with the ledger and the server and
 * reads as a diff ({@link io.noemata.installer.plan.Change}): add, change, repair (drift, compared in
 * the server's own words), resume, cancel retirement, retire, keep. The plan only reads.
 */
package io.noemata.installer.plan;
