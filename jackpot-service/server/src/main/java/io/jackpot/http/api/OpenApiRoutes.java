package io.jackpot.http.api;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** {@code GET /openapi.yaml}: the API described (resources/openapi.yaml; OpenApiIT keeps it in step with the routes). */
public final class OpenApiRoutes {
  private final Buffer document;

  public OpenApiRoutes() {
    try (InputStream in = OpenApiRoutes.class.getResourceAsStream("/openapi.yaml")) {
      if (in == null) {
        throw new IllegalStateException("openapi.yaml is missing from the jar");
      }
      document = Buffer.buffer(in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void mount(Router router) {
    router.get("/openapi.yaml").handler(ctx -> ctx.response().putHeader("Content-Type", "application/yaml; charset=utf-8").end(document));
  }
}
