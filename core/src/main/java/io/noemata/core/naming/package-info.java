/**
 * The seed's naming of what noemata installs, and the stored column's types: one home for the
 * "On ClickHouse the column is a MATERIALIZED column named __nm_&lt;hash&gt;" and "a rollup installs as
 * four objects ... named with the deployment's table namespace" paragraphs.
 * {@link io.noemata.core.naming.Names} gives every installed object's name (stored columns, skip
 * indexes, projections, rollup targets, their materialized and stable views, the exporter's own
 * columns); {@link io.noemata.core.naming.StoredTypes} the declared or implied type of a stored
 * column; {@link io.noemata.core.naming.RollupShape} what a rollup's hash identifies. The installer
 * names with these, validation checks with them, and the driver and prune recognize them.
 *
 * <h2>Hash scheme (installer and driver must agree; version 1)</h2>
 * <ul>
 *   <li><b>Stored column</b>: {@code __nm_} followed by the first 16 lower-case hex digits of
 *       SHA-256 over the UTF-8 bytes of {@code "noemata/column/v1\n" + canonicalText(expression)}.
 *       The declared {@code type} is not part of the name: the name identifies the expression.
 *       Example: {@code ResourceAttributes['k8s.pod.name']} has canonical text
 *       {@code arrayElement(ResourceAttributes, 'k8s.pod.name')}.</li>
 *   <li><b>Rollup stored shape</b>: {@code __} followed by the first 8 lower-case hex digits of
 *       SHA-256 over the UTF-8 bytes of {@code "noemata/rollup/v2\n"} followed by the lines of
 *       {@link io.noemata.core.naming.RollupShape#canonicalText()}:
 *       {@code source=`db`.`table`}, {@code time=<canonical>}, {@code grain=<seconds>}, one
 *       {@code dimension=<canonical>} per dimension in declared order (a dimension that names a
 *       column entry contributes that entry's canonical expression), then one
 *       {@code measure=`Name`=<canonical aggregate>} per measure sorted by name; each line ends in
 *       {@code \n}. Retention, {@code async} and {@code from} are not part of the shape.</li>
 *   <li><b>Skip index</b> and <b>projection</b>: {@code __nm_} and 16 hex digits of SHA-256 over
 *       {@code "noemata/index/v1\n" + type + "\n" + column}, or
 *       {@code "noemata/projection/v1\n"} and the stored columns then the sort columns, each list
 *       joined by {@code ","} and the two by {@code "\n"}.</li>
 * </ul>
 * A new version string (v2) is the only way to change either scheme.
 */
package io.noemata.core.naming;
