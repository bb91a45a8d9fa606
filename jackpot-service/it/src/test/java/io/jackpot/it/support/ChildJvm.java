package io.jackpot.it.support;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A JVM on this test run's classpath running one class's main method, its output and errors merged and read as lines. */
public final class ChildJvm {
  public final Process process;
  public final BufferedReader out;

  private ChildJvm(Process process) {
    this.process = process;
    this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
  }

  public static ChildJvm start(Class<?> main, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
        System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    return new ChildJvm(new ProcessBuilder(command).redirectErrorStream(true).start());
  }

  /** What follows {@code prefix} on the first line of its output that begins with it. */
  public String lineAfter(String prefix) {
    return out.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow().substring(prefix.length());
  }

  /** Kills it (SIGKILL: no hook of its runs) and waits until it is gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    assertTrue(process.waitFor(30, TimeUnit.SECONDS));
  }
}
