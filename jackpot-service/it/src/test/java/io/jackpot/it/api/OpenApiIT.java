package io.jackpot.it.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jackpot.it.support.Api;
import io.jackpot.it.support.OneNode;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** {@code /openapi.yaml} describes exactly the operations the service routes: none missing, none extra. */
class OpenApiIT extends OneNode {
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

  @Test
  @SuppressWarnings("unchecked")
  void theDocumentListsExactlyTheRoutesServed() {
    Api.Reply reply = api.get("/openapi.yaml");
    assertEquals(200, reply.status());
    Map<String, Object> doc = new Yaml().load(reply.body());
    assertEquals("3.0.3", doc.get("openapi"));
    SortedSet<String> documented = new TreeSet<>();
    ((Map<String, Map<String, Object>>) doc.get("paths")).forEach((path, item) -> item.forEach((method, op) -> {
      if (METHODS.contains(method)) {
        documented.add(method.toUpperCase() + " " + path);
        Map<String, Object> operation = (Map<String, Object>) op;
        assertTrue(operation.containsKey("operationId") && operation.containsKey("responses"), method + " " + path);
      }
    }));
    SortedSet<String> served = node.operations();
    assertTrue(served.size() >= 20, "routes found: " + served);
    assertEquals(served, documented, "routes served vs /openapi.yaml");
  }
}
