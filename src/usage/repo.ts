// Owns the monthly usage counters: [tenant_id, 'YYYY-MM', resource] -> count.
import { subDb } from '../store/env';

export const usageCounters = () => subDb<number, [string, string, string]>('usage');
