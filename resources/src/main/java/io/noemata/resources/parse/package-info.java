/**
 * Reads a project directory: {@code noemata.json}, frames and {@code *.resources.json} files under
 * {@code @frames/}. JSON is read with Jackson's streaming parser into a tree that remembers the
 * line:column of every value by JSON pointer, so every finding can say where it is. A key that
 * appears twice in one object is an error, as the seed requires; nothing here throws on bad input.
 */
package io.noemata.resources.parse;
