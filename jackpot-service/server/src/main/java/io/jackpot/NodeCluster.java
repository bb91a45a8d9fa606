package io.jackpot;

import com.hazelcast.core.HazelcastInstance;
import io.jackpot.cluster.ClusterSettings;
import io.jackpot.cluster.HazelcastConfigs;
import io.jackpot.cluster.Membership;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.util.EnumSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The member's clustered Vert.x, its Hazelcast member underneath, and the registry its metrics go to. */
record NodeCluster(Vertx vertx, HazelcastInstance hz, Membership membership, PrometheusMeterRegistry metricsRegistry) {
  /** The start-up steps are the node's log lines. */
  private static final Logger log = LoggerFactory.getLogger(JackpotNode.class);

  /** Joins the cluster (step 2), blocking until this member is in it. */
  static NodeCluster join(ClusterSettings settings) {
    HazelcastClusterManager cm = new HazelcastClusterManager(HazelcastConfigs.of(settings));
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Vertx vertx = Vertx.builder()
        // Vert.x's default labels include the HTTP method, which is whatever token a client sends:
        // anyone could create meters without bound (XQ1 /, XQ2 /, ...). Status codes are ours, and so
        // are the client names and namespaces (the ledger's two pools, PgPools), which keep their meters apart.
        .with(new VertxOptions().setMetricsOptions(new MicrometerMetricsOptions().setEnabled(true).setJvmMetricsEnabled(true)
            .setLabels(EnumSet.of(Label.HTTP_CODE, Label.POOL_TYPE,
                Label.POOL_NAME, Label.EB_SIDE, Label.CLIENT_NAME,
                Label.NAMESPACE))))
        .withMetrics(new MicrometerMetricsFactory(registry))
        .withClusterManager(cm).buildClustered().await();
    HazelcastInstance hz = cm.getHazelcastInstance();
    log.info("step 2/6: joined cluster '{}' as {} ({} members)", settings.clusterName(),
        hz.getCluster().getLocalMember().getAddress(), hz.getCluster().getMembers().size());
    return new NodeCluster(vertx, hz, new Membership(hz), registry);
  }
}
