// Owns the writer thread's entry: the store and Config of the server, then the write loop over the applier table.
import { bootThread } from '../store/thread';
import { runWriter } from '../store/writer-core';
import { afterItems, appliers } from './appliers';
import { wireRecordTable } from './record-kinds';

bootThread();
// The tenant logs read a new log's domain from the tenants through the table.
wireRecordTable();
runWriter(appliers, afterItems);
