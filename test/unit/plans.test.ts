// DATA/plans.json validation at boot: every problem of a bad file named at once, a good file overrides the defaults.
import { afterAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlans, planFileProblems, unloadPlans } from '../../src/plans/plans';
import { cleanup, tempDir } from '../helpers';

const dir = tempDir();
afterAll(() => {
  unloadPlans();
  cleanup(dir);
});

describe('DATA/plans.json is validated at boot', () => {
  it('lists every problem of the file, not only the first', () => {
    const problems = planFileProblems({
      free: { events_per_month: -1, rps: null, colour: 'red' },
      gold: {},
      builder: [],
      enterprise: { audit_orgs: null, streams_per_org: 2.5 },
    });
    expect(problems).toEqual([
      'plans.json: free.events_per_month must be a non-negative integer or null (unlimited)',
      'plans.json: free.rps must be a positive integer',
      expect.stringContaining('plans.json: free.colour is not a plan field'),
      expect.stringContaining('plans.json: unknown plan "gold"'),
      'plans.json: builder must be an object',
      'plans.json: enterprise.streams_per_org must be a non-negative integer or null (unlimited)',
    ]);
    expect(planFileProblems([])).toHaveLength(1);
    expect(planFileProblems({ free: { events_per_month: 5000, rps: 3 }, enterprise: { audit_orgs: null } })).toEqual(
      [],
    );
  });
  it('refuses to load a bad file with one error naming each problem; a good one overrides the defaults', () => {
    writeFileSync(join(dir, 'plans.json'), JSON.stringify({ free: { rps: 0, traces_per_month: 'many' } }));
    expect(() => loadPlans(dir)).toThrow(
      /2 problem\(s\):\n {2}plans\.json: free\.rps must be a positive integer\n {2}plans\.json: free\.traces_per_month/,
    );
    writeFileSync(join(dir, 'plans.json'), '{"free": ');
    expect(() => loadPlans(dir)).toThrow(/not valid JSON/);
    writeFileSync(join(dir, 'plans.json'), JSON.stringify({ free: { events_per_month: 5000 } }));
    const t = loadPlans(dir);
    expect(t.free.events_per_month).toBe(5000);
    expect(t.free.rps).toBe(10);
  });
});
