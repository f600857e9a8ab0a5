// Owns the writer thread's entry: boot with the server's Config (its store, its link to PostgreSQL when replicated,
// the record table), then the write loop over the applier table.
import { workerData } from 'node:worker_threads';
import type { Config } from '../config';
import { boot } from '../boot';
import { runWriter } from '../store/writer-core';

const { writer } = boot({ role: 'writer-thread', config: workerData.config as Config });
runWriter(writer!.appliers, writer!.afterItems);
