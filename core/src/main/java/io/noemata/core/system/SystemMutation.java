package io.noemata.core.system;

import java.time.Instant;

/**
 * One row of {@code system.mutations}: a mutation of a table, its command as the server writes it,
 * when it was created and whether every part has it applied.
 */
public record SystemMutation(String database, String table, String command, Instant created, boolean done) {}
