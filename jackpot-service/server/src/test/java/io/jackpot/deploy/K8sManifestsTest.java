package io.jackpot.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import io.jackpot.JackpotNode;
import io.jackpot.access.json.LiveCredentials;
import io.jackpot.config.ServiceConfig;
import io.jackpot.game.Games;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1NetworkPolicy;
import io.kubernetes.client.openapi.models.V1PodDisruptionBudget;
import io.kubernetes.client.openapi.models.V1Role;
import io.kubernetes.client.openapi.models.V1RoleBinding;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.openapi.models.V1Service;
import io.kubernetes.client.openapi.models.V1ServiceAccount;
import io.kubernetes.client.openapi.models.V1StatefulSet;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * Validates every manifest under {@code k8s/} with the Kubernetes Java client's models (1.32
 * schema), which refuse missing, unknown and mistyped fields. The example overlay is rendered as
 * kustomize would, then checked against the other objects and the service's settings, credentials
 * and health paths.
 */
class K8sManifestsTest {
  private static final Path K8S = Path.of("..", "..", "k8s");
  private static final Map<String, Class<?>> MODELS = Map.ofEntries(
      Map.entry("networking.k8s.io/v1/NetworkPolicy", V1NetworkPolicy.class),
      Map.entry("v1/ServiceAccount", V1ServiceAccount.class),
      Map.entry("v1/ConfigMap", V1ConfigMap.class),
      Map.entry("v1/Service", V1Service.class),
      Map.entry("v1/Namespace", V1Namespace.class),
      Map.entry("v1/Secret", V1Secret.class),
      Map.entry("apps/v1/Deployment", V1Deployment.class),
      Map.entry("apps/v1/StatefulSet", V1StatefulSet.class),
      Map.entry("policy/v1/PodDisruptionBudget", V1PodDisruptionBudget.class),
      Map.entry("rbac.authorization.k8s.io/v1/Role", V1Role.class),
      Map.entry("rbac.authorization.k8s.io/v1/RoleBinding", V1RoleBinding.class));

  @Test
  void everyManifestValidatesAgainstTheKubernetesSchema() throws Exception {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(K8S)) {
      files = walk.filter(p -> p.toString().endsWith(".yaml")).filter(p -> !p.getFileName().toString().equals("kustomization.yaml"))
          .sorted().toList();
    }
    assertTrue(files.size() >= 10, "manifests found: " + files);
    for (Path file : files) {
      for (Map<String, Object> object : documents(file)) {
        if (isPatch(file)) {
          continue; // validated below, merged into the object it patches
        }
        validate(object, file.toString());
      }
    }
  }

  @Test
  void aTypoIsCaught() {
    Map<String, Object> service = new LinkedHashMap<>(Map.of("apiVersion", "v1", "kind", "Service",
        "metadata", Map.of("name", "x"), "spec", Map.of("selektor", Map.of("a", "b"))));
    AssertionError e = Assertions.assertThrows(AssertionError.class, () -> validate(service, "typo"));
    assertTrue(e.getMessage().contains("selektor"), e.getMessage());
  }

  @Test
  void theExampleOverlayRendersToValidObjectsThatFitTogetherAndFitTheService() throws Exception {
    List<Map<String, Object>> objects = render(K8S.resolve("overlays/example"));
    for (Map<String, Object> o : objects) {
      validate(o, "rendered " + kindName(o));
      if (!"Namespace".equals(o.get("kind"))) {
        assertEquals("jackpot", metadata(o).get("namespace"), "namespaced by the overlay: " + kindName(o));
      }
    }
    Map<String, Object> deployment = one(objects, "Deployment", "jackpot");
    Map<String, Object> pod = map(map(deployment, "spec"), "template");
    Map<String, Object> podSpec = map(pod, "spec");
    Map<String, Object> container = list(podSpec, "containers").get(0);
    assertEquals("registry.example.com/jackpot/jackpot-service:0.1.0", container.get("image"));
    assertEquals("2", map(map(container, "resources"), "requests").get("cpu"), "the overlay's patch applied");
    assertEquals("3Gi", map(map(container, "resources"), "requests").get("memory"), "the overlay's memory");
    assertEquals(map(map(container, "resources"), "limits").get("memory"), map(map(container, "resources"), "requests").get("memory"),
        "memory requested as limited (k8s/README.md, Resources)");
    assertEquals("jackpot-secrets", map(list(podSpec, "volumes").get(0), "secret").get("secretName"));

    // References resolve.
    Map<String, Object> settings = one(objects, "ConfigMap", "jackpot-settings");
    Map<String, String> env = strings(map(settings, "data"));
    assertEquals("jackpot-settings", map(list(container, "envFrom").get(0), "configMapRef").get("name"));
    one(objects, "ServiceAccount", (String) podSpec.get("serviceAccountName"));
    Map<String, Object> binding = one(objects, "RoleBinding", "jackpot-hazelcast-discovery");
    one(objects, "Role", (String) map(binding, "roleRef").get("name"));
    one(objects, "ServiceAccount", (String) list(binding, "subjects").get(0).get("name"));
    Map<String, Object> secret = one(objects, "Secret", "jackpot-secrets");
    String pgKey = (String) map(map(list(container, "env").get(0), "valueFrom"), "secretKeyRef").get("key");
    assertTrue(map(secret, "data").containsKey(pgKey), "the Secret has " + pgKey);
    assertTrue(map(secret, "data").containsKey("credentials.json"));

    // Labels select the pods; the headless Service is the one discovery is told to use.
    Map<String, Object> podLabels = map(map(pod, "metadata"), "labels");
    for (Map<String, Object> s : kinds(objects, "Service")) {
      if (metadata(s).get("name").toString().startsWith("jackpot-postgres")) {
        continue;
      }
      assertTrue(podLabels.entrySet().containsAll(map(map(s, "spec"), "selector").entrySet()), "service selects the pods: " + kindName(s));
    }
    Map<String, Object> headless = one(objects, "Service", env.get("JACKPOT_HZ_KUBERNETES_SERVICE"));
    assertEquals("None", map(headless, "spec").get("clusterIP"));
    assertEquals(Boolean.TRUE, map(headless, "spec").get("publishNotReadyAddresses"), "starting members must see each other");
    Map<String, Object> pdb = one(objects, "PodDisruptionBudget", "jackpot");
    assertEquals(Integer.parseInt(env.get("JACKPOT_MIN_MEMBERS")), map(pdb, "spec").get("minAvailable"), "drains keep the quorum");
    assertTrue((Integer) map(deployment, "spec").get("replicas") > Integer.parseInt(env.get("JACKPOT_MIN_MEMBERS")));
    assertTrue((Integer) podSpec.get("terminationGracePeriodSeconds") > 60, "longer than the 60 s drain of a leaving member");
    int preStop = (Integer) map(map(map(container, "lifecycle"), "preStop"), "sleep").get("seconds");
    assertTrue((Integer) podSpec.get("terminationGracePeriodSeconds") >= preStop + JackpotNode.LONGEST_STOP_SECONDS + 20,
        "the preStop pause, every wait of the stop, and 20 s to migrate partitions before SIGKILL");

    // Probes hit the health endpoints the service serves, on a port the container declares.
    Set<String> ports = list(container, "ports").stream().map(p -> (String) p.get("name")).collect(Collectors.toSet());
    for (String probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
      Map<String, Object> get = map(map(container, probe), "httpGet");
      assertTrue(Set.of("/health/live", "/health/ready").contains(get.get("path")), probe);
      assertTrue(ports.contains(get.get("port")), probe + " port");
    }

    // The settings are ones the service knows and accepts; the example credentials load.
    String readme = Files.readString(Path.of("..", "..", "docs", "configuration.md"));
    for (String key : env.keySet()) {
      if (key.startsWith("JACKPOT_")) {
        assertTrue(readme.contains("`" + key + "`"), key + " is documented in docs/configuration.md");
      }
    }
    Map<String, String> serviceEnv = new HashMap<>(env);
    serviceEnv.put("JACKPOT_CREDENTIALS_FILE", K8S.resolve("overlays/example/credentials.json").toString());
    ServiceConfig config = ServiceConfig.fromEnv(serviceEnv);
    assertEquals(2, config.cluster().minMembers());
    assertEquals("jackpot-hazelcast", config.cluster().kubernetesService());
    assertFalse(LiveCredentials.load(serviceEnv, Games.ids()).get().isDev(), "production credentials, not the dev ones");

    // The admin API and /metrics: on the container's "admin" port, behind their own Service, and
    // not on the public Service nor open to every peer.
    Map<String, Integer> containerPorts = list(container, "ports").stream()
        .collect(Collectors.toMap(p -> (String) p.get("name"), p -> (Integer) p.get("containerPort")));
    assertEquals(config.adminPort(), containerPorts.get("admin"), "JACKPOT_ADMIN_PORT is the container's admin port");
    assertEquals(config.httpPort(), containerPorts.get("http"));
    assertEquals("admin", list(map(one(objects, "Service", "jackpot-admin"), "spec"), "ports").get(0).get("targetPort"));
    for (Map<String, Object> port : list(map(one(objects, "Service", "jackpot"), "spec"), "ports")) {
      assertEquals("http", port.get("targetPort"), "the public Service carries the API only");
    }
    for (Map<String, Object> rule : list(map(one(objects, "NetworkPolicy", "jackpot"), "spec"), "ingress")) {
      List<Object> opened = list(rule, "ports").stream().map(p -> p.get("port")).collect(Collectors.toList());
      if (opened.contains(config.adminPort())) {
        assertNotNull(rule.get("from"), "the admin port is open only to selected peers");
      }
    }
  }

  // ---- a small kustomize: what the overlays here use --------------------------------------

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> render(Path dir) throws IOException {
    Map<String, Object> k = documents(dir.resolve("kustomization.yaml")).get(0);
    assertEquals("Kustomization", k.get("kind"));
    Set<String> known = Set.of("apiVersion", "kind", "namespace", "resources", "images", "secretGenerator", "patches", "labels");
    assertTrue(known.containsAll(k.keySet()), "kustomization fields this test renders: " + k.keySet());
    List<Map<String, Object>> objects = new ArrayList<>();
    for (Object r : (List<Object>) k.getOrDefault("resources", List.of())) {
      Path p = dir.resolve((String) r).normalize();
      assertTrue(Files.exists(p), "resource exists: " + p);
      objects.addAll(Files.isDirectory(p) ? render(p) : documents(p));
    }
    try (Stream<Path> here = Files.list(dir)) {
      Set<String> listed = new HashSet<>();
      ((List<Object>) k.getOrDefault("resources", List.of())).forEach(r -> listed.add((String) r));
      ((List<Map<String, Object>>) k.getOrDefault("patches", List.of())).forEach(p -> listed.add((String) p.get("path")));
      here.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml") && !n.equals("kustomization.yaml"))
          .forEach(n -> assertTrue(listed.contains(n), n + " is listed in " + dir.resolve("kustomization.yaml")));
    }
    for (Map<String, Object> g : (List<Map<String, Object>>) k.getOrDefault("secretGenerator", List.of())) {
      Map<String, Object> data = new LinkedHashMap<>();
      for (Object f : (List<Object>) g.getOrDefault("files", List.of())) {
        Path file = dir.resolve((String) f);
        data.put(file.getFileName().toString(), Base64.getEncoder().encodeToString(Files.readAllBytes(file)));
      }
      for (Object l : (List<Object>) g.getOrDefault("literals", List.of())) {
        String[] kv = ((String) l).split("=", 2);
        data.put(kv[0], Base64.getEncoder().encodeToString(kv[1].getBytes(StandardCharsets.UTF_8)));
      }
      objects.add(new LinkedHashMap<>(Map.of("apiVersion", "v1", "kind", "Secret", "metadata", new LinkedHashMap<>(Map.of("name", g.get("name"))),
          "type", "Opaque", "data", data)));
    }
    for (Map<String, Object> patchRef : (List<Map<String, Object>>) k.getOrDefault("patches", List.of())) {
      Map<String, Object> patch = documents(dir.resolve((String) patchRef.get("path"))).get(0);
      Map<String, Object> target = one(objects, (String) patch.get("kind"), (String) metadata(patch).get("name"));
      merge(target, patch);
    }
    if (k.containsKey("namespace")) {
      objects.stream().filter(o -> !"Namespace".equals(o.get("kind"))).forEach(o -> metadata(o).put("namespace", k.get("namespace")));
      objects.stream().filter(o -> "RoleBinding".equals(o.get("kind")))
          .forEach(o -> list(o, "subjects").forEach(s -> s.put("namespace", k.get("namespace"))));
    }
    for (Map<String, Object> image : (List<Map<String, Object>>) k.getOrDefault("images", List.of())) {
      for (Map<String, Object> o : objects) {
        if (o.get("spec") instanceof Map<?, ?> spec && spec.get("template") != null) {
          for (Map<String, Object> c : list(map(map(map(o, "spec"), "template"), "spec"), "containers")) {
            if (((String) c.get("image")).split(":")[0].equals(image.get("name"))) {
              c.put("image", image.get("newName") + ":" + image.get("newTag"));
            }
          }
        }
      }
    }
    return objects;
  }

  /** Strategic merge as far as these patches need it: maps merge, lists of named maps merge by name. */
  @SuppressWarnings("unchecked")
  private static void merge(Map<String, Object> into, Map<String, Object> patch) {
    for (Map.Entry<String, Object> e : patch.entrySet()) {
      Object have = into.get(e.getKey());
      if (have instanceof Map && e.getValue() instanceof Map) {
        merge((Map<String, Object>) have, (Map<String, Object>) e.getValue());
      } else if (have instanceof List<?> l && e.getValue() instanceof List<?> p && !p.isEmpty() && p.get(0) instanceof Map<?, ?> first
          && first.containsKey("name")) {
        for (Object item : p) {
          Map<String, Object> named = (Map<String, Object>) item;
          Map<String, Object> match = ((List<Map<String, Object>>) l).stream().filter(x -> named.get("name").equals(x.get("name")))
              .findFirst().orElseThrow(() -> new AssertionError("the patch names an item the target lacks: " + named.get("name")));
          merge(match, named);
        }
      } else {
        into.put(e.getKey(), e.getValue());
      }
    }
  }

  // ---- schema validation -----------------------------------------------------------------

  private static void validate(Map<String, Object> object, String where) {
    String type = object.get("apiVersion") + "/" + object.get("kind");
    Class<?> model = MODELS.get(type);
    assertNotNull(model, where + ": no schema for " + type);
    JsonElement json = new Gson().toJsonTree(object);
    try {
      model.getMethod("validateJsonElement", JsonElement.class).invoke(null, json);
    } catch (InvocationTargetException e) {
      fail(where + " (" + type + "): " + e.getCause().getMessage());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  // ---- YAML and map helpers ---------------------------------------------------------------

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> documents(Path file) throws IOException {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object doc : new Yaml().loadAll(Files.readString(file))) {
      if (doc != null) {
        out.add((Map<String, Object>) doc);
      }
    }
    return out;
  }

  private static boolean isPatch(Path file) throws IOException {
    Path k = file.resolveSibling("kustomization.yaml");
    return Files.exists(k) && Files.readString(k).contains("path: " + file.getFileName());
  }

  private static Map<String, Object> one(List<Map<String, Object>> objects, String kind, String name) {
    List<Map<String, Object>> found = kinds(objects, kind).stream().filter(o -> name.equals(metadata(o).get("name"))).toList();
    assertEquals(1, found.size(), "exactly one " + kind + " named " + name);
    return found.get(0);
  }

  private static List<Map<String, Object>> kinds(List<Map<String, Object>> objects, String kind) {
    return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
  }

  private static String kindName(Map<String, Object> o) {
    return o.get("kind") + "/" + metadata(o).get("name");
  }

  private static Map<String, Object> metadata(Map<String, Object> o) {
    return map(o, "metadata");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<String, Object> o, String key) {
    Object v = o.get(key);
    assertTrue(v instanceof Map, key + " is an object in " + o.keySet());
    return (Map<String, Object>) v;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(Map<String, Object> o, String key) {
    Object v = o.get(key);
    assertTrue(v instanceof List, key + " is a list");
    return (List<Map<String, Object>>) v;
  }

  private static Map<String, String> strings(Map<String, Object> data) {
    Map<String, String> out = new LinkedHashMap<>();
    data.forEach((k, v) -> out.put(k, String.valueOf(v)));
    return out;
  }
}
