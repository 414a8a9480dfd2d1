/**
 * What the database reports about physical tables, for the online part of validation: a
 * {@link io.noemata.resources.catalog.Catalog} answers from {@code system.tables} and
 * {@code system.columns} ({@link io.noemata.resources.catalog.JdbcCatalog}) or from memory in tests.
 */
package io.noemata.resources.catalog;
