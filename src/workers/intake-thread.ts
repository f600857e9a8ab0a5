// Owns the intake worker thread: drains the durable queue in acceptance order on its own core, so hashing,
// signing and appending never hold up the requests being acknowledged on the main thread.
import { drainOnce } from './intake';
import { bootThread, runDrainLoop, tellMain } from './thread';
import './appliers';

bootThread();
await runDrainLoop('intake', async () => {
  const r = await drainOnce();
  if (r.applied) tellMain({ applied: r.applied, notices: r.notices, batch: r.applied });
  return r.applied;
});
