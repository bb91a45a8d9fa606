package io.jackpot.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.MapConfig;
import io.jackpot.contribution.hz.HzRoundClaims;
import io.jackpot.pool.hz.HzPools;
import io.vertx.spi.cluster.hazelcast.ConfigUtil;

/**
 * The Hazelcast configuration: Vert.x's default cluster config (keeps its own maps), TCP-IP join
 * on the configured members, no multicast, no phone-home, and our maps with a synchronous backup.
 */
public final class HazelcastConfigs {
  private HazelcastConfigs() {}

  public static Config of(ClusterSettings s) {
    Config config = ConfigUtil.loadConfig();
    config.setClusterName(s.clusterName());
    config.setProperty("hazelcast.phone.home.enabled", "false");
    config.setProperty("hazelcast.wait.seconds.before.join", "0");
    config.setProperty("hazelcast.logging.type", "slf4j");
    config.getNetworkConfig().setPort(s.port()).setPortAutoIncrement(true);
    config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface(s.bindAddress());
    JoinConfig join = config.getNetworkConfig().getJoin();
    join.getMulticastConfig().setEnabled(false);
    join.getAutoDetectionConfig().setEnabled(false);
    join.getTcpIpConfig().setEnabled(true).setMembers(s.members());
    // Pools: entry processors run on deserialised objects, and the backup re-runs them (sync).
    config.addMapConfig(new MapConfig(HzPools.MAP)
        .setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(1).setAsyncBackupCount(0));
    // Round claims lapse by their own expiry (see HzRoundClaims), not by map TTL.
    config.addMapConfig(new MapConfig(HzRoundClaims.MAP).setInMemoryFormat(InMemoryFormat.OBJECT).setBackupCount(1));
    return config;
  }
}
