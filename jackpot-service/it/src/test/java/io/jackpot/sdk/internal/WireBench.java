package io.jackpot.sdk.internal;

import com.fasterxml.jackson.jr.ob.JSON;
import io.jackpot.sdk.RoundResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The SDK reading the answer to a batch of 100 Candy rounds (4 shares each), as the service
 * writes it: as a token stream ({@link Wire#results}), against only the first step of the
 * former reading (the whole answer into maps, before any result was built from them), so the
 * ratio understates the gain. Runs with scripts/bench-engine.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WireBench {
  private String answer;

  @Setup
  public void setUp() {
    StringBuilder out = new StringBuilder("{\"results\":[");
    String[] tiers = {"mini", "minor", "major", "grand"};
    for (int i = 0; i < 100; i++) {
      out.append(i == 0 ? "" : ",").append("{\"roundId\":\"CC-20261121-134501-k3x9q2mzp8-").append(String.format("%06d", i))
          .append("\",\"status\":\"APPLIED\",\"contributions\":[");
      for (int t = 0; t < tiers.length; t++) {
        out.append(t == 0 ? "" : ",").append("{\"jackpotId\":\"candy\",\"poolKey\":\"").append(tiers[t])
            .append("\",\"amount\":\"0.00").append(t + 1).append("500\",\"poolAmount\":\"").append(1000 * (t + 1)).append('.')
            .append(String.format("%06d", i * 37)).append("\"}");
      }
      out.append("],\"triggers\":[]}");
    }
    answer = out.append("]}").toString();
  }

  @Benchmark
  public List<RoundResult> tokenStream() throws IOException {
    return Wire.results(answer);
  }

  @Benchmark
  public Map<String, Object> mapsOnly() throws IOException {
    return JSON.std.mapFrom(answer);
  }
}
