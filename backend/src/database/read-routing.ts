import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, type ReplicationMode } from 'typeorm';

/**
 * Where reads go when DATABASE_REPLICA_URLS names read replicas. The rule, in one place:
 *
 *   Every query runs on the primary, except the plain reads (find, select query builders, outside a transaction) of
 *   work run through `readingFromReplica` - the anonymous public reads (common/replica-reads.ts marks them).
 *
 * So whatever reads what it has just written (the control panel after a save, login and session checks, single-use
 * codes and tokens, rate-limit counters, billing, the back office, the data version) reads the primary without
 * having to ask, and a path added later is fresh by default. Writes and transactions always use the primary (TypeORM
 * opens them on a master query runner). Without replicas both modes reach the one database.
 */
const replicaReads = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it awaits) with its plain reads allowed on a replica, which may lag the primary. */
export function readingFromReplica<T>(work: () => T): T {
  return replicaReads.run(true, work);
}

/** A DataSource that applies that rule: TypeORM asks it which pool a plain read uses. */
export class RoutedDataSource extends DataSource {
  override defaultReplicationModeForReads(): ReplicationMode {
    return replicaReads.getStore() ? 'slave' : 'master';
  }
}
