package io.jackpot.access.json;

import io.jackpot.access.Credentials;
import io.jackpot.config.env.EnvVars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The credentials in force; those from {@code JACKPOT_CREDENTIALS_FILE} follow the file, so a key is
 * revoked or rotated without a restart. Thread-safe.
 *
 * <p>{@link #reload} runs every {@code JACKPOT_CREDENTIALS_RELOAD_SECONDS}. A valid changed file
 * replaces the credentials whole; an unreadable or invalid one keeps them and is logged once per
 * problem. Credentials from {@code JACKPOT_CREDENTIALS} and the dev ones are fixed.
 */
public final class LiveCredentials {
  private static final Logger log = LoggerFactory.getLogger(LiveCredentials.class);
  /** How often a member reads the credentials file again, by default. */
  public static final long DEFAULT_RELOAD_SECONDS = 10;

  private final AtomicReference<Credentials> current;
  private final Path file;
  private final boolean production;
  private final long reloadSeconds;
  /** The file's content in force: a reload of the same bytes does nothing. */
  private byte[] inForce;
  /** Why the last reload did not take the file, said once; null after one that found nothing wrong. */
  private String lastProblem;

  private LiveCredentials(Credentials initial, Path file, byte[] content, boolean production, long reloadSeconds) {
    this.current = new AtomicReference<>(initial);
    this.file = file;
    this.inForce = content;
    this.production = production;
    this.reloadSeconds = reloadSeconds;
  }

  /** Credentials that never change. */
  public static LiveCredentials fixed(Credentials credentials) {
    return new LiveCredentials(credentials, null, null, false, 0);
  }

  /**
   * The credentials the environment configures (CredentialsLoader), following the file when they
   * come from one. Both JACKPOT_CREDENTIALS_FILE and JACKPOT_CREDENTIALS set, or a file that cannot
   * be read, refuse the start naming the variable: which set of keys is in force is never a guess.
   */
  public static LiveCredentials load(Map<String, String> env, Set<String> allGames) throws IOException {
    long seconds = EnvVars.whole(env, "JACKPOT_CREDENTIALS_RELOAD_SECONDS", DEFAULT_RELOAD_SECONDS, 0, 86_400);
    String file = env.get("JACKPOT_CREDENTIALS_FILE");
    if (file == null || file.isBlank()) {
      return fixed(CredentialsLoader.fromEnvironment(env, allGames));
    }
    String inline = env.get("JACKPOT_CREDENTIALS");
    if (inline != null && !inline.isBlank()) {
      throw new IllegalArgumentException("JACKPOT_CREDENTIALS_FILE and JACKPOT_CREDENTIALS are both set; set one");
    }
    boolean production = CredentialsLoader.production(env);
    Path path = Path.of(file);
    byte[] content;
    try {
      content = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new IllegalArgumentException("JACKPOT_CREDENTIALS_FILE: cannot read " + path.toAbsolutePath() + " (" + e + ")", e);
    }
    Credentials initial = CredentialsLoader.logged(CredentialsLoader.fromFile(content, production), "JACKPOT_CREDENTIALS_FILE");
    return new LiveCredentials(initial, path, content, production, seconds);
  }

  public Credentials get() {
    return current.get();
  }

  /** Seconds between reloads of the file; 0 when there is nothing to follow. */
  public long reloadSeconds() {
    return reloadSeconds;
  }

  /**
   * Reads the file again (blocking I/O: not on an event loop). Returns true if the credentials were
   * replaced: the content changed and passed every check the start makes. Otherwise they stay.
   */
  public synchronized boolean reload() {
    if (file == null) {
      return false;
    }
    byte[] content;
    try {
      content = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return refused("it is gone");
    } catch (IOException e) {
      return refused("it cannot be read: " + e);
    }
    if (Arrays.equals(content, inForce)) {
      lastProblem = null;
      return false;
    }
    Credentials next;
    try {
      next = CredentialsLoader.fromFile(content, production);
    } catch (RuntimeException e) {
      return refused(e.getMessage() != null ? e.getMessage() : e.toString());
    }
    Credentials before = current.getAndSet(next);
    inForce = content;
    lastProblem = null;
    log.info("credentials reloaded from {}: {} game keys, {} admin tokens (were {} and {})", file, next.gameKeys(),
        next.adminTokens(), before.gameKeys(), before.adminTokens());
    return true;
  }

  /** Said once for each problem in a row, not at every reload; false (nothing replaced). */
  private boolean refused(String why) {
    if (!why.equals(lastProblem)) {
      log.error("credentials file {} not reloaded, the credentials in force stay: {}", file, why);
      lastProblem = why;
    }
    return false;
  }
}
