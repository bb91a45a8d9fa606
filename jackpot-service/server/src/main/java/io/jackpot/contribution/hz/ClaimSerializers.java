package io.jackpot.contribution.hz;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import io.jackpot.pool.hz.WireSerializer;
import java.io.IOException;
import java.util.Set;

/** The round-claim entry processors, field by field (the first two cross the cluster on every request). */
public final class ClaimSerializers {
  static final int CLAIM_ROUNDS = 1004;
  static final int RELEASE_ROUNDS = 1005;
  static final int KEEP_ROUNDS = 1008;

  private ClaimSerializers() {}

  public static void register(SerializationConfig config) {
    config.addSerializerConfig(WireSerializer.config(ClaimRounds.class, CLAIM_ROUNDS, ClaimSerializers::writeClaim, ClaimSerializers::readClaim));
    config.addSerializerConfig(WireSerializer.config(ReleaseRounds.class, RELEASE_ROUNDS, (out, r) -> {
      out.writeStringArray(r.rounds());
      out.writeStringArray(r.fingerprints());
      out.writeString(r.token());
      out.writeLong(r.now());
    }, in -> new ReleaseRounds(in.readStringArray(), in.readStringArray(), in.readString(), in.readLong())));
    config.addSerializerConfig(WireSerializer.config(KeepRounds.class, KEEP_ROUNDS, (out, k) -> {
      out.writeStringArray(k.rounds());
      out.writeLong(k.until());
    }, in -> new KeepRounds(in.readStringArray(), in.readLong())));
  }

  private static void writeClaim(ObjectDataOutput out, ClaimRounds c) throws IOException {
    out.writeStringArray(c.rounds());
    out.writeStringArray(c.fingerprints());
    out.writeString(c.token());
    out.writeString(c.holder());
    out.writeLong(c.now());
    out.writeLong(c.ttlMillis());
    // null (no journal scan yet: every claim stands) differs from empty (nobody released).
    out.writeStringArray(c.released() == null ? null : c.released().toArray(String[]::new));
  }

  private static ClaimRounds readClaim(ObjectDataInput in) throws IOException {
    String[] rounds = in.readStringArray();
    String[] fingerprints = in.readStringArray();
    String token = in.readString();
    String holder = in.readString();
    long now = in.readLong();
    long ttl = in.readLong();
    String[] released = in.readStringArray();
    return new ClaimRounds(rounds, fingerprints, token, holder, now, ttl, released == null ? null : Set.of(released));
  }
}
