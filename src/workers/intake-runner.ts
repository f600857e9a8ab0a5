// Owns the intake thread from the main thread: start, wake on enqueue, relay notices, stop.
import { onEnqueue } from '../store/queue';
import { deliverNotices, type Notice } from './intake';
import { superviseThread } from './thread';

const thread = superviseThread('intake', new URL('./intake-thread.ts', import.meta.url), (m: { notices: Notice[] }) => deliverNotices(m.notices));
let subscribed = false;

/** Starts the intake thread; it first applies whatever a previous run left on the queue. */
export function startIntake(): void {
  if (!subscribed) onEnqueue(() => thread.wake());
  subscribed = true;
  thread.start();
}

/** Graceful shutdown: the thread drains the queue, then exits. */
export const stopIntake = (): Promise<void> => thread.stop();
