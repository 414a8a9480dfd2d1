/**
 * The catalog of installed accelerators the rewriter decides from: read from the server's system
 * tables and the resource ledgers by {@link io.noemata.driver.catalog.CatalogLoader},
 * cached per server and user with Caffeine by {@link io.noemata.driver.catalog.CatalogCache}
 * (TTL plus background refresh), and dropped when DDL passes through the driver or a rewritten
 * statement fails. A read that fails never fails a statement: it is cached as a failed state and
 * statements pass through unchanged with a warning.
 */
package io.noemata.driver.catalog;
