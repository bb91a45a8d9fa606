package io.jackpot.sdk.internal;

import io.jackpot.sdk.JackpotException;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Tells the service's answer to a call from its refusal and from an endpoint failing (a proxy's
 * page, a 5xx, a wrong path); the endpoint's circuit breaker hears which.
 */
final class ServiceAnswers {
  private ServiceAnswers() {}

  /**
   * Whether a 2xx answer to a batch is the service's results object at all. A proxy's page sent
   * with a 200 (maintenance, a single-page app's fallback) is not. Looked at, not parsed: the
   * answer is parsed once, later.
   */
  static boolean resultsObject(String text) {
    return objectWith(text, "\"results\"");
  }

  /** The same for a claim's answer (a win). */
  static boolean winObject(String text) {
    return objectWith(text, "\"winId\"");
  }

  /** The same for a look-up's answer ({@code {"wins": [...]}}). */
  static boolean winsObject(String text) {
    return objectWith(text, "\"wins\"");
  }

  private static boolean objectWith(String text, String field) {
    int i = 0;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i < text.length() && text.charAt(i) == '{' && text.contains(field);
  }

  /**
   * The body of an answer that {@code isAnswer}, else throws. The service's own refusal of the
   * call is a {@link JackpotException}. Anything else is the endpoint failing, and {@link Retryable}:
   * a 5xx, 408, 429, a redirect, a proxy's 4xx, a proxy's page sent with a 2xx.
   */
  static String answered(Endpoints.Endpoint e, long took, int status, long retryAfterMillis, String body, Predicate<String> isAnswer) {
    if (status >= 200 && status < 300 && isAnswer.test(body)) {
      e.breaker().onSuccess(took, TimeUnit.NANOSECONDS);
      return body;
    }
    if (status >= 200 && status < 300) {
      e.breaker().onError(took, TimeUnit.NANOSECONDS, new IOException("HTTP " + status + " without the answer"));
      throw new Retryable(e.base() + " answered " + status + " with something that is not the service's answer: "
          + body.substring(0, Math.min(80, body.length())), -1, null);
    }
    JackpotException refused = finalRefusal(status, body);
    if (refused != null) {
      e.breaker().onSuccess(took, TimeUnit.NANOSECONDS);
      throw refused;
    }
    e.breaker().onError(took, TimeUnit.NANOSECONDS, new IOException("HTTP " + status));
    throw new Retryable(e.base() + " answered " + status, retryAfterMillis, null);
  }

  /**
   * The service's own final refusal of a call: a 4xx (not 408 or 429) whose body is the service's
   * error with a code that is not {@link ErrorCode#wrongEndpoint}. Any 413 is final too. Null for
   * anything else: a proxy's or load balancer's answer, a redirect, a wrong path.
   */
  static JackpotException finalRefusal(int status, String body) {
    if (status < 400 || status >= 500 || status == 408 || status == 429) {
      return null;
    }
    Map<?, ?> error = serviceError(body);
    if (status == 413 && error == null) {
      // Too large for a proxy in front of the service: the same batch would be refused again.
      return new JackpotException(413, ErrorCode.PAYLOAD_TOO_LARGE.wire(),
          "the request is larger than the endpoint accepts (for contributions: lower batchSize)");
    }
    if (error == null || status != 413 && code(error).wrongEndpoint()) {
      return null;
    }
    return new JackpotException(status, (String) error.get("code"), error.get("message") instanceof String m ? m : "");
  }

  /** The code of the service's error in {@code body}, {@link ErrorCode#OTHER} if it is not the service's error. */
  static ErrorCode errorCode(String body) {
    Map<?, ?> error = serviceError(body);
    return error == null ? ErrorCode.OTHER : code(error);
  }

  private static ErrorCode code(Map<?, ?> error) {
    return ErrorCode.of((String) error.get("code"));
  }

  /** The service's error object ({"error": {"code": …, "message": …}}, docs/api.md) in {@code body}, with a code; else null. */
  private static Map<?, ?> serviceError(String body) {
    try {
      if (body != null && Wire.map(body).get("error") instanceof Map<?, ?> error && error.get("code") instanceof String) {
        return error;
      }
    } catch (IOException | RuntimeException notTheService) {
      // not the service's error body
    }
    return null;
  }
}
