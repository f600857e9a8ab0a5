// Hooks of the whole test run (bunfig.toml preloads this file): after the last test file, the appliance that files
// shared (sharedServer in test/helpers.ts) is stopped.
import { afterAll } from 'bun:test';
import { stopSharedServer } from './helpers';

afterAll(stopSharedServer);
