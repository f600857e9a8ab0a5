// Owns the writer thread's entry: the store and Config of the server, then the write loop over the applier table.
import { bootThread } from '../store/thread';
import { runWriter } from '../store/writer-core';
import { replicateThread } from '../replication/link';
import { afterItems, appliers } from './appliers';
import { wireRecordTable } from './record-kinds';

const cfg = bootThread();
// Replication: every batch commits to PostgreSQL inside its LMDB transaction (docs/architecture.md).
if (cfg.replication) replicateThread(cfg.replication);
// The tenant logs read a new log's domain from the tenants through the table.
wireRecordTable();
runWriter(appliers, afterItems);
