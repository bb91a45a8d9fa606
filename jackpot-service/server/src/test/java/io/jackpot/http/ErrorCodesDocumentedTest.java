package io.jackpot.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jackpot.error.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

class ErrorCodesDocumentedTest {
  @Test
  @SuppressWarnings("unchecked")
  void theServedOpenApiListsExactlyTheCodesOfTheEnum() throws IOException {
    Map<String, Object> spec;
    try (InputStream in = ErrorCodesDocumentedTest.class.getResourceAsStream("/openapi.yaml")) {
      spec = new Yaml().load(in);
    }
    Map<String, Object> error = dig(spec, "components", "schemas", "Error", "properties", "error", "properties", "code");
    List<String> documented = (List<String>) error.get("enum");
    assertEquals(new TreeSet<>(Arrays.stream(ErrorCode.values()).map(Enum::name).toList()), new TreeSet<>(documented));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> dig(Map<String, Object> map, String... keys) {
    Map<String, Object> at = map;
    for (String key : keys) {
      at = (Map<String, Object>) at.get(key);
    }
    return at;
  }
}
