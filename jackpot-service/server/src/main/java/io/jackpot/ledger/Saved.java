package io.jackpot.ledger;

/**
 * A saved version of a definition or of the exchange rates: its number (a definition's version;
 * a set of rates' id), increasing with every save of the same thing, and its JSON as saved.
 */
public record Saved(long version, String json) {}
