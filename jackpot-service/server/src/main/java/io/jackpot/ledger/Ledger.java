package io.jackpot.ledger;

/**
 * The durable record of every pool change, from which pools are rebuilt: all of its ports in one,
 * for the wiring and for the operators' service, which reads most of them. Every other user takes
 * the port it needs.
 */
public interface Ledger extends LedgerWriter, RoundHistory, WinHistory, AuditLog, PoolHistory, FlowHistory,
    FxRateHistory, DefinitionHistory {}
