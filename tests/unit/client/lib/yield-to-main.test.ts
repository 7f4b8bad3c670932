import { yieldToMain } from '../../../../src/client/lib/yield-to-main';

describe('yieldToMain (lib/yield-to-main.ts)', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('resumes in a later task: work already queued (a microtask, a message) runs first', async () => {
    const order: string[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      order.push('message queued before');
      channel.port1.close();
    };
    channel.port2.postMessage(null);
    queueMicrotask(() => order.push('microtask'));
    await yieldToMain();
    order.push('resumed');
    expect(order).toEqual(['microtask', 'message queued before', 'resumed']);
  });

  it('uses scheduler.yield() where the browser has it', async () => {
    const calls: string[] = [];
    (globalThis as { scheduler?: unknown }).scheduler = {
      yield: () => {
        calls.push('yield');
        return Promise.resolve();
      },
    };
    await yieldToMain();
    expect(calls).toEqual(['yield']);
  });
});
