package io.noemata.core.system;

/** One row of {@code system.databases}: a database and its engine ({@code Atomic}, {@code Replicated}, ...). */
public record SystemDatabase(String name, String engine) {}
