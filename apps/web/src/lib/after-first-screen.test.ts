import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './after-first-screen';

describe('afterFirstScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('waits until some read has run and none is under way, then runs once', async () => {
    const queryClient = new QueryClient();
    const work = vi.fn();
    afterFirstScreen(queryClient, work);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(work).not.toHaveBeenCalled(); // nothing read yet

    let answer!: (value: string) => void;
    const pending = queryClient.fetchQuery({
      queryKey: ['a'],
      queryFn: () => new Promise<string>((r) => (answer = r)),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(work).not.toHaveBeenCalled(); // under way
    answer('done');
    await pending;
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    await queryClient.fetchQuery({ queryKey: ['b'], queryFn: async () => 'more' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after five seconds on a screen that reads nothing, and never once cancelled', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    afterFirstScreen(new QueryClient(), work);
    vi.advanceTimersByTime(4_999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = afterFirstScreen(new QueryClient(), cancelled);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
