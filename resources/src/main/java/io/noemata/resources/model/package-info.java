/**
 * The project files as immutable values: {@code noemata.json} ({@link io.noemata.resources.model.Settings}),
 * frames under {@code @frames/} ({@link io.noemata.resources.model.Frame}) and the entries of
 * {@code *.resources.json} files ({@link io.noemata.resources.model.Entry}). Parsing and validation
 * live in their own packages; these records only check what a value can never be.
 */
package io.noemata.resources.model;
