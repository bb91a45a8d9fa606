package io.jackpot.contribution.http;

import io.jackpot.http.Errors;
import io.jackpot.json.JsonText;
import io.jackpot.plan.ContributionResult;
import java.util.List;

/** The text of the contribution stream's answers: a batch's results, or its refusal, under the message's id. */
final class StreamAnswers {
  private StreamAnswers() {}

  static String results(long id, List<ContributionResult> results, ContributionRoutes routes) {
    StringBuilder out = new StringBuilder(ContributionRoutes.capacity(results)).append("{\"id\":").append(id).append(",\"status\":200,");
    return routes.appendResults(out, results).append('}').toString();
  }

  static String refusal(long id, Errors.Failure f) {
    StringBuilder out = new StringBuilder(128).append("{\"id\":").append(id).append(",\"status\":").append(f.status());
    if (Errors.retryable(f.status())) {
      out.append(",\"retryAfter\":").append(Errors.RETRY_AFTER_SECONDS);
    }
    return JsonText.error(out.append(','), f.code(), f.message()).append('}').toString();
  }
}
