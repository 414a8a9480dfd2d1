/**
 * Plan, the seed's first installing step: {@link io.noemata.installer.plan.Declarations} validates the
 * project online and resolves each entry into an {@link io.noemata.installer.plan.Accelerator}
 * (entries the database cannot install are warned about and omitted, and so are entries that refer to
 * them); {@link io.noemata.installer.plan.Planner} compares them with the ledger and the server and
 * reads as a diff ({@link io.noemata.installer.plan.Change}): add, change, repair (drift, compared in
 * the server's own words, {@link io.noemata.installer.plan.Drift}), resume, cancel retirement, retire,
 * keep. The planner is a pure function of what {@code steps.Publish#plan} read
 * ({@link io.noemata.installer.plan.ServerState} and the ledger rows), so it is tested without a server.
 */
package io.noemata.installer.plan;
