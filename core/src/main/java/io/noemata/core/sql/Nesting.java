package io.noemata.core.sql;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * How deeply a text may nest, and on which stack a deep one is read, so that no text and no
 * calling thread can end in a {@link StackOverflowError}.
 *
 * <p>The parser and every walker of its trees recurse once per level. The limits ({@link
 * #MAX_DEPTH} levels of recursion, {@link #MAX_CHAIN} open links of operator chains such as
 * {@code a + b + c}, each a level of the tree) are what a text may hold; deeper is refused with
 * {@link RefusalCode#NESTING_TOO_DEEP}, on every thread alike. What a level costs in stack is not
 * alike: measured on JDK 25 (2-core AMD EPYC), a whole rewrite on a bare 256 KB thread got through
 * 40-43 nested functions, parentheses, arrays or CASEs once C2 had compiled the parser (its frames
 * inline a dozen precedence levels), 69-80 interpreted ({@code -Xint}), 31 nested subqueries
 * (two levels each), and chains of 134 links interpreted, 220 compiled. The JVM keeps ~100 KB of
 * such a thread as guard and shadow pages, and BI tools and pools run statements on threads of
 * 256 KB or less, part of it their own frames.
 *
 * <p>So {@link #run} reads a text on the calling thread only while it stays within {@link
 * #INLINE_DEPTH} and {@link #INLINE_CHAIN}, a quarter of those figures each (every statement of the
 * shared corpora does); a text that goes deeper, or a caller whose own frames leave too little, is
 * read again from the start on a thread with a stack of {@link #STACK_BYTES}, where the full limits
 * fit many times over. The outcome is the same whichever thread read it: the limits decide
 * refusals, never the caller's stack or the JIT's state.
 */
public final class Nesting {

  /** Levels of recursion a text may hold: a parenthesis, an argument list, NOT, unary minus, INTERVAL, a CASE part, a subquery. */
  public static final int MAX_DEPTH = 200;
  /** Open links of operator chains ({@code a OR b OR ...}, {@code a[1][2]}, {@code x::T::U}) a text may hold. */
  public static final int MAX_CHAIN = 4_000;
  /** What a text may hold to be read on the calling thread (see above). */
  static final int INLINE_DEPTH = 10;
  static final int INLINE_CHAIN = 32;
  /** The deep thread's stack (reserved, touched only as deep as a text goes): the full limits need a few MB. */
  static final long STACK_BYTES = 64L << 20;

  private static final ThreadLocal<Boolean> INSIDE = new ThreadLocal<>();
  private static final AtomicInteger THREADS = new AtomicInteger();
  /** Texts read again on the deep thread, for tests. */
  private static final AtomicLong DEEP_READS = new AtomicLong();
  private static final ExecutorService DEEP = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS,
      new SynchronousQueue<>(), r -> {
        Thread t = new DeepThread(r, "noemata-deep-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        t.setContextClassLoader(null); // it reads text only: it must not keep an application's loader alive
        return t;
      });

  private Nesting() {}

  /**
   * {@code work}'s result, computed where the stack holds it: on this thread when the text it
   * reads is shallow, else again from the start on a thread of its own stack. {@code work} must
   * be a pure function of its inputs (it may run twice). {@code overflow} answers when even that
   * thread's stack ends (no text within the limits does that; it is the last guard).
   */
  public static <T> T run(Supplier<T> work, Supplier<T> overflow) {
    if (Thread.currentThread() instanceof DeepThread) {
      try {
        return work.get();
      } catch (StackOverflowError e) {
        return overflow.get();
      }
    }
    if (INSIDE.get() != null) {
      return work.get(); // an outer run decides where
    }
    INSIDE.set(Boolean.TRUE);
    try {
      return work.get();
    } catch (Deeper | StackOverflowError tooDeepHere) {
      // read again below, where the stack is deep enough
    } finally {
      INSIDE.remove();
    }
    DEEP_READS.incrementAndGet();
    try {
      return CompletableFuture.supplyAsync(() -> run(work, overflow), DEEP).join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  static long deepReads() {
    return DEEP_READS.get();
  }

  /** True on the thread that reads deep texts: the full limits apply there. */
  static boolean deepStack() {
    return Thread.currentThread() instanceof DeepThread;
  }

  /** Thrown where a text goes deeper than a caller's thread may follow: {@link #run} reads it again on the deep thread. */
  static final class Deeper extends Error {
    private static final long serialVersionUID = 1L;

    Deeper() {
      super(null, null, false, false); // control flow: no stack trace
    }
  }

  private static final class DeepThread extends Thread {
    DeepThread(Runnable r, String name) {
      super(null, r, name, STACK_BYTES);
    }
  }
}
