import { afterEach, describe, expect, it } from 'vitest';
import { setImageDecodeLimit, withImageSlot } from './image-pool';

describe('withImageSlot', () => {
  afterEach(() => setImageDecodeLimit(4));

  it.each([1, 2, 3])('never runs more than %i decodes at once, and runs every one in turn', async (slots) => {
    setImageDecodeLimit(slots);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) =>
      withImageSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        running -= 1;
        return n;
      });
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => task(n)));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(slots);
    expect(order).toHaveLength(8);
  });

  it('frees the slot when a decode fails', async () => {
    setImageDecodeLimit(1);
    await expect(withImageSlot(() => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await withImageSlot(async () => 'next')).toBe('next');
  });
});
