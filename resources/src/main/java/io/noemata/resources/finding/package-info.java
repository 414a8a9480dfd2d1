/**
 * Findings: what validation reports, each with the file, the JSON pointer, the line:column and a
 * message that says what would fix it. Errors block publication; warnings mark what cannot be
 * installed.
 */
package io.noemata.resources.finding;
