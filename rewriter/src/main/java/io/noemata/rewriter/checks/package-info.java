/**
 * The conditions of the seed's "Rollups" rule, one class each, named after the seed's words and
 * tested alone. Each returns a failed condition as a value ({@link io.noemata.rewriter.checks.Skip},
 * or {@link io.noemata.rewriter.checks.Checked} when it also computes something), never by throwing.
 * Checks read a level, a candidate rollup and the catalog; they never edit text. Imports {@code
 * syntax}, {@code time} and {@code provenance} (the skip codes), never {@code union} or {@code rules}.
 */
package io.noemata.rewriter.checks;
