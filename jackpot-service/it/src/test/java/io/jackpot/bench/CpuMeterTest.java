package io.jackpot.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class CpuMeterTest {

  @Test
  void threadsAreSortedByTheNamesTheKernelShows() {
    // Java thread names as /proc/<pid>/task/<tid>/comm shows them: cut to 15 characters, newline-ended.
    assertEquals("service", CpuMeter.part("vert.x-eventloo\n"));
    assertEquals("service", CpuMeter.part("hz.bench-4242.p\n"));
    assertEquals("service", CpuMeter.part("sequencer\n"));
    assertEquals("SDK (and the games' callbacks)", CpuMeter.part("jackpot-sdk-sen\n"));
    assertEquals("SDK (and the games' callbacks)", CpuMeter.part("HttpClient-3-Wo\n"));
    assertEquals("load generator", CpuMeter.part("loadgen-7\n"));
    assertEquals("GC and VM thread", CpuMeter.part("GC Thread#1\n"));
    assertEquals("JIT compiler", CpuMeter.part("C2 CompilerThre\n"));
    assertEquals("common pool (either side)", CpuMeter.part("ForkJoinPool.co\n"));
    assertEquals("other", CpuMeter.part("Signal Dispatch\n"));
  }

  @Test
  void aThreadsCpuIsCountedToItsPart() throws Exception {
    var before = reading();
    CountDownLatch spun = new CountDownLatch(1);
    CountDownLatch read = new CountDownLatch(1);
    Thread busy = new Thread(() -> {
      var bean = ManagementFactory.getThreadMXBean();
      long x = 0;
      while (bean.getCurrentThreadCpuTime() < 200_000_000L) {
        x += System.nanoTime() % 7;
      }
      spun.countDown();
      try {
        read.await(); // alive until the second reading: an ended thread takes its time with it
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (x == 42) {
        System.out.println(x);
      }
    }, "loadgen-0");
    busy.start();
    spun.await();
    var after = reading();
    read.countDown();
    busy.join();
    long used = CpuMeter.partCpu(before, after, "load generator");
    assertTrue(used >= 150_000_000L && used < 1_000_000_000L, "load generator's CPU: " + used + " ns");
    String line = CpuMeter.describeThreads(before, after, 1000);
    assertTrue(line.contains(String.format("load generator %.1f µs;", used / 1000.0 / 1000)), line);
  }

  private static CpuMeter.Reading reading() {
    return new CpuMeter.Reading(System.nanoTime(), 0, 0, Map.of(), CpuMeter.threads());
  }
}
