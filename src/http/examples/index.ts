// Owns the list of the OpenAPI document's examples, one file per group of routes (docs/architecture.md "Examples in
// the OpenAPI document").
import type { Example } from './example';
import { adminExamples } from './admin';
import { aiExamples } from './ai';
import { auditExamples } from './audit';
import { documentsExamples } from './documents';
import { ledgerExamples } from './ledger';
import { logsExamples } from './logs';
import { receiptsExamples } from './receipts';
import { scittExamples } from './scitt';
import { serviceExamples } from './service';
import { tracesExamples } from './traces';

export type { Example } from './example';
export const EXAMPLES: readonly Example[] = [
  ...ledgerExamples,
  ...aiExamples,
  ...documentsExamples,
  ...tracesExamples,
  ...auditExamples,
  ...logsExamples,
  ...receiptsExamples,
  ...scittExamples,
  ...adminExamples,
  ...serviceExamples,
];
