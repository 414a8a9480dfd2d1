/**
 * Grants, the second installing step: every missing grant listed, from {@code SHOW GRANTS}, before
 * any change.
 */
package io.noemata.installer.grants;
