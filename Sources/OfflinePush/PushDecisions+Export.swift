// The decision's vocabulary (PushDecision, SuppressionReason, Breakthrough) lives in a module
// without the zone engine, so that the recall server (PushRecall) can name it without linking
// OfflinePush; re-exported here, so `import OfflinePush` sees it as before, also as
// `OfflinePush.PushDecision`.
@_exported import PushDecisions
