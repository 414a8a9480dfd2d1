package io.noemata.codegen;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks {@link DelegatesProcessor} for a {@code Delegating<Interface>} base class in the annotated
 * package for each interface named: every method forwards to a {@code delegate}, so hand-written
 * subclasses override only what behaves differently. Source retention: nothing of this module is
 * needed at run time.
 */
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.PACKAGE)
public @interface Delegates {

  /** Interfaces whose every method forwards to {@code delegate}. */
  Class<?>[] forward() default {};

  /**
   * Interfaces that also forward their setters (and clearParameters, clearBatch, addBatch()) to a
   * {@code mirror} when one is set, and report each parameter set through {@code parameterSet(int)}.
   */
  Class<?>[] mirror() default {};
}
