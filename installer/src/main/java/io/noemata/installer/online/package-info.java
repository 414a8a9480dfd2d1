/** {@code validate --online} for rollups: ready rollups compared with the raw table per bucket and measure. */
package io.noemata.installer.online;
