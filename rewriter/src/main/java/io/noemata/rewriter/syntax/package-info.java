/**
 * The rewriter's reading and writing of SQL text, below every rule: {@link
 * io.noemata.rewriter.syntax.Edit} (a rule's only output, spliced into the original text), the
 * bound values of parameters ({@link io.noemata.rewriter.syntax.Parameters}, {@link
 * io.noemata.rewriter.syntax.NamedValues}), the names ClickHouse gives unaliased columns, Map
 * subscripts, derived tables that only filter or project one table, renaming or not ({@link
 * io.noemata.rewriter.syntax.Inlined}; a level read under other names through {@link
 * io.noemata.rewriter.syntax.Substituted}, same spans) and which calls are aggregates. Nothing here knows rollups'
 * windows or the catalog's accelerators; it imports no other rewriter package.
 */
package io.noemata.rewriter.syntax;
