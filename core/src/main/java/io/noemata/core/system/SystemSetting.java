package io.noemata.core.system;

/**
 * One row of {@code system.settings} as the connected user sees it: whether the user may change the
 * setting ({@code readonly} 0), its constraint's bounds (null when none) and its value for this user.
 */
public record SystemSetting(String name, boolean readonly, String min, String max, String value) {}
