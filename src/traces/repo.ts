// Owns the traces area's sub-databases.
import { subDb } from '../store/env';

export type TraceStatus = 'open' | 'sealing' | 'sealed';
export type TraceRow = {
  trace_id: string;
  tenant_id: string;
  label: string;
  status: TraceStatus;
  metadata: Record<string, unknown> | null;
  public: boolean;
  created_at: string;
  sealed_at?: string;
  composite_hash?: string;
  seal_event_id?: string;
  item_count?: number;
};
/** Key [tenant_id, trace_id]. */
export const traces = () => subDb<TraceRow, [string, string]>('traces');
