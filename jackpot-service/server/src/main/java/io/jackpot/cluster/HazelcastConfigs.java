package io.jackpot.cluster;

import com.hazelcast.config.ClassFilter;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.JavaSerializationFilterConfig;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.MapConfig;
import com.hazelcast.config.SplitBrainProtectionConfig;
import com.hazelcast.splitbrainprotection.SplitBrainProtectionOn;
import io.jackpot.contribution.hz.ClaimSerializers;
import io.jackpot.contribution.hz.HzRoundClaims;
import io.jackpot.pool.hz.HzPools;
import io.jackpot.pool.hz.PoolSerializers;
import io.jackpot.sequencer.hz.HzStepJournal;
import io.jackpot.sequencer.hz.JournalSerializers;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;

/**
 * The Hazelcast configuration: Vert.x's default cluster config (keeps its own maps), TCP-IP join
 * on the configured members (or Kubernetes discovery), no multicast, no phone-home, our maps with a
 * synchronous backup, and split-brain protection on them when a quorum is set.
 */
public final class HazelcastConfigs {
  /** The split-brain protection on the money maps (configured when JACKPOT_MIN_MEMBERS > 1). */
  public static final String QUORUM = "jackpot-quorum";

  private HazelcastConfigs() {}

  public static Config of(ClusterSettings s) {
    Config config = ConfigUtil.loadConfig();
    config.setClusterName(s.clusterName());
    setProperties(config, s);
    setSerialization(config);
    setNetwork(config, s);
    String quorum = setQuorum(config, s);
    addMaps(config, quorum);
    return config;
  }

  private static void setProperties(Config config, ClusterSettings s) {
    config.setProperty("hazelcast.phone.home.enabled", "false");
    config.setProperty("hazelcast.wait.seconds.before.join", "0");
    config.setProperty("hazelcast.logging.type", "slf4j");
    // The member leaves through Vert.x's close, after its sequencer drained (JackpotNode.close);
    // Hazelcast's own JVM hook would terminate it at once, beside that clean stop.
    config.setProperty("hazelcast.shutdownhook.enabled", "false");
    // A member silent this long is gone (ClusterSettings); heartbeats stay every 5 s.
    config.setProperty("hazelcast.max.no.heartbeat.seconds", Integer.toString(s.heartbeatTimeoutSeconds()));
  }

  private static void setSerialization(Config config) {
    // Field-by-field wire forms for what crosses the cluster on every contribution.
    PoolSerializers.register(config.getSerializationConfig());
    JournalSerializers.register(config.getSerializationConfig());
    ClaimSerializers.register(config.getSerializationConfig());
    // Java deserialization of what a peer sends only for the classes this service uses (the JDK,
    // Hazelcast, Vert.x and its own; Hazelcast adds its defaults): a peer able to reach the port
    // cannot make a member instantiate a gadget class (k8s/networkpolicy.yaml keeps strangers out).
    config.getSerializationConfig().setJavaSerializationFilterConfig(new JavaSerializationFilterConfig()
        .setWhitelist(new ClassFilter().addPrefixes("io.jackpot.", "io.vertx.", "java.", "javax.",
            "com.hazelcast.")));
  }

  private static void setNetwork(Config config, ClusterSettings s) {
    config.getNetworkConfig().setPort(s.port()).setPortAutoIncrement(true);
    JoinConfig join = config.getNetworkConfig().getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    if (s.kubernetesService() != null) {
      // In a pod: the members are the ready and not-ready endpoints of the headless Service
      // (Kubernetes API; the namespace is the pod's own). Needs the RBAC in k8s/base/rbac.yaml.
      // Members talk inside the cluster only: no lookup of node public addresses (which would need
      // cluster-wide RBAC on nodes).
      join.getKubernetesConfig().setEnabled(true).setProperty("service-name", s.kubernetesService())
          .setProperty("resolve-not-ready-addresses", "true").setProperty("expose-externally", "false");
    } else {
      config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface(s.bindAddress());
      // Listen on that interface alone: the setting above only picks the address the member
      // announces, and Hazelcast otherwise listens on every address of the machine (HazelcastBindIT).
      config.setProperty("hazelcast.socket.bind.any", "false");
      join.getTcpIpConfig().setEnabled(true).setMembers(s.members());
    }
  }

  /** The split-brain protection's name when JACKPOT_MIN_MEMBERS > 1, else null. */
  private static String setQuorum(Config config, ClusterSettings s) {
    if (s.minMembers() <= 1) {
      return null;
    }
    // A side of a split cluster with fewer members refuses every change to pools and round claims
    // (SplitBrainProtectionException), so it can never pay a jackpot the other side also pays.
    // And a member starting waits until that many have joined, so pools are loaded with a quorum.
    config.setProperty("hazelcast.initial.min.cluster.size", Integer.toString(s.minMembers()));
    config.addSplitBrainProtectionConfig(new SplitBrainProtectionConfig(QUORUM, true, s.minMembers())
        .setProtectOn(SplitBrainProtectionOn.WRITE));
    return QUORUM;
  }

  private static void addMaps(Config config, String quorum) {
    // Pools: entry processors run on deserialised objects, and the backup re-runs them (sync).
    config.addMapConfig(new MapConfig(HzPools.MAP)
        .setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(1).setAsyncBackupCount(0).setSplitBrainProtectionName(quorum));
    // The step journal: what each member applied but has not recorded yet (StepRecovery), changed
    // by entry processors on the stored objects (notes stay bytes: nothing is rebuilt per write).
    config.addMapConfig(new MapConfig(HzStepJournal.MAP).setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(1)
        .setAsyncBackupCount(0).setSplitBrainProtectionName(quorum));
    // Round claims lapse by their own expiry (see HzRoundClaims), not by map TTL.
    config.addMapConfig(new MapConfig(HzRoundClaims.MAP).setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(1)
        .setSplitBrainProtectionName(quorum));
  }
}
