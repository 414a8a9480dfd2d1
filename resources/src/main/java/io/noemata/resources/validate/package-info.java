/**
 * The checks of the seed's Validation section, each named after the seed's words so the seed can be
 * read beside the code: {@link io.noemata.resources.validate.FrameChecks} (the frame's view
 * compiles), {@link io.noemata.resources.validate.LocalFileChecks} (Ownership and local files),
 * {@link io.noemata.resources.validate.ColumnChecks} (column expressions, stored types, the same
 * expression twice), {@link io.noemata.resources.validate.NameChecks} (what a name refers to),
 * {@link io.noemata.resources.validate.RollupChecks} (measures, {@code from}, the bucket ladder) and
 * {@link io.noemata.resources.validate.OnlineChecks} (what the database cannot install).
 * {@link io.noemata.resources.validate.Validator} runs them; {@link io.noemata.resources.validate.Report}
 * prints the result and decides the exit code.
 */
package io.noemata.resources.validate;
