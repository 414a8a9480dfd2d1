package io.noemata.core.system;

import java.time.Instant;

/**
 * One row of {@code system.mutations} as a command: a mutation of a table, its command as the server
 * writes it, when it was created and whether every part has it applied (what {@link
 * io.noemata.core.catalog.SourceRows} judges a source's rows by).
 */
public record SystemMutationCommand(String database, String table, String command, Instant created, boolean done) {}
