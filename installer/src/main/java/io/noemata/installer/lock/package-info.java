/** The namespace lock: insert, then the oldest live row wins; expires 60 s after its last renewal. */
package io.noemata.installer.lock;
