package io.jackpot.plan;

import io.jackpot.error.ErrorCode;
/**
 * One item of a contributions request as parsed: well-formed ({@link ContributionRequest}), or
 * refused for its form alone ({@link Malformed}), which answers that item REJECTED and leaves the
 * others to be applied (docs/api.md: one result per item).
 */
public sealed interface ContributionItem permits ContributionRequest, ContributionItem.Malformed {

  /** The round id as sent, or null when the item has none that could be read. */
  String roundId();

  /** An item whose fields break the API's rules; {@code code} and {@code message} say which and why. */
  record Malformed(String roundId, ErrorCode code, String message) implements ContributionItem {}
}
