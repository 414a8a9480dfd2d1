package io.noemata.rewriter.provenance;

/** A Map subscript an installed stored column holds: {@code substituted} or {@code kept}. */
public sealed interface StoredColumnUse extends ResourceUse permits ResourceUse.Substituted, ResourceUse.Kept {

  /** The subscript as written, e.g. {@code `ResourceAttributes`['k8s.pod.name']}. */
  String expression();

  /** Where it starts in the original text. */
  int start();

  /** The stored column holding it. */
  String column();

  /** True when the query now reads the column. */
  default boolean substituted() {
    return this instanceof ResourceUse.Substituted;
  }
}
