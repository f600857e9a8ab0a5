// Owns the examples of the service routes in the OpenAPI document, answers of a real appliance.
import pkg from '../../../package.json' with { type: 'json' };
import { ofOperation, type Example } from './example';

const single = { name: 'single_node', summary: 'A single node (no replication)' };
const replicated = { name: 'standby', summary: 'A standby of a replicated appliance' };
const divergedNode = {
  name: 'diverged',
  summary: 'A node that holds a change the replicated stream does not (docs/operations.md "A diverged node")',
};
const version = pkg.version;
const standby = { role: 'standby', applied: 48213, lag_seconds: 0.4 };
const diverged = { role: 'standby', applied: 48213, lag_seconds: 31.7, diverged: true };

export const serviceExamples: Example[] = [
  ofOperation('GET /healthz', 200, { status: 'ok', version }, single),
  ofOperation('GET /healthz', 200, { status: 'ok', version, ...standby }, replicated),
  ofOperation('GET /healthz', 200, { status: 'ok', version, ...diverged }, divergedNode),
  ofOperation('GET /healthz/primary', 200, { status: 'ok', version }, single),
  ofOperation('GET /healthz/primary', 503, { status: 'unavailable', version, ...standby }, replicated),
  ofOperation('GET /healthz/primary', 503, { status: 'unavailable', version, ...diverged }, divergedNode),
  ofOperation('GET /healthz/replica', 200, { status: 'ok', version, ...standby }, replicated),
  ofOperation('GET /healthz/replica', 503, { status: 'unavailable', version }, single),
  ofOperation('GET /healthz/replica', 503, { status: 'unavailable', version, ...diverged }, divergedNode),
  ofOperation(
    'GET /openapi.json',
    200,
    {
      openapi: '3.1.0',
      info: { title: 'Proof ledger appliance API', version: pkg.version },
      servers: [{ url: '/', description: 'This appliance' }],
      paths: { '/v1/events': { post: { operationId: 'postV1Events', summary: 'Ingest a ledger event' } } },
    },
    { summary: 'This document, cut to one operation' },
  ),
];
