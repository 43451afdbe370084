import { describe, expect, it } from 'vitest';
import { loadWithRetry } from './lazy-retry';

describe('loadWithRetry', () => {
  it('tries again 3 times 1.5 s apart and returns the first success', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await loadWithRetry(
      async () => {
        calls += 1;
        if (calls < 4) throw new Error('chunk failed');
        return 'module';
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('module');
    expect(calls).toBe(4);
    expect(waits).toEqual([1500, 1500, 1500]);
  });

  it('gives up after the third retry with the last error', async () => {
    let calls = 0;
    await expect(
      loadWithRetry(
        async () => {
          calls += 1;
          throw new Error(`failure ${calls}`);
        },
        { sleep: async () => undefined },
      ),
    ).rejects.toThrow('failure 4');
  });
});
