/**
 * Rewrite rules, each named after the spec's words and tested alone. A rule reads a parsed
 * statement and the catalog snapshot and returns edits plus what it did; it never prints SQL from
 * a tree except the small, fully quoted pieces it splices in.
 */
package io.noemata.rewriter.rules;
